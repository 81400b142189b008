// Skip links: the accessibility jump links at the top of a page ("Skip to content", "Zum Inhalt
// springen") are navigation, never content. The strict clean usually takes them with the header; on
// pages that fall back to the whole body (script shells, bot walls) they are all that is left.
// So are the labels of a page's controls standing alone as a block ("Read more", "Load more",
// "Loading…", "Sign in") and the badges of shop tiles ("Top Rated", "Save 20%"): buttons, teaser links
// and stickers, not text; and so are listings' counters ("Loaded 24 results", "+8") and widgets'
// labels ("Table of Contents", "Tags", "Sort by").
import type { TextBlock } from "./segment.ts";
import { matchLineRule } from "./line-rules.ts";

/** `blocks` without the skip links, control labels, badges, counters, widget labels and visitor prompts ("label" rules of line-rules.ts), and those taken out. */
export function dropSkipLinks(blocks: TextBlock[]): { kept: TextBlock[]; skipLinks: TextBlock[] } {
  const kept: TextBlock[] = [], skipLinks: TextBlock[] = [];
  for (const b of blocks) (matchLineRule(b, "label") ? skipLinks : kept).push(b);
  return { kept, skipLinks };
}

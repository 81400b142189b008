// Dangling blocks: what is left of removed boilerplate after the block decisions — the heading of
// a dropped "related articles" list ("Schon gelesen?", "Zobacz także"), ad labels ("Anzeige"),
// and headings at the end of the article with nothing under them. Checked on the false positives of the even half
// of the trafilatura set, where these are the commonest `without` snippets left in the output.
import type { TextBlock } from "./segment.ts";

/** A heading of at most this many words whose following block was dropped is that block's title. */
const DANGLING_HEADING_MAX_WORDS = 8;

/** Ad labels publishers print above ads, in the corpus' main languages. */
const AD_LABEL_RE = /^(anzeige|werbung|reklama|advertisement|advertising|sponsored|publicité|publicidad|pubblicità|ad|ads|реклама|广告)$/i;

/** Turn off `keep[i]` for dangling blocks; `all` is every block of the candidate in document order. */
export function dropDanglingBlocks(all: TextBlock[], keep: boolean[]): number {
  let dropped = 0;
  const off = (i: number) => { if (keep[i]) { keep[i] = false; dropped++; } };
  for (let i = 0; i < all.length; i++) {
    if (!keep[i]) continue;
    const b = all[i];
    if (AD_LABEL_RE.test(b.text.trim())) { off(i); continue; }
    // (short non-heading lines before a dropped block were tried too: they cost more recall than they saved)
    if (b.kind === "heading" && b.words <= DANGLING_HEADING_MAX_WORDS && i + 1 < all.length && !keep[i + 1]) off(i);
  }
  // trailing headings with nothing under them
  for (let i = all.length - 1; i >= 0; i--) {
    if (!keep[i]) continue;
    if (all[i].kind !== "heading") break;
    off(i);
  }
  return dropped;
}

// Repeated text: pages render some of their text twice (a mobile and a desktop copy of the product
// name, price and spec table; a sticky header repeating the title; a forum post quoted in full by
// the next one), and the second copy is not more content. Of blocks with the same text, the first
// stays; shorter blocks (a size, a price, "Reply", a parameter's "Returns" line, a coupon's terms)
// repeat legitimately in tables and lists and stay.
import type { TextBlock } from "./segment.ts";

/**
 * Words a block needs before its repeats are dropped. Tuned on WCXB even ids, in page-F1 summed over
 * the 687 pages: 3: +1.82 (product +0.83, forum +0.72) but 149 pages down (coupon terms, API docs'
 * repeated parameter lines, schedules); 8: +1.54, 41 down; 10: +1.48 (product +0.55 on 14 pages,
 * none down; forum +0.64, article +0.17), 32 down.
 */
const REPEAT_MIN_WORDS = 10;

/** `blocks` without the later copies of a block's text, and the copies taken out. */
export function dropRepeatedBlocks(blocks: TextBlock[]): { kept: TextBlock[]; repeats: TextBlock[] } {
  const seen = new Set<string>();
  const kept: TextBlock[] = [], repeats: TextBlock[] = [];
  for (const b of blocks) {
    if (b.words < REPEAT_MIN_WORDS) { kept.push(b); continue; }
    if (seen.has(b.text)) { repeats.push(b); continue; }
    seen.add(b.text);
    kept.push(b);
  }
  return { kept, repeats };
}

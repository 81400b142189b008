// Repeated text: pages render some of their text twice (a mobile and a desktop copy of the product
// name, price and spec table; a sticky header repeating the title; a forum post quoted in full by
// the next one), and the second copy is not more content. Of blocks with the same text, the first
// stays; short blocks (a size, a price, "Reply") repeat legitimately in tables and lists and stay, and
// so do code blocks.
import type { TextBlock } from "./segment.ts";
import type { PageKind } from "./page-type.ts";

/**
 * Words a block needs before its repeats are dropped, on a declared article: an article repeats short
 * lines of its own (a table's cells, a recipe's "1 cup flour", a schedule) and its layout copies are
 * long (coupon terms, API docs' parameter lines, schedules).
 */
const ARTICLE_REPEAT_MIN_WORDS = 10;
/**
 * …and on other pages (shops, services, forums, indexes), whose layouts render carousels, feature
 * panels and product details twice.
 */
const OTHER_REPEAT_MIN_WORDS = 3;
/**
 * …and on product pages, whose layouts render the product's details twice (a desktop and a mobile
 * copy of the spec table, the size chart, the feature list: "Weight" / "550g" cell by cell).
 */
const PRODUCT_REPEAT_MIN_WORDS = 2;
/**
 * …and on content made of repeated items (repeated.ts: shop grids, result lists), whose items repeat
 * their short attribute lines legitimately ("Free international shipping", "Brand New", "Men's Road
 * Running Shoes" under each tile) while a control or message in every item is a sentence.
 */
const ITEMS_REPEAT_MIN_WORDS = 7;

/**
 * `blocks` without the later copies of a block's text, and the copies taken out. `items`: the blocks are
 * a list of repeated items (the orchestrator's repeated-items route).
 */
export function dropRepeatedBlocks(blocks: TextBlock[], kind: PageKind, items = false): { kept: TextBlock[]; repeats: TextBlock[] } {
  const minWords = items ? ITEMS_REPEAT_MIN_WORDS : kind === "article" ? ARTICLE_REPEAT_MIN_WORDS : kind === "product" ? PRODUCT_REPEAT_MIN_WORDS : OTHER_REPEAT_MIN_WORDS;
  const seen = new Set<string>();
  const kept: TextBlock[] = [], repeats: TextBlock[] = [];
  for (const b of blocks) {
    // code repeats itself legitimately (the same import or call in every example)
    if (b.words < minWords || b.kind === "pre") { kept.push(b); continue; }
    if (seen.has(b.text)) { repeats.push(b); continue; }
    seen.add(b.text);
    kept.push(b);
  }
  return { kept, repeats };
}

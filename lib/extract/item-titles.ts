// Titles of repeated items that the named container's pruning took. The repeated items (repeated.ts)
// are segmented before the pruning edits the tree; when they come back inside the chosen container
// they are re-read after it, which is right for the tiles' badges and furniture ("On Sale:", share
// buttons, ratings) but wrong for a tile's title whose class happens to hold a discard word (a
// search result's <h2 class="…text-caption…">). Only what reads as the item's title comes back: a heading.
import type { AnyNode, Element } from "./dom.ts";
import type { TextBlock } from "./segment.ts";

/** The top of the tree the element hangs in: the document root, or the element a pruning removed. */
function topOf(el: Element): AnyNode {
  let n: AnyNode = el;
  while (n.parent) n = n.parent;
  return n;
}

/** Whether the element still hangs in the document (not removed by a pruning). */
export function isAttached(el: Element): boolean {
  return topOf(el).type === "root";
}

/**
 * A block that names its item: a heading. (A block all in links is not enough: a card that is one
 * link makes its seller line and price "linked" too — WCXB 4204.)
 */
function isItemTitle(b: TextBlock): boolean {
  return b.kind === "heading" && b.words > 0;
}

/** The item (the container's child) that holds the element, or null when the element lies elsewhere. */
function itemOf(el: Element, container: Element): Element | null {
  for (let n: Element | null = el; n; n = n.parent as Element | null) if (n.parent === container) return n;
  return null;
}

/** Each block's item (the container's child holding it), read before a pruning detaches parts of the items. */
export function mapItemOwners(blocks: TextBlock[], container: Element): Map<TextBlock, Element> {
  const owners = new Map<TextBlock, Element>();
  for (const b of blocks) {
    const item = b.el && itemOf(b.el, container);
    if (item) owners.set(b, item);
  }
  return owners;
}

/**
 * The items' blocks as they now read (`now`, segmented after the pruning, in document order), with
 * the titles the pruning removed (from `before`, the items segmented before it) put back in place:
 * a removed title goes before the first block that still stands after it in `before`. A title comes
 * back only when the pruning took it alone and its item still stands: a box the pruning took whole (a
 * "related" group of cards set in an item, an item dropped as a teaser) stays out, headings and all.
 */
export function restorePrunedTitles(before: TextBlock[], now: TextBlock[], owners: Map<TextBlock, Element>): TextBlock[] {
  // the removed subtrees and how many blocks each took: a title removed with its neighbours went in a box
  const taken = new Map<AnyNode, number>();
  for (const b of before) if (b.el && !isAttached(b.el)) taken.set(topOf(b.el), (taken.get(topOf(b.el)) ?? 0) + 1);
  const lost = new Set(before.filter((b) => {
    if (!b.el || isAttached(b.el) || !isItemTitle(b) || taken.get(topOf(b.el)) !== 1) return false;
    const item = owners.get(b);
    return !!item && isAttached(item);
  }));
  if (lost.size === 0) return now;
  const out: TextBlock[] = [];
  let p = 0;
  for (const b of before) {
    if (lost.has(b)) { out.push(b); continue; }
    if (!b.el || !isAttached(b.el)) continue;
    // emit the blocks that now read up to this block's element (the same element, maybe shorter text)
    const at = now.findIndex((n, i) => i >= p && n.el === b.el);
    if (at < 0) continue;
    while (p <= at) out.push(now[p++]);
  }
  while (p < now.length) out.push(now[p++]);
  return out;
}

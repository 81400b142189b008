// Repeated items: listings, collections, forum threads and search results are made of many sibling
// elements of the same kind (same tag and class: job cards, product tiles, posts), and their main
// content is all of those items, not the densest single one. rs-trafilatura routes such pages to a
// "collect repeated items" strategy; this module finds the element whose children form the largest
// such group, by text, in one pass over the cleaned tree.
import type { AnyNode, Element, ParentNode } from "./dom.ts";
import { collapsedLength, isElement } from "./dom.ts";

/** Siblings of one kind needed to call them a list of items (fewer is a layout, not a list). */
const MIN_REPEATED_ITEMS = 3;
/** Characters an item needs to count (empty spacers and icon-only tiles do not). */
const MIN_ITEM_CHARS = 15;

export interface RepeatedItems {
  /** Parent of the items. */
  container: Element;
  /** How many items of the winning kind it holds. */
  items: number;
  /** Characters of text in those items, and the part inside links. */
  chars: number;
  linkChars: number;
}

interface Measure { chars: number; linkChars: number }

/** The element under `root` whose same-kind children hold the most text, or null when there is no list. */
export function findRepeatedItems(root: ParentNode): RepeatedItems | null {
  let best: RepeatedItems | null = null;
  const visit = (el: ParentNode, inLink: boolean): Measure => {
    const acc: Measure = { chars: 0, linkChars: 0 };
    let groups: Map<string, { n: number; chars: number; linkChars: number }> | null = null;
    for (const child of el.children) {
      if (child.type === "text") {
        const n = collapsedLength((child as unknown as { data: string }).data);
        acc.chars += n;
        if (inLink) acc.linkChars += n;
        continue;
      }
      if (!isElement(child) || child.type !== "tag") continue;
      const m = visit(child, inLink || child.name === "a");
      acc.chars += m.chars; acc.linkChars += m.linkChars;
      if (m.chars < MIN_ITEM_CHARS) continue;
      groups ??= new Map();
      const key = signature(child);
      const g = groups.get(key);
      if (g) { g.n++; g.chars += m.chars; g.linkChars += m.linkChars; } else groups.set(key, { n: 1, chars: m.chars, linkChars: m.linkChars });
    }
    if (groups && isElement(el as AnyNode)) {
      for (const g of groups.values()) {
        if (g.n < MIN_REPEATED_ITEMS) continue;
        if (!best || g.chars > best.chars) best = { container: el as Element, items: g.n, chars: g.chars, linkChars: g.linkChars };
      }
    }
    return acc;
  };
  visit(root, false);
  return best;
}

/** Tag and class with digits removed (item-1, item-2 are one kind). */
export function signature(el: Element): string {
  const cls = el.attribs.class;
  return cls ? `${el.name}.${cls.replace(/\d+/g, "").trim()}` : el.name;
}

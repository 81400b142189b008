// Teaser titles in a named container: a teaser's or card's linked headline that the block classifier
// dropped (short, all in a link) while the summary under it stayed. The orchestrator keeps them with
// their text once the named container has won (orchestrator.ts, knownContainer).
import { isElement, type Element } from "./dom.ts";
import type { TextBlock } from "./segment.ts";

/**
 * A linked heading whose next block is kept text (not itself a link list) is that text's title: a
 * teaser's or card's headline, dropped as a link list or by the classifier (short, all in a link)
 * while its summary stayed. It stays with its text, once the named container has won (its added
 * characters would move the choice against the density candidate and the repeated items).
 */
export function findTeaserTitles(all: TextBlock[], keep: boolean[], isLinkList: (b: TextBlock) => boolean): Set<TextBlock> {
  const titles = new Set<TextBlock>();
  for (let i = 0; i + 1 < all.length; i++) {
    const b = all[i], next = all[i + 1];
    if (!keep[i] && b.kind === "heading" && b.linkWords > 0 && keep[i + 1] && !isLinkList(next) && !linksInPage(b.el)) titles.add(b);
  }
  return titles;
}

/** On an article, teaser titles come back only when their summaries hold this share of the kept text (a mislabelled index page). */
export const ARTICLE_TEASER_MIN_SHARE = 0.5;

/** The share of the kept text in the blocks that follow the teaser titles (their summaries). */
export function teaserShare(all: TextBlock[], titles: Set<TextBlock>, kept: TextBlock[]): number {
  let chars = 0;
  for (let i = 0; i + 1 < all.length; i++) if (titles.has(all[i])) chars += all[i + 1].text.length;
  let have = 0;
  for (const b of kept) have += b.text.length;
  return chars / Math.max(1, have);
}

/**
 * Whether the element's link (the one around it, else its first) points at a place in a page
 * ("viewtopic.php?p=5#p5": a forum post's subject, a permalink; "#": an accordion's question), not at a story.
 */
function linksInPage(el: Element | null): boolean {
  const a = el && (findLinkAround(el) ?? findFirstLink(el));
  return !!a && (a.attribs.href ?? "").includes("#");
}

/** The link the element sits in (a card or an accordion button wrapping its heading). */
function findLinkAround(el: Element): Element | null {
  for (let n = el.parent; n && isElement(n); n = n.parent) if (n.name === "a") return n;
  return null;
}

function findFirstLink(el: Element): Element | null {
  for (const c of el.children) {
    if (!isElement(c)) continue;
    if (c.name === "a") return c;
    const a = findFirstLink(c);
    if (a) return a;
  }
  return null;
}

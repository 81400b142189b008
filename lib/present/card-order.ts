// The order of News cards. Freshest first; an undated card (no article of it carries a publication
// date) is placed by when Lede first saw it, but never above that day's dated news: a page without
// a date found today may be years old, so it goes below today's dated cards and above yesterday's.

export interface OrderedCard {
  lastSeenAt: string;
  firstSeenAt: string;
  articleCount: number;
  articles: { publishedAt: string | null }[];
}

/** ISO time a card sorts at, and whether that is a date the publisher gave. */
export function cardSortKey(c: OrderedCard): { day: string; dated: boolean; at: string } {
  const dated = c.articles.some((a) => a.publishedAt !== null);
  const at = dated ? c.lastSeenAt : c.firstSeenAt;
  return { day: at.slice(0, 10), dated, at };
}

/** Array.sort comparator: newer UTC day first; within a day dated cards first, then newer, then bigger. */
export function compareCards(x: OrderedCard, y: OrderedCard): number {
  const a = cardSortKey(x);
  const b = cardSortKey(y);
  return b.day.localeCompare(a.day) || Number(b.dated) - Number(a.dated) || b.at.localeCompare(a.at) || y.articleCount - x.articleCount;
}

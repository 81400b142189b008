// Feeds of any News view: the top stories, a site, a language, an entity, a search. One loader for
// both formats (app/feed.xml, app/feed.json), so every view has the same Atom and JSON Feed.
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { listNews, listNewsFacets, newestNewsChange } from "../db/news.ts";
import { searchArticles } from "../db/search.ts";
import { cardEntries, feedUpdated, searchEntries, type FeedEntry } from "./feed-entries.ts";
import { LANG_PATTERN } from "./news-query.ts";

/** Entries in a feed: a day's worth of top news for a feed reader. */
export const FEED_ENTRIES = 50;
/** Seconds a feed reader (or a proxy) may reuse a feed without asking: stories change by the minute. */
export const FEED_MAX_AGE_SEC = 60;

export const feedQuery = z.object({
  q: z.string().trim().max(200).optional(),
  site: z.coerce.number().int().positive().optional(),
  lang: z.string().regex(LANG_PATTERN).optional(),
  entity: z.string().max(200).optional(),
});
export type FeedQuery = z.infer<typeof feedQuery>;

export interface FeedView {
  title: string;
  entries: FeedEntry[];
  /** the view's query string ("" or "?site=3&…"), shared by the News page and both feeds */
  search: string;
  lastModified: Date;
}

/** The view's query string in a fixed key order, so one view has one feed URL. */
export function viewSearch(q: FeedQuery): string {
  const p = new URLSearchParams();
  if (q.q) p.set("q", q.q);
  if (q.site) p.set("site", String(q.site));
  if (q.lang) p.set("lang", q.lang);
  if (q.entity) p.set("entity", q.entity);
  const s = p.toString();
  return s ? `?${s}` : "";
}

/**
 * 1. the view's title (site name, entity, search words); 2. its entries (search hits or News cards);
 * 3. its last change: the newest entry, or a newer stored article or label (lib/db/news.ts newestNewsChange).
 */
export async function loadFeedView(db: Db, q: FeedQuery, baseUrl: string): Promise<FeedView> {
  const site = q.site ? (await listNewsFacets(db)).sites.find((s) => s.id === q.site)?.name ?? `site ${q.site}` : null;
  const parts = [
    q.q ? `search “${q.q}”` : null, site, q.lang ? `in ${q.lang}` : null,
    q.entity ? `mentioning ${q.entity.replace(/^[a-z]+:/, "")}` : null,
  ].filter(Boolean);
  const title = parts.length ? `Lede: ${parts.join(", ")}` : "Lede: top stories";
  const entries = q.q
    ? searchEntries(await searchArticles(db, q.q, { limit: FEED_ENTRIES, siteId: q.site, lang: q.lang }), baseUrl)
    : cardEntries(await listNews(db, { limit: FEED_ENTRIES, siteId: q.site, lang: q.lang, entity: q.entity }), baseUrl);
  const changed = await newestNewsChange(db);
  const newest = Date.parse(feedUpdated(entries));
  return { title, entries, search: viewSearch(q), lastModified: new Date(Math.max(newest, changed?.getTime() ?? 0)) };
}

// What a feed says about one News card or one search result, independent of the format (Atom in
// atom.ts, JSON Feed in json-feed.ts), so the two formats always say the same thing.
import type { NewsStory } from "../db/news.ts";
import { MARK_END, MARK_START, type SearchHit } from "../db/search.ts";

/** Characters of an article lead quoted in an entry summary. */
const SUMMARY_CHARS = 400;

export interface FeedEntry {
  /** stable absolute id (the entry's page on this Lede) */
  id: string;
  title: string;
  /** the entry's page on this Lede */
  link: string;
  /** the original articles, with their site names */
  related: { url: string; title: string }[];
  published: string;
  updated: string;
  authors: string[];
  summary: string;
  categories: { term: string; label: string }[];
}

/** One entry per News card: a story links to its story page, a loose article to its reader view. */
export function cardEntries(stories: NewsStory[], baseUrl: string): FeedEntry[] {
  const base = baseUrl.replace(/\/$/, "");
  return stories.map((s) => {
    const path = s.storyId ? `stories/${s.storyId}` : `articles/${s.articles[0]?.id}`;
    const sources = [...new Set(s.articles.map((a) => a.siteName))];
    const lead = s.articles[0]?.lead?.slice(0, SUMMARY_CHARS) ?? "";
    return {
      id: `${base}/${path}`, title: s.headline, link: `${base}/${path}`,
      related: s.articles.map((a) => ({ url: a.url, title: a.siteName })),
      published: s.firstSeenAt, updated: s.lastSeenAt, authors: sources,
      summary: `${s.articleCount} article(s) from ${sources.join(", ")}. ${lead}`.trim(),
      categories: s.entities.map((e) => ({ term: e.key, label: e.name })),
    };
  });
}

/** One entry per search result, linking to the article's reader view; the summary is its snippet. */
export function searchEntries(hits: SearchHit[], baseUrl: string): FeedEntry[] {
  const base = baseUrl.replace(/\/$/, "");
  return hits.map((h) => ({
    id: `${base}/articles/${h.id}`, title: h.title, link: `${base}/articles/${h.id}`, related: [],
    published: h.publishedAt ?? h.createdAt, updated: h.createdAt, authors: h.siteName ? [h.siteName] : [],
    summary: h.snippet.split(MARK_START).join("").split(MARK_END).join(""), categories: [],
  }));
}

/** The newest `updated` of the entries (the feed's own updated time); the epoch for an empty feed. */
export function feedUpdated(entries: FeedEntry[]): string {
  return entries.reduce((max, e) => (e.updated > max ? e.updated : max), "1970-01-01T00:00:00.000Z");
}

// JSON Feed 1.1 (https://jsonfeed.org/version/1.1) of a News view: the same entries as the Atom feed.
import { feedUpdated, type FeedEntry } from "./feed-entries.ts";
import type { FeedOptions } from "./atom.ts";

export const JSON_FEED_VERSION = "https://jsonfeed.org/version/1.1";

export function buildJsonFeed(entries: FeedEntry[], opts: FeedOptions): string {
  const base = opts.baseUrl.replace(/\/$/, "");
  return JSON.stringify({
    version: JSON_FEED_VERSION,
    title: opts.title ?? "Lede: top stories",
    home_page_url: `${base}${opts.alternatePath ?? "/"}`,
    feed_url: `${base}${opts.selfPath ?? "/feed.json"}`,
    authors: [{ name: "Lede" }],
    _lede: { updated: feedUpdated(entries) },
    items: entries.map((e) => ({
      id: e.id,
      url: e.link,
      ...(e.related[0] ? { external_url: e.related[0].url } : {}),
      title: e.title,
      content_text: e.summary,
      summary: e.summary,
      date_published: e.published,
      date_modified: e.updated,
      authors: e.authors.map((name) => ({ name })),
      tags: e.categories.map((c) => c.label),
      _lede: { related: e.related, categories: e.categories },
    })),
  }, null, 2);
}

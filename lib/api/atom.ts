// The Atom feed (RFC 4287) of a News view, built with fast-xml-parser's XMLBuilder, which escapes
// every text and attribute value.
import { XMLBuilder } from "fast-xml-parser";
import type { NewsStory } from "../db/news.ts";
import { cardEntries, feedUpdated, type FeedEntry } from "./feed-entries.ts";

export interface FeedOptions {
  /** absolute base URL of this Lede, e.g. http://127.0.0.1:3000 */
  baseUrl: string;
  title?: string;
  /** this feed's path and query, e.g. "/feed.xml?site=3" */
  selfPath?: string;
  /** the News view it follows, e.g. "/?site=3" */
  alternatePath?: string;
}

/** Atom of News cards (the top stories). */
export function buildAtomFeed(stories: NewsStory[], opts: FeedOptions): string {
  return buildAtom(cardEntries(stories, opts.baseUrl), opts);
}

export function buildAtom(entries: FeedEntry[], opts: FeedOptions): string {
  const base = opts.baseUrl.replace(/\/$/, "");
  const doc = {
    "?xml": { "@_version": "1.0", "@_encoding": "utf-8" },
    feed: {
      "@_xmlns": "http://www.w3.org/2005/Atom",
      title: opts.title ?? "Lede: top stories",
      id: `${base}${opts.alternatePath ?? "/"}`,
      updated: feedUpdated(entries),
      link: [{ "@_rel": "self", "@_href": `${base}${opts.selfPath ?? "/feed.xml"}` }, { "@_rel": "alternate", "@_href": `${base}${opts.alternatePath ?? "/"}` }],
      generator: "Lede",
      author: { name: "Lede" },
      entry: entries.map((e) => ({
        title: { "#text": e.title, "@_type": "text" },
        id: e.id,
        link: [{ "@_rel": "alternate", "@_href": e.link }, ...e.related.map((r) => ({ "@_rel": "related", "@_href": r.url, "@_title": r.title }))],
        published: e.published,
        updated: e.updated,
        author: e.authors.map((name) => ({ name })),
        summary: { "#text": e.summary, "@_type": "text" },
        category: e.categories.map((c) => ({ "@_term": c.term, "@_label": c.label })),
      })),
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", format: true, suppressEmptyNode: true, processEntities: true }).build(doc);
}

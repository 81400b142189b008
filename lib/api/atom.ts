// The Atom feed (RFC 4287) of the top stories, built with fast-xml-parser's XMLBuilder, which
// escapes every text and attribute value.
import { XMLBuilder } from "fast-xml-parser";
import type { NewsStory } from "../db/news.ts";

export interface AtomOptions {
  /** absolute base URL of this Lede, e.g. http://127.0.0.1:3000 */
  baseUrl: string;
  title?: string;
}

/** Characters of an article lead quoted in an entry summary. */
const SUMMARY_CHARS = 400;

export function buildAtomFeed(stories: NewsStory[], opts: AtomOptions): string {
  const base = opts.baseUrl.replace(/\/$/, "");
  const updated = stories.reduce((max, s) => (s.lastSeenAt > max ? s.lastSeenAt : max), "1970-01-01T00:00:00.000Z");
  const entries = stories.map((s) => {
    const link = s.storyId ? `${base}/stories/${s.storyId}` : `${base}/articles/${s.articles[0]?.id}`;
    const sources = [...new Set(s.articles.map((a) => a.siteName))];
    const lead = s.articles[0]?.lead?.slice(0, SUMMARY_CHARS) ?? "";
    return {
      title: { "#text": s.headline, "@_type": "text" },
      id: `${base}/${s.storyId ? `stories/${s.storyId}` : `articles/${s.articles[0]?.id}`}`,
      link: [{ "@_rel": "alternate", "@_href": link }, ...s.articles.map((a) => ({ "@_rel": "related", "@_href": a.url, "@_title": a.siteName }))],
      published: s.firstSeenAt,
      updated: s.lastSeenAt,
      author: sources.map((name) => ({ name })),
      summary: { "#text": `${s.articleCount} article(s) from ${sources.join(", ")}. ${lead}`.trim(), "@_type": "text" },
      category: s.entities.map((e) => ({ "@_term": e.key, "@_label": e.name })),
    };
  });
  const doc = {
    "?xml": { "@_version": "1.0", "@_encoding": "utf-8" },
    feed: {
      "@_xmlns": "http://www.w3.org/2005/Atom",
      title: opts.title ?? "Lede: top stories",
      id: `${base}/`,
      updated,
      link: [{ "@_rel": "self", "@_href": `${base}/feed.xml` }, { "@_rel": "alternate", "@_href": `${base}/` }],
      generator: "Lede",
      author: { name: "Lede" },
      entry: entries,
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", format: true, suppressEmptyNode: true, processEntities: true }).build(doc);
}

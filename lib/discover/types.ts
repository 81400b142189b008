// What discovery documents (feeds, sitemaps) yield: URLs to enqueue, with the metadata they carry.

/** A URL found in a feed or sitemap. `kind` says how the frontier should treat it. */
export interface DiscoveredUrl {
  /** Absolute URL as written in the document (resolved against the document URL), not yet normalised. */
  url: string;
  /** "page": an article or other HTML page; "sitemap": a child of a sitemap index; "feed": a linked feed. */
  kind: "page" | "sitemap" | "feed";
  title?: string | null;
  /** Publication date from the feed item or news:publication_date; lastmod as a fallback. */
  publishedAt?: Date | null;
}

export type DocumentFormat = "rss" | "rdf" | "atom" | "json-feed" | "urlset" | "sitemapindex" | "text-sitemap";

export type ParsedDocument =
  | { ok: true; format: DocumentFormat; title: string | null; entries: DiscoveredUrl[] }
  | { ok: false; reason: "not_feed_or_sitemap" | "malformed_document" };

// Links out of an HTML page, read with a real parser (cheerio), resolved the way a browser does:
// against <base href> (itself resolved against the page's final URL), then normalised (lib/url/normalize.ts).
import * as cheerio from "cheerio";
import type { CheerioAPI } from "cheerio";
import { normalizeUrl } from "../url/normalize.ts";

export interface PageLink {
  /** normalised absolute http(s) URL. */
  url: string;
  /** anchor text, white space collapsed ("" for image links without alt). */
  text: string;
  /** rel attribute, lower-cased ("" when absent), e.g. "nofollow", "next". */
  rel: string;
}

export type FeedType = "rss" | "atom" | "json" | "rdf";
export interface FeedLink { url: string; type: FeedType; title: string; }

const FEED_TYPES: Record<string, FeedType> = {
  "application/rss+xml": "rss",
  "application/atom+xml": "atom",
  "application/feed+json": "json",
  "application/json": "json",
  "application/rdf+xml": "rdf",
  "text/xml": "rss",
  "application/xml": "rss",
};

function load(html: string | CheerioAPI): CheerioAPI {
  return typeof html === "string" ? cheerio.load(html) : html;
}

/** The URL relative links resolve against: <base href> (first one, resolved) or the page URL. */
export function baseUrlOf($: CheerioAPI, pageUrl: string): string {
  const href = $("base[href]").first().attr("href");
  if (href) {
    try {
      const b = new URL(href.trim(), pageUrl);
      if (b.protocol === "http:" || b.protocol === "https:") return b.toString();
    } catch {
      /* an unparsable <base> is ignored, as browsers do */
    }
  }
  return pageUrl;
}

/**
 * Every <a href> / <area href> of the page as a normalised http(s) URL; javascript:, mailto:, tel:,
 * data: and unparsable hrefs are dropped. pageUrl must be the FINAL URL after redirects.
 * Each URL appears once (first occurrence; its text is taken from the first occurrence with text).
 */
export function extractLinks(html: string | CheerioAPI, pageUrl: string): PageLink[] {
  const $ = load(html);
  const base = baseUrlOf($, pageUrl);
  const byUrl = new Map<string, PageLink>();
  $("a[href], area[href]").each((_, el) => {
    const node = $(el);
    const url = normalizeUrl(node.attr("href") ?? "", base);
    if (!url) return;
    const text = (node.text() || node.find("img[alt]").attr("alt") || node.attr("title") || "").replace(/\s+/g, " ").trim();
    const rel = (node.attr("rel") ?? "").trim().toLowerCase();
    const seen = byUrl.get(url);
    if (!seen) byUrl.set(url, { url, text, rel });
    else if (!seen.text && text) seen.text = text;
  });
  return [...byUrl.values()];
}

/**
 * Feeds the page advertises: <link rel="alternate" type="application/rss+xml|atom+xml|feed+json|json|rdf+xml">
 * (also rel="feed"). URLs normalised; each once; "title" is the link's title attribute.
 */
export function findFeedLinks(html: string | CheerioAPI, pageUrl: string): FeedLink[] {
  const $ = load(html);
  const base = baseUrlOf($, pageUrl);
  const out = new Map<string, FeedLink>();
  $("link[href]").each((_, el) => {
    const node = $(el);
    const rels = (node.attr("rel") ?? "").toLowerCase().split(/\s+/);
    if (!rels.includes("alternate") && !rels.includes("feed")) return;
    const mime = (node.attr("type") ?? "").toLowerCase().split(";")[0].trim();
    const type = FEED_TYPES[mime];
    if (!type) return;
    const url = normalizeUrl(node.attr("href") ?? "", base);
    if (url && !out.has(url)) out.set(url, { url, type, title: (node.attr("title") ?? "").trim() });
  });
  return [...out.values()];
}

/** rel=canonical (else og:url) of the page, normalised; null when absent or not http(s). */
export function findCanonicalUrl(html: string | CheerioAPI, pageUrl: string): string | null {
  const $ = load(html);
  const base = baseUrlOf($, pageUrl);
  const canonical = $('link[rel~="canonical"][href]').first().attr("href");
  const og = $('meta[property="og:url"][content]').first().attr("content");
  for (const href of [canonical, og]) {
    const url = href ? normalizeUrl(href, base) : null;
    if (url) return url;
  }
  return null;
}

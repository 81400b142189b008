// Read any discovery document — RSS, RDF, Atom, JSON Feed, sitemap, sitemap index, text sitemap —
// by what it is, not by what the frontier row expected: robots.txt `Sitemap:` lines may point at
// feeds, and /feed paths may serve Atom or RSS.
import { readJsonFeed, readXmlFeed } from "./feed.ts";
import { readTextSitemap, readXmlSitemap } from "./sitemap.ts";
import type { ParsedDocument } from "./types.ts";
import { parseXml } from "./xml.ts";

/**
 * 1. JSON Feed when the text starts with "{".
 * 2. XML: sitemap (urlset / sitemapindex), else feed (rss / RDF / feed).
 * 3. Plain-text sitemap when every line is an absolute URL.
 * Otherwise `{ ok: false }`: an HTML page, an error page, or broken XML.
 */
export function parseDiscoveryDocument(text: string, documentUrl: string): ParsedDocument {
  const body = text.replace(/^\uFEFF/, "").trimStart();
  if (body.startsWith("{")) return readJsonFeed(body, documentUrl) ?? { ok: false, reason: "not_feed_or_sitemap" };
  if (body.startsWith("<")) {
    if (/^<!doctype html|^<html/i.test(body)) return { ok: false, reason: "not_feed_or_sitemap" };
    const doc = parseXml(body);
    if (!doc) return { ok: false, reason: "malformed_document" };
    return readXmlSitemap(doc, documentUrl) ?? readXmlFeed(doc, documentUrl) ?? { ok: false, reason: "not_feed_or_sitemap" };
  }
  return readTextSitemap(body, documentUrl) ?? { ok: false, reason: "not_feed_or_sitemap" };
}

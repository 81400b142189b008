// Sitemaps (https://www.sitemaps.org/protocol.html): <urlset>, <sitemapindex>, plain-text sitemaps,
// and Google News sitemaps (news:publication_date, news:title).
import type { DiscoveredUrl, ParsedDocument } from "./types.ts";
import { asArray, parseDate, resolveHref, textOf, type XmlNode } from "./xml.ts";

/** The sitemaps protocol caps a sitemap at 50,000 URLs; anything past that is not read. */
const MAX_SITEMAP_ENTRIES = 50_000;

/** <urlset>/<sitemapindex> from an already parsed XML tree; null when the root is neither. */
export function readXmlSitemap(doc: XmlNode, base: string): ParsedDocument | null {
  const urlset = doc.urlset as XmlNode | undefined;
  if (urlset && typeof urlset === "object") {
    const entries: DiscoveredUrl[] = [];
    for (const u of asArray<XmlNode>(urlset.url).slice(0, MAX_SITEMAP_ENTRIES)) {
      const url = resolveHref(textOf(u.loc), base);
      if (!url) continue;
      // Google News: <news:news><news:publication_date>, <news:title> (prefix removed by the parser).
      const news = asArray<XmlNode>(u.news)[0];
      const published = news ? parseDate(textOf(news.publication_date)) : null;
      entries.push({
        url,
        kind: "page",
        title: news ? textOf(news.title) : null,
        publishedAt: published ?? parseDate(textOf(u.lastmod)),
      });
    }
    return { ok: true, format: "urlset", title: null, entries };
  }
  const index = doc.sitemapindex as XmlNode | undefined;
  if (index && typeof index === "object") {
    const entries: DiscoveredUrl[] = [];
    for (const s of asArray<XmlNode>(index.sitemap).slice(0, MAX_SITEMAP_ENTRIES)) {
      const url = resolveHref(textOf(s.loc), base);
      if (url) entries.push({ url, kind: "sitemap", publishedAt: parseDate(textOf(s.lastmod)) });
    }
    return { ok: true, format: "sitemapindex", title: null, entries };
  }
  return null;
}

/** A plain-text sitemap: one absolute http(s) URL per line, nothing else. */
export function readTextSitemap(text: string, base: string): ParsedDocument | null {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0 || !lines.every((l) => /^https?:\/\/\S+$/i.test(l))) return null;
  const entries = lines
    .slice(0, MAX_SITEMAP_ENTRIES)
    .map((l) => resolveHref(l, base))
    .filter((u): u is string => u !== null)
    .map((url): DiscoveredUrl => ({ url, kind: "page" }));
  return { ok: true, format: "text-sitemap", title: null, entries };
}

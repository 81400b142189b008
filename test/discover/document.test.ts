import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { parseDiscoveryDocument } from "../../lib/discover/document.ts";
import { gunzipIfNeeded } from "../../lib/discover/gzip.ts";
import { commonFeedUrls } from "../../lib/discover/paths.ts";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "..", "fixtures", "discover", name));

describe("parseDiscoveryDocument", () => {
  it("reads a Google News sitemap with publication date and title", () => {
    const doc = parseDiscoveryDocument(fixture("sitemap-news.xml").toString("utf8"), "http://www.example.com/sitemap-news.xml");
    expect(doc.ok && doc.format).toBe("urlset");
    if (!doc.ok) return;
    expect(doc.entries).toHaveLength(1);
    const [e] = doc.entries;
    expect(e!.url).toBe("http://www.example.com/business/article55.html");
    expect(e!.kind).toBe("page");
    expect(e!.title).toBe("Companies A, B in Merger Talks");
    expect(e!.publishedAt?.toISOString()).toBe("2008-12-23T00:00:00.000Z");
  });

  it("reads an RSS feed that also binds the sitemap namespace", () => {
    const doc = parseDiscoveryDocument(fixture("feed-with-sitemap-namespace.xml").toString("utf8"), "https://example.com/feed/lorem");
    expect(doc.ok && doc.format).toBe("rss");
    if (!doc.ok) return;
    expect(doc.title).toBe("Lorem Ipsum Feed");
    expect(doc.entries.map((e) => e.url)).toEqual(["https://example.com/lorem/123", "https://example.com/lorem/456"]);
    expect(doc.entries[0]!.publishedAt?.toISOString()).toBe("2025-01-24T20:32:41.000Z");
  });

  it("reads Atom, preferring rel=alternate and resolving relative links", () => {
    const doc = parseDiscoveryDocument(fixture("atom.xml").toString("utf8"), "http://example.org/feed.atom");
    expect(doc.ok && doc.format).toBe("atom");
    if (!doc.ok) return;
    expect(doc.entries.map((e) => e.url)).toEqual(["http://example.org/2003/12/13/atom03", "http://example.org/2003/12/14/second"]);
    expect(doc.entries[1]!.publishedAt?.toISOString()).toBe("2003-12-14T07:00:00.000Z");
  });

  it("reads JSON Feed 1.1", () => {
    const doc = parseDiscoveryDocument(fixture("feed.json").toString("utf8"), "https://example.org/feed.json");
    expect(doc.ok && doc.format).toBe("json-feed");
    if (!doc.ok) return;
    expect(doc.entries.map((e) => e.url)).toEqual(["https://example.org/second-item", "https://example.org/initial-post"]);
    expect(doc.entries[1]!.title).toBe("Initial post");
  });

  it("reads a sitemap index as child sitemaps", () => {
    const doc = parseDiscoveryDocument(fixture("sitemap-index.xml").toString("utf8"), "http://www.example.com/sitemap.xml");
    expect(doc.ok && doc.format).toBe("sitemapindex");
    if (!doc.ok) return;
    expect(doc.entries.map((e) => [e.kind, e.url])).toEqual([
      ["sitemap", "http://www.example.com/sitemap1.xml.gz"],
      ["sitemap", "http://www.example.com/sitemap-news.xml"],
    ]);
  });

  it("reads a plain-text sitemap and rejects HTML, JSON that is no feed, and broken XML", () => {
    const text = parseDiscoveryDocument("https://a.example/1\nhttps://a.example/2\n", "https://a.example/sitemap.txt");
    expect(text.ok && text.entries.length).toBe(2);
    expect(parseDiscoveryDocument("<!DOCTYPE html><html><body>404</body></html>", "https://a.example/feed")).toEqual({ ok: false, reason: "not_feed_or_sitemap" });
    expect(parseDiscoveryDocument('{"hello": 1}', "https://a.example/feed.json").ok).toBe(false);
    expect(parseDiscoveryDocument("<?xml version='1.0'?><", "https://a.example/rss")).toEqual({ ok: false, reason: "malformed_document" });
  });

  it("keeps the complete entries of a truncated document (a feed cut off mid-transfer)", () => {
    const doc = parseDiscoveryDocument("<urlset><url><loc>http://a.example/1</loc></url><url><loc>http://a.example/2", "http://a.example/s.xml");
    expect(doc.ok && doc.entries.map((e) => e.url)).toEqual(["http://a.example/1"]);
  });
});

describe("gunzipIfNeeded", () => {
  it("inflates a gzipped sitemap and passes plain bytes through", () => {
    const plain = fixture("sitemap-news.xml");
    const res = gunzipIfNeeded(gzipSync(plain), 1024 * 1024);
    expect(res.ok && res.body.equals(plain)).toBe(true);
    const same = gunzipIfNeeded(plain, 1024 * 1024);
    expect(same.ok && same.body).toBe(plain);
  });

  it("stops a gzip bomb at the cap and reports corrupt gzip", () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024));
    expect(gunzipIfNeeded(bomb, 1024 * 1024)).toEqual({ ok: false, reason: "body_too_large" });
    const broken = Buffer.concat([gzipSync(Buffer.from("hello world")).subarray(0, 12), Buffer.from("junk")]);
    expect(gunzipIfNeeded(broken, 1024).ok).toBe(false);
  });
});

describe("commonFeedUrls", () => {
  it("puts the common paths on the seed's origin", () => {
    const urls = commonFeedUrls("https://news.example/section/?x=1");
    expect(urls).toContain("https://news.example/feed");
    expect(urls).toContain("https://news.example/feed.json");
    expect(urls.every((u) => u.startsWith("https://news.example/"))).toBe(true);
  });
});

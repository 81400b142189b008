// Billion laughs, XXE and deep nesting in the XML a crawled site or an admin's upload hands Lede
// (feeds, sitemaps, OPML): nothing is expanded, nothing read from disk, every document answered (issue 19).
import { describe, expect, it } from "vitest";
import { parseDiscoveryDocument } from "../../lib/discover/document.ts";
import { parseOpml } from "../../lib/opml/parse-opml.ts";

/** A DOCTYPE whose &lol9; would expand to 10^9 "lol"s. */
const laughs = (root: string, inner: string) => `<?xml version="1.0"?><!DOCTYPE ${root} [<!ENTITY lol "lol">` +
  `<!ENTITY lol1 "${"&lol;".repeat(10)}">${Array.from({ length: 8 }, (_, i) => `<!ENTITY lol${i + 2} "${`&lol${i + 1};`.repeat(10)}">`).join("")}]>${inner}`;
const xxe = (root: string, inner: string) => `<?xml version="1.0"?><!DOCTYPE ${root} [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${inner}`;

describe("hostile XML", () => {
  it("does not expand billion laughs in feeds, sitemaps or OPML", () => {
    const docs = [
      parseDiscoveryDocument(laughs("rss", `<rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title><link>http://a.example/x</link></item></channel></rss>`), "http://a.example/feed"),
      parseDiscoveryDocument(laughs("urlset", `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://a.example/&lol9;</loc></url></urlset>`), "http://a.example/s.xml"),
      parseOpml(laughs("opml", `<opml><body><outline text="&lol9;" xmlUrl="https://a.example/feed"/></body></opml>`)),
    ];
    for (const d of docs) {
      const json = JSON.stringify(d);
      expect(json.length).toBeLessThan(10_000);
      expect(json).not.toContain("lollol");
    }
  });
  it("reads no external entity", () => {
    for (const d of [
      parseDiscoveryDocument(xxe("rss", `<rss><channel><item><title>&xxe;</title><link>http://a.example/z</link></item></channel></rss>`), "http://a.example/feed"),
      parseDiscoveryDocument(xxe("urlset", `<urlset><url><loc>http://a.example/&xxe;</loc></url></urlset>`), "http://a.example/s.xml"),
      parseOpml(xxe("opml", `<opml><body><outline text="&xxe;" htmlUrl="https://a.example/"/></body></opml>`)),
    ]) expect(JSON.stringify(d)).not.toContain("root:");
  });
  it("answers a feed nested 100,000 deep", () => {
    const deep = `<rss><channel>${"<x>".repeat(100_000)}${"</x>".repeat(100_000)}<item><link>http://a.example/y</link></item></channel></rss>`;
    expect(parseDiscoveryDocument(deep, "http://a.example/feed")).toHaveProperty("ok");
  });
});

import { describe, expect, it } from "vitest";
import * as cheerio from "cheerio";
import { extractLinks, findCanonicalUrl, findFeedLinks, readPageLinks } from "../../lib/html/links.ts";

const PAGE = `<!doctype html><html><head>
<base href="/news/">
<link rel="alternate" type="application/rss+xml" title="Top stories" href="/feeds/top.xml">
<link rel="alternate" type="application/atom+xml" href="https://ex.com/atom?utm_source=x">
<link rel="alternate" type="application/feed+json" href="feed.json">
<link rel="alternate" hreflang="de" href="/de/">
<link rel="canonical" href="/news/story-1#comments">
<meta property="og:url" content="https://ex.com/og">
</head><body>
<a href="story-1.html">  Story
   one </a>
<a href="/about" rel="NoFollow">About</a>
<a href="javascript:void(0)">js</a><a href="mailto:x@ex.com">mail</a><a href="data:text/html,x">data</a>
<a href="https://Other.example:443/x?utm_medium=m#f">Other</a>
<a href="story-1.html"></a>
<a href="https://ex.com/pic"><img alt="A picture" src="p.jpg"></a>
<a href="http://[bad">broken</a>
<p><a href=story-2.html>unquoted<p>malformed <b>nesting</a></p>
</body></html>`;

describe("extractLinks", () => {
  it("resolves against <base> and the final URL, drops non-http schemes, normalises and de-duplicates", () => {
    const links = extractLinks(PAGE, "https://ex.com/section/page.html");
    expect(links).toEqual([
      { url: "https://ex.com/news/story-1.html", text: "Story one", rel: "" },
      { url: "https://ex.com/about", text: "About", rel: "nofollow" },
      { url: "https://other.example/x", text: "Other", rel: "" },
      { url: "https://ex.com/pic", text: "A picture", rel: "" },
      { url: "https://ex.com/news/story-2.html", text: "unquoted", rel: "" },
    ]);
  });
  it("accepts a loaded cheerio document and falls back to the page URL without <base>", () => {
    const $ = cheerio.load('<a href="b">x</a>');
    expect(extractLinks($, "https://ex.com/a/c")).toEqual([{ url: "https://ex.com/a/b", text: "x", rel: "" }]);
  });
});

describe("findFeedLinks / findCanonicalUrl", () => {
  it("finds RSS, Atom and JSON feeds advertised with rel=alternate", () => {
    expect(findFeedLinks(PAGE, "https://ex.com/section/page.html")).toEqual([
      { url: "https://ex.com/feeds/top.xml", type: "rss", title: "Top stories" },
      { url: "https://ex.com/atom", type: "atom", title: "" },
      { url: "https://ex.com/news/feed.json", type: "json", title: "" },
    ]);
  });
  it("prefers rel=canonical over og:url", () => {
    expect(findCanonicalUrl(PAGE, "https://ex.com/section/page.html")).toBe("https://ex.com/news/story-1");
    expect(findCanonicalUrl('<meta property="og:url" content="https://ex.com/og">', "https://ex.com/")).toBe("https://ex.com/og");
    expect(findCanonicalUrl("<p>none</p>", "https://ex.com/")).toBeNull();
  });

  it("resolves a repeated href against each page's own base (the href memo keys on what resolution depends on)", () => {
    const nav = '<a href="/news">News</a> <a href="story">Story</a> <a href="https://other.org/x?utm_source=a&b=1">X</a> <a href="//cdn.example/y">Y</a>';
    const urls = (pageUrl: string, head = "") => readPageLinks(`<html><head>${head}</head><body>${nav}</body></html>`, pageUrl).links.map((l) => l.url);
    // twice each, so the second reading comes from the memo
    for (let round = 0; round < 2; round++) {
      expect(urls("https://a.example/2024/page.html")).toEqual(["https://a.example/news", "https://a.example/2024/story", "https://other.org/x?b=1", "https://cdn.example/y"]);
      expect(urls("http://b.example:8080/section/")).toEqual(["http://b.example:8080/news", "http://b.example:8080/section/story", "https://other.org/x?b=1", "http://cdn.example/y"]);
      expect(urls("https://a.example/2024/page.html", '<base href="https://c.example/base/">'))
        .toEqual(["https://c.example/news", "https://c.example/base/story", "https://other.org/x?b=1", "https://cdn.example/y"]);
      // an unparsable base resolves nothing, absolute hrefs included, as before the memo
      expect(urls("not a url")).toEqual([]);
    }
  });
});

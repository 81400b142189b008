import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { bodyOf, parseHtml } from "../../lib/extract/dom.ts";
import { cleanTitle, dateFromUrl, extractMetadata, toIsoDate } from "../../lib/extract/metadata.ts";
import { scanPage } from "../../lib/extract/metadata-scan.ts";

const fixtures = join(import.meta.dirname, "..", "fixtures", "extract-meta");
const gz = (p: string) => gunzipSync(readFileSync(join(fixtures, p))).toString("utf8");
const CASES = ["aclu", "aktualne", "gitlab-blog", "medium-2", "parsely-metadata", "toc-missing"];

describe("extractMetadata on Readability's test pages", () => {
  for (const c of CASES) {
    it(`${c}: title, byline, date and language as Readability.js found them`, () => {
      const exp = JSON.parse(readFileSync(join(fixtures, "readability", c, "expected-metadata.json"), "utf8"));
      const m = extractMetadata(gz(`readability/${c}/source.html.gz`), "http://fakehost/test/page.html");
      expect(m.title).toBe(exp.title);
      expect(m.author).toBe(exp.byline);
      expect(m.publishedAt?.slice(0, 10)).toBe(exp.publishedTime.slice(0, 10));
      expect(m.lang).toBe(exp.lang ? exp.lang.slice(0, 2).toLowerCase() : null);
    });
  }

  it("accepts a cheerio document as well as HTML, with the same result", () => {
    const html = gz("readability/aclu/source.html.gz");
    expect(extractMetadata(parseHtml(html), "http://fakehost/a")).toEqual(extractMetadata(html, "http://fakehost/a"));
  });
});

describe("extractMetadata on a Japanese news page (Fundus, Asahi Shimbun)", () => {
  it("reads JSON-LD, keeps the publisher's offset, and makes URLs absolute", () => {
    const exp = Object.values(JSON.parse(readFileSync(join(fixtures, "fundus", "AsahiShimbun.json"), "utf8")))[0] as { title: string; publishing_date: string };
    const m = extractMetadata(gz("fundus/AsahiShimbun_2025_01_13.html.gz"), "https://www.asahi.com/articles/AST1F4445T1FUTIL02SM.html");
    expect(m.title?.replace(/\s+/g, " ")).toBe(exp.title.replace(/[\s\u3000]+/g, " "));
    expect(m.publishedAt).toBe("2025-01-13T21:37:00+09:00");
    expect(new Date(m.publishedAt!).getTime()).toBe(new Date(exp.publishing_date.replace(" ", "T")).getTime());
    expect(m.lang).toBe("ja");
    expect(m.imageUrl).toMatch(/^https:\/\//);
    expect(m.canonicalUrl).toBe("https://www.asahi.com/articles/AST1F4445T1FUTIL02SM.html");
    expect(m.sources.publishedAt).toBe("json-ld");
  });
});

describe("extractMetadata on a WCXB page (health.ucdavis.edu)", () => {
  it("finds the headline and the visible date", () => {
    const gt = JSON.parse(readFileSync(join(fixtures, "template", "0368.truth.json"), "utf8"));
    const m = extractMetadata(gz("template/0368.html.gz"), gt.url);
    expect(m.title).toBe(gt.ground_truth.title);
    expect(m.publishedAt?.slice(0, 10)).toBe("2024-12-27");
  });
});

describe("metadata sources and helpers", () => {
  const page = (head: string, body = "") => `<html lang="de-AT"><head>${head}</head><body>${body}</body></html>`;

  it("follows @graph, joins several authors and prefers people to organisations", () => {
    const ld = { "@context": "https://schema.org", "@graph": [
      { "@type": "WebSite", name: "Example Times" },
      { "@type": "NewsArticle", headline: "Council approves the new library", datePublished: "2024-05-17T08:30:00+02:00", dateModified: "2024-05-18T09:00:00+02:00",
        author: [{ "@type": "Person", name: "Anna Maier" }, { "@type": "Person", name: "Ben Kurz" }, { "@type": "Organization", name: "Example Times" }],
        image: { "@type": "ImageObject", url: "/img/lib.jpg" } },
    ] };
    const m = extractMetadata(page(`<script type="application/ld+json">${JSON.stringify(ld)}</script>`), "https://example.com/news/library");
    expect(m).toMatchObject({
      title: "Council approves the new library", author: "Anna Maier, Ben Kurz", publishedAt: "2024-05-17T08:30:00+02:00",
      modifiedAt: "2024-05-18T09:00:00+02:00", siteName: "Example Times", imageUrl: "https://example.com/img/lib.jpg", lang: "de",
    });
  });

  it("falls back to meta tags, <time>, the URL and visible date lines", () => {
    const metas = `<meta property="og:site_name" content="Daily Bugle"><meta property="og:title" content="Spider sighted downtown | Daily Bugle"><meta name="parsely-author" content="J. Jonah Jameson"><link rel="canonical" href="/2023/04/01/spider">`;
    const m = extractMetadata(page(metas, `<article><h1>Spider sighted downtown</h1><time datetime="2023-04-01T10:00:00Z">April 1</time></article>`), "https://bugle.example/x");
    expect(m).toMatchObject({ title: "Spider sighted downtown", author: "J. Jonah Jameson", publishedAt: "2023-04-01T10:00:00Z", canonicalUrl: "https://bugle.example/2023/04/01/spider" });
    expect(m.sources).toMatchObject({ author: "meta:parsely-author", publishedAt: "time" });
    const fromUrl = extractMetadata(page("<title>Plain</title>"), "https://site.example/2022/11/05/story.html");
    expect(fromUrl.publishedAt?.slice(0, 10)).toBe("2022-11-05");
    expect(fromUrl.sources.publishedAt).toBe("url");
    const fromLine = extractMetadata(page("<title>Plain</title>", `<div class="post-meta">Veröffentlicht am 3. März 2021</div><p>Text.</p>`), "https://site.example/a");
    expect(fromLine.publishedAt?.slice(0, 10)).toBe("2021-03-03");
    expect(fromLine.sources.publishedAt).toBe("date-line");
  });

  it("finds the byline in the page like Readability, cleaned to names", () => {
    const meta = (body: string) => extractMetadata(page("<title>A story about the council budget</title>", body), "https://site.example/a");
    expect(meta(`<div class="byline">By <a href="/u/jr">Jane Roe</a> | May 3, 2024 10:15</div><p>Text.</p>`)).toMatchObject({ author: "Jane Roe", sources: { author: "byline" } });
    // hidden elements and comment sections (Readability's unlikely candidates) come first but do not count
    expect(meta(`<span class="author" hidden>Ghost Writer</span><div class="comments"><span class="comment-author">Troll</span></div><p class="article-byline">Written by Ann Lee and Bo Chan</p>`).author).toBe("Ann Lee, Bo Chan");
    // itemprop="name" inside the author element; job titles and labels are not names
    expect(meta(`<div itemprop="author"><span itemprop="name">Ben Silverman</span><span>Games Editor</span></div>`).author).toBe("Ben Silverman");
    expect(meta(`<div class="author-box"><a>Liz Kenny</a> <span>Former McKinsey Consultant</span></div>`).author).toBe("Liz Kenny");
    expect(meta(`<h3 class="author-label">About the author</h3><p>Long bio without a byline class.</p><span class="post-author">Ivo Petrov</span>`).author).toBe("Ivo Petrov");
    // not bylines: customer reviews, "authorization" classes, form labels, copyright lines
    expect(meta(`<div itemtype="https://schema.org/Review"><span itemprop="author">Ash C.</span></div><p class="authorization">Sign-in required</p><label class="comment-form-author">Name *</label><div class="author">The University ©</div>`).author).toBeNull();
    // a declared author wins over the page's byline
    expect(extractMetadata(page(`<meta name="author" content="Declared Name">`, `<div class="byline">By Other Person</div>`), "https://site.example/a").author).toBe("Declared Name");
  });

  it("chooses the JSON-LD title like Readability: text articles before videos, name when only it matches <title>", () => {
    const ld = (o: object) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;
    const two = extractMetadata(page(`<title>Council passes budget - City News</title>${ld({ "@type": "VideoObject", name: "Mayor speaks", uploadDate: "2024-01-01" })}${ld({ "@type": "NewsArticle", headline: "Council passes budget", datePublished: "2024-02-02" })}`), "https://x.example/a");
    expect(two).toMatchObject({ title: "Council passes budget", publishedAt: "2024-02-02T00:00:00.000Z" });
    const wiki = extractMetadata(page(`<title>New Zealand - Wikipedia</title>${ld({ "@type": "Article", name: "New Zealand", headline: "constitutional monarchy in Oceania" })}`), "https://x.example/w");
    expect(wiki.title).toBe("New Zealand");
    const news = extractMetadata(page(`<title>West Ham hrozí gigantům | Aktuálně.cz</title>${ld({ "@type": "NewsArticle", name: "Aktuálně.cz", headline: "West Ham hrozí gigantům" })}`), "https://x.example/n");
    expect(news.title).toBe("West Ham hrozí gigantům");
  });

  it("does not take a site logo <h1> at the end of the declared title for the headline", () => {
    const m = extractMetadata(page(`<meta property="og:title" content="Autumn colours in the mountains at Jianshi :: Pixnet Blog ::">`, `<h1>Pixnet Blog</h1>`), "https://x.example/p");
    expect(m.title).toBe("Autumn colours in the mountains at Jianshi :: Pixnet Blog ::");
    const h = extractMetadata(page(`<meta property="og:title" content="Using promises - JavaScript | MDN">`, `<h1>Using promises</h1>`), "https://x.example/p");
    expect(h.title).toBe("Using promises");
  });

  it("cleans titles like Readability and parses dates in common formats", () => {
    expect(cleanTitle("Get your Frontend JavaScript Code Covered | Code | Nicolas Perriault", null)).toBe("Get your Frontend JavaScript Code Covered | Code");
    expect(cleanTitle("Why the sky is blue, explained simply | Science Weekly", null)).toBe("Why the sky is blue, explained simply");
    expect(cleanTitle("Home | Site", null)).toBe("Home | Site");
    expect(toIsoDate("Tue, 05 Mar 2024 10:00:00 GMT")).toBe("2024-03-05T10:00:00.000Z");
    expect(toIsoDate("05.03.2024")?.slice(0, 10)).toBe("2024-03-05");
    expect(toIsoDate("March 5th, 2024")?.slice(0, 10)).toBe("2024-03-05");
    expect(toIsoDate("1709632800")).toBe("2024-03-05T10:00:00.000Z");
    expect(toIsoDate("not a date")).toBeNull();
    expect(toIsoDate("1899-01-01")).toBeNull();
    expect(dateFromUrl("https://x.example/news/20240305/item")?.slice(0, 10)).toBe("2024-03-05");
  });
});

describe("scanPage (one walk instead of selector queries)", () => {
  const pages = [...CASES.map((c) => `readability/${c}/source.html.gz`), "template/0368.html.gz", "template/2862.html.gz", "fundus/AsahiShimbun_2025_01_13.html.gz"];
  for (const file of pages) {
    it(`${file}: finds the elements the selectors it replaces find`, () => {
      const $ = parseHtml(gz(file));
      const scan = scanPage($.root()[0]);
      const first = (sel: string) => $(sel).get(0) ?? null;
      expect(scan.headTitle).toBe(first("head title"));
      expect(bodyOf($)).toBe(first("body"));
      expect(scan.h1).toBe(first("h1"));
      expect(scan.articleH1).toBe(first("article h1, main h1"));
      expect(scan.headings).toEqual($("h1, h2").get());
      expect(scan.canonical).toBe(first('link[rel~="canonical"]'));
      expect(scan.publishedEl).toBe(first('[itemprop="datePublished"]'));
      expect(scan.firstTime).toBe(first("time[datetime]"));
      expect(scan.articleTime).toBe(first("article time[datetime]"));
      expect(scan.ldScripts).toEqual($('script[type="application/ld+json"]').get().map((el) => $(el).text()));
      const metas = new Map<string, string>();
      $("meta").each((_, el) => {
        const content = (el.attribs.content ?? el.attribs.value ?? "").trim();
        for (const key of [el.attribs.property, el.attribs.name, el.attribs.itemprop, el.attribs["http-equiv"]]) {
          for (const k of (key ?? "").toLowerCase().split(/\s+/)) if (content && k && !metas.has(k)) metas.set(k, content);
        }
      });
      expect(scan.metas).toEqual(metas);
    });
  }
});

describe("author names keep their particles", () => {
  it("reads 'Leonardo Di Caprio' and 'Ludwig von Mises' whole, and strips 'Par'", () => {
    const page = (author: string) => `<html><head><meta name="author" content="${author}"></head><body></body></html>`;
    expect(extractMetadata(page("Leonardo Di Caprio"), "https://x.example/").author).toBe("Leonardo Di Caprio");
    expect(extractMetadata(page("Ludwig von Mises"), "https://x.example/").author).toBe("Ludwig von Mises");
    expect(extractMetadata(page("Par Sébastien Farcis"), "https://x.example/").author).toBe("Sébastien Farcis");
  });
});

describe("bodyOf", () => {
  it("takes the <body> with the most text when a page pastes a second document into the first", () => {
    const $ = parseHtml(`<html><body><p>Short.</p></body></html><html><body><p>The real article text, much longer than the other body.</p></body></html>`);
    const bodies = $("body").get();
    expect(bodies).toHaveLength(2);
    expect(bodyOf($)).toBe(bodies[1]);
    const bare = parseHtml("<p>No body element at all</p>");
    expect(bodyOf(bare)).toBe(bare.root().get(0));
  });
});

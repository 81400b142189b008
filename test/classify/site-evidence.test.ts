import { describe, expect, it } from "vitest";
import {
  addClassifiedPage, addEvidence, applySiteEvidence, describeSiteEvidence, markPatternNotNews, mergeEvidence,
  MIN_PATTERN_PAGES, newSiteEvidence, parseSiteEvidence, urlPatterns, MAX_LOGIT_SHIFT, TEMPLATE_PATTERN_PREFIX, templatePattern,
} from "../../lib/classify/site-evidence.ts";

const article = (n: number) => `https://www.example-news.de/politik/deutschland/minister-tritt-nach-streit-zurueck-${n}-a-${1000000 + n}.html`;
const front = (name: string) => `https://www.example-news.de/${name}/`;

describe("URL patterns", () => {
  it("are the URL's shape: depth, slug words, id, extension, trailing slash; the finer one keeps the first segment", () => {
    expect(urlPatterns(article(1))).toEqual(["d3 w4+ id .html", "politik/ d3 w4+ id .html"]);
    expect(urlPatterns(front("sport"))).toEqual(["d1 w1/", "d1 w1/"]);
    expect(urlPatterns("https://x.org/")).toEqual(["root", "root"]);
    expect(urlPatterns("https://x.org/2024/05/03/some-title-of-a-story")[0]).toBe("d4 w4+ date");
  });

  it("two articles of one site with different titles and ids share a pattern", () => {
    expect(urlPatterns(article(1))).toEqual(urlPatterns(article(2)));
    expect(urlPatterns(article(1))[0]).not.toBe(urlPatterns(front("politik"))[0]);
  });
});

describe("site evidence", () => {
  it("gives no evidence until a pattern has MIN_PATTERN_PAGES pages", () => {
    let s = newSiteEvidence();
    for (let i = 0; i < MIN_PATTERN_PAGES - 1; i++) s = addEvidence(s, article(i), true, "feed");
    expect(applySiteEvidence(s, article(99), 0.4)).toMatchObject({ score: 0.4, pattern: null, reason: null });
    s = addEvidence(s, article(50), true, "feed");
    const adj = applySiteEvidence(s, article(99), 0.4);
    expect(adj.score).toBeGreaterThan(0.5);
    expect(adj.pattern).toBe("politik/ d3 w4+ id .html");
    expect(adj.reason).toContain("article URL pattern");
  });

  it("a pattern the site uses for fronts lowers a page's score, capped at MAX_LOGIT_SHIFT", () => {
    let s = newSiteEvidence();
    for (const name of ["sport", "politik", "kultur", "wirtschaft", "reise", "auto", "digital", "wissen", "panorama", "gesundheit", "karriere", "geld", "stil", "video", "podcast", "region", "welt", "meinung", "leben", "familie", "netz", "technik", "film", "musik", "games"]) {
      s = addClassifiedPage(s, front(name), 0.02);
    }
    const adj = applySiteEvidence(s, front("bildung"), 0.7);
    expect(adj.score).toBeLessThan(0.5);
    expect(adj.shift).toBe(-MAX_LOGIT_SHIFT);
    expect(adj.reason).toMatch(/non-article URL pattern "d1 w1\/" \(0 news, 25 other\)/);
  });

  it("learns only from sure pages (source b)", () => {
    const s = addClassifiedPage(newSiteEvidence(), article(1), 0.6);
    expect(s.pages).toBe(0);
    expect(addClassifiedPage(s, article(1), 0.95).pages).toBe(1);
  });

  it("an admin label counts for several pages; an admin's not-news mark decides the pattern's pages", () => {
    let s = addEvidence(newSiteEvidence(), article(1), false, "admin_label");
    expect(s.patterns["politik/ d3 w4+ id .html"]).toMatchObject({ news: 0, other: 5 });
    s = newSiteEvidence();
    for (let i = 0; i < 10; i++) s = addEvidence(s, article(i), true, "feed");
    s = markPatternNotNews(s, "politik/ d3 w4+ id .html");
    const adj = applySiteEvidence(s, article(42), 0.99);
    expect(adj.forced).toBe(true);
    expect(adj.score).toBeLessThan(0.5);
    expect(adj.reason).toBe('URL pattern "politik/ d3 w4+ id .html" marked not news by an admin');
    expect(applySiteEvidence(markPatternNotNews(s, "politik/ d3 w4+ id .html", false), article(42), 0.99).forced).toBe(false);
  });

  it("merging a worker's delta keeps the stored admin marks and adds the counts", () => {
    let stored = addEvidence(newSiteEvidence(), article(1), true, "feed");
    stored = markPatternNotNews(stored, "d1 w1/");
    const delta = addClassifiedPage(addClassifiedPage(newSiteEvidence(), article(2), 0.97), front("sport"), 0.01);
    const merged = mergeEvidence(stored, delta);
    expect(merged.pages).toBe(3);
    expect(merged.patterns["d3 w4+ id .html"]).toMatchObject({ news: 2, other: 0 });
    expect(merged.patterns["d1 w1/"]).toMatchObject({ news: 0, other: 1, notNews: true });
  });

  it("round-trips through JSON and refuses a state of another format", () => {
    const s = addEvidence(newSiteEvidence(), article(1), true, "feed");
    const back = parseSiteEvidence(JSON.stringify(s));
    expect(back.ok && back.evidence).toEqual(s);
    expect(parseSiteEvidence(JSON.stringify({ ...s, format: "other/1" })).ok).toBe(false);
    expect(parseSiteEvidence("{").ok).toBe(false);
    expect(describeSiteEvidence(s).map((r) => r.pattern)).toEqual(["d3 w4+ id .html", "politik/ d3 w4+ id .html"]);
  });
});

describe("page templates as site evidence (the extraction's content path)", () => {
  const story = "main#content > article.story";
  const hub = "div#page > section.teasers";
  // a site whose articles and fronts share URL shapes ("d1 w4+"): only the template tells them apart
  const page = (n: number) => `https://www.example-blog.org/a-long-slug-of-words-${String.fromCharCode(97 + (n % 26))}`;

  it("counts a sure page under its URL patterns and its template; feed entries (no content path) under the URL only", () => {
    let s = addClassifiedPage(newSiteEvidence(), article(1), 0.95, story);
    expect(s.patterns[`${TEMPLATE_PATTERN_PREFIX}${story}`]).toEqual({ news: 1, other: 0 });
    expect(s.patterns["politik/ d3 w4+ id .html"]).toEqual({ news: 1, other: 0 });
    s = addEvidence(s, article(2), true, "feed");
    expect(s.patterns[`${TEMPLATE_PATTERN_PREFIX}${story}`]).toEqual({ news: 1, other: 0 });
    expect(templatePattern("")).toBeNull();
  });

  it("the site's article template lifts a page whose URL says nothing; its hub template lowers one", () => {
    let s = newSiteEvidence();
    for (let i = 0; i < 4; i++) s = addClassifiedPage(s, page(i), 0.95, story);
    for (let i = 4; i < 8; i++) s = addClassifiedPage(s, page(i), 0.05, hub);
    // the URL pattern is shared 4:4 (log-odds 0): the template decides
    const up = applySiteEvidence(s, page(20), 0.45, story);
    expect(up.score).toBeGreaterThan(0.5);
    expect(up.reason).toContain(`article template "${story}" (4 news, 0 other)`);
    const down = applySiteEvidence(s, page(21), 0.55, hub);
    expect(down.score).toBeLessThan(0.5);
    expect(down.reason).toContain(`non-article template "${hub}" (0 news, 4 other)`);
    // without a content path the page gets the URL pattern's (neutral) evidence only, as before
    expect(applySiteEvidence(s, page(22), 0.45).score).toBeCloseTo(0.45, 6);
  });

  it("URL and template evidence add up to at most MAX_LOGIT_SHIFT; an admin's mark on a template decides its pages", () => {
    let s = newSiteEvidence();
    for (let i = 0; i < 40; i++) s = addClassifiedPage(s, article(i), 0.99, story);
    const adj = applySiteEvidence(s, article(99), 0.05, story);
    expect(adj.shift).toBe(MAX_LOGIT_SHIFT);
    s = markPatternNotNews(s, `${TEMPLATE_PATTERN_PREFIX}${story}`);
    const forced = applySiteEvidence(s, article(99), 0.99, story);
    expect(forced).toMatchObject({ forced: true, pattern: `${TEMPLATE_PATTERN_PREFIX}${story}` });
    expect(forced.score).toBeLessThan(0.5);
    expect(forced.reason).toContain("template pattern");
    // the same URL with another template is not touched by that mark
    expect(applySiteEvidence(s, article(99), 0.99, hub).forced).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  addClassifiedPage, addEvidence, applySiteEvidence, describeSiteEvidence, markPatternNotNews, mergeEvidence,
  MIN_PATTERN_PAGES, newSiteEvidence, parseSiteEvidence, urlPatterns, MAX_LOGIT_SHIFT,
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

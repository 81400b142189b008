// ExtractResult.structure: what the recipe saw and did, as data for the classifier (lib/classify/features.ts
// ex_* features) and the site evidence (its content path as the page's template pattern).
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../lib/extract/index.ts";

const para = (i: number) => `<p>The council met on Monday to discuss the harbour budget, item ${i}, and agreed to publish the full report next week after a long debate.</p>`;
const ARTICLE = `<html><head><meta property="og:type" content="article"><meta property="article:published_time" content="2026-11-12T08:00:00Z">
<script type="application/ld+json">${JSON.stringify({ "@type": "NewsArticle", headline: "Council", articleBody: "The council met. ".repeat(20) })}</script></head>
<body><nav><a href="/">Home</a></nav><main id="content-1"><article class="story story--wide"><h1>Council agrees harbour budget</h1>${Array.from({ length: 6 }, (_, i) => para(i)).join("")}</article></main></body></html>`;

const teaser = (i: number) => `<li class="card"><a href="/story-${i}">Council approves the new cycle lanes on the river road, number ${i}</a></li>`;
const INDEX = `<html><body><main><h1>Local news</h1><p>The latest stories from the city council, schools and transport.</p><ul class="cards">${Array.from({ length: 12 }, (_, i) => teaser(i)).join("")}</ul></main></body></html>`;

describe("ExtractResult.structure", () => {
  it("of a declared, dated article with a slug: its kind, date, JSON-LD body and where its content sits", () => {
    const r = extractArticle(ARTICLE, { url: "https://example.org/news/council-agrees-harbour-budget-for-next-year" });
    expect(r.structure).toMatchObject({ kind: "article", dated: true, articleSlug: true, threadPosts: 0, rung: "candidates" });
    expect(r.structure.declaredChars).toBe("The council met. ".repeat(20).trim().length);
    // tag path below <body>, id or first class, digits as 0
    expect(r.structure.contentPath).toBe("main#content-0 > article.story");
    expect(r.structure.blocks).toBeGreaterThanOrEqual(6);
    expect(r.structure.linkWords).toBe(0);
    expect(r.structure.words).toBeGreaterThan(100);
  });

  it("of an undated index page: kind other, its linked items' words counted as link words", () => {
    const r = extractArticle(INDEX, { url: "https://example.org/local" });
    expect(r.structure).toMatchObject({ kind: "other", dated: false, articleSlug: false, threadPosts: 0, declaredChars: 0 });
    expect(r.structure.itemBlocks).toBeGreaterThanOrEqual(10);
    expect(r.structure.linkWords / r.structure.words).toBeGreaterThan(0.5);
  });
});

// The page-kind guess (lib/extract/page-type.ts) and the index-page route of the orchestrator: on a
// page that is neither a declared article nor a shop, a named container made of linked items keeps
// them; an article keeps dropping its link lists.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../lib/extract/dom.ts";
import { scanProductPage } from "../../lib/extract/product-page.ts";
import { guessPageKind, hasArticleSlug, isLinkIndex } from "../../lib/extract/page-type.ts";
import { segmentBlocks } from "../../lib/extract/segment.ts";
import { extractArticle } from "../../lib/extract/index.ts";
import type { ParentNode } from "../../lib/extract/dom.ts";

const kindOf = (html: string) => guessPageKind(scanProductPage(parseHtml(html).root().get(0) as ParentNode));

const teaser = (i: number) =>
  `<li class="card"><a href="/story-${i}">Council approves the new cycle lanes on the river road, number ${i}</a></li>`;
const INDEX_BODY = `<main><h1>Local news</h1><p>The latest stories from the city council, schools and transport.</p><ul class="cards">${Array.from({ length: 12 }, (_, i) => teaser(i)).join("")}</ul></main>`;

describe("page kind", () => {
  it("reads article, product and other from the page's declarations", () => {
    expect(kindOf(`<html><head><meta property="og:type" content="article"></head><body><p>x</p></body></html>`)).toBe("article");
    expect(kindOf(`<html><head><meta property="og:type" content="product"></head><body><p>x</p></body></html>`)).toBe("product");
    expect(kindOf(`<html><body>${INDEX_BODY}</body></html>`)).toBe("other");
  });

  it("reads a top-level JSON-LD Product over nested reviews and og:type article, and a top-level Review over its Product", () => {
    const ld = (o: unknown) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;
    const shop = { "@context": "https://schema.org", "@type": "Product", name: "Mug", review: [{ "@type": "Review", reviewBody: "Lovely" }] };
    expect(kindOf(`<html><head>${ld(shop)}</head><body><p>x</p></body></html>`)).toBe("product");
    // WooCommerce under an SEO plugin: og:type article on the product page, the Product in a second block
    const woo = `<meta property="og:type" content="article">${ld({ "@graph": [{ "@type": "WebPage" }] })}${ld({ "@type": "Product", name: "Oil" })}`;
    expect(kindOf(`<html><head>${woo}</head><body><p>x</p></body></html>`)).toBe("product");
    const review = { "@type": "Review", itemReviewed: { "@type": "Product", name: "Mug" } };
    expect(kindOf(`<html><head>${ld(review)}</head><body><p>x</p></body></html>`)).toBe("article");
  });

  it("calls a container of many linked items an index, and a text with one link list not", () => {
    const isLinkList = (b: { words: number; linkWords: number }) => b.words > 0 && b.linkWords / b.words > 0.5 && b.words < 30;
    const index = parseHtml(`<html><body>${INDEX_BODY}</body></html>`);
    expect(isLinkIndex(segmentBlocks(index("main").get(0) as ParentNode), isLinkList as never)).toBe(true);
    const prose = Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i} of the report says the council met on Tuesday and approved the budget for the coming year after a long debate.</p>`).join("");
    const article = parseHtml(`<html><body><main>${prose}<ul><li><a href="/a">Related story one</a></li></ul></main></body></html>`);
    expect(isLinkIndex(segmentBlocks(article("main").get(0) as ParentNode), isLinkList as never)).toBe(false);
  });
});

describe("index pages in the orchestrator", () => {
  it("keeps the linked items of an index page and says so", () => {
    const r = extractArticle(`<html><head><title>Local news</title></head><body><nav><a href="/">Home</a></nav>${INDEX_BODY}</body></html>`, { url: "https://example.org/news" });
    expect(r.text).toContain("number 0");
    expect(r.text).toContain("number 11");
    expect(r.methodReason).toContain("page kind other");
    expect(r.methodReason).toContain("link lists kept");
  });

  it("does not keep them on a declared article", () => {
    const r = extractArticle(`<html><head><meta property="og:type" content="article"></head><body>${INDEX_BODY}</body></html>`, { url: "https://example.org/news" });
    expect(r.methodReason).toContain("page kind article");
    expect(r.methodReason).not.toContain("link lists kept");
  });
});

describe("article slugs in URLs", () => {
  it("reads ids, dates and long slugs as one document, short paths as index pages", () => {
    expect(hasArticleSlug("https://example.org/2024/05/17/council-approves")).toBe(true);
    expect(hasArticleSlug("https://www.dwutygodnik.com/artykul/9491-winda-w-chmurach.html")).toBe(true);
    expect(hasArticleSlug("https://example.org/news/council-approves-new-cycle-lanes")).toBe(true);
    expect(hasArticleSlug("https://example.org/")).toBe(false);
    expect(hasArticleSlug("https://example.org/technology")).toBe(false);
    expect(hasArticleSlug("https://pinchofyum.com/recipes/air-fryer-recipes")).toBe(false);
    expect(hasArticleSlug("not a url")).toBe(false);
  });
});

// The product-page review rule (lib/extract/product-page.ts): customer reviews leave product pages,
// and only pages with product evidence (not articles) are touched.
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../lib/extract/dom.ts";
import { removeProductReviews, scanProductPage } from "../../lib/extract/product-page.ts";
import type { ParentNode } from "../../lib/extract/dom.ts";

const page = (head: string, body: string) => `<html><head>${head}</head><body>${body}</body></html>`;
const REVIEWS = `<section id="customer-reviews"><h2>Customer Reviews</h2><div class="review-card"><p>Great mug, I love it.</p></div></section>`;
const BODY = `<h1>Speckled mug</h1><div class="description"><p>A handmade mug.</p></div><div class="product-preview"><p>Preview text.</p></div>${REVIEWS}`;

function textAfterRemoval(html: string): { removed: number; text: string } {
  const $ = parseHtml(html);
  const removed = removeProductReviews($.root().get(0) as ParentNode);
  return { removed, text: $("body").text() };
}

describe("product page reviews", () => {
  it("finds product evidence in JSON-LD, og:type, microdata and add-to-cart markup", () => {
    const ld = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Mug","offers":{"@type":"Offer","price":"9"}}</script>`;
    for (const html of [page(ld, BODY), page(`<meta property="og:type" content="product">`, BODY), page("", `<div itemscope itemtype="https://schema.org/Product">${BODY}</div>`), page("", `${BODY}<button class="btn add-to-cart">Add</button>`)]) {
      const scan = scanProductPage(parseHtml(html).root().get(0) as ParentNode);
      expect(scan.product).toBe(true);
      expect(scan.article).toBe(false);
    }
  });

  it("removes the review section of a product page and keeps the description and 'preview' elements", () => {
    const { removed, text } = textAfterRemoval(page(`<meta property="og:type" content="product">`, BODY));
    expect(removed).toBe(1);
    expect(text).not.toContain("Great mug");
    expect(text).toContain("A handmade mug.");
    expect(text).toContain("Preview text.");
  });

  it("leaves review articles and pages without product evidence alone", () => {
    const reviewArticle = `<meta property="og:type" content="product"><script type="application/ld+json">{"@type":"Review","itemReviewed":{"@type":"Product","name":"Mug"}}</script>`;
    expect(textAfterRemoval(page(reviewArticle, BODY)).removed).toBe(0);
    expect(textAfterRemoval(page(`<meta property="og:type" content="article">`, `${BODY}<button class="add-to-cart">Add</button>`)).removed).toBe(0);
    const plain = textAfterRemoval(page("", BODY));
    expect(plain.removed).toBe(0);
    expect(plain.text).toContain("Great mug");
  });

  it("keeps a review-named wrapper that holds the product title", () => {
    const html = page(`<meta property="og:type" content="product">`, `<div class="reviews-enabled"><h1>Mug</h1><p>A handmade mug.</p></div>`);
    expect(textAfterRemoval(html).removed).toBe(0);
  });
});

// The JSON-LD article body (lib/extract/json-body.ts, orchestrator step 6c): read from the page's
// schema.org scripts, and taken when the HTML routes found only a shell of a script-rendered article.
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../lib/extract/dom.ts";
import type { ParentNode } from "../../lib/extract/dom.ts";
import { readJsonArticleBody } from "../../lib/extract/json-body.ts";

const page = (ld: string) => `<html><head><script type="application/ld+json">${ld}</script></head><body><p>Shell</p></body></html>`;
const read = (html: string) => readJsonArticleBody(parseHtml(html).root().get(0) as ParentNode);

describe("readJsonArticleBody", () => {
  it("finds the articleBody inside an @graph, strips its markup and keeps its paragraphs apart", () => {
    const ld = JSON.stringify({ "@graph": [{ "@type": "WebPage" }, { "@type": "NewsArticle", articleBody: "<p>First &amp; one.</p><p>Second <b>two</b>.</p>" }] });
    expect(read(page(ld))).toBe("First & one.\nSecond two.");
  });
  it("returns nothing for pages without one or with broken JSON", () => {
    expect(read(page(JSON.stringify({ "@type": "Organization", name: "X" })))).toBe("");
    expect(read(page("{ not json"))).toBe("");
  });
});

// Teaser titles in a named container (teaser-titles.ts, kept by orchestrator.ts): a linked headline dropped by
// the block classifier comes back when the summary under it stayed (on an article only when the
// summaries hold most of its text: a list of teasers labelled an article).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../lib/extract/index.ts";


describe("teaser titles kept with their summaries", () => {

  it("keeps a linked headline over its summary but not an accordion's question (a heading in an <a href=\"#\">)", () => {
    const qa = (i: number) => `<div class="card"><div class="card-header"><a href="#" class="btn" aria-controls="c${i}"><h4>What does question number ${i} ask about?</h4></a></div><div id="c${i}" class="collapse"><p>The answer to question ${i} is a short paragraph of plain text that explains the point to the reader in a few words.</p></div></div>`;
    const teaser = (i: number) => `<h3><a href="/news/story-${i}">Another story number ${i} from the desk</a></h3><p>A short summary of that other story, number ${i}, with a few more words in it for the reader to skim.</p>`;
    const html = `<html><head><meta property="og:type" content="website"></head><body><main><h1>Our services</h1><p>We design and build websites for small firms, and we look after them for years after the launch, with care.</p>${[1, 2].map(teaser).join("")}${[1, 2, 3].map(qa).join("")}</main></body></html>`;
    const r = extractArticle(html, { url: "https://example.org/services" });
    expect(r.methodReason).toMatch(/kept 2 teaser titles/);
    expect(r.text).toContain("Another story number 2 from the desk");
    expect(r.text).toContain("The answer to question 3");
    expect(r.text).not.toContain("What does question number");
  });

  it("leaves an article's related-story headlines out", () => {
    const teaser = (i: number) => `<h3><a href="/news/story-${i}">Another story number ${i} from the desk</a></h3><p>A short summary of that other story, number ${i}, with a few more words in it for the reader to skim.</p>`;
    const body = Array.from({ length: 4 }, (_, i) => `<p>The council met on Tuesday and approved part ${i} of the budget for the coming year after a long debate about the river road and the school.</p>`).join("");
    const html = `<html><head><meta property="og:type" content="article"></head><body><article><h1>Council approves the budget</h1>${body}${[1, 2].map(teaser).join("")}</article></body></html>`;
    const r = extractArticle(html, { url: "https://example.org/news/council-approves-the-new-budget-today" });
    expect(r.text).toContain("part 3 of the budget");
    expect(r.text).not.toContain("Another story number 1");
  });

  it("keeps them on a page labelled an article that is a list of teasers (their summaries hold most of its text)", () => {
    const teaser = (i: number) => `<h3><a href="/news/story-${i}">Another story number ${i} from the desk</a></h3><p>A short summary of that other story, number ${i}, with a few more words in it for the reader to skim.</p>`;
    const html = `<html><head><meta property="og:type" content="article"></head><body><main><h1>Latest stories</h1>${[1, 2, 3, 4, 5].map(teaser).join("")}</main></body></html>`;
    const r = extractArticle(html, { url: "https://example.org/news/" });
    expect(r.methodReason).toMatch(/page kind article.*kept \d+ teaser titles/);
    expect(r.text).toContain("Another story number 2 from the desk");
  });
});

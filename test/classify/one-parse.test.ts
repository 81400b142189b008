// One parse for training and serving (issue 20 item 1): the classifier's training path
// (prepare-page.ts, used by lede classify, the WCXB dataset and retraining), its fallback when given
// only HTML (features.ts resolveDocumentFacts) and the template's entries of a page given as HTML all
// parse as the crawler does (lib/extract/dom.ts parseHtml), so a page whose article follows </html>
// (WordPress themes that close the document early), or whose text holds a CDATA marker, reads the same in
// training as in the crawl.
import { describe, expect, it } from "vitest";
import { prepareHtml } from "../../lib/classify/prepare-page.ts";
import { readDocumentFacts, resolveDocumentFacts } from "../../lib/classify/features.ts";
import { parseHtml } from "../../lib/extract/dom.ts";
import { pageEntries } from "../../lib/extract/template.ts";

const prose = Array.from({ length: 5 }, (_, i) => `<p>Paragraph ${i}: the council met on Tuesday evening and agreed to rebuild the footbridge over the river before the winter floods.</p>`).join("");
/**
 * A page that closes the document after its header and prints the article below it, with a CDATA marker in
 * its header's text (XenForo themes print one: a browser reads it as a bogus comment).
 */
const html = `<html><head><title>Footbridge</title></head><body><header><nav><a href="/">Home</a> <![CDATA[ menu</nav></header></body></html><article><h1>Footbridge to be rebuilt</h1>${prose}</article>`;

describe("one parse for the crawler, the classifier's training path and templates", () => {
  it("reads the document facts the crawler reads, the article after </html> included", () => {
    const crawler = readDocumentFacts(parseHtml(html));
    expect(crawler.page.text).toContain("the council met on Tuesday evening");
    expect(crawler.page.articleElements).toBe(1);
    expect(prepareHtml(html, "https://news.example/footbridge").document).toEqual(crawler);
    expect(resolveDocumentFacts({ html })).toEqual(crawler);
  });

  it("keys the template entries of a page given as HTML as those of the crawler's parsed page", () => {
    const fromHtml = pageEntries(html);
    expect(fromHtml.entries.map((e) => e.path)).toContain("html>body>article>p");
    expect(fromHtml).toEqual(pageEntries(parseHtml(html)));
  });
});

// Boxes set into the article text (prune.ts INLINE_BOX_NAMES): inline text boxes, inline teasers written as
// web components, "intext" link boxes and flyouts leaked on the trafilatura tuning half (reiterrevue.de,
// bmas.de, wpolityce.pl, drk.de). Small hand-written pages shaped like those.
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../lib/extract/index.ts";

const PARA = "The council met on Tuesday evening and agreed after a long debate to rebuild the old bridge over the river before the winter.";
const article = (inner: string) =>
  `<html><body><nav><a href="/">Home</a></nav><div class="entry-content"><h1>Bridge to be rebuilt</h1><p>${PARA}</p>${inner}<p>${PARA} It will cost more than planned.</p><p>${PARA} Work starts in May.</p></div></body></html>`;
const extract = (inner: string) => extractArticle(article(inner), { url: "https://example.com/news/bridge-rebuilt" }).text;

describe("inline boxes inside the article", () => {
  it("drops an inline text box and an intext link box", () => {
    const text = extract(`<div class="inlineTextbox inlineTextboxstandard">Hay is the basis of every horse's diet, read our guide.</div><div class="intext-links"><p>Read our dossier on the old bridges of the region</p></div>`);
    expect(text).toContain("Work starts in May.");
    expect(text).not.toContain("basis of every horse");
    expect(text).not.toContain("dossier on the old bridges");
  });

  it("drops an inline teaser written as a custom element, and a flyout", () => {
    const text = extract(`<pp-inline-teaser><div><p class="text">Questions and answers on bridge safety.</p></div></pp-inline-teaser><div class="c-flyout js-flyout"><div class="c-flyout__body"><p>Every small donation helps us.</p></div></div>`);
    expect(text).toContain("It will cost more than planned.");
    expect(text).not.toContain("Questions and answers");
    expect(text).not.toContain("Every small donation");
  });

  it("keeps a quoted paragraph and a box that is not named as an inline box", () => {
    const text = extract(`<blockquote><p>We will build it to last a century, said the mayor.</p></blockquote><div class="wp-block-box-text inline-box"><p>The bridge carries 20,000 cars a day.</p></div>`);
    expect(text).toContain("last a century");
    expect(text).toContain("20,000 cars a day");
  });
});

describe("navigation columns and flyouts outside the article", () => {
  it("drops the removeBoilerplate furniture named 'navigation' or 'flyout', keeps the article", async () => {
    const { parseHtml, bodyOf, textOf } = await import("../../lib/extract/dom.ts");
    const { removeBoilerplate } = await import("../../lib/extract/clean.ts");
    const $ = parseHtml(`<html><body><div id="navigation"><div class="infoblog"><p>The keys to the contemporary world since the start of the century.</p></div></div><div class="c-flyout"><p>Every small donation helps us.</p></div><div class="entry"><p>${PARA}</p></div></body></html>`);
    const body = bodyOf($);
    removeBoilerplate(body);
    const text = textOf(body);
    expect(text).toContain("rebuild the old bridge");
    expect(text).not.toContain("keys to the contemporary world");
    expect(text).not.toContain("small donation");
  });
});

// Precision rules of the extraction (issue 4, snippet F1): the boilerplate that sat inside or next to
// the article and came out in its text on the trafilatura set — picture credits, ... Each case is
// a small hand-written page shaped like the corpus pages where the rule was measured.
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../lib/extract/index.ts";
import { dropDanglingBlocks } from "../../lib/extract/trim.ts";
import type { TextBlock } from "../../lib/extract/segment.ts";

const PARA = "The council met on Tuesday evening and agreed after a long debate to rebuild the old bridge over the river before the winter.";
const article = (inner: string) =>
  `<html><body><nav><a href="/">Home</a></nav><div class="entry-content"><h1>Bridge to be rebuilt</h1><p>${PARA}</p>${inner}<p>${PARA} It will cost more than planned.</p><p>${PARA} Work starts in May.</p></div></body></html>`;

describe("picture credits", () => {
  const block = (text: string, i: number): TextBlock => ({ index: i, text, kind: "paragraph", words: text.split(" ").length, linkWords: 0, density: 1, el: null, depth: 1 });

  it("drops short credit lines and captions carrying a ©, keeps text that merely mentions a photo", () => {
    const texts = ["Foto: Jane Doe", "Crédits photos : Agency", "Beitragsbild", "The mayor at the river. | © Agency/Getty Images", "Photo opportunities were rare that day, said the mayor, who came by bike.", PARA];
    const all = texts.map(block);
    const keep = all.map(() => true);
    dropDanglingBlocks(all, keep);
    expect(all.filter((_, i) => keep[i]).map((b) => b.text)).toEqual([texts[4], PARA]);
  });

  it("leaves the credit under a picture out of the article text", () => {
    const r = extractArticle(article(`<p><img src="a.jpg"></p><p>Titelbild: Stadtarchiv</p>`), { url: "https://example.com/a" });
    expect(r.text).toContain("Work starts in May.");
    expect(r.text).not.toContain("Stadtarchiv");
  });
});

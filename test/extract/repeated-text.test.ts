// Repeated text (lib/extract/repeated-text.ts): the later copies of a block of at least a few words go
// (10 on declared articles, 3 elsewhere), shorter repeated lines (sizes, prices, table cells) stay.
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../lib/extract/index.ts";
import { dropRepeatedBlocks } from "../../lib/extract/repeated-text.ts";
import { parseHtml, bodyOf } from "../../lib/extract/dom.ts";
import { segmentBlocks } from "../../lib/extract/segment.ts";

const count = (text: string, part: string) => text.split(part).length - 1;

describe("repeated blocks", () => {
  it("keeps the first copy of a long block and every copy of a short one", () => {
    const long = "A wheel thrown, matte textured vessel with a clear glazed interior, made by hand in our studio.";
    const body = bodyOf(parseHtml(`<html><body><p>${long}</p><p>Size: 9 cm</p><div><p>${long}</p><p>Size: 9 cm</p></div></body></html>`));
    const { kept, repeats } = dropRepeatedBlocks(segmentBlocks(body), "article");
    expect(kept.map((b) => b.text)).toEqual([long, "Size: 9 cm", "Size: 9 cm"]);
    expect(repeats.map((b) => b.text)).toEqual([long]);
  });

  it("drops shorter repeats on pages that are not declared articles", () => {
    const body = bodyOf(parseHtml(`<html><body><p>Trusted by teams</p><p>New</p><div><p>Trusted by teams</p><p>New</p></div></body></html>`));
    const { kept, repeats } = dropRepeatedBlocks(segmentBlocks(body), "other");
    expect(kept.map((b) => b.text)).toEqual(["Trusted by teams", "New", "New"]);
    expect(repeats.map((b) => b.text)).toEqual(["Trusted by teams"]);
  });

  it("drops the second copy of a product page's two-word spec cells, not single words", () => {
    const table = `<table><tr><th>Magnet type</th><td>Neodymium N50</td></tr><tr><th>Weight</th><td>550g</td></tr></table>`;
    const body = bodyOf(parseHtml(`<html><body><div>${table}</div><div>${table}</div></body></html>`));
    const { kept, repeats } = dropRepeatedBlocks(segmentBlocks(body), "product");
    expect(repeats.map((b) => b.text)).toEqual(["Magnet type", "Neodymium N50"]);
    expect(kept.filter((b) => b.text === "Weight")).toHaveLength(2);
  });

  it("keeps the items' repeated attribute lines in a list of repeated items, not a sentence in every item", () => {
    const tile = (name: string) => `<li><a href="/${name}">${name}</a><p>Free international shipping</p><p>Error rating book. Refresh and try again.</p></li>`;
    const body = bodyOf(parseHtml(`<html><body><ul>${tile("Lamp")}${tile("Vase")}${tile("Bowl")}</ul></body></html>`));
    const { kept, repeats } = dropRepeatedBlocks(segmentBlocks(body), "other", true);
    expect(kept.filter((b) => b.text === "Free international shipping")).toHaveLength(3);
    expect(repeats.map((b) => b.text)).toEqual(["Error rating book. Refresh and try again.", "Error rating book. Refresh and try again."]);
  });

  it("keeps repeated code", () => {
    const code = "import { extractArticle } from './lib/extract/index.ts';";
    const body = bodyOf(parseHtml(`<html><body><pre>${code}</pre><p>Then call it on the page.</p><pre>${code}</pre></body></html>`));
    const { kept, repeats } = dropRepeatedBlocks(segmentBlocks(body), "other");
    expect(kept.filter((b) => b.text === code)).toHaveLength(2);
    expect(repeats).toHaveLength(0);
  });
});

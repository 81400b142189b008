// Repeated items (lib/extract/repeated.ts) in the orchestrator: a grid of same-kind cards inside the
// chosen container comes back whole when it holds more text than the container kept (the block
// classifier drops linked card titles as link lists); a page without such a grid is left alone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { extractArticle } from "../../lib/extract/index.ts";
import { findRepeatedItems } from "../../lib/extract/repeated.ts";
import { bodyOf, parseHtml } from "../../lib/extract/dom.ts";

const fixture = (name: string) => decodeHtml(gunzipSync(readFileSync(join(import.meta.dirname, "..", "fixtures", "extract", "page-type", name)))).text;

describe("repeated items inside the chosen container", () => {
  // WCXB 4112: a shop's category page, 30 product tiles whose names are links
  const html = fixture("wcxb-4112.html.gz");

  it("finds the product grid as the largest group of same-kind items", () => {
    const rep = findRepeatedItems(bodyOf(parseHtml(html)));
    expect(rep?.items).toBe(30);
    expect(rep?.container.attribs.class).toContain("thumbs-grid-wrap");
  });


  it("leaves an article whose items hold no more text than its container alone", () => {
    const para = (i: number) => `<section class="part"><h2>Part ${i}</h2><p>The council met on Tuesday and approved part ${i} of the budget for the coming year after a long debate about the river road.</p></section>`;
    const r = extractArticle(`<html><body><main>${Array.from({ length: 6 }, (_, i) => para(i)).join("")}</main></body></html>`, { url: "https://example.org/news/council-approves-the-new-budget-today" });
    expect(r.method).not.toBe("repeated-items");
    expect(r.text).toContain("part 5 of the budget");
  });
});

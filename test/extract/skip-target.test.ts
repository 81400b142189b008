// Skip-link targets (clean.ts): an element named "skip…" is a skip link when short, the links' target
// (the page's content) when long; jump menus stay furniture.
import { describe, expect, it } from "vitest";
import { removeBoilerplate } from "../../lib/extract/clean.ts";
import { bodyOf, parseHtml } from "../../lib/extract/dom.ts";

describe("skip-link targets", () => {
  it("keeps a product grid whose id is the skip links' target, drops the skip links and a jump menu", () => {
    const tiles = Array.from({ length: 8 }, (_, i) => `<div class="tile"><a href="/p/${i}">Pegasus ${i} road running shoe</a><p>Men's road running shoes, 3 colours, $130</p></div>`).join("");
    const $ = parseHtml(`<body><div class="skip-links"><a href="#skip-to-products">Skip to products</a></div>
      <div class="jump-menu">${Array.from({ length: 20 }, (_, i) => `<a href="/f/${i}">Jump to forum section number ${i}</a>`).join(" ")}</div>
      <div class="product-grid__items" id="skip-to-products">${tiles}</div>
      <p>${"Our running shoes are tested on road and track by the shop's own running club before they are listed. ".repeat(10)}</p></body>`);
    removeBoilerplate(bodyOf($));
    const text = $.text();
    expect(text).toContain("Pegasus 7 road running shoe");
    expect(text).not.toContain("Skip to products");
    expect(text).not.toContain("Jump to forum section");
  });
});

// Collapsed panels (lib/extract/collapsed.ts, used by the hidden-node rule of clean.ts): accordion,
// FAQ and tab panels hidden until a click are content; hidden menus and dialogs stay hidden.
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../lib/extract/index.ts";
import { isCollapsedPanel } from "../../lib/extract/collapsed.ts";
import { parseHtml } from "../../lib/extract/dom.ts";
import type { Element } from "../../lib/extract/dom.ts";

const first = (html: string) => parseHtml(`<html><body>${html}</body></html>`)("body > *").get(0) as Element;

describe("collapsed panels", () => {
  it("tells accordion, FAQ and tab panels from hidden menus and dialogs", () => {
    expect(isCollapsedPanel(first(`<div class="accordion__content" style="display:none">x</div>`))).toBe(true);
    expect(isCollapsedPanel(first(`<div class="faq__answer" hidden>x</div>`))).toBe(true);
    expect(isCollapsedPanel(first(`<div role="tabpanel" style="display: none">x</div>`))).toBe(true);
    expect(isCollapsedPanel(first(`<div class="tab-pane fade">x</div>`))).toBe(true);
    expect(isCollapsedPanel(first(`<div class="tab__content" hidden>x</div>`))).toBe(true);
    expect(isCollapsedPanel(first(`<div class="toggle__content" style="display:none">x</div>`))).toBe(true);
    expect(isCollapsedPanel(first(`<div class="a-expander-content" style="display:none">x</div>`))).toBe(true);
    expect(isCollapsedPanel(first(`<div class="navbar-collapse collapse">x</div>`))).toBe(false);
    expect(isCollapsedPanel(first(`<div class="modal" role="region">x</div>`))).toBe(false);
    expect(isCollapsedPanel(first(`<ul class="dropdown-menu">x</ul>`))).toBe(false);
    expect(isCollapsedPanel(first(`<div class="hidden-xs">x</div>`))).toBe(false);
  });


});

describe("React streaming boundaries", () => {
  it("keeps a hidden Suspense boundary whatever its base-36 number", () => {
    for (const id of ["S:3", "S:a", "S:2e"]) {
      const r = extractArticle(`<html><body><main><div><p>${"The shell of the page streams first, and this visible text is longer than the boundary. ".repeat(8)}</p></div><div hidden id="${id}"><h1>Bread stone beaded chandelier</h1><p>${"Sixteen rows of hand-cut beads hang from a bronze frame and scatter the light across the room. ".repeat(4)}</p></div></main></body></html>`, { url: "https://shop.example/pdp/chandelier" });
      expect(r.text).toContain("Sixteen rows of hand-cut beads");
    }
  });
});

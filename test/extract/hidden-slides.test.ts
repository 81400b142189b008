// Hidden slides in the strict clean (collapsed.ts isHiddenSlide, used by clean.ts's hidden-node rule): a gallery
// article writes every slide into the page and shows one; the hidden slides' captions are its text. Hidden
// layout columns and link rows beside a shown sibling stay hidden.
import { describe, expect, it } from "vitest";
import { removeBoilerplate } from "../../lib/extract/clean.ts";
import { bodyOf, parseHtml, textOf } from "../../lib/extract/dom.ts";

const cleaned = (html: string) => {
  const body = bodyOf(parseHtml(`<html><body>${html}</body></html>`));
  removeBoilerplate(body);
  return textOf(body).replace(/\s+/g, " ").trim();
};
const caption = (n: number) => `<p>Slide ${n}: a caption written as prose about the item shown, long enough to be read as a paragraph of the article.</p>`;

describe("hidden slides", () => {
  it("keeps the hidden slides of a gallery beside the shown one", () => {
    const html = `<div class="gallery">` +
      `<div class="gallery-section" style="display: block">${caption(1)}</div>` +
      `<div class="gallery-section hidden" style="display: none">${caption(2)}</div>` +
      `<div class="gallery-section hidden" style="display: none">${caption(3)}</div></div>`;
    const text = cleaned(html);
    for (const n of [1, 2, 3]) expect(text).toContain(`Slide ${n}:`);
  });

  it("drops hidden boxes that are no slideshow: one hidden alternative, link rows without prose, menus", () => {
    const html = `<div class="col" style="display:none">${caption(1)}</div><div class="col">${caption(2)}</div>` +
      `<div class="row">Jewelry Gifts</div><div class="row" style="display:none">Ceramics Under $50</div><div class="row" style="display:none">Meet Our Makers</div>` +
      `<ul><li class="menu-item">Home</li><li class="menu-item" style="display:none">${caption(3)}</li><li class="menu-item" style="display:none">${caption(4)}</li></ul>`;
    const text = cleaned(html);
    expect(text).toContain("Slide 2:");
    for (const s of ["Slide 1:", "Ceramics", "Meet Our Makers", "Slide 3:", "Slide 4:"]) expect(text).not.toContain(s);
  });
});

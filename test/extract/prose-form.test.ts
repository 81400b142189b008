// Forms in the strict clean (clean.ts): a <form> is input furniture unless it wraps several paragraphs of
// written text (a shop's product form around the product's description); its controls go either way.
import { describe, expect, it } from "vitest";
import { removeBoilerplate } from "../../lib/extract/clean.ts";
import { bodyOf, parseHtml, textOf } from "../../lib/extract/dom.ts";

const cleaned = (html: string) => {
  const body = bodyOf(parseHtml(`<html><body>${html}</body></html>`));
  removeBoilerplate(body);
  return textOf(body).replace(/\s+/g, " ").trim();
};
const PROSE = "<p>" + "The article's own paragraph, long enough to be the page. ".repeat(20) + "</p>";
const para = (n: number) => `<p>Description ${n}: the product is described here in a sentence of prose long enough to be a paragraph of its own.</p>`;

describe("forms holding prose", () => {
  it("keeps a product form's description paragraphs and drops its controls", () => {
    const html = `<article>${PROSE}</article><form class="productform">${para(1)}${para(2)}${para(3)}` +
      `<label>Quantity</label><input type="number"><select><option>Size XL</option></select><button>Add to cart</button></form>`;
    const text = cleaned(html);
    for (const n of [1, 2, 3]) expect(text).toContain(`Description ${n}:`);
    for (const s of ["Quantity", "Size XL", "Add to cart"]) expect(text).not.toContain(s);
  });

  it("drops contact, sign-up and comment forms: a notice or two, labels and fields", () => {
    const notice = "<p>" + "By checking this box, you confirm that you have read and understand this notice. ".repeat(8) + "</p>";
    const html = `<article>${PROSE}</article><form class="contact">${notice}<p>Required fields are marked *</p>` +
      `<p><label>Your message to us, written in the box below as long as you need it to be, please</label><textarea></textarea></p>` +
      `<p><label>Your email address, which we will never share with anyone else or publish anywhere</label><input type="email"></p></form>`;
    const text = cleaned(html);
    expect(text).toContain("The article's own paragraph");
    for (const s of ["By checking this box", "Required fields", "Your message", "Your email"]) expect(text).not.toContain(s);
  });
});

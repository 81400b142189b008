// Modifier class tokens in the strict clean (clean.ts): "…--has-ads", "has-sidebar", "no-sidebar", "with-comments"
// say what an element holds or lacks, not what it is; they make no furniture. "menu-with-icons" stays a menu.
import { describe, expect, it } from "vitest";
import { removeBoilerplate } from "../../lib/extract/clean.ts";
import { bodyOf, parseHtml, textOf } from "../../lib/extract/dom.ts";
import { snippets } from "../helpers/snippets.ts";

const cleaned = (html: string) => {
  const body = bodyOf(parseHtml(`<html><body>${html}</body></html>`));
  removeBoilerplate(body);
  return textOf(body).replace(/\s+/g, " ").trim();
};
const PROSE = "<p>" + "The article's own paragraph, long enough to be the page. ".repeat(20) + "</p>";

describe("holds/lacks modifiers", () => {
  it("keeps sections whose only furniture word is in a has-/with-/no- modifier", () => {
    const html = `<section class="o-section o-section--has-ads js-section--has-ads"><h2>The headline section</h2></section>` +
      `<div class="layout no-sidebar"><p>Layout without a sidebar</p></div><div class="post with-comments">${PROSE}</div>`;
    const text = cleaned(html);
    for (const s of ["The headline section", "Layout without a sidebar", "The article's own paragraph"]) expect(text).toContain(s);
  });

  it("still drops furniture that has a modifier besides its own furniture name", () => {
    const html = `<article>${PROSE}</article><ul class="menu-with-icons"><li>Home</li></ul><div class="ad-slot has-label">Advertisement</div>`;
    const text = cleaned(html);
    for (const s of ["Home", "Advertisement"]) expect(text).not.toContain(s);
  });

  it("extracts the subtitle of an article head section named o-section--has-ads", () => {
    // trafilatura set: skateboardmsm.de, section.o-section.o-section-intro-top.o-section--has-ads holds the h2 subtitle
    expect(snippets("traf-skateboardmsm.de.dormhagen.html.gz", "https://skateboardmsm.de/news/the-captains-quest-2017-contest-auf-schwimmender-miniramp-am-19-august-in-dormagen.html",
      ["Wakebeach 257", "Be there or be square!", "Hier geht’s zur Facebook Veranstaltung", "Blue Tomato präsentiert die dritte"],
      ["More from News", "von Redaktion MSM", "Add yours."])).toEqual({ missing: [], leaked: [] });
  });
});

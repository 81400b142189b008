// Furniture by class/id word in the strict clean (clean.ts): notices, alerts, tooltips, legal boxes, bylines,
// crumbs, Jetpack's sharing boxes; and text hidden from the screen for screen readers (sr-only and friends).
// Modifier tokens ("…--has-ads", "has-sidebar", "no-sidebar", "with-comments") say what an element holds or
// lacks, not what it is: they make no furniture; "menu-with-icons" stays a menu.
import { describe, expect, it } from "vitest";
import { removeBoilerplate } from "../../lib/extract/clean.ts";
import { bodyOf, parseHtml, textOf } from "../../lib/extract/dom.ts";

const cleaned = (html: string) => {
  const body = bodyOf(parseHtml(`<html><body>${html}</body></html>`));
  removeBoilerplate(body);
  return textOf(body).replace(/\s+/g, " ").trim();
};
const PROSE = "<p>" + "The article's own paragraph, long enough to be the page. ".repeat(20) + "</p>";

describe("furniture words", () => {
  it("drops notices, alerts, tooltips, legal boxes, bylines and Jetpack's sharing box beside the article", () => {
    const html = `<article>${PROSE}</article>` +
      `<div class="site-notice">Start asking to get answers</div><div class="alert alert-success">Added to your wishlist.</div>` +
      `<span class="tooltip">How we get this data</span><div class="footer-legal">Terms apply</div>` +
      `<div class="c-byline">By A. Writer</div><div class="sharedaddy sd-sharing-enabled">Share this:</div>`;
    const text = cleaned(html);
    expect(text).toContain("The article's own paragraph");
    for (const s of ["Start asking", "wishlist", "How we get", "Terms apply", "A. Writer", "Share this"]) expect(text).not.toContain(s);
  });

  it("drops announcement bars, trending lists, disclaimers, offer boxes and ARIA widgets (tooltips, list boxes, status regions)", () => {
    const html = `<div class="announcement-bar">Free shipping this week</div><article>${PROSE}</article>` +
      `<section class="trending-now">Ten things to read</section><p class="affiliate-disclaimer">We may earn a commission</p>` +
      `<div class="special-offers">Get $130 in value</div><div role="tooltip">Average quote</div>` +
      `<ul role="listbox"><li role="option">Sort: Best Match</li></ul><div role="status">Loading results</div>`;
    const text = cleaned(html);
    expect(text).toContain("The article's own paragraph");
    for (const s of ["Free shipping", "Ten things", "commission", "$130", "Average quote", "Best Match", "Loading results"]) expect(text).not.toContain(s);
  });

  it("drops text kept for screen readers only, whole class tokens (sr-only-focusable skip links are left to skip-links.ts)", () => {
    const html = `<article>${PROSE}<table><caption class="sr-only">Ticker Information Table</caption><tr><td>AMZN</td></tr></table>` +
      `<a href="#x"><span class="screen-reader-text">opens in a new window</span>Read</a><span class="visually-hidden">Menu</span></article>`;
    const text = cleaned(html);
    expect(text).toContain("AMZN");
    for (const s of ["Ticker Information", "opens in a new window", "Menu"]) expect(text).not.toContain(s);
    expect(cleaned(`<p class="sr-only-focusable">Skip to content</p>${PROSE}`)).toContain("Skip to content");
  });



  it("keeps a widget-named hero holding the page's <h1>, drops short widgets titled with h2-h4", () => {
    // structure of pcgamer.com (trafilatura set, pcgamer.com.skyrim): the article's header sits in div#hero.widget.widget-hero
    const html = `<div class="widget-area"><div id="hero" class="clear-both widget widget-hero"><div class="news-article"><header>` +
      `<h1>An Illusionist in Skyrim: Part 1</h1></header></div></div></div><article>${PROSE}</article>` +
      `<div class="widget popular-widget"><h3>Most popular</h3><ul><li>Skyrim finally beaten</li></ul></div>`;
    const text = cleaned(html);
    expect(text).toContain("An Illusionist in Skyrim");
    for (const s of ["Most popular", "Skyrim finally beaten"]) expect(text).not.toContain(s);
  });
});

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
});

// Elementor widget types (clean.ts withoutBuilderTokens): "elementor-widget-heading" is a heading, not
// furniture; the type still speaks ("elementor-widget-nav-menu" is a menu).
import { describe, expect, it } from "vitest";
import { removeBoilerplate } from "../../lib/extract/clean.ts";
import { bodyOf, parseHtml } from "../../lib/extract/dom.ts";

describe("Elementor widget types", () => {
  it("keeps heading and icon-box widgets, drops the nav-menu widget", () => {
    const $ = parseHtml(`<body><main>
      <div class="elementor-element elementor-widget elementor-widget-heading"><h2>We combine creativity and thinking</h2></div>
      <div class="elementor-element elementor-widget__width-initial elementor-widget elementor-widget-icon-box"><h3>Greater brand visibility</h3><p>Marketing increases exposure.</p></div>
      <div class="elementor-element elementor-widget elementor-widget-nav-menu"><a href="/">Home</a> <a href="/about">About</a></div>
    </main></body>`);
    removeBoilerplate(bodyOf($));
    const text = $.text();
    expect(text).toContain("We combine creativity and thinking");
    expect(text).toContain("Greater brand visibility");
    expect(text).not.toContain("About");
  });
});

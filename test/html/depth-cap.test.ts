// The nesting cap applied before parsing (lib/html/depth-cap.ts): pages within it are the same string;
// deeper ones keep their text under the deepest element kept (issue 19, item 3).
import { describe, expect, it } from "vitest";
import { capNestingDepth, MAX_DOM_DEPTH } from "../../lib/html/depth-cap.ts";
import { parseHtml, type AnyNode, type Element } from "../../lib/extract/dom.ts";
import { extractLinks } from "../../lib/html/links.ts";

/** Deepest element nesting of a parsed document (iterative). */
function depthOf(root: AnyNode): number {
  let max = 0;
  const stack: [AnyNode, number][] = [[root, 0]];
  while (stack.length) {
    const [node, d] = stack.pop()!;
    max = Math.max(max, d);
    for (const c of (node as Element).children ?? []) if (c.type === "tag" || c.type === "script" || c.type === "style") stack.push([c, d + 1]);
  }
  return max;
}

describe("capNestingDepth", () => {
  it("returns a page within the cap unchanged", () => {
    const page = `<!doctype html><html><head><title>x</title><script>if (a < b) document.write("<div><div><div>")</script></head>` +
      `<body><!-- <div><div> -->${"<p>unclosed paragraph ".repeat(5_000)}<ul>${"<li>item".repeat(3_000)}</ul>` +
      `<svg>${'<path d="M0 0"/>'.repeat(2_000)}</svg><table>${"<tr><td>a<td>b".repeat(1_000)}</table>` +
      `<div title="a > b"><img src=x><br></div>${"<div>".repeat(400)}deep${"</div>".repeat(400)}</body></html>`;
    expect(capNestingDepth(page)).toBe(page);
  });
  it("caps 100,000 nested elements and keeps their text and links", () => {
    const n = 100_000;
    const page = `<html><body><p>before</p>${"<div>".repeat(n)}<a href="/inner">deep link</a> deep text${"</div>".repeat(n)}<p>after</p></body></html>`;
    const capped = capNestingDepth(page);
    expect(capped).not.toBe(page);
    const $ = parseHtml(page);
    expect(depthOf($.root().get(0)!)).toBeLessThanOrEqual(MAX_DOM_DEPTH + 1);
    expect($("body").text()).toMatch(/before.*deep text.*after/s);
    expect(extractLinks($, "http://a.example/").map((l) => l.url)).toContain("http://a.example/inner");
    // the element after the deep block is still the body's, not buried inside it
    expect($("body > p").length).toBe(2);
  });
  it("caps deep nesting of mixed elements and stray end tags", () => {
    const page = `<body>${"<span><b>".repeat(20_000)}x${"</i>".repeat(100)}${"</b></span>".repeat(20_000)}<p>end</p></body>`;
    const $ = parseHtml(page);
    expect(depthOf($.root().get(0)!)).toBeLessThanOrEqual(MAX_DOM_DEPTH + 2);
    expect($("body").text()).toMatch(/x.*end/s);
  });
});

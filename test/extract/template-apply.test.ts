import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { newTemplate, pageEntries, updateTemplate, type TemplateState } from "../../lib/extract/template.ts";
import { removeTemplateNodes } from "../../lib/extract/apply-template.ts";
import { bodyOf, parseHtml } from "../../lib/extract/dom.ts";
import { extractArticle } from "../../lib/extract/index.ts";
import { wordBagF1 } from "../../scripts/bench/template-gain.ts";

const dir = join(import.meta.dirname, "..", "fixtures", "extract-meta", "template");
const html = (id: string) => gunzipSync(readFileSync(join(dir, `${id}.html.gz`))).toString("utf8");
const truth = (id: string) => JSON.parse(readFileSync(join(dir, `${id}.truth.json`), "utf8")) as { ground_truth: { main_content: string } };
const SITE = ["0368", "4180", "4558"];

function build(pages: string[]): TemplateState {
  let t = newTemplate();
  for (const p of pages) t = updateTemplate(t, pageEntries(p));
  return t;
}

/** A documentation-like page: shared menu, and a code line whose punctuation tokens recur on every page. */
const docPage = (name: string, prose: string) => `<html><body>
<nav><ul><li><a href="/">Home</a></li><li><a href="/docs">Docs</a></li></ul></nav>
<main><h1>${name}</h1><p>${prose}</p><pre><code><span>function</span> ${name}<span>(</span>x<span>)</span></code></pre></main>
</body></html>`;

describe("removeTemplateNodes", () => {
  it("removes blocks made only of template text and keeps template tokens inside page-specific blocks", () => {
    const pages = [docPage("alpha", "Alpha sorts a list."), docPage("beta", "Beta joins two lists."), docPage("gamma", "Gamma splits a string.")];
    const t = build(pages);
    const $ = parseHtml(pages[1]);
    const r = removeTemplateNodes(bodyOf($), t);
    expect(r).not.toBeNull();
    const text = $("body").text().replace(/\s+/g, " ");
    expect(text).not.toContain("Home");
    expect(text).not.toContain("Docs");
    // "function", "(" and ")" are template entries, but their block holds "beta": the line stays whole
    expect(text).toContain("function beta(x)");
    expect(text).toContain("Beta joins two lists.");
    expect(r!.removed).toBe(2);
  });

  it("does nothing while the template is not ready", () => {
    const t = build([docPage("alpha", "a"), docPage("beta", "b")]);
    expect(removeTemplateNodes(bodyOf(parseHtml(docPage("gamma", "c"))), t)).toBeNull();
  });
});

describe("orchestrator with a site template (health.ucdavis.edu, WCXB)", () => {
  it("extracts the article without the site navigation and at least as well as without the template", () => {
    const t = build(SITE.map(html));
    for (const id of ["0368", "4558"]) {
      const gt = truth(id).ground_truth.main_content;
      const withT = extractArticle(html(id), { url: "https://health.ucdavis.edu/", template: t });
      const without = extractArticle(html(id), { url: "https://health.ucdavis.edu/" });
      expect(withT.text).not.toContain("Patients & Visitors");
      expect(wordBagF1(withT.text, gt)).toBeGreaterThanOrEqual(wordBagF1(without.text, gt) - 0.005);
    }
  });

  it("sets the template aside when the page's content is template too", () => {
    // three identical pages: every block is template, nothing page-specific is left
    const page = docPage("alpha", "Alpha sorts a list of numbers in place and returns the same list, for speed, when the caller does not need the original order. It is stable, and it accepts a key function and a flag for descending order. ".repeat(2));
    const t = build([page, page, page]);
    const r = extractArticle(page, { url: "https://docs.example/alpha", template: t });
    expect(r.methodReason).toMatch(/^template set aside/);
    expect(r.text).toContain("Alpha sorts a list");
    expect(r).toMatchObject({ text: extractArticle(page, { url: "https://docs.example/alpha" }).text });
  });
});

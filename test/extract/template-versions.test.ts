// A template that stays true (issue #21): versions count material changes of its entries, entries that
// stop appearing on recent pages age out, a redesign restarts the window from the new design's pages,
// and a state stored before any of this parses with its entries as version 1.
import { describe, expect, it } from "vitest";
import {
  AGE_OUT_PAGES, MIN_TEMPLATE_PAGES, REDESIGN_PAGES, describeTemplate, isTemplateKey, newTemplate, pageEntries, parseTemplate,
  serializeTemplate, templateKeys, updateTemplate, type TemplateState,
} from "../../lib/extract/template.ts";

/** A page of a site design: `menu` links and `footer` lines are its template; the article text is the page's own. */
function page(design: string, n: number, menu = 12): string {
  const links = Array.from({ length: menu }, (_, i) => `<li><a href="/${design}/${i}">${design} section ${i}</a></li>`).join("");
  return `<html><body><header><ul>${links}</ul></header><main><h1>${design} story ${n}</h1>
    <p>Paragraph ${n} of the ${design} article, with words of its own: ${"lorem ipsum ".repeat(n % 5 + 1)}${n}.</p></main>
    <footer><p>${design} footer line one</p><p>${design} footer line two</p></footer></body></html>`;
}

function feed(t: TemplateState, design: string, from: number, count: number, menu?: number): TemplateState {
  for (let i = from; i < from + count; i++) t = updateTemplate(t, pageEntries(page(design, i, menu)), { ref: 100 + i, now: 1_000 * i });
  return t;
}

describe("template versions", () => {
  it("becomes version 1 when ready and moves only on a material change", () => {
    let t = feed(newTemplate(), "alpha", 0, MIN_TEMPLATE_PAGES - 1);
    expect(t.version).toBe(0);
    t = feed(t, "alpha", MIN_TEMPLATE_PAGES - 1, 1);
    expect(t.version).toBe(1);
    expect(t.changedAt).toBe(1_000 * (MIN_TEMPLATE_PAGES - 1));
    // more pages of the same design: the same entries, the same version
    t = feed(t, "alpha", MIN_TEMPLATE_PAGES, 6);
    expect(t.version).toBe(1);
    // a menu that grows by half: a new version
    t = feed(t, "alpha", 20, 12, 24);
    expect(t.version).toBeGreaterThan(1);
    expect(describeTemplate(t).changedAt).not.toBeNull();
  });

  it("ages out an entry none of the recent pages holds", () => {
    let t = feed(newTemplate(), "alpha", 0, 12);
    const gone = pageEntries(page("alpha", 0)).entries.find((e) => e.text === "alpha section 11")!.key;
    expect(isTemplateKey(t, gone)).toBe(true);
    // the last menu item is dropped: after AGE_OUT_PAGES pages without it, it is no longer template,
    // although it is still on more than 60 % of the 20-page window
    t = feed(t, "alpha", 12, AGE_OUT_PAGES, 11);
    expect(t.counts.get(gone)! / t.pages.length).toBeGreaterThanOrEqual(0.6);
    expect(isTemplateKey(t, gone)).toBe(false);
  });

  it("detects a redesign and restarts from the new design's pages", () => {
    let t = feed(newTemplate(), "alpha", 0, 6);
    const before = t.version;
    t = feed(t, "beta", 6, REDESIGN_PAGES - 1);
    expect(t.redesigns).toHaveLength(0);
    t = feed(t, "beta", 6 + REDESIGN_PAGES - 1, 1);
    expect(t.redesigns).toHaveLength(1);
    expect(t.redesigns[0]!.pageCount).toBe(6 + REDESIGN_PAGES);
    expect(t.pages).toHaveLength(REDESIGN_PAGES);
    expect(t.epochStart).toBe(106);
    expect(t.version).toBeGreaterThan(before);
    const texts = describeTemplate(t).entries.map((e) => e.text);
    expect(texts).toContain("beta footer line one");
    expect(texts.some((x) => x.startsWith("alpha"))).toBe(false);
    // one odd page in a run of the same design is no redesign
    let u = feed(newTemplate(), "alpha", 0, 8);
    u = feed(u, "gamma", 8, 1);
    u = feed(u, "alpha", 9, 3);
    expect(u.redesigns).toHaveLength(0);
  });

  it("keeps versions, redesigns and page references through storage; an older stored state is version 1", () => {
    let t = feed(newTemplate(), "alpha", 0, 6);
    t = feed(t, "beta", 6, REDESIGN_PAGES);
    const back = parseTemplate(serializeTemplate(t));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.template.version).toBe(t.version);
    expect(back.template.redesigns).toEqual(t.redesigns);
    expect(back.template.refs).toEqual(t.refs);
    expect(templateKeys(back.template).sort()).toEqual(templateKeys(t).sort());
    // a state from before versions: no version, refs or redesigns fields
    const { version: _v, versionKeys: _k, refs: _r, redesigns: _d, epochStart: _e, changedAt: _c, ...old } = JSON.parse(serializeTemplate(t));
    const legacy = parseTemplate(JSON.stringify(old));
    expect(legacy.ok).toBe(true);
    if (!legacy.ok) return;
    expect(legacy.template.version).toBe(1);
    expect(legacy.template.versionKeys.sort()).toEqual(templateKeys(t).sort());
    expect(legacy.template.redesigns).toEqual([]);
    // a new page on it keeps working
    expect(updateTemplate(legacy.template, pageEntries(page("beta", 50))).pageCount).toBe(t.pageCount + 1);
  });
});

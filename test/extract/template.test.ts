import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import {
  compactTemplate, describeTemplate, isTemplateKey, isTemplateReady, markTemplate, newTemplate, packTemplate, pageEntries, parseTemplate,
  serializeTemplate, subtractTemplate, templateTextNodes, unpackTemplate, updateTemplate, type TemplateState,
} from "../../lib/extract/template.ts";
import { load } from "cheerio";
import { deserialize, serialize } from "node:v8";
import { extractArticle } from "../../lib/extract/index.ts";
import { addPageToSiteTemplate, getSiteTemplate, getSiteTemplateView, saveSiteTemplate } from "../../lib/db/templates.ts";
import { wordBagF1 } from "../../scripts/bench/template-gain.ts";
import { createTestDb } from "../helpers/db.ts";

const dir = join(import.meta.dirname, "..", "fixtures", "extract-meta", "template");
const html = (id: string) => gunzipSync(readFileSync(join(dir, `${id}.html.gz`))).toString("utf8");
const truth = (id: string) => JSON.parse(readFileSync(join(dir, `${id}.truth.json`), "utf8")) as { ground_truth: { main_content: string; with: string[]; without: string[] } };
const SITE = ["0368", "4180", "4558"];
const OTHER_SITE = "2862";

function build(ids: string[], opts = {}): TemplateState {
  let t = newTemplate(opts);
  for (const id of ids) t = updateTemplate(t, pageEntries(html(id)));
  return t;
}

describe("pageEntries", () => {
  it("records tag paths without ids or classes, depth-first numbers, and skips scripts and styles", () => {
    const page = pageEntries(`<html><head><title>T</title><style>p{}</style></head><body><div id="a" class="b"><p>One <a href="#">two</a></p><script>var x = 1;</script><p>three</p></div></body></html>`);
    expect(page.entries.map((e) => [e.path, e.text])).toEqual([
      ["html>body>div>p", "One"], ["html>body>div>p>a", "two"], ["html>body>div>p", "three"],
    ]);
    const ns = page.entries.map((e) => e.n);
    expect([...ns].sort((a, b) => a - b)).toEqual(ns);
    expect(page.entries[0].block).toBe(page.entries[1].block);
    expect(page.entries[2].block).not.toBe(page.entries[0].block);
    expect(page.keys.size).toBe(3);
  });

  it("gives the same key to the same path and text on different pages, whatever the attributes", () => {
    const a = pageEntries(`<body><nav class="x"><a href="/1">Home</a></nav></body>`);
    const b = pageEntries(`<body><nav id="y"><a href="/2" class="z">Home</a></nav></body>`);
    expect(a.entries[0].key).toBe(b.entries[0].key);
  });

  it("groups surviving text into blocks in document order", () => {
    const t = newTemplate();
    const r = subtractTemplate(t, pageEntries(`<body><div>intro <b>bold</b><p>para</p>after</div></body>`), { languageFilter: false });
    expect(r.blocks.map((b) => b.text)).toEqual(["intro bold", "para", "after"]);
    expect(r.blocks[0].id).toBe(r.blocks[2].id);
  });
});

describe("template subtraction on a real site (health.ucdavis.edu, WCXB)", () => {
  it("is ready only after three pages", () => {
    expect(isTemplateReady(build(SITE.slice(0, 2)))).toBe(false);
    expect(isTemplateReady(build(SITE))).toBe(true);
  });

  it("removes the site's navigation and keeps the article, raising word-bag F1 on the pages that follow the template", () => {
    const t = build(SITE);
    for (const id of ["0368", "4558"]) {
      const page = pageEntries(html(id));
      const gt = truth(id).ground_truth;
      const withT = subtractTemplate(t, page);
      const without = subtractTemplate(newTemplate(), page);
      const text = withT.blocks.map((b) => b.text).join("\n");
      expect(withT.removed).toBeGreaterThan(20);
      for (const s of gt.with) expect(text.replace(/\s+/g, " ")).toContain(s.replace(/\s+/g, " ").slice(0, 40));
      expect(text).not.toContain("Patients & Visitors");
      const f1With = wordBagF1(text, gt.main_content);
      const f1Without = wordBagF1(without.blocks.map((b) => b.text).join("\n"), gt.main_content);
      expect(f1With).toBeGreaterThan(f1Without);
    }
  });

  it("leaves a page alone when its layout differs (4180 wraps the same menu one <div> deeper)", () => {
    const t = build(SITE);
    const page = pageEntries(html("4180"));
    const r = subtractTemplate(t, page, { languageFilter: false });
    expect(r.removed).toBeLessThan(5);
    expect(r.kept).toBe(page.entries.length - r.removed);
  });

  it("templateTextNodes walks a parsed document exactly as pageEntries does", () => {
    const src = html(SITE[0]);
    expect(templateTextNodes(load(src)).map((x) => x.key)).toEqual(pageEntries(src).entries.map((e) => e.key));
  });

  it("ratio mode survives a page that does not follow the template; strict intersection does not", () => {
    const navKey = pageEntries(html(SITE[0])).entries.find((e) => e.text === "Patients & Visitors")!.key;
    const blog = ["0368", "4558"];
    const strict = build([...blog, OTHER_SITE], { mode: "strict" });
    const ratio = build([...blog, OTHER_SITE], { mode: "ratio", minRatio: 0.6 });
    expect(isTemplateKey(build(blog, { mode: "strict" }), navKey)).toBe(true);
    expect(isTemplateKey(strict, navKey)).toBe(false);
    expect(isTemplateKey(ratio, navKey)).toBe(true);
  });

  it("keeps a bounded window: old pages leave, counts follow", () => {
    const t = build([...SITE, OTHER_SITE], { window: 2 });
    expect(t.pages.length).toBe(2);
    expect(t.pageCount).toBe(4);
    const recount = new Map<string, number>();
    for (const p of t.pages) for (const k of p) recount.set(k, (recount.get(k) ?? 0) + 1);
    expect(new Map(t.counts)).toEqual(recount);
  });

  it("round-trips through JSON and describes its entries for the dashboard", () => {
    const t = build(SITE);
    const parsed = parseTemplate(serializeTemplate(t));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const page = pageEntries(html(SITE[1]));
    expect(subtractTemplate(parsed.template, page).blocks).toEqual(subtractTemplate(t, page).blocks);
    const d = describeTemplate(parsed.template);
    expect(d.pageCount).toBe(3);
    expect(d.entries.some((e) => e.text === "Patients & Visitors" && e.ratio >= 0.6)).toBe(true);
    expect(parseTemplate("{not json")).toEqual({ ok: false, reason: "invalid_json" });
    expect(parseTemplate('{"v":99,"pages":[]}')).toEqual({ ok: false, reason: "unknown_version" });
  });

  it("marks template and content in the page's HTML", () => {
    const marked = markTemplate(build(SITE), html(SITE[0]));
    expect(marked).toMatch(/<span class="lede-tpl">Patients &amp; Visitors<\/span>/);
    expect(marked).toMatch(/<span class="lede-content">[^<]*weight loss/i);
  });
});

describe("compactTemplate: the state a page thread receives", () => {
  const keysOf = (ids: string[]) => new Set(ids.flatMap((id) => [...pageEntries(html(id)).keys]));

  it("answers membership for every key as the whole state does, with and without the recent-pages rule", () => {
    // 3 pages (the window's rule alone), and 13 with another site's page last (more than AGE_OUT_PAGES:
    // the recent pages decide too, and the window holds keys that are not template)
    for (const ids of [SITE, [...SITE, ...SITE, ...SITE, ...SITE, OTHER_SITE]]) {
      const t = build(ids);
      const c = compactTemplate(t);
      expect(isTemplateReady(c)).toBe(isTemplateReady(t));
      const keys = keysOf([...SITE, OTHER_SITE]);
      let template = 0;
      for (const k of keys) {
        expect(isTemplateKey(c, k)).toBe(isTemplateKey(t, k));
        if (isTemplateKey(t, k)) template++;
      }
      expect(template).toBeGreaterThan(20);
      expect(c.counts.size).toBe(template);
      expect(serialize(c).length).toBeLessThan(serialize(t).length / 3);
      expect(compactTemplate(t)).toBe(c);
    }
  });

  it("extracts every page exactly as the whole state does, and a template not ready stays not ready", () => {
    const t = build(SITE);
    for (const id of [...SITE, OTHER_SITE]) {
      expect(extractArticle(html(id), { url: `https://example.org/${id}`, template: compactTemplate(t) }))
        .toEqual(extractArticle(html(id), { url: `https://example.org/${id}`, template: t }));
    }
    const young = build(SITE.slice(0, 2));
    expect(isTemplateReady(compactTemplate(young))).toBe(false);
  });
});

describe("packTemplate: compactTemplate as it crosses to a page thread", () => {
  it("unpacks, after a structured clone, to compactTemplate's state, for a ready window and one not ready", () => {
    for (const ids of [SITE, [...SITE, ...SITE, ...SITE, ...SITE, OTHER_SITE], SITE.slice(0, 2)]) {
      const t = build(ids);
      const p = packTemplate(t);
      expect(packTemplate(t)).toBe(p);
      const back = unpackTemplate(deserialize(serialize(p)) as typeof p);
      expect(back).toEqual(compactTemplate(t));
      // the same key order, so that anything iterating the template sees it as the compacted state has it
      expect([...back.counts.keys()]).toEqual([...compactTemplate(t).counts.keys()]);
      expect([...back.recent]).toEqual([...compactTemplate(t).recent]);
      expect(isTemplateReady(back)).toBe(isTemplateReady(t));
    }
  });

  it("packs a compacted state to the same data as the whole state", () => {
    const t = build([...SITE, ...SITE, ...SITE, ...SITE, OTHER_SITE]);
    expect(unpackTemplate(packTemplate(compactTemplate(t)))).toEqual(unpackTemplate(packTemplate(t)));
  });
});

describe("language filter inside subtraction", () => {
  it("drops code and keeps dates among the blocks a template leaves", () => {
    const nav = `<nav><a>Home</a><a>Archive</a><a>About</a></nav>`;
    const pages = [1, 2, 3].map((i) => `<body>${nav}<article><p>Story number ${i} tells how the council voted on the new library and what residents said about it.</p><p>March ${i}, 2024</p><div>!function(e){var t={};e.exports=function(n${i}){return t[n]||(t[n]=e(n${i}))}}(window);</div></article></body>`);
    let t = newTemplate();
    for (const p of pages) t = updateTemplate(t, pageEntries(p));
    const r = subtractTemplate(t, pageEntries(pages[0]));
    expect(r.blocks.map((b) => b.verdict?.reason)).toEqual(["natural", "date"]);
    expect(r.dropped.map((b) => b.verdict?.reason)).toEqual(["code_or_noise"]);
    expect(r.blocks.map((b) => b.text).join(" ")).not.toMatch(/Home|Archive/);
  });
});

describe("SiteTemplate persistence", () => {
  it("saves, loads and updates a site's template incrementally", async () => {
    const tdb = await createTestDb();
    try {
      const site = await tdb.db.site.create({ data: { seedUrl: "https://health.ucdavis.edu/", host: "health.ucdavis.edu", name: "UC Davis Health" } });
      expect(await getSiteTemplate(tdb.db, site.id)).toBeNull();
      for (const id of SITE) await addPageToSiteTemplate(tdb.db, site.id, pageEntries(html(id)), { mode: "ratio", minRatio: 0.6 });
      const stored = await getSiteTemplate(tdb.db, site.id);
      expect(stored?.template.pageCount).toBe(3);
      expect(isTemplateReady(stored!.template)).toBe(true);
      const row = await tdb.db.siteTemplate.findUnique({ where: { siteId: site.id } });
      expect(row?.pageCount).toBe(3);
      const view = await getSiteTemplateView(tdb.db, site.id);
      expect(view?.entries.length).toBeGreaterThan(20);
      await saveSiteTemplate(tdb.db, site.id, newTemplate());
      expect((await getSiteTemplate(tdb.db, site.id))?.template.pageCount).toBe(0);
      await tdb.db.siteTemplate.update({ where: { siteId: site.id }, data: { data: "garbage" } });
      expect(await getSiteTemplate(tdb.db, site.id)).toBeNull();
    } finally {
      await tdb.cleanup();
    }
  });
});

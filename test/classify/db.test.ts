import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gzipSync } from "node:zlib";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import {
  addLabel, addPageLabel, countLabels, exportLabelsJsonl, importLabelsJsonl, listDisagreements, listLabelledPages,
  listLabels, listLatestLabels, listMisclassified, listUncertainArticles,
} from "../../lib/db/labels.ts";
import { activateModelVersion, getActiveModelVersion, listModelVersions, saveModelVersion } from "../../lib/db/models.ts";
import { createActiveClassifierCache, loadActiveClassifier, loadDefaultClassifier } from "../../lib/classify/active-model.ts";
import { Classifier } from "../../lib/classify/model.ts";
import { FEATURE_NAMES } from "../../lib/classify/features.ts";

let t: TestDb;
let t2: TestDb;
beforeAll(async () => { t = await createTestDb(); t2 = await createTestDb(); });
afterAll(async () => { await t.cleanup(); await t2.cleanup(); });

async function addPageWithArticle(db: TestDb["db"], siteId: number, n: number, score: number): Promise<{ pageId: number; url: string }> {
  const url = `https://news.example/story-${n}`;
  const page = await db.page.create({
    data: { url, siteId, finalUrl: url, status: 200, size: 10, contentHash: `h${n}`, rawBody: gzipSync(Buffer.from(`<html><title>S${n}</title><p>Body ${n}</p></html>`)), contentType: "text/html" },
    select: { id: true },
  });
  await db.article.create({
    data: { pageId: page.id, siteId, url, title: `Story ${n}`, text: `Body ${n}`, html: "<p></p>", method: "density", textLength: 6,
      newsScore: score, isNews: score >= 0.5, modelIsNews: score >= 0.5, decisionReason: "test", contentHash: `c${n}`, simhash: "0000000000000000" },
  });
  return { pageId: page.id, url };
}

describe("labels", () => {
  it("export → import into a fresh database round-trips, and re-importing adds nothing", async () => {
    await addLabel(t.db, { url: "https://a.example/1", isNews: true, note: "clear news" });
    await addLabel(t.db, { url: "https://a.example/2", isNews: false });
    await addLabel(t.db, { url: "https://a.example/1", isNews: false, note: "changed my mind" });
    const jsonl = await exportLabelsJsonl(t.db);
    expect(jsonl.trimEnd().split("\n")).toHaveLength(3);

    const first = await importLabelsJsonl(t2.db, jsonl);
    expect(first).toEqual({ imported: 3, duplicates: 0, invalid: [], invalidCount: 0 });
    expect(await exportLabelsJsonl(t2.db)).toBe(jsonl);
    const again = await importLabelsJsonl(t2.db, jsonl);
    expect(again).toEqual({ imported: 0, duplicates: 3, invalid: [], invalidCount: 0 });
    expect(await countLabels(t2.db)).toEqual({ total: 3, urls: 2, news: 0 }); // the newest label per URL counts
  });

  it("imports a stream in batches: every line stored once, pages attached, re-import all duplicates", async () => {
    const { importLabelLines } = await import("../../lib/db/labels.ts");
    const site = await t2.db.site.create({ data: { seedUrl: "https://bulk.example/", host: "bulk.example", name: "Bulk" }, select: { id: true } });
    const page = await t2.db.page.create({ data: { siteId: site.id, url: "https://bulk.example/7", finalUrl: "https://bulk.example/7", status: 200, size: 10, contentHash: "h", rawBody: new Uint8Array(0) }, select: { id: true } });
    const lines = (async function* () {
      for (let i = 0; i < 2100; i++) yield { text: JSON.stringify({ url: `https://bulk.example/${i}`, isNews: i % 3 === 0, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() }) };
      yield { tooLongBytes: 100_000 };
    })();
    const r = await importLabelLines(t2.db, lines);
    expect(r).toMatchObject({ imported: 2100, duplicates: 0, invalidCount: 1 });
    expect(r.invalid[0]).toMatchObject({ line: 2101 });
    expect((await t2.db.label.findFirst({ where: { url: "https://bulk.example/7" } }))?.pageId).toBe(page.id);
    const again = await importLabelsJsonl(t2.db, Array.from({ length: 2100 }, (_, i) => JSON.stringify({ url: `https://bulk.example/${i}`, isNews: i % 3 === 0, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() })).join("\n"));
    expect(again).toMatchObject({ imported: 0, duplicates: 2100 });
  });

  it("reports bad lines with their numbers and keeps the good ones", async () => {
    const r = await importLabelsJsonl(t2.db, `{"url":"https://b.example/1","isNews":true}\nnot json\n{"url":"nope","isNews":true}\n\n{"url":"https://b.example/2"}\n`);
    expect(r.imported).toBe(1);
    expect(r.invalid.map((i) => i.line)).toEqual([2, 3, 5]);
    const rows = await listLabels(t2.db, { limit: 1 });
    expect(rows[0]).toMatchObject({ url: "https://b.example/1", isNews: true, source: "import" });
  });
});

describe("many labels", () => {
  // An import can leave 300k labels: the review page's counts once bound every newest label's id
  // (P2029 past SQLite's 32,766 parameters, a 500 on /review after a 3 MB import).
  it("counts and lists 40,000 labelled URLs without binding their ids, with the import's times stored as the adapter stores them", async () => {
    const db = await createTestDb();
    try {
      const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString();
      const jsonl = Array.from({ length: 40_000 }, (_, i) => JSON.stringify({ url: `https://many.example/${i}`, isNews: i % 4 === 0, createdAt: at(i) })).join("\n");
      expect(await importLabelsJsonl(db.db, jsonl)).toMatchObject({ imported: 40_000, invalidCount: 0 });
      await addLabel(db.db, { url: "https://many.example/1", isNews: true }); // a newer label of a URL wins
      expect(await countLabels(db.db)).toEqual({ total: 40_001, urls: 40_000, news: 10_001 });
      const latest = await listLatestLabels(db.db);
      expect(latest).toHaveLength(40_000);
      expect(latest.find((l) => l.url === "https://many.example/1")).toMatchObject({ isNews: true, source: "admin" });
      expect(latest[0]).toMatchObject({ url: "https://many.example/0", isNews: true, source: "import", note: null, pageId: null, createdAt: new Date(at(0)) });
      const viaPrisma = await db.db.label.findFirstOrThrow({ where: { url: "https://many.example/7" } });
      expect(viaPrisma.createdAt.toISOString()).toBe(at(7));
      expect(await listDisagreements(db.db)).toEqual([]);
      expect((await listMisclassified(db.db)).labelled).toBe(0);
      // the export pages through them by id: every label once, oldest first
      const exported = (await exportLabelsJsonl(db.db)).trimEnd().split("\n");
      expect(exported).toHaveLength(40_001);
      expect(JSON.parse(exported[0]!)).toMatchObject({ url: "https://many.example/0", createdAt: at(0) });
      expect(JSON.parse(exported[40_000]!)).toMatchObject({ url: "https://many.example/1", source: "admin" });
      expect(new Set(exported.slice(0, 40_000).map((l) => JSON.parse(l).url)).size).toBe(40_000);
    } finally {
      await db.cleanup();
    }
  }, 120_000);
});

describe("review queue", () => {
  it("lists unlabelled pages nearest 0.5 first, and labelled pages whose label disagrees", async () => {
    const db = t.db;
    const site = await db.site.create({ data: { seedUrl: "https://news.example/", host: "news.example", name: "News" }, select: { id: true } });
    const scores = [0.95, 0.52, 0.1, 0.45, 0.7];
    const pages = [];
    for (let i = 0; i < scores.length; i++) pages.push(await addPageWithArticle(db, site.id, i, scores[i]!));

    const uncertain = await listUncertainArticles(db, { limit: 3 });
    expect(uncertain.map((u) => u.newsScore)).toEqual([0.52, 0.45, 0.7]);
    expect(uncertain[0]!.text).toBe("Body 1");

    // The admin says 0.95 is not news (disagrees), 0.1 is not news (agrees), 0.52 is not news (disagrees).
    expect((await addPageLabel(db, pages[0]!.pageId, false)).ok).toBe(true);
    await addLabel(db, { url: pages[2]!.url, isNews: false }); // resolved to the page by URL
    await addPageLabel(db, pages[1]!.pageId, false);
    expect(await addPageLabel(db, 99_999, true)).toEqual({ ok: false, reason: "page_not_found" });

    expect((await listUncertainArticles(db, { limit: 10 })).map((u) => u.newsScore)).toEqual([0.45, 0.7]);
    const disagreed = await listDisagreements(db);
    expect(disagreed.map((d) => d.newsScore)).toEqual([0.52, 0.95]); // newest label first
    expect(disagreed[0]!.label).toMatchObject({ isNews: false, source: "admin" });

    const wrong = await listMisclassified(db);
    expect(wrong.items.map((d) => d.newsScore)).toEqual([0.95, 0.52]); // most confidently wrong first
    expect(wrong).toMatchObject({ falsePositives: 2, falseNegatives: 0, labelled: 3 });

    const training = await listLabelledPages(db);
    const stored = training.filter((p) => p.url.startsWith("https://news.example/"));
    expect(stored).toHaveLength(3);
    expect(Buffer.from(stored[0]!.body).toString()).toMatch(/<p>Body \d<\/p>/);
  });
});

describe("model versions", () => {
  it("saves, lists with metrics, activates one at a time, and the worker loads the active one", async () => {
    const db = t.db;
    expect(await getActiveModelVersion(db)).toBeNull();
    const fallback = await loadActiveClassifier(db);
    expect(fallback).toMatchObject({ source: "default", modelVersionId: null });
    expect(fallback.classifier.featureNames).toEqual([...FEATURE_NAMES]);

    const params = loadDefaultClassifier().toJSON();
    const a = await saveModelVersion(db, { kind: "mlp", params, metrics: { cv: { accuracy: 0.9 } }, trainingSize: 10 });
    const b = await saveModelVersion(db, { kind: "mlp", params, metrics: { cv: { accuracy: 0.93 } }, trainingSize: 12 });
    expect(await activateModelVersion(db, a.id)).toEqual({ ok: true });
    expect(await activateModelVersion(db, b.id)).toEqual({ ok: true });
    expect(await activateModelVersion(db, 12345)).toEqual({ ok: false, reason: "not_found" });
    const versions = await listModelVersions(db);
    expect(versions.map((v) => [v.id, v.active])).toEqual([[b.id, true], [a.id, false]]);
    expect(versions[0]!.metrics).toEqual({ cv: { accuracy: 0.93 } });

    const loaded = await loadActiveClassifier(db);
    expect(loaded).toMatchObject({ source: "active", modelVersionId: b.id });

    // A worker's cache sees a newly activated version once its TTL has passed.
    let clock = 0;
    const current = createActiveClassifierCache(db, { ttlMs: 1000, now: () => clock });
    expect((await current()).modelVersionId).toBe(b.id);
    await activateModelVersion(db, a.id);
    clock = 999;
    expect((await current()).modelVersionId).toBe(b.id);
    clock = 1000;
    expect((await current()).modelVersionId).toBe(a.id);

    // A model trained on another feature set is not used.
    const other = Classifier.fit([{ id: "1", x: Float64Array.from([0]), y: true }, { id: "2", x: Float64Array.from([1]), y: false }], ["only"], { kind: "logreg" }).classifier;
    const c = await saveModelVersion(db, { kind: "logreg", params: other.toJSON(), metrics: {}, trainingSize: 2 });
    await activateModelVersion(db, c.id);
    expect(await loadActiveClassifier(db)).toMatchObject({ source: "default", modelVersionId: null });

    // A model stored in the format before word scores (lede-classifier/1) falls back to the default too.
    const { tokenScorers: _dropped, ...v1 } = params;
    const old = await saveModelVersion(db, { kind: "mlp", params: { ...v1, format: "lede-classifier/1", scaler: { mean: params.scaler.mean.slice(0, FEATURE_NAMES.length), std: params.scaler.std.slice(0, FEATURE_NAMES.length) } }, metrics: {}, trainingSize: 10 });
    await activateModelVersion(db, old.id);
    const fellBack = await loadActiveClassifier(db);
    expect(fellBack).toMatchObject({ source: "default", modelVersionId: null });
    expect(fellBack.classifier.usesTokens).toBe(true);
  });
});

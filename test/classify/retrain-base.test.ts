// "Retrain" in a fresh install: no evaluation corpus on the machine, only the base set shipped in
// lib/classify (features and token counts) plus the admin's labels on real stored pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { addPageLabel } from "../../lib/db/labels.ts";
import { getActiveModelVersion } from "../../lib/db/models.ts";
import { describeShortfall, MIN_LABELS_PER_CLASS, retrainModel } from "../../lib/classify/retrain.ts";
import { loadBaseSet } from "../../lib/classify/base-set.ts";
import { Classifier } from "../../lib/classify/model.ts";
import { getSiteEvidence } from "../../lib/db/site-evidence.ts";
import { FEATURE_NAMES } from "../../lib/classify/features.ts";

const fixtures = join(import.meta.dirname, "..", "fixtures", "classify");
const urls = JSON.parse(readFileSync(join(fixtures, "urls.json"), "utf8")) as Record<string, string>;

let t: TestDb;
beforeAll(async () => { t = await createTestDb(); });
afterAll(async () => { await t.cleanup(); });

/** Store each fixture page as the crawler would (gzip body) and label it as its WCXB type says. */
async function storeLabelledFixtures(db: TestDb["db"]): Promise<{ news: number; notNews: number }> {
  const site = await db.site.create({ data: { seedUrl: "https://fixtures.example/", host: "fixtures.example", name: "Fixtures" }, select: { id: true } });
  let news = 0, notNews = 0;
  for (const [file, url] of Object.entries(urls)) {
    const page = await db.page.create({
      data: { url, siteId: site.id, finalUrl: url, status: 200, size: 1, contentHash: file, rawBody: readFileSync(join(fixtures, file)), contentType: "text/html; charset=utf-8" },
      select: { id: true },
    });
    const isNews = file.includes("-article.");
    await addPageLabel(db, page.id, isNews);
    if (isNews) news++; else notNews++;
  }
  return { news, notNews };
}

describe("the shipped base set", () => {
  it("is present, fits the current feature table and holds no page text (features, scores, counts)", () => {
    const loaded = loadBaseSet();
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.set.samples.length).toBeGreaterThan(1500);
    expect(loaded.set.samples.every((s) => s.x.length === FEATURE_NAMES.length && s.tokenScores?.length === 4 && !s.tokens)).toBe(true);
    expect(new Set(loaded.set.kinds)).toEqual(new Set(["article", "collection", "documentation", "forum", "listing", "product", "service", "home", "section", "imprint", "privacy"]));
    expect(loaded.set.counts.text.size).toBeGreaterThan(1000);
  });
});

describe("Retrain without the corpus", () => {
  it("trains a new active version from the shipped base set plus the admin labels", async () => {
    const { news, notNews } = await storeLabelledFixtures(t.db);
    const result = await retrainModel(t.db, { corpusDir: null, run: { folds: 2, train: { maxEpochs: 15 } } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.base).toBe("shipped");
    expect(result.run.metrics.labelSamples).toBe(news + notNews);
    expect(result.run.metrics.trainingSize).toBeGreaterThan(1500 + news + notNews - 1);
    const active = await getActiveModelVersion(t.db);
    expect(active?.id).toBe(result.modelVersionId);
    const model = Classifier.fromJSON(active!.params);
    expect(model.usesTokens).toBe(true);
    expect(model.featureNames).toEqual([...FEATURE_NAMES]);
  }, 180_000); // trains an MLP on ~1,500 base rows: minutes on a loaded machine

  it("the labels taught the site's URL patterns (admin labels are site evidence too)", async () => {
    const site = await t.db.site.findFirst({ where: { host: "fixtures.example" }, select: { id: true } });
    const evidence = await getSiteEvidence(t.db, site!.id);
    expect(evidence?.pages).toBe(Object.keys(urls).length);
  });

  it("without a base set, says how many labels of each kind are still needed", async () => {
    const result = await retrainModel(t.db, { corpusDir: null, baseSetPath: join(t.dir, "no-base-set.json.gz") });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.baseProblem).toMatch(/^missing/);
    expect(result.shortfall).toEqual({ news: 3, notNews: 5, needNews: MIN_LABELS_PER_CLASS - 3, needNotNews: MIN_LABELS_PER_CLASS - 5 });
    expect(describeShortfall(result.samples, result.shortfall)).toContain("7 more news and 5 more not-news labels are needed");
  });
});

// `lede train` and the dashboard's "Retrain": WCXB dev page types + admin labels → a new
// ModelVersion with its cross-validation metrics, activated, beside the previous version's.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { getEnv } from "../config.ts";
import type { Db } from "../db/client.ts";
import { listLabelledPages } from "../db/labels.ts";
import { activateModelVersion, listModelVersions, saveModelVersion } from "../db/models.ts";
import { computeFeatures } from "./features.ts";
import type { Sample } from "./model.ts";
import { preparePage } from "./prepare-page.ts";
import { extractPageTokens } from "./tokens.ts";
import { runTraining, type ModelMetrics, type TrainRun, type TrainRunOptions } from "./train.ts";
import { loadAllCorpusSamples } from "./wcxb-dataset.ts";
import { loadBaseSet, type BaseSet } from "./base-set.ts";
import { siteGroup } from "./cross-validate.ts";

export interface TrainingSetOptions {
  /** The evaluation corpus root (…/shared/corpus); null trains on admin labels only. */
  corpusDir: string | null;
  onProgress?: (done: number, total: number) => void;
}

/** LEDE_CORPUS, else ../shared/corpus beside the project; null when neither exists. */
export function findCorpusDir(): string | null {
  const dir = getEnv().LEDE_CORPUS ?? resolve(import.meta.dirname, "..", "..", "..", "shared", "corpus");
  return existsSync(join(dir, "extraction", "wcxb-dev")) ? dir : null;
}

/** WCXB dev, page-type and Fundus samples (cached feature vectors), or [] without a corpus. */
export function loadCorpusSamples(opts: TrainingSetOptions) {
  if (!opts.corpusDir) return [];
  return loadAllCorpusSamples(opts.corpusDir, (_c, done, total) => opts.onProgress?.(done, total));
}

/** Admin-labelled stored pages, decoded and extracted as the crawler does. */
export async function loadLabelSamples(db: Db): Promise<Sample[]> {
  const pages = await listLabelledPages(db);
  return pages.map((p) => {
    const prepared = preparePage({ bytes: p.body, url: p.finalUrl, contentType: p.contentType });
    const page = prepared;
    return { id: `label:${p.url}`, x: computeFeatures(page).vector, tokens: extractPageTokens(page), y: p.isNews, group: siteGroup(p.finalUrl) };
  });
}

/**
 * Labels of each kind a training run on admin labels alone needs (no corpus and no usable base set):
 * 10-fold CV needs both classes in most folds, and below ~10 per class the network has nothing to learn from.
 */
export const MIN_LABELS_PER_CLASS = 10;

export interface LabelShortfall {
  news: number;
  notNews: number;
  /** More labels of each kind needed. */
  needNews: number;
  needNotNews: number;
}

export type RetrainResult =
  | { ok: true; modelVersionId: number; run: TrainRun; previous: { id: number; metrics: Record<string, unknown> } | null; base: "corpus" | "shipped" | "none" }
  | { ok: false; reason: "too_few_samples"; samples: number; shortfall: LabelShortfall; baseProblem: string | null };

/** How many more labels of each kind a labels-only run needs (zeros: enough). */
export function labelShortfall(labels: readonly Sample[]): LabelShortfall {
  const news = labels.filter((s) => s.y).length;
  const notNews = labels.length - news;
  return { news, notNews, needNews: Math.max(0, MIN_LABELS_PER_CLASS - news), needNotNews: Math.max(0, MIN_LABELS_PER_CLASS - notNews) };
}

/** The line `lede train` prints when it cannot train (lib/api/run-training.ts reads it back). */
export function describeShortfall(samples: number, s: LabelShortfall): string {
  return `only ${samples} samples (no corpus and no shipped base set): training on admin labels alone needs at least ${MIN_LABELS_PER_CLASS} news and ${MIN_LABELS_PER_CLASS} not-news labels; `
    + `have ${s.news} news and ${s.notNews} not news, so ${s.needNews} more news and ${s.needNotNews} more not-news labels are needed`;
}

/**
 * 1. gather the training base: the corpus (WCXB dev, page-type, Fundus) when present, else the base
 *    set shipped in lib/classify (features and token counts, no pages); then the admin-labelled pages;
 * 2. cross-validate MLP and logistic regression (folds grouped by site), fit the chosen kind on everything;
 * 3. save a ModelVersion with the metrics and (unless told not to) activate it.
 */
export async function retrainModel(db: Db, opts: TrainingSetOptions & { activate?: boolean; run?: Partial<TrainRunOptions>; baseSetPath?: string }): Promise<RetrainResult> {
  const corpus = loadCorpusSamples(opts);
  let shipped: BaseSet | null = null;
  let baseProblem: string | null = null;
  if (corpus.length === 0) {
    const loaded = loadBaseSet(opts.baseSetPath);
    if (loaded.ok) shipped = loaded.set;
    else baseProblem = `${loaded.reason}: ${loaded.detail}`;
  }
  const labels = await loadLabelSamples(db);
  const samples = [...(corpus.length > 0 ? corpus : shipped?.samples ?? []), ...labels];
  const shortfall = labelShortfall(labels);
  if (corpus.length === 0 && !shipped && (shortfall.needNews > 0 || shortfall.needNotNews > 0)) {
    return { ok: false, reason: "too_few_samples", samples: samples.length, shortfall, baseProblem };
  }
  const previousRow = (await listModelVersions(db, { limit: 20 })).find((v) => v.active) ?? null;
  const run = runTraining(samples, opts.run, shipped?.counts);
  const { id } = await saveModelVersion(db, { kind: run.classifier.kind, params: run.classifier.toJSON(), metrics: run.metrics, trainingSize: samples.length });
  if (opts.activate !== false) await activateModelVersion(db, id);
  return { ok: true, modelVersionId: id, run, previous: previousRow ? { id: previousRow.id, metrics: previousRow.metrics } : null, base: corpus.length > 0 ? "corpus" : shipped ? "shipped" : "none" };
}

/** Rows for a metrics table: model, accuracy, precision, recall, F1. */
export function metricsRows(metrics: ModelMetrics): (string | number)[][] {
  const f = (x: number) => x.toFixed(3);
  return [
    [`${metrics.kind} (deployed)`, f(metrics.cv.accuracy), f(metrics.cv.precision), f(metrics.cv.recall), f(metrics.cv.f1)],
    [`${metrics.baseline.kind} (baseline)`, f(metrics.baseline.cv.accuracy), f(metrics.baseline.cv.precision), f(metrics.baseline.cv.recall), f(metrics.baseline.cv.f1)],
  ];
}

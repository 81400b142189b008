// `lede train` and the dashboard's "Retrain": WCXB dev page types + admin labels → a new
// ModelVersion with its cross-validation metrics, activated, beside the previous version's.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { getEnv } from "../config.ts";
import type { Db } from "../db/client.ts";
import { listLabelledPages } from "../db/labels.ts";
import { activateModelVersion, listModelVersions, saveModelVersion } from "../db/models.ts";
import { computeFeatures, readDocumentFacts } from "./features.ts";
import type { Sample } from "./model.ts";
import { preparePage } from "./prepare-page.ts";
import { extractPageTokens } from "./tokens.ts";
import { runTraining, type ModelMetrics, type TrainRun, type TrainRunOptions } from "./train.ts";
import { loadWcxbSamples } from "./wcxb-dataset.ts";

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

/** WCXB dev samples (cached feature vectors), or [] without a corpus. */
export function loadCorpusSamples(opts: TrainingSetOptions): Sample[] {
  if (!opts.corpusDir) return [];
  return loadWcxbSamples({ dir: join(opts.corpusDir, "extraction", "wcxb-dev"), onProgress: opts.onProgress });
}

/** Admin-labelled stored pages, decoded and extracted as the crawler does. */
export async function loadLabelSamples(db: Db): Promise<Sample[]> {
  const pages = await listLabelledPages(db);
  return pages.map((p) => {
    const prepared = preparePage({ bytes: p.body, url: p.finalUrl, contentType: p.contentType });
    const page = { ...prepared, document: readDocumentFacts(prepared.$) };
    return { id: `label:${p.url}`, x: computeFeatures(page).vector, tokens: extractPageTokens(page), y: p.isNews };
  });
}

/** Fewer samples than this (or a single class) cannot be cross-validated 10-fold meaningfully. */
export const MIN_TRAINING_SAMPLES = 20;

export type RetrainResult =
  | { ok: true; modelVersionId: number; run: TrainRun; previous: { id: number; metrics: Record<string, unknown> } | null }
  | { ok: false; reason: "too_few_samples"; samples: number };

/**
 * 1. gather WCXB dev samples and admin-labelled pages;
 * 2. cross-validate MLP and logistic regression, fit the chosen kind on everything;
 * 3. save a ModelVersion with the metrics and (unless told not to) activate it.
 */
export async function retrainModel(db: Db, opts: TrainingSetOptions & { activate?: boolean; run?: Partial<TrainRunOptions> }): Promise<RetrainResult> {
  const samples = [...loadCorpusSamples(opts), ...(await loadLabelSamples(db))];
  const positives = samples.filter((s) => s.y).length;
  if (samples.length < MIN_TRAINING_SAMPLES || positives === 0 || positives === samples.length) {
    return { ok: false, reason: "too_few_samples", samples: samples.length };
  }
  const previousRow = (await listModelVersions(db, { limit: 20 })).find((v) => v.active) ?? null;
  const run = runTraining(samples, opts.run);
  const { id } = await saveModelVersion(db, { kind: run.classifier.kind, params: run.classifier.toJSON(), metrics: run.metrics, trainingSize: samples.length });
  if (opts.activate !== false) await activateModelVersion(db, id);
  return { ok: true, modelVersionId: id, run, previous: previousRow ? { id: previousRow.id, metrics: previousRow.metrics } : null };
}

/** Rows for a metrics table: model, accuracy, precision, recall, F1. */
export function metricsRows(metrics: ModelMetrics): (string | number)[][] {
  const f = (x: number) => x.toFixed(3);
  return [
    [`${metrics.kind} (deployed)`, f(metrics.cv.accuracy), f(metrics.cv.precision), f(metrics.cv.recall), f(metrics.cv.f1)],
    [`${metrics.baseline.kind} (baseline)`, f(metrics.baseline.cv.accuracy), f(metrics.baseline.cv.precision), f(metrics.baseline.cv.recall), f(metrics.baseline.cv.f1)],
  ];
}

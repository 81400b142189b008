// One training run as `lede train` and the benchmark do it: 10-fold stratified cross-validation
// of the MLP and of the logistic-regression baseline (both on the features plus the word-based
// token scores), then the chosen kind fitted on every sample.
import { crossValidate, type CrossValidation } from "./cross-validate.ts";
import { FEATURE_NAMES } from "./features.ts";
import { Classifier, DEFAULT_HIDDEN_UNITS, type FitOptions, type ModelKind, type Sample } from "./model.ts";
import type { BinaryMetrics } from "./metrics.ts";
import { DEFAULT_TRAIN_OPTIONS, type TrainOptions } from "./trainer.ts";

export interface TrainRunOptions {
  /** Model the run returns for deployment (both kinds are cross-validated). */
  kind: ModelKind;
  folds: number;
  seed: number;
  hidden: number;
  train: Partial<TrainOptions>;
  /** Add the word-based token scores (naive Bayes on text, URL and title words) as network inputs. */
  words: boolean;
}

export const DEFAULT_TRAIN_RUN: TrainRunOptions = {
  kind: "mlp",
  folds: 10,
  seed: 42,
  hidden: DEFAULT_HIDDEN_UNITS,
  train: {},
  words: true,
};

/** Summary stored in ModelVersion.metrics. */
export interface ModelMetrics {
  kind: ModelKind;
  folds: number;
  seed: number;
  cv: Pick<BinaryMetrics, "accuracy" | "precision" | "recall" | "f1" | "tp" | "fp" | "tn" | "fn" | "n">;
  baseline: { kind: ModelKind; cv: ModelMetrics["cv"] };
  trainingSize: number;
  positives: number;
  labelSamples: number;
  epochs: number;
}

export interface TrainRun {
  classifier: Classifier;
  metrics: ModelMetrics;
  cv: Record<ModelKind, CrossValidation>;
}

export function fitKind(samples: readonly Sample[], kind: ModelKind, o: TrainRunOptions, baseCounts?: FitOptions["baseCounts"]): { classifier: Classifier; epochs: number } {
  const { classifier, report } = Classifier.fit(samples, FEATURE_NAMES, {
    kind, hidden: o.hidden, train: { ...DEFAULT_TRAIN_OPTIONS, seed: o.seed, ...o.train },
    tokenScores: o.words && samples.length > 0 && samples.every((s) => s.tokens || s.tokenScores),
    baseCounts,
  });
  return { classifier, epochs: report.epochs };
}

const pick = (m: BinaryMetrics): ModelMetrics["cv"] =>
  ({ accuracy: m.accuracy, precision: m.precision, recall: m.recall, f1: m.f1, tp: m.tp, fp: m.fp, tn: m.tn, fn: m.fn, n: m.n });

/**
 * 1. cross-validate the MLP and logistic regression on the same folds (grouped by site when every
 *    sample names its site, so no page of a test site is in training; stratified otherwise);
 * 2. fit the requested kind on all samples;
 * 3. return it with both CV results (the other kind is the baseline).
 */
export function runTraining(samples: readonly Sample[], options: Partial<TrainRunOptions> = {}, baseCounts?: FitOptions["baseCounts"]): TrainRun {
  const o = { ...DEFAULT_TRAIN_RUN, ...options };
  const cv = {} as Record<ModelKind, CrossValidation>;
  const groups = samples.every((s) => s.group) ? samples.map((s) => s.group!) : undefined;
  for (const kind of ["mlp", "logreg"] as const) {
    cv[kind] = crossValidate(samples, (train) => fitKind(train, kind, o, baseCounts).classifier, { folds: o.folds, seed: o.seed, groups });
  }
  const { classifier, epochs } = fitKind(samples, o.kind, o, baseCounts);
  const other: ModelKind = o.kind === "mlp" ? "logreg" : "mlp";
  return {
    classifier,
    cv,
    metrics: {
      kind: o.kind, folds: o.folds, seed: o.seed,
      cv: pick(cv[o.kind].pooled),
      baseline: { kind: other, cv: pick(cv[other].pooled) },
      trainingSize: samples.length,
      positives: samples.filter((s) => s.y).length,
      labelSamples: samples.filter((s) => s.id.startsWith("label:")).length,
      epochs,
    },
  };
}

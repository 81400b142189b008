// Stratified k-fold cross-validation and a stratified held-out split, both from a fixed seed.
import { createRandom, shuffleCopy } from "./random.ts";
import { countConfusion, poolMetrics, type BinaryMetrics } from "./metrics.ts";
import type { Classifier, Sample } from "./model.ts";

/** Fold number (0..k-1) per sample; each class is dealt round-robin after a seeded shuffle. */
export function assignStratifiedFolds(labels: readonly boolean[], k: number, seed: number): number[] {
  const random = createRandom(seed);
  const fold = new Array<number>(labels.length).fill(0);
  let offset = 0;
  for (const cls of [true, false]) {
    const idx = shuffleCopy(labels.map((y, i) => (y === cls ? i : -1)).filter((i) => i >= 0), random);
    idx.forEach((i, n) => { fold[i] = (n + offset) % k; });
    offset += idx.length; // continue dealing where the other class stopped, so fold sizes stay even
  }
  return fold;
}

export interface CrossValidation {
  folds: number;
  /** Confusion counts pooled over all folds. */
  pooled: BinaryMetrics;
  perFold: BinaryMetrics[];
  /** Out-of-fold P(news) per sample, in input order. */
  scores: number[];
}

export type FitFunction = (train: readonly Sample[]) => Classifier;

export function crossValidate(samples: readonly Sample[], fit: FitFunction, options: { folds?: number; seed?: number } = {}): CrossValidation {
  const k = options.folds ?? 10;
  const fold = assignStratifiedFolds(samples.map((s) => s.y), k, options.seed ?? 42);
  const scores = new Array<number>(samples.length).fill(0);
  const perFold: BinaryMetrics[] = [];
  for (let f = 0; f < k; f++) {
    const train = samples.filter((_, i) => fold[i] !== f);
    const testIdx = samples.map((_, i) => i).filter((i) => fold[i] === f);
    const model = fit(train);
    const predicted: boolean[] = [];
    for (const i of testIdx) {
      scores[i] = model.score(samples[i]!);
      predicted.push(model.isNews(scores[i]!));
    }
    perFold.push(countConfusion(testIdx.map((i) => samples[i]!.y), predicted));
  }
  return { folds: k, pooled: poolMetrics(perFold), perFold, scores };
}

/** [train, test] with `testFraction` of each class in test. */
export function splitHeldOut<T extends { y: boolean }>(samples: readonly T[], testFraction: number, seed: number): [T[], T[]] {
  const random = createRandom(seed);
  const train: T[] = [];
  const test: T[] = [];
  for (const cls of [true, false]) {
    const group = shuffleCopy(samples.filter((s) => s.y === cls), random);
    const cut = Math.round(group.length * testFraction);
    test.push(...group.slice(0, cut));
    train.push(...group.slice(cut));
  }
  return [train, test];
}

export function evaluate(model: Classifier, samples: readonly Sample[]): BinaryMetrics {
  return countConfusion(samples.map((s) => s.y), samples.map((s) => model.isNews(model.score(s))));
}

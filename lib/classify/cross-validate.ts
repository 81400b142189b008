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

/**
 * Fold number per sample with every group (e.g. a page's host) inside one fold: groups are
 * shuffled from the seed, then dealt largest first to the currently smallest fold. Measures
 * whether a model learnt pages of a site rather than kinds of page.
 */
export function assignGroupedFolds(groups: readonly string[], k: number, seed: number): number[] {
  const members = new Map<string, number[]>();
  groups.forEach((g, i) => {
    const list = members.get(g);
    if (list) list.push(i);
    else members.set(g, [i]);
  });
  const order = shuffleCopy([...members.values()], createRandom(seed)).sort((a, b) => b.length - a.length);
  const size = new Array<number>(k).fill(0);
  const fold = new Array<number>(groups.length).fill(0);
  for (const list of order) {
    const f = size.indexOf(Math.min(...size));
    for (const i of list) fold[i] = f;
    size[f]! += list.length;
  }
  return fold;
}

/** A page's host without "www.", the group of host-grouped cross-validation. */
export function hostGroup(url: string): string {
  try { return new URL(url).hostname.replace(/^www\./, ""); } catch { return url; }
}

/** Second-level labels under which a country's sites register (bbc.co.uk, abc.net.au). */
const SECOND_LEVEL = new Set(["co", "com", "net", "org", "gov", "ac", "edu", "or", "ne", "go"]);

/**
 * A page's site: its registrable domain (last two host labels, three under co.uk-style suffixes), so
 * that www.spiegel.de, m.spiegel.de and spiegel.de are one group of site-grouped folds.
 */
export function siteGroup(url: string): string {
  const host = hostGroup(url);
  if (/^[\d.]+$/.test(host) || !host.includes(".")) return host;
  const labels = host.split(".");
  const n = labels.length >= 3 && labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!) ? 3 : 2;
  return labels.slice(-n).join(".");
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

export interface CrossValidateOptions {
  folds: number;
  seed: number;
  /** One group name per sample (e.g. hostGroup(url)): folds keep each group together instead of stratifying by class. */
  groups?: readonly string[];
}

export function crossValidate(samples: readonly Sample[], fit: FitFunction, options: Partial<CrossValidateOptions> = {}): CrossValidation {
  const k = options.folds ?? 10;
  const fold = options.groups ? assignGroupedFolds(options.groups, k, options.seed ?? 42) : assignStratifiedFolds(samples.map((s) => s.y), k, options.seed ?? 42);
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

// Binary classification metrics with "news" (true) as the positive class.

export interface BinaryMetrics {
  accuracy: number;
  precision: number;
  recall: number;
  f1: number;
  tp: number;
  fp: number;
  tn: number;
  fn: number;
  n: number;
}

export function countConfusion(truth: readonly boolean[], predicted: readonly boolean[]): BinaryMetrics {
  let tp = 0, fp = 0, tn = 0, fn = 0;
  for (let i = 0; i < truth.length; i++) {
    if (predicted[i]) truth[i] ? tp++ : fp++;
    else truth[i] ? fn++ : tn++;
  }
  return metricsFromCounts({ tp, fp, tn, fn });
}

export function metricsFromCounts(c: { tp: number; fp: number; tn: number; fn: number }): BinaryMetrics {
  const n = c.tp + c.fp + c.tn + c.fn;
  const precision = c.tp + c.fp > 0 ? c.tp / (c.tp + c.fp) : 0;
  const recall = c.tp + c.fn > 0 ? c.tp / (c.tp + c.fn) : 0;
  const f1 = 2 * c.tp + c.fp + c.fn > 0 ? (2 * c.tp) / (2 * c.tp + c.fp + c.fn) : 0;
  return { ...c, n, accuracy: n > 0 ? (c.tp + c.tn) / n : 0, precision, recall, f1 };
}

/** Sum the confusion counts of several folds (pooled, so small folds do not skew the mean). */
export function poolMetrics(parts: readonly BinaryMetrics[]): BinaryMetrics {
  const sum = { tp: 0, fp: 0, tn: 0, fn: 0 };
  for (const p of parts) { sum.tp += p.tp; sum.fp += p.fp; sum.tn += p.tn; sum.fn += p.fn; }
  return metricsFromCounts(sum);
}

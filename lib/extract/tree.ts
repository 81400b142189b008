// A small CART decision tree (Gini impurity, weighted samples), enough for the block classifier:
// fitting runs in scripts/train-blocks.ts, prediction at extraction time from the shipped JSON.

/** A fitted tree: inner nodes split on feature `f` at threshold `t` (x[f] <= t goes left). */
export type TreeNode = { f: number; t: number; l: TreeNode; r: TreeNode } | { p: number; n: number };

export interface FitOptions {
  maxDepth: number;
  /** Minimum total sample weight in a leaf. */
  minLeafWeight: number;
}

/** Probability of the positive class for one feature vector. */
export function predictTree(tree: TreeNode, x: number[]): number {
  let node = tree;
  while ("f" in node) node = x[node.f] <= node.t ? node.l : node.r;
  return node.p;
}

/** Fit a tree on rows `xs` with 0/1 labels `ys` and sample weights `ws`. Deterministic. */
export function fitTree(xs: number[][], ys: number[], ws: number[], opts: FitOptions): TreeNode {
  const idx = xs.map((_, i) => i);
  return grow(xs, ys, ws, idx, 0, opts);
}

function leaf(ys: number[], ws: number[], idx: number[]): TreeNode {
  let pos = 0, tot = 0;
  for (const i of idx) { tot += ws[i]; pos += ws[i] * ys[i]; }
  return { p: tot ? Math.round((pos / tot) * 1000) / 1000 : 0, n: idx.length };
}

function grow(xs: number[][], ys: number[], ws: number[], idx: number[], depth: number, opts: FitOptions): TreeNode {
  let pos = 0, tot = 0;
  for (const i of idx) { tot += ws[i]; pos += ws[i] * ys[i]; }
  if (depth >= opts.maxDepth || tot < 2 * opts.minLeafWeight || pos === 0 || pos === tot) return leaf(ys, ws, idx);
  const parentGini = gini(pos, tot);
  let best = { gain: 1e-7, f: -1, t: 0 };
  const nf = xs[idx[0]].length;
  for (let f = 0; f < nf; f++) {
    const sorted = idx.slice().sort((a, b) => xs[a][f] - xs[b][f]);
    let lPos = 0, lTot = 0;
    for (let k = 0; k < sorted.length - 1; k++) {
      const i = sorted[k];
      lTot += ws[i]; lPos += ws[i] * ys[i];
      const v = xs[i][f], next = xs[sorted[k + 1]][f];
      if (v === next) continue;
      const rTot = tot - lTot, rPos = pos - lPos;
      if (lTot < opts.minLeafWeight || rTot < opts.minLeafWeight) continue;
      const gain = parentGini - (lTot / tot) * gini(lPos, lTot) - (rTot / tot) * gini(rPos, rTot);
      if (gain > best.gain) best = { gain, f, t: (v + next) / 2 };
    }
  }
  if (best.f < 0) return leaf(ys, ws, idx);
  const left = idx.filter((i) => xs[i][best.f] <= best.t);
  const right = idx.filter((i) => xs[i][best.f] > best.t);
  return { f: best.f, t: Math.round(best.t * 1e4) / 1e4, l: grow(xs, ys, ws, left, depth + 1, opts), r: grow(xs, ys, ws, right, depth + 1, opts) };
}

function gini(pos: number, tot: number): number {
  const p = pos / tot;
  return 2 * p * (1 - p);
}

import type { TermVector } from "./types.ts";
import { inverseDocumentFrequency, type DocumentFrequencySource } from "./idf.ts";

/** TF-IDF weighting of raw term weights. */
export function weighVector(raw: TermVector, idf: DocumentFrequencySource): TermVector {
  const out: TermVector = new Map();
  for (const [t, w] of raw) out.set(t, w * inverseDocumentFrequency(idf, t));
  return out;
}

export function cosineSimilarity(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small) {
    const o = large.get(t);
    if (o !== undefined) dot += w * o;
  }
  if (dot === 0) return 0;
  let na = 0;
  let nb = 0;
  for (const w of a.values()) na += w * w;
  for (const w of b.values()) nb += w * w;
  return dot / Math.sqrt(na * nb);
}

/** 1 at the same time, 0.5 one half-life apart (either direction). */
export function timeDecay(a: Date | undefined, b: Date | undefined, halfLifeHours: number): number {
  if (!a || !b) return 1;
  const hours = Math.abs(a.getTime() - b.getTime()) / 3_600_000;
  return Math.pow(0.5, hours / halfLifeHours);
}

/** The `n` highest-weighted terms. */
export function topTerms(v: TermVector, n: number): [string, number][] {
  return [...v.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).slice(0, n);
}

/** Cosine over the terms that pass `keep` only (0 when either side has none). */
export function cosineWhere(a: TermVector, b: TermVector, keep: (t: string) => boolean): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [t, w] of a) {
    if (!keep(t)) continue;
    na += w * w;
    const o = b.get(t);
    if (o !== undefined) dot += w * o;
  }
  if (dot === 0) return 0;
  for (const [t, w] of b) if (keep(t)) nb += w * w;
  return dot / Math.sqrt(na * nb);
}

import type { TermVector } from "./types.ts";
import { inverseDocumentFrequency, type DocumentFrequencySource } from "./idf.ts";

/** TF-IDF weighting of raw term weights. */
export function weighVector(raw: TermVector, idf: DocumentFrequencySource): TermVector {
  const out: TermVector = new Map();
  for (const [t, w] of raw) out.set(t, w * inverseDocumentFrequency(idf, t));
  return out;
}

export function cosineSimilarity(a: TermVector, b: TermVector): number {
  return cosineOf(scoredVector(a, none), scoredVector(b, none));
}

const none = (): boolean => false;

/** 1 at the same time, 0.5 one half-life apart (either direction). */
export function timeDecay(a: Date | undefined, b: Date | undefined, halfLifeHours: number): number {
  if (!a || !b) return 1;
  const hours = Math.abs(a.getTime() - b.getTime()) / 3_600_000;
  return Math.pow(0.5, hours / halfLifeHours);
}

/** The `n` highest-weighted terms. */
export function topTerms(v: TermVector, n: number): [string, number][] {
  return topEntries([...v.entries()], n);
}

/** topTerms of a vector's entries (sorted in place). */
export function topEntries(entries: [string, number][], n: number): [string, number][] {
  return entries.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).slice(0, n);
}

/** Cosine over the terms that pass `keep` only (0 when either side has none). */
export function cosineWhere(a: TermVector, b: TermVector, keep: (t: string) => boolean): number {
  return keptCosineOf(scoredVector(a, keep), scoredVector(b, keep));
}

/**
 * A vector with the sums the cosines (cosineSimilarity; cosineWhere over isSpecificTerm-like terms) take of
 * it alone, computed once: scoring an article against 40 candidate stories, or a story's titles against its
 * centroid, sums each side's squares once instead of once per pair. The sums run in the vector's order, so
 * the scores are the same floating-point numbers as the cosines'.
 */
export interface ScoredVector {
  v: TermVector;
  /** Σ w² over all terms, in order. */
  norm2: number;
  /** The terms that pass `keep`, in order, and Σ w² over them. */
  kept: [string, number][];
  keptNorm2: number;
}

export function scoredVector(v: TermVector, keep: (t: string) => boolean): ScoredVector {
  let norm2 = 0, keptNorm2 = 0;
  const kept: [string, number][] = [];
  for (const [t, w] of v) {
    norm2 += w * w;
    if (keep(t)) { kept.push([t, w]); keptNorm2 += w * w; }
  }
  return { v, norm2, kept, keptNorm2 };
}

/** cosineSimilarity(a.v, b.v). */
export function cosineOf(a: ScoredVector, b: ScoredVector): number {
  const [small, large] = a.v.size <= b.v.size ? [a.v, b.v] : [b.v, a.v];
  let dot = 0;
  for (const [t, w] of small) {
    const o = large.get(t);
    if (o !== undefined) dot += w * o;
  }
  if (dot === 0) return 0;
  return dot / Math.sqrt(a.norm2 * b.norm2);
}

/** cosineWhere(a.v, b.v, keep) for the `keep` both were scored with. */
export function keptCosineOf(a: ScoredVector, b: ScoredVector): number {
  let dot = 0;
  for (const [t, w] of a.kept) {
    const o = b.v.get(t);
    if (o !== undefined) dot += w * o;
  }
  if (dot === 0) return 0;
  return dot / Math.sqrt(a.keptNorm2 * b.keptNorm2);
}

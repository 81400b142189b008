// Greedy left-to-right tagging with an averaged perceptron over BIO tags (Ratinov & Roth 2009 found greedy
// decoding as good as Viterbi for this model). One document at a time, so a word's earlier tags in the same
// text feed the document-history feature. Training (ner-train.ts) and the shipped model (ner-model.ts) share
// this decoder through WeightSource.
import {
  T, TAGS, TAG_COUNT, allowedAfter, dynamicFeatures, isHeadline, sentenceAtoms, staticFeatures,
  type AtomLookup, type Lexicon, type TokenAtoms, type WordAtoms,
} from "./ner-features.ts";

// Module-local copies for the hot loops (an imported binding is a getter call under tsx's module transform).
const NT = 9;
if (TAG_COUNT !== NT) throw new Error(`ner-tagger expects ${NT} tags, the features define ${TAG_COUNT}`);
/** ALLOWED[prev * NT + tag]: 1 when tag may follow prev (BIO). */
const ALLOWED = Uint8Array.from({ length: NT * NT }, (_, i) => (allowedAfter(Math.floor(i / NT), i % NT) ? 1 : 0));
/** Entity kind index (0 PER, 1 ORG, 2 LOC, 3 MISC) of each tag, -1 for O. */
const KIND_INDEX = Int8Array.from(TAGS, (t, i) => (i === 0 ? -1 : ["PER", "ORG", "LOC", "MISC"].indexOf(t.slice(2))));

export interface WeightSource {
  atom: AtomLookup;
  /** row of a feature, or -1 when the model has no weight for it */
  row(t: number, a: number, b: number): number;
  /** row * TAG_COUNT + tag */
  weights: Float32Array | Float64Array;
  lexicon: Lexicon;
  /** per-word atoms, for a frozen model only */
  wordCache?: Map<string, WordAtoms>;
}

export interface TaggedToken {
  tag: number;
  /** best score minus the best other allowed score: how sure the tagger was */
  margin: number;
}

/** Per-word tag history of one document: lower case → count per kind (PER, ORG, LOC, MISC). */
export class DocHistory {
  private readonly counts = new Map<string, number[]>();
  /** The kind this word was given most often so far (0..3), or -1. */
  kindOf(lower: string): number {
    const c = this.counts.get(lower);
    if (!c) return -1;
    let best = -1;
    let bestN = 0;
    for (let k = 0; k < 4; k++) if (c[k]! > bestN) { best = k; bestN = c[k]!; }
    return best;
  }
  add(lower: string, tag: number): void {
    const k = KIND_INDEX[tag]!;
    if (k < 0) return;
    const c = this.counts.get(lower) ?? [0, 0, 0, 0];
    c[k]!++;
    this.counts.set(lower, c);
  }
}

/** Rows of the static features of every token of a sentence. */
export function staticRows(src: WeightSource, atoms: TokenAtoms[], headline: boolean): number[][] {
  const out: number[][] = [];
  let rows: number[] = [];
  const row = src.row;
  const sink = (t: number, a: number, b: number) => {
    const r = row(t, a, b);
    if (r >= 0) rows.push(r);
  };
  for (let i = 0; i < atoms.length; i++) {
    rows = [];
    staticFeatures(atoms, i, headline, sink);
    out.push(rows);
  }
  return out;
}

/** Adds the weights of `rows` to `scores`. */
export function addScores(weights: Float32Array | Float64Array, rows: ArrayLike<number>, scores: Float64Array, count = rows.length): void {
  for (let i = 0; i < count; i++) {
    const base = rows[i]! * NT;
    for (let k = 0; k < NT; k++) scores[k]! += weights[base + k]!;
  }
}

/** Best allowed tag after `prev`, and its margin over the next best. */
export function bestTag(scores: Float64Array, prev: number): TaggedToken {
  let best = -1;
  let second = -Infinity;
  const base = prev * NT;
  for (let k = 0; k < NT; k++) {
    if (!ALLOWED[base + k]) continue;
    if (best < 0 || scores[k]! > scores[best]!) {
      if (best >= 0) second = Math.max(second, scores[best]!);
      best = k;
    } else second = Math.max(second, scores[k]!);
  }
  return { tag: best, margin: scores[best]! - second };
}

/**
 * Called for each token with its rows (static + dynamic) and scores; returns the tag the decoder goes on
 * with (the prediction at inference; the trainer updates weights first and returns its prediction too).
 */
export type TokenStep = (rows: number[], scores: Float64Array, predicted: TaggedToken, index: number) => number;

// The word's share of the static scores by its place d in the window (d = -2..+2), for a frozen model: the
// one-atom features of a word at offset d are the same whatever its neighbours, so they are summed once per
// word and cached with its atoms. ROLE_SIZE floats per word: NT scores for each of the 5 places.
const ROLE_SIZE = 5 * NT;
const L_OUT = 0;
const R_OUT = 1;

function addRow(src: WeightSource, out: Float64Array, offset: number, t: number, a: number, b: number): void {
  const r = src.row(t, a, b);
  if (r < 0) return;
  const w = src.weights;
  const base = r * NT;
  for (let k = 0; k < NT; k++) out[offset + k]! += w[base + k]!;
}

function roleScores(src: WeightSource, me: TokenAtoms): Float64Array {
  const out = new Float64Array(ROLE_SIZE);
  for (let d = -2; d <= 2; d++) {
    const o = (d + 2) * NT;
    if (me.l >= 0) addRow(src, out, o, T.L + d + 2, me.l, -1);
    if (me.s >= 0) addRow(src, out, o, T.S + d + 2, me.s, -1);
    if (d >= -1 && d <= 1) for (const c of me.clu) addRow(src, out, o, T.CLU + d + 1, c, -1);
  }
  const c = 2 * NT;
  if (me.w >= 0) {
    addRow(src, out, c, T.W0, me.w, -1);
    addRow(src, out, 1 * NT, T.W_PREV, me.w, -1);
    addRow(src, out, 3 * NT, T.W_NEXT, me.w, -1);
  }
  for (const a of me.aff) addRow(src, out, c, T.AFF, a, -1);
  return out;
}

/** Scores of the boundary atoms at the places outside the sentence (d = -2, -1 left; +1, +2 right). */
function boundaryScores(src: WeightSource): Float64Array {
  const out = new Float64Array(ROLE_SIZE);
  for (const d of [-2, -1, 1, 2]) {
    const atom = d < 0 ? L_OUT : R_OUT;
    addRow(src, out, (d + 2) * NT, T.L + d + 2, atom, -1);
    addRow(src, out, (d + 2) * NT, T.S + d + 2, atom, -1);
  }
  return out;
}
const boundaryCache = new WeakMap<WeightSource, Float64Array>();

/**
 * Static scores of every token (n × NT), from the words' cached role scores plus the features that join two
 * words or depend on the sentence (pairs, sentence start, headline, gazetteer). Equal to summing the rows of
 * staticRows (test/entities/ner-model.test.ts checks it).
 */
export function staticScores(src: WeightSource, atoms: TokenAtoms[], headline: boolean): Float64Array {
  const n = atoms.length;
  const out = new Float64Array(n * NT);
  let bounds = boundaryCache.get(src);
  if (!bounds) { bounds = boundaryScores(src); boundaryCache.set(src, bounds); }
  for (const a of atoms) {
    if (!a.roles) {
      a.roles = roleScores(src, a);
      if (a.word) a.word.roles = a.roles;
    }
  }
  for (let i = 0; i < n; i++) {
    const o = i * NT;
    for (let d = -2; d <= 2; d++) {
      const k = i + d;
      const roles = k >= 0 && k < n ? atoms[k]!.roles! : bounds;
      const ro = (d + 2) * NT;
      for (let t = 0; t < NT; t++) out[o + t]! += roles[ro + t]!;
    }
    const me = atoms[i]!;
    const prev = i > 0 ? atoms[i - 1]! : null;
    const next = i + 1 < n ? atoms[i + 1]! : null;
    addRow(src, out, o, T.BIAS, 0, -1);
    const lp = prev ? prev.l : L_OUT, l0 = me.l, ln = next ? next.l : R_OUT;
    if (lp >= 0 && l0 >= 0) addRow(src, out, o, T.LL_PREV, lp, l0);
    if (l0 >= 0 && ln >= 0) addRow(src, out, o, T.LL_NEXT, l0, ln);
    const sp = prev ? prev.s : L_OUT, s0 = me.s, sn = next ? next.s : R_OUT;
    if (sp >= 0 && s0 >= 0) addRow(src, out, o, T.SS_PREV, sp, s0);
    if (s0 >= 0 && sn >= 0) addRow(src, out, o, T.SS_NEXT, s0, sn);
    if (i === 0 && s0 >= 0) addRow(src, out, o, T.FIRST_S, s0, -1);
    if (headline) {
      if (l0 >= 0) addRow(src, out, o, T.HEAD_L, l0, -1);
      if (s0 >= 0) addRow(src, out, o, T.HEAD_S, s0, -1);
    }
    for (let d = -1; d <= 1; d++) {
      const k = i + d;
      if (k < 0 || k >= n) continue;
      const g = atoms[k]!.gaz;
      for (let j = 0; j < g.length; j++) addRow(src, out, o, T.GAZ + d + 1, g[j]!, -1);
    }
  }
  return out;
}

/** Tags one sentence left to right. `fixed`: the static rows of each token (training, where weights move
 * as it goes), or the static scores (n × NT) of a frozen model. */
export function tagSentence(
  src: WeightSource, atoms: TokenAtoms[], fixed: number[][] | Float64Array, history: DocHistory, step?: TokenStep,
): TaggedToken[] {
  const out: TaggedToken[] = [];
  const scores = new Float64Array(NT);
  const weights = src.weights;
  const dynamicRows: number[] = [];
  const sink = (t: number, a: number, b: number) => {
    const r = src.row(t, a, b);
    if (r >= 0) dynamicRows.push(r);
  };
  let prev1 = 0;
  let prev2 = 0;
  for (let i = 0; i < atoms.length; i++) {
    const me = atoms[i]!;
    const hist = me.capitalised ? history.kindOf(me.lower) : -1;
    dynamicRows.length = 0;
    dynamicFeatures(me, prev1, prev2, hist, sink);
    if (fixed instanceof Float64Array) {
      for (let k = 0; k < NT; k++) scores[k] = fixed[i * NT + k]!;
    } else {
      scores.fill(0);
      addScores(weights, fixed[i]!, scores);
    }
    addScores(weights, dynamicRows, scores);
    const predicted = bestTag(scores, prev1);
    const tag = step ? step([...(fixed as number[][])[i]!, ...dynamicRows], scores, predicted, i) : predicted.tag;
    out.push({ tag, margin: predicted.margin });
    if (me.capitalised) history.add(me.lower, tag);
    prev2 = prev1;
    prev1 = tag;
  }
  return out;
}

/** Tags a document given as sentences of token forms. */
export function tagDocument(src: WeightSource, document: string[][]): TaggedToken[][] {
  const history = new DocHistory();
  return document.map((forms) => {
    const atoms = sentenceAtoms(forms, src.atom, src.lexicon, src.wordCache);
    const headline = isHeadline(forms);
    return tagSentence(src, atoms, src.wordCache ? staticScores(src, atoms, headline) : staticRows(src, atoms, headline), history);
  });
}

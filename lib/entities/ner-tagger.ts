// Greedy left-to-right tagging with an averaged perceptron over BIO tags (Ratinov & Roth 2009 found greedy
// decoding as good as Viterbi for this model). One document at a time, so a word's earlier tags in the same
// text feed the document-history feature. Training (ner-train.ts) runs this decoder over feature rows
// through WeightSource; the shipped model tags through ner-frozen.ts, the same sums computed ahead.
import {
  TAGS, TAG_COUNT, allowedAfter, dynamicFeatures, staticFeatures,
  type AtomLookup, type Lexicon, type TokenAtoms,
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
  /** the atoms of one kind keyed by what follows `kind|` (atomsOf("w").get(form) is atom(`w|${form}`)), when
   * the source can list them: a lookup without building the atom's string */
  atomsOf?(kind: string): ReadonlyMap<string, number>;
  /** row of a feature, or -1 when the model has no weight for it */
  row(t: number, a: number, b: number): number;
  /** the templates of the features that have `atom` as their first (side 0) or second (side 1) atom, as bits
   * 1 << (t & 31), when the source knows them: row(t, a, b) is -1 unless templatesOf(0, a) and
   * templatesOf(1, b) both hold t's bit */
  templatesOf?(side: 0 | 1, atom: number): number;
  /** row * TAG_COUNT + tag */
  weights: Float32Array | Float64Array;
  lexicon: Lexicon;
  /** the templates its features use, when known (a model file declares them by its rows): the frozen tagger
   * reads a model through its summed tables only when it sums every one of them (ner-frozen.ts) */
  templates?: ReadonlySet<number>;
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

/** Tags one sentence left to right over the static rows of each token (training, where weights move as it
 * goes; a frozen model tags through ner-frozen.ts, which sums the same features ahead). */
export function tagSentence(
  src: WeightSource, atoms: TokenAtoms[], fixed: number[][], history: DocHistory, step?: TokenStep,
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
    scores.fill(0);
    addScores(weights, fixed[i]!, scores);
    addScores(weights, dynamicRows, scores);
    const predicted = bestTag(scores, prev1);
    const tag = step ? step([...fixed[i]!, ...dynamicRows], scores, predicted, i) : predicted.tag;
    out.push({ tag, margin: predicted.margin });
    if (me.capitalised) history.add(me.lower, tag);
    prev2 = prev1;
    prev1 = tag;
  }
  return out;
}

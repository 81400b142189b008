// Averaged-perceptron training of the tagger (Collins 2002, with the lazy averaging trick: w − u/c).
// Documents are visited in a seeded shuffled order each epoch; the decoder runs with its own predictions
// as the previous tags and document history, as it will at inference. After every epoch the averaged
// weights are scored on the development documents, and the best epoch is kept.
import { BOUNDARY_ATOMS, ENTITY_KINDS, TAG_COUNT, isHeadline, sentenceAtoms, type EntityKind, type Lexicon } from "./ner-features.ts";
import { DocHistory, staticRows, tagSentence, type WeightSource } from "./ner-tagger.ts";
import { scoreSpans, spansOf, type LabelledDocument, type Score } from "./conll.ts";
import { createRandom, shuffleCopy } from "../classify/random.ts";

const ATOM_BITS = 2 ** 23;
/** Unique number of a (template, a, b) feature for the training map (a, b < 2^23 − 1, t < 256). */
export const packKey = (t: number, a: number, b: number) => (t * ATOM_BITS + a + 1) * ATOM_BITS + (b + 1);
export const unpackKey = (key: number): [number, number, number] => {
  const b = (key % ATOM_BITS) - 1;
  const rest = Math.floor(key / ATOM_BITS);
  return [Math.floor(rest / ATOM_BITS), (rest % ATOM_BITS) - 1, b];
};

/** Growing atom vocabulary and feature rows, with the sums the averaged weights need. */
export class TrainingModel {
  readonly atoms = new Map<string, number>(BOUNDARY_ATOMS.map((a, i) => [a, i]));
  readonly keys = new Map<number, number>();
  w = new Float64Array(1 << 20);
  u = new Float64Array(1 << 20);
  rows = 0;
  /** updates so far (c of the averaging trick) */
  c = 1;
  frozen = false;
  constructor(readonly lexicon: Lexicon) {}

  atom = (s: string): number => {
    const id = this.atoms.get(s);
    if (id !== undefined) return id;
    if (this.frozen) return -1;
    this.atoms.set(s, this.atoms.size);
    return this.atoms.size - 1;
  };

  row = (t: number, a: number, b: number): number => {
    const key = packKey(t, a, b);
    const r = this.keys.get(key);
    if (r !== undefined) return r;
    if (this.frozen) return -1;
    if ((this.rows + 1) * TAG_COUNT > this.w.length) {
      const grow = (old: Float64Array) => { const n = new Float64Array(old.length * 2); n.set(old); return n; };
      this.w = grow(this.w);
      this.u = grow(this.u);
    }
    this.keys.set(key, this.rows);
    return this.rows++;
  };

  /** The training view: current weights, growing vocabulary. */
  source(): WeightSource {
    return { atom: this.atom, row: this.row, weights: this.w, lexicon: this.lexicon };
  }

  /** Averaged weights w − u/c. */
  averaged(): Float64Array {
    const n = this.rows * TAG_COUNT;
    const avg = new Float64Array(n);
    for (let i = 0; i < n; i++) avg[i] = this.w[i]! - this.u[i]! / this.c;
    return avg;
  }

  /** A frozen view over given weights, for scoring held-out text. */
  frozenSource(weights: Float64Array): WeightSource {
    return {
      atom: (s) => this.atoms.get(s) ?? -1,
      row: (t, a, b) => this.keys.get(packKey(t, a, b)) ?? -1,
      weights, lexicon: this.lexicon,
    };
  }

  update(rows: number[], gold: number, predicted: number): void {
    const { w, u, c } = this;
    for (const r of rows) {
      const base = r * TAG_COUNT;
      w[base + gold]! += 1;
      u[base + gold]! += c;
      w[base + predicted]! -= 1;
      u[base + predicted]! -= c;
    }
  }
}

export interface TrainOptions {
  epochs: number;
  seed: number;
  lexicon: Lexicon;
  log?: (line: string) => void;
  /** document-level post-pass applied when scoring the development set */
  postProcess?: (doc: string[][], tags: number[][]) => number[][];
  /** Chance, per epoch and occurrence, that a word seen once in training is read as an unknown word (its form and
   * lower-case atoms dropped, wherever the window reads them; shape, affixes, clusters and gazetteer kept): the
   * "singleton dropout" of Lample et al. 2016 (0.5 there). It teaches the weights of what an unseen name still
   * has, which is all the tagger has on text that is not Reuters. 0: off. */
  singletonDropout?: number;
}

export interface TrainResult {
  model: TrainingModel;
  weights: Float64Array;
  bestEpoch: number;
  dev: { perOrgLoc: Score; all: Score };
  history: { epoch: number; perOrgLoc: number; all: number }[];
}

const PER_ORG_LOC: readonly EntityKind[] = ["PER", "ORG", "LOC"];

/** Tags documents with a weight source (no post-pass). */
export function tagDocuments(src: WeightSource, docs: LabelledDocument[]): number[][][] {
  return docs.map((doc) => {
    const history = new DocHistory();
    return doc.map((s) => {
      const atoms = sentenceAtoms(s.forms, src.atom, src.lexicon);
      return tagSentence(src, atoms, staticRows(src, atoms, isHeadline(s.forms)), history).map((t) => t.tag);
    });
  });
}

export function scoreDocuments(docs: LabelledDocument[], predicted: number[][][]) {
  const pairs = docs.flatMap((doc, d) => doc.map((s, i) => ({ gold: spansOf(s.tags), predicted: spansOf(predicted[d]![i]!) })));
  return { perOrgLoc: scoreSpans(pairs, PER_ORG_LOC), all: scoreSpans(pairs, ENTITY_KINDS) };
}

export function train(trainDocs: LabelledDocument[], devDocs: LabelledDocument[], options: TrainOptions): TrainResult {
  const model = new TrainingModel(options.lexicon);
  const random = createRandom(options.seed);
  // Static rows do not change between epochs: computed once per sentence.
  const dropout = options.singletonDropout ?? 0;
  const seen = new Map<string, number>();
  if (dropout > 0) for (const doc of trainDocs) for (const s of doc) for (const f of s.forms) seen.set(f, (seen.get(f) ?? 0) + 1);
  const cached = trainDocs.map((doc) => doc.map((s) => {
    const atoms = sentenceAtoms(s.forms, model.atom, model.lexicon);
    const headline = isHeadline(s.forms);
    const singletons = dropout > 0 ? s.forms.flatMap((f, i) => (seen.get(f) === 1 ? [i] : [])) : [];
    return { atoms, rows: staticRows(model.source(), atoms, headline), gold: s.tags, headline, singletons };
  }));
  // Its own stream, so the document order is the same with and without dropout.
  const dropRandom = createRandom(options.seed + 1);
  let best: TrainResult | null = null;
  const history: TrainResult["history"] = [];
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    model.frozen = false;
    let mistakes = 0;
    let tokens = 0;
    for (const d of shuffleCopy(cached.map((_, i) => i), random)) {
      const docHistory = new DocHistory();
      for (const s of cached[d]!) {
        let atoms = s.atoms, staticR = s.rows;
        const dropped = s.singletons.filter(() => dropRandom() < dropout);
        if (dropped.length) {
          atoms = s.atoms.slice();
          for (const i of dropped) atoms[i] = { ...atoms[i]!, w: -1, l: -1 };
          staticR = staticRows(model.source(), atoms, s.headline);
        }
        tagSentence(model.source(), atoms, staticR, docHistory, (rows, _scores, predicted, i) => {
          const gold = s.gold[i]!;
          if (predicted.tag !== gold) { model.update(rows, gold, predicted.tag); mistakes++; }
          model.c++;
          tokens++;
          return predicted.tag;
        });
      }
    }
    model.frozen = true;
    const weights = model.averaged();
    const src = model.frozenSource(weights);
    let predicted = tagDocuments(src, devDocs);
    if (options.postProcess) predicted = predicted.map((doc, i) => options.postProcess!(devDocs[i]!.map((s) => s.forms), doc));
    const dev = scoreDocuments(devDocs, predicted);
    history.push({ epoch, perOrgLoc: dev.perOrgLoc.f1, all: dev.all.f1 });
    options.log?.(`epoch ${epoch}: ${mistakes}/${tokens} training mistakes, dev F1 PER/ORG/LOC ${dev.perOrgLoc.f1.toFixed(4)}, all ${dev.all.f1.toFixed(4)}, ${model.rows} features`);
    if (!best || dev.all.f1 > best.dev.all.f1) best = { model, weights, bestEpoch: epoch, dev, history };
  }
  return { ...best!, history };
}

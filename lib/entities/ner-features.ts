// Features of the named-entity tagger: what the averaged perceptron (ner-tagger.ts) weighs for one token.
//
// Each token is read once into "atoms" (interned strings: its form, lower case, shape, affixes, word-cluster
// paths, gazetteer matches); a feature is a template id with one or two atom ids, so the window ±2 re-uses the
// neighbours' atoms instead of building strings. Templates:
//   static (read once a sentence): the form, lower case and shape at -2..+2, prefixes/suffixes, word pairs and
//   shape pairs around the token, sentence start, an all-caps headline, cluster paths and gazetteer matches
//   at -1..+1;
//   dynamic (read while tagging left to right): the previous tag, the two previous tags, the previous tag with
//   the word and with the shape, and the document history (the type this word was given earlier in the text).

export const TAGS = ["O", "B-PER", "I-PER", "B-ORG", "I-ORG", "B-LOC", "I-LOC", "B-MISC", "I-MISC"] as const;
export type Tag = (typeof TAGS)[number];
export const TAG_COUNT = TAGS.length;
export const ENTITY_KINDS = ["PER", "ORG", "LOC", "MISC"] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** Interns an atom string: its id, or -1 when the model never saw it (the feature then weighs nothing). */
export type AtomLookup = (atom: string) => number;

/** Atoms reserved at ids 0 and 1: outside the sentence on the left and on the right. */
export const BOUNDARY_ATOMS = ["l|<S>", "l|</S>"] as const;

/** Resources read next to the weights: word clusters and gazetteers (both optional). */
export interface Lexicon {
  /** lower-cased word → cluster path ("0110…"); prefixes of a few lengths become atoms */
  clusters?: Map<string, string>;
  /** lower-cased phrase (words joined by one space) → kinds it names ("LOC", "PER"…) */
  gazetteer?: Map<string, string[]>;
  /** longest gazetteer phrase, in words */
  gazetteerMaxWords?: number;
}

/** Cluster path prefixes (bits) read as features: Ratinov & Roth 2009's 4, 6, 10 and 20 bits of Brown paths
 * (the paths here are up to 20 bits of a hierarchical k-means: scripts/ner/clusters.ts). */
export const CLUSTER_PREFIXES = [4, 6, 10, 20];


export interface TokenAtoms {
  w: number;
  l: number;
  s: number;
  /** affixes, cluster paths and gazetteer matches of this token, by group */
  aff: number[];
  clu: number[];
  gaz: number[];
  /** lower case, for the document history */
  lower: string;
  capitalised: boolean;
}

// Template ids (< 256). Window templates take offset + 2 (0..4) on top of their base.
export const T = {
  BIAS: 0, W0: 1, L: 2, S: 7, AFF: 12, LL_PREV: 13, LL_NEXT: 14, SS_PREV: 15, SS_NEXT: 16, FIRST_S: 17, HEAD_L: 18, HEAD_S: 19,
  CLU: 20, GAZ: 25, W_PREV: 30, W_NEXT: 31,
  TAG1: 40, TAG12: 41, TAG1_L: 42, TAG1_S: 43, HIST: 44, HIST_S: 45,
} as const;

/** Word shape with repeats collapsed: "Peter" → Xx, "U.S." → X.X., "1996-08-22" → d-d-d, "McDonald" → XxXx. */
export function shapeOf(word: string): string {
  let out = "";
  let last = "";
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    let c: string;
    if (code >= 65 && code <= 90) c = "X";
    else if (code >= 97 && code <= 122) c = "x";
    else if (code >= 48 && code <= 57) c = "d";
    else if (code < 128) c = word[i]!;
    else {
      const ch = String.fromCodePoint(word.codePointAt(i)!);
      if (ch.length === 2) i++;
      c = UPPER.test(ch) ? "X" : LETTER.test(ch) ? "x" : DIGIT.test(ch) ? "d" : ch;
    }
    if (c !== last) out += c;
    last = c;
  }
  return out.length > 8 ? out.slice(0, 8) : out;
}
const UPPER = /\p{Lu}/u;
const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;
/** Starts with a capital or a digit: where a gazetteer phrase may begin. */
const NAME_START = /^[\p{Lu}\p{N}]/u;

function lowerOf(form: string): string {
  // Digits are folded so numbers share their atoms: "1996" and "1997" → "0000".
  return form.toLowerCase().replace(/\d/g, "0");
}

/** Gazetteer kinds per token position: "B-LOC", "I-LOC"... of the longest phrases that cover it. */
function gazetteerMatches(lowers: string[], starts: boolean[], lexicon: Lexicon): string[][] {
  const out: string[][] = lowers.map(() => []);
  const gaz = lexicon.gazetteer;
  if (!gaz) return out;
  const maxWords = lexicon.gazetteerMaxWords ?? 4;
  for (let i = 0; i < lowers.length; i++) {
    if (!starts[i]) continue;
    let phrase = "";
    for (let n = 1; n <= maxWords && i + n <= lowers.length; n++) {
      phrase = n === 1 ? lowers[i]! : `${phrase} ${lowers[i + n - 1]}`;
      const kinds = gaz.get(phrase);
      if (!kinds) continue;
      for (const k of kinds) {
        out[i]!.push(n === 1 ? `U-${k}` : `B-${k}`);
        for (let j = 1; j < n; j++) out[i + j]!.push(`I-${k}`);
      }
    }
  }
  return out;
}

/** The atoms of a word that do not depend on its neighbours. */
type WordAtoms = Omit<TokenAtoms, "gaz">;

function wordAtoms(form: string, lookup: AtomLookup, lexicon: Lexicon): WordAtoms {
  const lower = lowerOf(form);
  const aff: number[] = [];
  for (let n = 1; n <= 4 && n < lower.length; n++) {
    const p = lookup(`p${n}|${lower.slice(0, n)}`);
    if (p >= 0) aff.push(p);
    const s = lookup(`s${n}|${lower.slice(-n)}`);
    if (s >= 0) aff.push(s);
  }
  const clu: number[] = [];
  const path = lexicon.clusters?.get(form.toLowerCase());
  if (path) {
    for (const n of CLUSTER_PREFIXES) {
      const c = lookup(`c${n}|${path.slice(0, n)}`);
      if (c >= 0) clu.push(c);
      if (n >= path.length) break;
    }
  }
  return {
    w: lookup(`w|${form}`), l: lookup(`l|${lower}`), s: lookup(`s|${shapeOf(form)}`),
    aff, clu, lower, capitalised: UPPER.test(form[0] ?? ""),
  };
}

const NO_ATOMS: number[] = [];

/** Atoms of each token of a sentence (training and the feature-row path; ner-frozen.ts caches per word). */
export function sentenceAtoms(forms: string[], lookup: AtomLookup, lexicon: Lexicon): TokenAtoms[] {
  const starts = forms.map((f) => NAME_START.test(f));
  const gaz = lexicon.gazetteer && starts.some(Boolean) ? gazetteerMatches(forms.map((f) => f.toLowerCase()), starts, lexicon) : null;
  return forms.map((form, i) => {
    const word = wordAtoms(form, lookup, lexicon);
    const found = gaz?.[i];
    let gazAtoms = NO_ATOMS;
    if (found && found.length) {
      gazAtoms = [];
      for (const g of found) {
        const a = lookup(`g|${g}`);
        if (a >= 0) gazAtoms.push(a);
      }
    }
    return { w: word.w, l: word.l, s: word.s, aff: word.aff, clu: word.clu, gaz: gazAtoms, lower: word.lower, capitalised: word.capitalised };
  });
}

/** Adds a word's capitals to counts[0] and its letters to counts[1] (what isHeadline counts). */
export function addCaseCounts(f: string, counts: Int32Array): void {
  let upper = 0;
  let letters = 0;
  for (let i = 0; i < f.length; i++) {
    const code = f.charCodeAt(i);
    if (code >= 65 && code <= 90) { upper++; letters++; } else if (code >= 97 && code <= 122) letters++;
    else if (code >= 128) {
      const ch = f[i]!;
      if (UPPER.test(ch)) { upper++; letters++; } else if (LETTER.test(ch)) letters++;
    }
  }
  counts[0] += upper;
  counts[1] += letters;
}

/** The headline rule over a sentence's counts of capitals and letters. */
export function headlineCounts(upper: number, letters: number): boolean {
  return letters >= 6 && upper / letters > 0.8;
}

/** A sentence is a headline when most of its letters are capitals (Reuters datelines and titles). */
export function isHeadline(forms: string[]): boolean {
  const counts = new Int32Array(2);
  for (const f of forms) addCaseCounts(f, counts);
  return headlineCounts(counts[0]!, counts[1]!);
}

/** Pushes (template, a, b) triples; b = -1 for a one-atom feature. */
export type FeatureSink = (t: number, a: number, b: number) => void;

const L_OUT = 0;
const R_OUT = 1;

/** Static features of token i (independent of tags). No closures inside: this runs for every token. */
export function staticFeatures(atoms: TokenAtoms[], i: number, headline: boolean, emit: FeatureSink): void {
  const n = atoms.length;
  const me = atoms[i]!;
  emit(T.BIAS, 0, -1);
  if (me.w >= 0) emit(T.W0, me.w, -1);
  for (let d = -2; d <= 2; d++) {
    const k = i + d;
    const tok = k >= 0 && k < n ? atoms[k]! : null;
    const l = tok ? tok.l : k < 0 ? L_OUT : R_OUT;
    const s = tok ? tok.s : k < 0 ? L_OUT : R_OUT;
    if (l >= 0) emit(T.L + d + 2, l, -1);
    if (s >= 0) emit(T.S + d + 2, s, -1);
  }
  const aff = me.aff;
  for (let k = 0; k < aff.length; k++) emit(T.AFF, aff[k]!, -1);
  const prev = i > 0 ? atoms[i - 1]! : null;
  const next = i + 1 < n ? atoms[i + 1]! : null;
  const lp = prev ? prev.l : L_OUT, l0 = me.l, ln = next ? next.l : R_OUT;
  if (lp >= 0 && l0 >= 0) emit(T.LL_PREV, lp, l0);
  if (l0 >= 0 && ln >= 0) emit(T.LL_NEXT, l0, ln);
  const sp = prev ? prev.s : L_OUT, s0 = me.s, sn = next ? next.s : R_OUT;
  if (sp >= 0 && s0 >= 0) emit(T.SS_PREV, sp, s0);
  if (s0 >= 0 && sn >= 0) emit(T.SS_NEXT, s0, sn);
  if (prev && prev.w >= 0) emit(T.W_PREV, prev.w, -1);
  if (next && next.w >= 0) emit(T.W_NEXT, next.w, -1);
  if (i === 0 && s0 >= 0) emit(T.FIRST_S, s0, -1);
  if (headline) {
    if (l0 >= 0) emit(T.HEAD_L, l0, -1);
    if (s0 >= 0) emit(T.HEAD_S, s0, -1);
  }
  for (let d = -1; d <= 1; d++) {
    const k = i + d;
    if (k < 0 || k >= n) continue;
    const tok = atoms[k]!;
    for (let j = 0; j < tok.clu.length; j++) emit(T.CLU + d + 1, tok.clu[j]!, -1);
    for (let j = 0; j < tok.gaz.length; j++) emit(T.GAZ + d + 1, tok.gaz[j]!, -1);
  }
}

/** Dynamic features: previous tags and the document history atom (-1 when the word has none). */
export function dynamicFeatures(me: TokenAtoms, prev1: number, prev2: number, history: number, emit: FeatureSink): void {
  emit(T.TAG1, prev1, -1);
  emit(T.TAG12, prev1, prev2);
  if (me.l >= 0) emit(T.TAG1_L, prev1, me.l);
  if (me.s >= 0) emit(T.TAG1_S, prev1, me.s);
  if (history >= 0) {
    emit(T.HIST, history, -1);
    if (me.s >= 0) emit(T.HIST_S, history, me.s);
  }
}

/** Tags that may follow `prev` (BIO: I-X only after B-X or I-X). */
export function allowedAfter(prev: number, tag: number): boolean {
  const name = TAGS[tag]!;
  if (!name.startsWith("I-")) return true;
  const p = TAGS[prev]!;
  return p !== "O" && p.slice(2) === name.slice(2);
}

/** Kind of a tag index ("PER"…) or null for O. */
export function kindOf(tag: number): EntityKind | null {
  return tag === 0 ? null : (TAGS[tag]!.slice(2) as EntityKind);
}

/** Tag index of B-kind / I-kind. */
export function tagIndex(name: Tag): number {
  return TAGS.indexOf(name);
}

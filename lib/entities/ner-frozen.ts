// The shipped (frozen) model's tagging path: the same features and greedy decoder as ner-tagger.ts, with
// every score that does not depend on the sentence summed once and kept in typed arrays, so a token costs a
// few vector adds instead of hashing dozens of features:
//   1. per word type (cached, by an integer id into typed-array slabs: no object or array per type; found
//      through an integer hash table that holds a short form's units, so a token's lookup reads no string):
//      its share of the static scores at each place of the ±2 window (form, lower case, shape, affixes,
//      clusters), its previous-tag × lower-case scores, its shape's tables, its capitals and letters (the
//      headline rule), its word in the gazetteer's trie and whether a phrase can start at it;
//   2. per sentence: the cached shares of the five window places, the pair features (lower-case pairs: one
//      hash probe each where both words' flags say the model has such pairs; shape pairs cached in one
//      integer table, read once per neighbour pair), sentence start, headline,
//      gazetteer matches (down a trie of word indices: no phrase strings);
//   3. decoding left to right: static scores + the dense previous-tags table + the word's and its shape's
//      tag rows + the document history, then the best tag BIO allows.
// test/entities/ner-model.test.ts checks that it tags exactly as tagSentence over the feature rows does.
import { CLUSTER_PREFIXES, T, TAGS, TAG_COUNT, addCaseCounts, allowedAfter, headlineCounts, isHeadline, sentenceAtoms, shapeOf } from "./ner-features.ts";
import { DocHistory, staticRows, tagSentence, type WeightSource } from "./ner-tagger.ts";
import { detached, formAt, needsForm, type TokenTable } from "./tokenize.ts";

const NT = 9;
if (TAG_COUNT !== NT) throw new Error(`ner-frozen expects ${NT} tags, the features define ${TAG_COUNT}`);
const ALLOWED = Uint8Array.from({ length: NT * NT }, (_, i) => (allowedAfter(Math.floor(i / NT), i % NT) ? 1 : 0));
/** Entity kind index (0 PER, 1 ORG, 2 LOC, 3 MISC) of each tag, -1 for O: the document history's counts. */
const KIND_INDEX = Int8Array.from(TAGS, (t, i) => (i === 0 ? -1 : ["PER", "ORG", "LOC", "MISC"].indexOf(t.slice(2))));
/** Template ids copied into module constants (an imported object is a getter call per access under tsx). */
const T_BIAS = T.BIAS, T_W0 = T.W0, T_L = T.L, T_S = T.S, T_AFF = T.AFF, T_LL_PREV = T.LL_PREV, T_LL_NEXT = T.LL_NEXT;
const T_SS_PREV = T.SS_PREV, T_SS_NEXT = T.SS_NEXT, T_FIRST_S = T.FIRST_S, T_HEAD_L = T.HEAD_L, T_HEAD_S = T.HEAD_S;
const T_CLU = T.CLU, T_GAZ = T.GAZ, T_W_PREV = T.W_PREV, T_W_NEXT = T.W_NEXT;
const T_TAG1 = T.TAG1, T_TAG12 = T.TAG12, T_TAG1_L = T.TAG1_L, T_TAG1_S = T.TAG1_S, T_HIST = T.HIST, T_HIST_S = T.HIST_S;
const L_OUT = 0;
const R_OUT = 1;
/** NT scores for each of the five window places (d = -2..+2). */
const ROLE_SIZE = 5 * NT;
/** Word types whose tables are cached before the cache is emptied (checked between documents, so a document's
 * ids stay valid while it is tagged; one document adds at most its own types, MAX_TAGGED_TEXT_CHARS bounds
 * those): an article has a few thousand, 240 WCXB articles ~35,000; a type holds 180 bytes of float32 scores
 * (~0.5 KB with its previous-tag rows), so this bounds the cache near 40 MB. */
const WORD_CACHE_LIMIT = 100_000;
/** Word types the slabs hold at first (they double as needed). */
const INITIAL_WORDS = 4096;
/** Word id 0 stands for "outside the sentence": its roles are the boundary atoms' scores. */
const OUTSIDE = 0;
/** The atom kinds of affixes by length ("p3": a three-letter prefix) and of cluster-path prefixes. */
const AFFIX_KINDS = { p: ["p0", "p1", "p2", "p3", "p4"], s: ["s0", "s1", "s2", "s3", "s4"] } as const;
const CLUSTER_KINDS = CLUSTER_PREFIXES.map((n) => `c${n}`);
/** Ints a slot of the word map, and the UTF-16 units of a form that its slot holds (two an int). */
const WORD_SLOT = 8, INLINE_UNITS = 8;
/** The first two units of '' as the word map packs them: the token reads as " (tokenize.ts formAt). */
const DOUBLED_APOSTROPHE = 39 | (39 << 16);
const CAPITALISED = 1, GAZ_START = 2;
/** Flags of a word whose lower-case atom some LL_PREV (LL_NEXT) feature of the model has as its first (A) or
 * second (B) atom: a lower-case pair is looked up only when the left word has the A flag and the right word
 * the B flag (the feature table answers every other pair "none" too, after reading two bit sets of its own,
 * cache misses both). */
const LLP_A = 4, LLP_B = 8, LLN_A = 16, LLN_B = 32;
/** I_FLAGS above its flags: the word's capitals (isHeadline's count). */
const CAPITALS_SHIFT = 6;
/** The fields of a word id in FrozenTagger.info (INFO ints a word). */
const I_L = 0, I_S = 1, I_TAGL = 2, I_LOWER = 3, I_FLAGS = 4, I_SHAPE = 5, I_GAZ = 6, I_LETTERS = 7, INFO = 8;
/** Shape pairs whose scores are cached before that cache is emptied (a few thousand recur; a text of odd
 * shapes cannot claim more than ~2 MB). */
const PAIR_CACHE_LIMIT = 16_384;
/** Affixes whose summed scores are cached (four letters and shorter: far fewer than words). */
const AFFIX_CACHE_LIMIT = 50_000;
const UPPER = /\p{Lu}/u;
const NAME_START = /^[\p{Lu}\p{N}]/u;
/** Digits, folded to 0 in the lower-case atom as the features fold them. */
const DIGIT = /\d/g;

/** A shape's tables: previous tag × shape, document history × shape, sentence start × shape. */
interface ShapeEntry {
  /** its place in FrozenTagger.shapeList */
  index: number;
  tagS: Float64Array | null;
  histS: Float64Array | null;
  first: Float64Array | null;
  /** the feature rows (-1: none) of the shape at the five window places (T.S + 0..4), or null (no atom) */
  sRows: Int32Array | null;
}

export interface FrozenTagging {
  /** BIO tag per token, per sentence */
  tags: number[][];
  /** best score minus the best other allowed score, per token, per sentence */
  margins: number[][];
}

export class FrozenTagger {
  /** The word map, form → word id (what a word type contributes, whatever its neighbours, is stored by id
   * below): open addressing over WORD_SLOT ints a slot [hash, id, length, the first INLINE_UNITS UTF-16 units
   * two a slot int], id 0 (OUTSIDE) marking an empty slot, at most half full. A form's hash is computed here;
   * a hit is checked against the units in the slot when the form is that short (most words: the probe reads
   * one slot and no string), else against the form kept for its id. */
  private wordSlots = new Int32Array(INITIAL_WORDS * 2 * WORD_SLOT);
  /** the form of each word id, as it was first met */
  private readonly formOf: string[] = [""];
  private wordCount = 1;
  /** static scores by window place: ROLE_SIZE floats an id (float32 like the weights: half the memory) */
  private roles = new Float32Array(INITIAL_WORDS * ROLE_SIZE);
  /** INFO ints an id, side by side (one cache line a word, not one per field): its lower-case and shape atoms
   * (the pair features), the offset of its TAG1_L scores by previous tag (NT × NT) in tagLs or -1 when the
   * model has none, its lower case's id (the document history's key), its CAPITALISED | GAZ_START flags (its
   * capitals above them), its shape's index in shapeList, its lower case's word index in the gazetteer's trie
   * (-1: in no phrase), and its letters (the capitals and letters: isHeadline's counts) */
  private info = new Int32Array(INITIAL_WORDS * INFO);
  private tagLs = new Float32Array(INITIAL_WORDS * NT * NT);
  private tagLCount = 0;
  /** the shapes' tables, by index (a few hundred: they stay in cache) */
  private readonly shapeList: ShapeEntry[] = [];
  private readonly lowerIds = new StringTable();
  /** document history: counts per kind (4 a lower-case id), valid where histStamp equals the document's stamp */
  private histCounts = new Int32Array(INITIAL_WORDS * 4);
  private histStamp = new Int32Array(INITIAL_WORDS);
  private docStamp = 0;
  private readonly shapes = new Map<number, ShapeEntry>();
  /** The shape-pair cache, (left shape's index, right shape's index) → the pair's offset in pairRows or -1
   * (the model has neither feature): open addressing over [left, right, offset] slots, left -1 when empty, at
   * most half full. pairRows holds [SS_PREV scores of the right token | SS_NEXT scores of the left one]. */
  private readonly pairSlots: Int32Array;
  private pairRows = new Float32Array(256 * 2 * NT);
  /** pairs in pairSlots, and rows in pairRows (pairs with scores) */
  private pairCount = 0;
  private pairRowCount = 0;
  /** the shapes' indices of the atoms outside the sentence, left and right */
  private readonly outShapes: readonly [number, number];
  /** LLP_A | LLN_A of the atom left of the sentence, LLP_B | LLN_B of the one right of it */
  private readonly outFlags: readonly [number, number];
  private readonly gazTables = new Map<string, Float64Array | null>();
  private readonly shapeAtoms = new Map<string, number>();
  /** affix → its index in prefixRows (suffixRows) */
  private readonly prefixes = new StringTable();
  private readonly suffixes = new StringTable();
  private readonly prefixRows: Float32Array[] = [];
  /** the model's affix atoms by kind and length (affixAtom; null: it cannot list them) */
  private readonly affixAtomTables: Record<"p" | "s", ({ keys: StringTable; atoms: number[] } | null | undefined)[]> = { p: [], s: [] };
  private readonly suffixRows: Float32Array[] = [];
  /** CLU tables by cluster path id (made on first use), and the paths */
  private readonly clusterTables: (Float32Array | undefined)[] = [];
  private readonly paths: string[] = [];
  private readonly weights: Float32Array | Float64Array;
  private readonly bias: Float64Array;
  /** TAG1 + TAG12 scores: [prev1 * NT + prev2] × NT */
  private readonly trans: Float64Array;
  /** HIST scores: [kind] × NT */
  private readonly hist: Float64Array;
  /** the gazetteer's phrases as a trie over their words (lexicon entries; null: the model has no gazetteer) */
  private readonly gazTrie: PhraseTrie | null;
  /** What the model knows of a lower case (clusters and gazetteer words are lower cases, and so are the
   * lower-case atoms) and of a form, in one table: text → entry, and by entry its form atom, lower-case atom
   * (-1: none) and cluster path; the gazetteer's trie indexes its words by entry. A new word reads them with
   * one lookup (two when its form is not its lower case). */
  private readonly lexicon = new StringTable();
  private readonly lexW: number[] = [];
  private readonly lexL: number[] = [];
  /** by entry: its cluster path's id in paths, -1: none */
  private readonly lexPath: number[] = [];
  /** GAZ scores of a kind's U-, B- and I- labels, by kind */
  private readonly gazKinds = new Map<string, (Float64Array | null)[]>();
  /** Scratch of one sentence: its static scores and word ids (reused, grown as needed). */
  private fixed = new Float64Array(64 * NT);
  private ids = new Int32Array(64);
  private readonly caseScratch = new Int32Array(2);
  /** the sum of the values read ahead of use in tagSentences (kept so that the reads are not dropped) */
  private touched = 0;
  private readonly gazMax: number;
  /** the model's form and lower-case atoms by their text, when it lists them (else looked up as `w|form`) */
  private readonly formAtoms: ReadonlyMap<string, number> | null;
  private readonly lowerAtoms: ReadonlyMap<string, number> | null;
  /** the model's atoms of the affix and cluster kinds by their text, by kind (null: it does not list them) */
  private readonly kindAtoms = new Map<string, ReadonlyMap<string, number> | null>();

  /** `wordCacheLimit`: word types cached before the cache is emptied (WORD_CACHE_LIMIT), `pairCacheLimit`:
   * shape pairs (PAIR_CACHE_LIMIT); tests set them low. */
  constructor(private readonly src: WeightSource, private readonly wordCacheLimit = WORD_CACHE_LIMIT, private readonly pairCacheLimit = PAIR_CACHE_LIMIT) {
    let slots = 1;
    while (slots < pairCacheLimit * 2) slots <<= 1;
    this.pairSlots = new Int32Array(slots * 3).fill(-1);
    this.weights = src.weights;
    this.formAtoms = src.atomsOf?.("w") ?? null;
    this.lowerAtoms = src.atomsOf?.("l") ?? null;
    this.resetWords();
    this.bias = new Float64Array(NT);
    this.add(this.bias, 0, T_BIAS, 0, -1);
    this.trans = new Float64Array(NT * NT * NT);
    for (let p1 = 0; p1 < NT; p1++) {
      for (let p2 = 0; p2 < NT; p2++) {
        const o = (p1 * NT + p2) * NT;
        this.add(this.trans, o, T_TAG1, p1, -1);
        this.add(this.trans, o, T_TAG12, p1, p2);
      }
    }
    this.outShapes = [this.shape(L_OUT).index, this.shape(R_OUT).index];
    this.outFlags = [this.lowerPairFlags(L_OUT) & (LLP_A | LLN_A), this.lowerPairFlags(R_OUT) & (LLP_B | LLN_B)];
    this.hist = new Float64Array(4 * NT);
    for (let k = 0; k < 4; k++) this.add(this.hist, k * NT, T_HIST, k, -1);
    const gaz = src.lexicon.gazetteer;
    this.gazMax = src.lexicon.gazetteerMaxWords ?? 4;
    this.gazTrie = gaz ? new PhraseTrie(gaz, (w) => this.lexEntry(w)) : null;
    if (this.lowerAtoms) for (const [lower, a] of this.lowerAtoms) this.lexL[this.lexEntry(lower)] = a;
    const clusters = src.lexicon.clusters;
    if (clusters) {
      const ids = new Map<string, number>();
      for (const [word, path] of clusters) {
        if (!path) continue; // an empty path has no prefixes to read
        let id = ids.get(path);
        if (id === undefined) { id = this.paths.length; this.paths.push(path); ids.set(path, id); }
        this.lexPath[this.lexEntry(word)] = id;
      }
    }
    if (this.formAtoms) for (const [form, a] of this.formAtoms) this.lexW[this.lexEntry(form)] = a;
  }

  /** The lexicon entry of a lower case, made when missing. */
  private lexEntry(lc: string): number {
    const e = this.lexicon.add(lc);
    if (e === this.lexL.length) {
      this.lexW.push(-1);
      this.lexL.push(-1);
      this.lexPath.push(-1);
    }
    return e;
  }

  /** Adds the weights of feature (t, a, b) at out[offset..offset+NT); true when the model has it. */
  private add(out: Float64Array | Float32Array, offset: number, t: number, a: number, b: number): boolean {
    const r = this.src.row(t, a, b);
    if (r < 0) return false;
    const w = this.weights;
    const base = r * NT;
    for (let k = 0; k < NT; k++) out[offset + k]! += w[base + k]!;
    return true;
  }

  private shape(s: number): ShapeEntry {
    let e = this.shapes.get(s);
    if (e) return e;
    e = { index: this.shapeList.length, tagS: null, histS: null, first: null, sRows: null };
    this.shapeList.push(e);
    if (s >= 0) {
      e.sRows = Int32Array.from({ length: 5 }, (_, d) => this.src.row(T_S + d, s, -1));
      const tagS = new Float64Array(NT * NT);
      let any = false;
      for (let p = 0; p < NT; p++) any = this.add(tagS, p * NT, T_TAG1_S, p, s) || any;
      if (any) e.tagS = tagS;
      const histS = new Float64Array(4 * NT);
      any = false;
      for (let k = 0; k < 4; k++) any = this.add(histS, k * NT, T_HIST_S, k, s) || any;
      if (any) e.histS = histS;
      const first = new Float64Array(NT);
      if (this.add(first, 0, T_FIRST_S, s, -1)) e.first = first;
    }
    this.shapes.set(s, e);
    return e;
  }

  /** Empties the word cache; id 0 (OUTSIDE) holds the boundary atoms' scores at the four outer places. */
  private resetWords(): void {
    this.wordSlots.fill(0);
    this.formOf.length = 1;
    this.lowerIds.clear();
    // The slabs are zero past what is in use (new memory is, and this clears what was): a word's tables are
    // summed into them as they are.
    this.roles.fill(0, 0, this.wordCount * ROLE_SIZE);
    this.tagLs.fill(0, 0, this.tagLCount * NT * NT);
    this.wordCount = 1;
    this.tagLCount = 0;
    for (const d of [-2, -1, 1, 2]) {
      const atom = d < 0 ? L_OUT : R_OUT;
      this.add(this.roles, (d + 2) * NT, T_L + d + 2, atom, -1);
      this.add(this.roles, (d + 2) * NT, T_S + d + 2, atom, -1);
    }
  }

  /** Doubles the per-word slabs. */
  private growWords(): void {
    const n = (this.info.length / INFO) * 2;
    const grow = <A extends Float32Array | Int32Array | Uint8Array>(old: A, make: (n: number) => A, per = 1): A => { const a = make(n * per); a.set(old); return a; };
    this.roles = grow(this.roles, (k) => new Float32Array(k), ROLE_SIZE);
    this.info = grow(this.info, (k) => new Int32Array(k), INFO);
  }

  /** The id of a lower case (digits folded), the document history's key. */
  private lowerId(lower: string): number {
    const id = this.lowerIds.add(lower);
    if (id >= this.histStamp.length) {
      const stamp = new Int32Array(this.histStamp.length * 2);
      stamp.set(this.histStamp);
      this.histStamp = stamp;
      const counts = new Int32Array(stamp.length * 4);
      counts.set(this.histCounts);
      this.histCounts = counts;
    }
    return id;
  }

  /** The atom of a shape (a few hundred recur: a small map instead of the atom table). */
  private shapeAtom(shape: string): number {
    let s = this.shapeAtoms.get(shape);
    if (s === undefined) { s = this.src.atom(`s|${shape}`); this.shapeAtoms.set(shape, s); }
    return s;
  }

  /** The id of a word type, its tables written into the slabs the first time it is met. */
  private word(form: string): number {
    const len = form.length;
    const units = unitsOf(form);
    const h = units[0]!, p0 = units[1]!, p1 = units[2]!, p2 = units[3]!, p3 = units[4]!;
    const slots = this.wordSlots, mask = slots.length / WORD_SLOT - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const o = s * WORD_SLOT;
      const id = slots[o + 1]!;
      if (id === OUTSIDE) break;
      if (slots[o] !== h || slots[o + 2] !== len) continue;
      if (len <= INLINE_UNITS
        ? slots[o + 3] === p0 && slots[o + 4] === p1 && slots[o + 5] === p2 && slots[o + 6] === p3
        : this.formOf[id] === form) return id;
    }
    const id = this.newWord(form);
    this.placeWord(h, id, len, p0, p1, p2, p3);
    return id;
  }

  /** word(formAt(text, start, end)), the form's units read from the text: no string unless the word is new (or
   * its form is not its text: a curly quote or dash straightened, a doubled quote). */
  private wordAt(text: string, start: number, end: number): number {
    const len = end - start;
    let h = len, p0 = 0, p1 = 0, p2 = 0, p3 = 0;
    for (let i = 0; i < len; i++) {
      const c = text.charCodeAt(start + i);
      if (c === 0x60 || c === 0xab || c === 0xbb || (c >= 0x2013 && needsForm(c))) return this.word(formAt(text, start, end));
      h = Math.imul(h, 31) + c | 0;
      if (i < INLINE_UNITS) {
        const u = c << ((i & 1) << 4);
        if (i < 2) p0 |= u; else if (i < 4) p1 |= u; else if (i < 6) p2 |= u; else p3 |= u;
      }
    }
    if (len === 2 && p0 === DOUBLED_APOSTROPHE) return this.word("\"");
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    const slots = this.wordSlots, mask = slots.length / WORD_SLOT - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const o = s * WORD_SLOT;
      const id = slots[o + 1]!;
      if (id === OUTSIDE) break;
      if (slots[o] !== h || slots[o + 2] !== len) continue;
      if (len <= INLINE_UNITS ? slots[o + 3] === p0 && slots[o + 4] === p1 && slots[o + 5] === p2 && slots[o + 6] === p3 : sameText(this.formOf[id]!, text, start)) return id;
    }
    // cached as long as the word: a form of its own, not a slice holding the page
    const id = this.newWord(detached(text.slice(start, end)));
    this.placeWord(h, id, len, p0, p1, p2, p3);
    return id;
  }

  /** Puts word id `id` (hash h, length len, first units p0..p3) into the word map, doubled first when it would
   * be more than half full. */
  private placeWord(h: number, id: number, len: number, p0: number, p1: number, p2: number, p3: number): void {
    if (id * 2 * WORD_SLOT >= this.wordSlots.length) {
      const old = this.wordSlots;
      this.wordSlots = new Int32Array(old.length * 2);
      for (let o = 0; o < old.length; o += WORD_SLOT) {
        if (old[o + 1] !== OUTSIDE) this.placeWord(old[o]!, old[o + 1]!, old[o + 2]!, old[o + 3]!, old[o + 4]!, old[o + 5]!, old[o + 6]!);
      }
    }
    const slots = this.wordSlots, mask = slots.length / WORD_SLOT - 1;
    let s = h & mask;
    while (slots[s * WORD_SLOT + 1] !== OUTSIDE) s = (s + 1) & mask;
    const o = s * WORD_SLOT;
    slots[o] = h; slots[o + 1] = id; slots[o + 2] = len;
    slots[o + 3] = p0; slots[o + 4] = p1; slots[o + 5] = p2; slots[o + 6] = p3;
  }

  /** A new word type's id, its tables summed into the slabs. */
  private newWord(form: string): number {
    const id = this.wordCount;
    if ((id + 1) * INFO > this.info.length) this.growWords();
    const atom = this.src.atom;
    const lc = form.toLowerCase();
    const lower = hasDigit(lc) ? lc.replace(DIGIT, "0") : lc;
    const lexicon = this.lexicon;
    const formEntry = lexicon.get(form, 0, form.length);
    const w = this.formAtoms ? (formEntry >= 0 ? this.lexW[formEntry]! : -1) : atom(`w|${form}`);
    const entry = lc === form ? formEntry : lexicon.get(lc, 0, lc.length);
    // the lower-case atom: the entry's when no digit was folded (every lower-case atom has an entry)
    const lowerEntry = lower === lc ? entry : lexicon.get(lower, 0, lower.length);
    const l = !this.lowerAtoms ? atom(`l|${lower}`) : lowerEntry >= 0 ? this.lexL[lowerEntry]! : -1;
    const s = this.shapeAtom(shapeOf(form));
    const shape = this.shape(s), sRows = shape.sRows;
    const roles = this.roles, weights = this.weights;
    const r0 = id * ROLE_SIZE;
    const c = r0 + 2 * NT;
    for (let d = -2; d <= 2; d++) {
      const o = r0 + (d + 2) * NT;
      if (l >= 0) this.add(roles, o, T_L + d + 2, l, -1);
      // the shape's row at this place (this.add(roles, o, T_S + d + 2, s, -1), its row looked up once a shape)
      const r = sRows ? sRows[d + 2]! * NT : -1;
      if (r >= 0) for (let k = 0; k < NT; k++) roles[o + k]! += weights[r + k]!;
    }
    if (w >= 0) {
      this.add(roles, c, T_W0, w, -1);
      this.add(roles, r0 + 1 * NT, T_W_PREV, w, -1);
      this.add(roles, r0 + 3 * NT, T_W_NEXT, w, -1);
    }
    const k = Math.min(4, lower.length - 1);
    if (k >= 1) {
      addInto(roles, c, this.affixes("p", lower, 0, k), 0, NT);
      addInto(roles, c, this.affixes("s", lower, lower.length - k, lower.length), 0, NT);
    }
    const path = entry >= 0 ? this.lexPath[entry]! : -1;
    if (path >= 0) addInto(roles, r0 + NT, this.clusterTables[path] ?? this.cluster(path), 0, 3 * NT);
    const trie = this.gazTrie;
    // the trie's index of the word (its lexicon entry; the trie has no child for a word in no phrase)
    const gazWord = trie ? entry : -1;
    // A phrase can start here: one is this word, or begins with it and a space.
    const first = form.charCodeAt(0);
    // NAME_START and UPPER read by code for an ASCII first letter
    const gazStart = gazWord >= 0 && (first < 128 ? (first >= 65 && first <= 90) || (first >= 48 && first <= 57) : NAME_START.test(form))
      && trie!.child(0, gazWord) >= 0;
    const info = this.info, at = id * INFO;
    info[at + I_L] = l;
    info[at + I_S] = s;
    info[at + I_TAGL] = l >= 0 ? this.tagLRows(l) : -1;
    info[at + I_LOWER] = this.lowerId(lower);
    const counts = this.caseScratch;
    counts[0] = 0; counts[1] = 0;
    addCaseCounts(form, counts);
    const capitalised = first < 128 ? first >= 65 && first <= 90 : UPPER.test(form[0] ?? "");
    info[at + I_FLAGS] = (capitalised ? CAPITALISED : 0) | (gazStart ? GAZ_START : 0) | (l >= 0 ? this.lowerPairFlags(l) : 0)
      | (counts[0]! << CAPITALS_SHIFT);
    info[at + I_LETTERS] = counts[1]!;
    info[at + I_SHAPE] = shape.index;
    info[at + I_GAZ] = gazWord;
    this.formOf[id] = form;
    this.wordCount = id + 1;
    return id;
  }

  /** TAG1_L scores of a lower-case atom by previous tag (NT × NT) written at the end of tagLs: their offset,
   * or -1 when the model has none (nothing was written: the space stays zero for the next). */
  private tagLRows(l: number): number {
    const at = this.tagLCount * NT * NT;
    if (at + NT * NT > this.tagLs.length) {
      const grown = new Float32Array(this.tagLs.length * 2);
      grown.set(this.tagLs);
      this.tagLs = grown;
    }
    const t = this.tagLs;
    let any = false;
    for (let p = 0; p < NT; p++) any = this.add(t, at + p * NT, T_TAG1_L, p, l) || any;
    if (!any) return -1;
    this.tagLCount++;
    return at;
  }

  /** LLP_A | LLP_B | LLN_A | LLN_B of a lower-case atom (all four when the model cannot tell). */
  private lowerPairFlags(l: number): number {
    const of = this.src.templatesOf;
    if (!of) return LLP_A | LLP_B | LLN_A | LLN_B;
    const a = of(0, l), b = of(1, l), prev = 1 << (T_LL_PREV & 31), next = 1 << (T_LL_NEXT & 31);
    return (a & prev ? LLP_A : 0) | (b & prev ? LLP_B : 0) | (a & next ? LLN_A : 0) | (b & next ? LLN_B : 0);
  }

  /** Shape-pair scores of two neighbours (shape atoms a, b; their shapes' indices left, right): their offset in
   * pairRows, or -1 when the model has neither feature. Cached: a few thousand pairs recur, and a probe of the
   * feature table is a cache miss. pairRows may be replaced (grown) by the call. */
  private shapePair(left: number, right: number, a: number, b: number): number {
    const slots = this.pairSlots, mask = slots.length / 3 - 1;
    let s = (Math.imul(left, 0x9e3779b1) ^ Math.imul(right + 1, 0x85ebca77)) >>> 0;
    s = (s ^ (s >>> 15)) & mask;
    for (; ; s = (s + 1) & mask) {
      const at = slots[s * 3]!;
      if (at === -1) break;
      if (at === left && slots[s * 3 + 1] === right) return slots[s * 3 + 2]!;
    }
    if (this.pairCount >= this.pairCacheLimit) {
      // emptied whole (the offsets the caller holds were read already), then the pair finds its place again
      slots.fill(-1);
      this.pairCount = 0;
      this.pairRowCount = 0;
      return this.shapePair(left, right, a, b);
    }
    this.pairCount++;
    let rows = this.pairRows;
    let o = this.pairRowCount * 2 * NT;
    if (o + 2 * NT > rows.length) {
      const grown = new Float32Array(rows.length * 2);
      grown.set(rows);
      this.pairRows = rows = grown;
    }
    rows.fill(0, o, o + 2 * NT);
    const any = this.add(rows, o, T_SS_PREV, a, b);
    if (this.add(rows, o + NT, T_SS_NEXT, a, b) || any) this.pairRowCount++;
    else o = -1;
    slots[s * 3] = left; slots[s * 3 + 1] = right; slots[s * 3 + 2] = o;
    return o;
  }

  /** AFF scores of all the prefixes (or suffixes) of a word whose longest read affix is lower[from, to): shared
   * by the many words that begin (end) alike; found without cutting the affix from the word. */
  private affixes(kind: "p" | "s", lower: string, from: number, to: number): Float32Array {
    const cache = kind === "p" ? this.prefixes : this.suffixes, rows = kind === "p" ? this.prefixRows : this.suffixRows;
    const i = cache.get(lower, from, to);
    if (i >= 0) return rows[i]!;
    const t = new Float32Array(NT);
    for (let n = 1; n <= to - from; n++) {
      const a = kind === "p" ? this.affixAtom(kind, n, lower, from, from + n) : this.affixAtom(kind, n, lower, to - n, to);
      if (a >= 0) this.add(t, 0, T_AFF, a, -1);
    }
    if (cache.size >= AFFIX_CACHE_LIMIT) { cache.clear(); rows.length = 0; }
    rows[cache.add(lower.slice(from, to))] = t;
    return t;
  }

  /** The atom of the n-letter prefix (suffix) lower[from, to), found in a table of the model's atoms of its
   * kind without cutting it from the word (atomOf when the model cannot list them). */
  private affixAtom(kind: "p" | "s", n: number, lower: string, from: number, to: number): number {
    const name = n < AFFIX_KINDS[kind].length ? AFFIX_KINDS[kind][n]! : `${kind}${n}`;
    const byLength = this.affixAtomTables[kind];
    let table = byLength[n];
    if (table === undefined) {
      const m = this.src.atomsOf?.(name);
      table = null;
      if (m) {
        const keys = new StringTable(), atoms: number[] = [];
        for (const [text, a] of m) atoms[keys.add(text)] = a;
        table = { keys, atoms };
      }
      byLength[n] = table;
    }
    if (!table) return this.atomOf(name, lower.slice(from, to));
    const i = table.keys.get(lower, from, to);
    return i >= 0 ? table.atoms[i]! : -1;
  }

  /** The atom `${kind}|${text}`: looked up by its text in the model's atoms of that kind when it lists them. */
  private atomOf(kind: string, text: string): number {
    let m = this.kindAtoms.get(kind);
    if (m === undefined) { m = this.src.atomsOf?.(kind) ?? null; this.kindAtoms.set(kind, m); }
    return m ? m.get(text) ?? -1 : this.src.atom(`${kind}|${text}`);
  }

  /** CLU scores of a cluster path's prefixes at the places -1, 0, +1 (3 × NT), shared by its words: made and
   * kept in clusterTables (by the path's id). */
  private cluster(id: number): Float32Array {
    const path = this.paths[id]!;
    const t = new Float32Array(3 * NT);
    for (let i = 0; i < CLUSTER_PREFIXES.length; i++) {
      const n = CLUSTER_PREFIXES[i]!;
      const a = this.atomOf(CLUSTER_KINDS[i]!, path.slice(0, n));
      if (a >= 0) for (let d = -1; d <= 1; d++) this.add(t, (d + 1) * NT, T_CLU + d + 1, a, -1);
      if (n >= path.length) break;
    }
    this.clusterTables[id] = t;
    return t;
  }

  /** GAZ scores of a gazetteer label ("B-LOC"…) at the three places -1, 0, +1 (3 × NT), or null. */
  private gazTable(label: string): Float64Array | null {
    let t = this.gazTables.get(label);
    if (t !== undefined) return t;
    const a = this.src.atom(`g|${label}`);
    t = null;
    if (a >= 0) {
      const table = new Float64Array(3 * NT);
      let any = false;
      for (let d = -1; d <= 1; d++) any = this.add(table, (d + 1) * NT, T_GAZ + d + 1, a, -1) || any;
      if (any) t = table;
    }
    this.gazTables.set(label, t);
    return t;
  }

  /** GAZ tables of a kind's U-, B- and I- labels ("LOC" → U-LOC, B-LOC, I-LOC). */
  private gazKind(kind: string): (Float64Array | null)[] {
    let t = this.gazKinds.get(kind);
    if (!t) { t = [this.gazTable(`U-${kind}`), this.gazTable(`B-${kind}`), this.gazTable(`I-${kind}`)]; this.gazKinds.set(kind, t); }
    return t;
  }

  /** Adds a gazetteer label's scores (its table) around token j (to the tokens j-1, j, j+1 that exist). */
  private addGaz(out: Float64Array, n: number, j: number, table: Float64Array | null): void {
    if (!table) return;
    for (let d = -1; d <= 1; d++) {
      const i = j - d; // token i sees token j at place d = j - i
      if (i < 0 || i >= n) continue;
      const o = i * NT, to = (d + 1) * NT;
      for (let k = 0; k < NT; k++) out[o + k]! += table[to + k]!;
    }
  }

  /** Static scores (n × NT) of the sentence of word ids ids[0..n), written over the tagger's scratch buffer (a
   * sentence at a time: no allocation, hence no garbage, per sentence). */
  private staticScores(ids: Int32Array, n: number, headline: boolean): Float64Array {
    if (this.fixed.length < n * NT) this.fixed = new Float64Array(Math.max(n * NT, this.fixed.length * 2));
    const out = this.fixed;
    const bias = this.bias, roles = this.roles, info = this.info, shapes = this.shapeList;
    const outFlags = this.outFlags, outShapes = this.outShapes;
    /** the shape pair of tokens i-1 and i (its offset in pairRows, or -1), read at i-1 for its SS_NEXT half
     * (the SS_PREV half is token i's) */
    let carry = -1;
    for (let i = 0; i < n; i++) {
      const o = i * NT;
      // bias, then the five places' shares, summed left to right in one expression (the same float64 sums as
      // adding them into out one place at a time, without storing and reloading between places)
      const r0 = (i >= 2 ? ids[i - 2]! : OUTSIDE) * ROLE_SIZE;
      const r1 = (i >= 1 ? ids[i - 1]! : OUTSIDE) * ROLE_SIZE + NT;
      const r2 = ids[i]! * ROLE_SIZE + 2 * NT;
      const r3 = (i + 1 < n ? ids[i + 1]! : OUTSIDE) * ROLE_SIZE + 3 * NT;
      const r4 = (i + 2 < n ? ids[i + 2]! : OUTSIDE) * ROLE_SIZE + 4 * NT;
      for (let k = 0; k < NT; k++) out[o + k] = bias[k]! + roles[r0 + k]! + roles[r1 + k]! + roles[r2 + k]! + roles[r3 + k]! + roles[r4 + k]!;
      const me = ids[i]! * INFO, prev = i > 0 ? ids[i - 1]! * INFO : -1, next = i + 1 < n ? ids[i + 1]! * INFO : -1;
      const l0 = info[me + I_L]!, s0 = info[me + I_S]!;
      const lp = prev >= 0 ? info[prev + I_L]! : L_OUT, ln = next >= 0 ? info[next + I_L]! : R_OUT;
      const sp = prev >= 0 ? info[prev + I_S]! : L_OUT, sn = next >= 0 ? info[next + I_S]! : R_OUT;
      if (l0 >= 0) {
        const flags = info[me + I_FLAGS]!;
        const fp = prev >= 0 ? info[prev + I_FLAGS]! : outFlags[0], fn = next >= 0 ? info[next + I_FLAGS]! : outFlags[1];
        if (lp >= 0 && fp & LLP_A && flags & LLP_B) this.add(out, o, T_LL_PREV, lp, l0);
        if (ln >= 0 && flags & LLN_A && fn & LLN_B) this.add(out, o, T_LL_NEXT, l0, ln);
      }
      if (s0 >= 0) {
        const index = info[me + I_SHAPE]!;
        if (sp >= 0) {
          // past the first token, sp >= 0 and s0 >= 0 mean token i-1 read this pair (its sn was s0)
          const pair = prev >= 0 ? carry : this.shapePair(outShapes[0], index, sp, s0);
          const rows = this.pairRows;
          if (pair >= 0) for (let k = 0; k < NT; k++) out[o + k]! += rows[pair + k]!;
        }
        carry = -1;
        if (sn >= 0) {
          const pair = this.shapePair(index, next >= 0 ? info[next + I_SHAPE]! : outShapes[1], s0, sn);
          const rows = this.pairRows;
          carry = pair;
          if (pair >= 0) for (let k = 0; k < NT; k++) out[o + k]! += rows[pair + NT + k]!;
        }
        const first = shapes[index]!.first;
        if (i === 0 && first) for (let k = 0; k < NT; k++) out[o + k]! += first[k]!;
      } else carry = -1;
      if (headline) {
        if (l0 >= 0) this.add(out, o, T_HEAD_L, l0, -1);
        if (s0 >= 0) this.add(out, o, T_HEAD_S, s0, -1);
      }
    }
    this.gazetteer(out, ids, n);
    return out;
  }

  /** Gazetteer phrases starting at capitalised words: U-/B-/I- labels of every phrase that matches (the
   * phrases are the lower cases of the words joined by spaces, read word by word down the trie). */
  private gazetteer(out: Float64Array, ids: Int32Array, n: number): void {
    const trie = this.gazTrie;
    if (!trie) return;
    const info = this.info;
    for (let i = 0; i < n; i++) {
      if (!(info[ids[i]! * INFO + I_FLAGS]! & GAZ_START)) continue;
      let node = 0;
      for (let m = 1; m <= this.gazMax && i + m <= n; m++) {
        const w = info[ids[i + m - 1]! * INFO + I_GAZ]!;
        node = w < 0 ? -1 : trie.child(node, w);
        if (node < 0) break; // no phrase is, or begins with, these words
        const kinds = trie.kinds[node];
        if (kinds) {
          for (const kind of kinds) {
            const tables = this.gazKind(kind);
            this.addGaz(out, n, i, m === 1 ? tables[0]! : tables[1]!);
            for (let j = 1; j < m; j++) this.addGaz(out, n, i + j, tables[2]!);
          }
        }
        if (!trie.inner[node]) break; // no longer phrase begins with these words
      }
    }
  }

  /** Tags a document given as sentences of token forms (the document history runs across sentences). */
  tagDocument(document: string[][]): FrozenTagging {
    return this.tagSentences(document.length, (j) => {
      const forms = document[j]!, n = forms.length;
      const ids = this.idBuffer(n);
      for (let i = 0; i < n; i++) ids[i] = this.word(forms[i]!);
      return n;
    });
  }

  /** Tags a document given as its token table (tokenize.ts scanSentences), the forms read from the text. */
  tagTokens(text: string, table: TokenTable): FrozenTagging {
    const { starts, ends, sentenceEnds } = table;
    return this.tagSentences(table.sentenceCount, (j) => {
      const from = j > 0 ? sentenceEnds[j - 1]! : 0, n = sentenceEnds[j]! - from;
      const ids = this.idBuffer(n);
      for (let i = 0; i < n; i++) ids[i] = this.wordAt(text, starts[from + i]!, ends[from + i]!);
      return n;
    });
  }

  /** The sentence's word-id buffer, room for n. */
  private idBuffer(n: number): Int32Array {
    if (this.ids.length < n) this.ids = new Int32Array(Math.max(n, this.ids.length * 2));
    return this.ids;
  }

  /** Tags `count` sentences, `wordsOf(j)` writing sentence j's word ids into this.ids and returning their number. */
  private tagSentences(count: number, wordsOf: (j: number) => number): FrozenTagging {
    // Emptied between documents only: the ids of the document being tagged stay valid.
    if (this.wordCount >= this.wordCacheLimit) this.resetWords();
    const stamp = ++this.docStamp;
    const tags: number[][] = [];
    const margins: number[][] = [];
    const scores = new Float64Array(NT);
    const trans = this.trans, hist = this.hist;
    for (let j = 0; j < count; j++) {
      const n = wordsOf(j);
      const ids = this.ids;
      // After the words are in: the slabs may have grown.
      const info = this.info, tagLs = this.tagLs, shapes = this.shapeList;
      let capitals = 0, letters = 0, touched = 0;
      const roles = this.roles;
      for (let i = 0; i < n; i++) {
        const me = ids[i]! * INFO;
        capitals += info[me + I_FLAGS]! >>> CAPITALS_SHIFT;
        letters += info[me + I_LETTERS]!;
        // Each cache line of the word's window shares read here, for the whole sentence in one short loop:
        // their cache misses overlap instead of stalling staticScores one token at a time.
        const r = ids[i]! * ROLE_SIZE;
        touched += roles[r]! + roles[r + 16]! + roles[r + 32]! + roles[r + ROLE_SIZE - 1]!;
      }
      this.touched = touched;
      const fixed = this.staticScores(ids, n, headlineCounts(capitals, letters));
      const histStamp = this.histStamp, histCounts = this.histCounts;
      const sTags: number[] = new Array(n);
      const sMargins: number[] = new Array<number>(n);
      let prev1 = 0, prev2 = 0;
      for (let i = 0; i < n; i++) {
        const me = ids[i]! * INFO;
        const o = i * NT, to = (prev1 * NT + prev2) * NT;
        const tagL = info[me + I_TAGL]!;
        const shape = shapes[info[me + I_SHAPE]!]!;
        const tagS = shape.tagS;
        const capitalised = (info[me + I_FLAGS]! & CAPITALISED) !== 0;
        const li = info[me + I_LOWER]!;
        // Document history (DocHistory's rule over per-lower-case counts): the kind given most often so far.
        let h = -1;
        if (capitalised && histStamp[li] === stamp) {
          let bestN = 0;
          for (let k = 0; k < 4; k++) if (histCounts[li * 4 + k]! > bestN) { h = k; bestN = histCounts[li * 4 + k]!; }
        }
        const histS = h >= 0 ? shape.histS : null;
        // static + transitions, then the word's and its shape's previous-tag rows, then the history's: summed
        // in this order per tag, in a local (no store and reload between the terms)
        const tl = tagL + prev1 * NT, ts = prev1 * NT, hs = h * NT;
        for (let k = 0; k < NT; k++) {
          let v = fixed[o + k]! + trans[to + k]!;
          if (tagL >= 0) v += tagLs[tl + k]!;
          if (tagS) v += tagS[ts + k]!;
          if (h >= 0) {
            v += hist[hs + k]!;
            if (histS) v += histS[hs + k]!;
          }
          scores[k] = v;
        }
        // Best tag BIO allows after prev1, and its margin over the next best allowed.
        let best = -1, second = -Infinity;
        const base = prev1 * NT;
        for (let k = 0; k < NT; k++) {
          if (!ALLOWED[base + k]) continue;
          const v = scores[k]!;
          if (best < 0 || v > scores[best]!) {
            if (best >= 0 && scores[best]! > second) second = scores[best]!;
            best = k;
          } else if (v > second) second = v;
        }
        sTags[i] = best;
        sMargins[i] = scores[best]! - second;
        const kind = KIND_INDEX[best]!;
        if (capitalised && kind >= 0) {
          if (histStamp[li] !== stamp) { histStamp[li] = stamp; histCounts.fill(0, li * 4, li * 4 + 4); }
          histCounts[li * 4 + kind]!++;
        }
        prev2 = prev1;
        prev1 = best;
      }
      tags.push(sTags);
      margins.push(sMargins);
    }
    return { tags, margins };
  }
}

/** Gazetteer phrases (words joined by single spaces) as a trie over their words: a node per distinct phrase
 * beginning, a child found by one probe of an integer table by (node, word index), so matching reads word
 * indices and builds no phrase strings. Node 0 is the empty beginning. Words are indexed by the caller. */
class PhraseTrie {
  /** open addressing: [node, word, child] slots, node -1 when empty */
  private readonly slots: Int32Array;
  private readonly mask: number;
  /** the kinds of the phrase a node spells, when it is one */
  readonly kinds: (readonly string[] | undefined)[] = [undefined];
  /** 1 where a longer phrase begins with the node's words and a space */
  readonly inner: Uint8Array;
  /** `wordIndex`: a word's index (the same for the same word, small integers) */
  constructor(gaz: ReadonlyMap<string, readonly string[]>, wordIndex: (word: string) => number) {
    let words = 0;
    for (const phrase of gaz.keys()) { words++; for (let at = phrase.indexOf(" "); at >= 0; at = phrase.indexOf(" ", at + 1)) words++; }
    let size = 1;
    while (size < words * 2) size <<= 1;
    this.mask = size - 1;
    this.slots = new Int32Array(size * 3).fill(-1);
    const inner: number[] = [0];
    for (const [phrase, kinds] of gaz) {
      let node = 0;
      for (let from = 0; ;) {
        const at = phrase.indexOf(" ", from);
        const word = at < 0 ? phrase.slice(from) : phrase.slice(from, at);
        const w = wordIndex(word);
        let child = this.child(node, w);
        if (child < 0) {
          child = this.kinds.length;
          this.kinds.push(undefined);
          inner.push(0);
          this.insert(node, w, child);
        }
        if (at < 0) { this.kinds[child] = kinds; break; }
        inner[child] = 1;
        node = child;
        from = at + 1;
      }
    }
    this.inner = Uint8Array.from(inner);
  }
  private slot(node: number, w: number): number {
    let h = Math.imul(node + 1, 0x9e3779b1) ^ Math.imul(w + 1, 0x85ebca77);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    return h & this.mask;
  }
  private insert(node: number, w: number, child: number): void {
    let s = this.slot(node, w);
    while (this.slots[s * 3] !== -1) s = (s + 1) & this.mask;
    this.slots[s * 3] = node; this.slots[s * 3 + 1] = w; this.slots[s * 3 + 2] = child;
  }
  /** the node of `node`'s words then word w, or -1 when no phrase begins so */
  child(node: number, w: number): number {
    const slots = this.slots;
    for (let s = this.slot(node, w); ; s = (s + 1) & this.mask) {
      const o = s * 3;
      const at = slots[o]!;
      if (at === -1) return -1;
      if (at === node && slots[o + 1] === w) return slots[o + 2]!;
    }
  }
}

/** A set of strings numbered 0, 1, 2... in the order they are added: open addressing over WORD_SLOT ints a
 * slot [hash, index + 1, length, the first INLINE_UNITS UTF-16 units two an int], at most half full (the
 * word map's layout). A key is looked up by its units in a string (no slice cut for it); a hit is checked
 * against the slot's units when the key is that short, else against the key itself. A Map<string> probe
 * costs more: the string's hash, then the entry, then the key string, each a cache miss in a big table. */
class StringTable {
  private slots = new Int32Array(64 * WORD_SLOT);
  private readonly keys: string[] = [];
  get size(): number { return this.keys.length; }

  /** The index of text[from, to), or -1. */
  get(text: string, from: number, to: number): number {
    const len = to - from;
    const units = unitsOf(text, from, to);
    const h = units[0]!, p0 = units[1]!, p1 = units[2]!, p2 = units[3]!, p3 = units[4]!;
    const slots = this.slots, mask = slots.length / WORD_SLOT - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const o = s * WORD_SLOT;
      const id = slots[o + 1]! - 1;
      if (id < 0) return -1;
      if (slots[o] !== h || slots[o + 2] !== len) continue;
      if (len <= INLINE_UNITS ? slots[o + 3] === p0 && slots[o + 4] === p1 && slots[o + 5] === p2 && slots[o + 6] === p3 : sameText(this.keys[id]!, text, from)) return id;
    }
  }

  /** The index of `key`, added when missing. */
  add(key: string): number {
    const found = this.get(key, 0, key.length);
    if (found >= 0) return found;
    const id = this.keys.length;
    this.keys.push(key);
    if (this.keys.length * 2 > this.slots.length / WORD_SLOT) {
      this.slots = new Int32Array(this.slots.length * 2);
      this.keys.forEach((k, i) => this.place(k, i));
    } else this.place(key, id);
    return id;
  }

  clear(): void {
    this.slots.fill(0);
    this.keys.length = 0;
  }

  private place(key: string, id: number): void {
    const u = unitsOf(key);
    const slots = this.slots, mask = slots.length / WORD_SLOT - 1;
    let s = u[0]! & mask;
    while (slots[s * WORD_SLOT + 1] !== 0) s = (s + 1) & mask;
    const o = s * WORD_SLOT;
    slots[o] = u[0]!; slots[o + 1] = id + 1; slots[o + 2] = key.length;
    slots[o + 3] = u[1]!; slots[o + 4] = u[2]!; slots[o + 5] = u[3]!; slots[o + 6] = u[4]!;
  }
}

const UNITS = new Int32Array(5);

/** [hash, p0, p1, p2, p3] of text[from, to) (default: all of it), the key of the word map and the string
 * tables (written over one scratch array). */
function unitsOf(text: string, from = 0, to = text.length): Int32Array {
  const len = to - from;
  let h = len, p0 = 0, p1 = 0, p2 = 0, p3 = 0;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(from + i);
    h = Math.imul(h, 31) + c | 0;
    if (i < INLINE_UNITS) {
      const u = c << ((i & 1) << 4);
      if (i < 2) p0 |= u; else if (i < 4) p1 |= u; else if (i < 6) p2 |= u; else p3 |= u;
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  UNITS[0] = h; UNITS[1] = p0; UNITS[2] = p1; UNITS[3] = p2; UNITS[4] = p3;
  return UNITS;
}

/** Whether text holds `form` at `start` (form fits in text there). */
function sameText(form: string, text: string, start: number): boolean {
  for (let i = 0; i < form.length; i++) if (form.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

/** Whether a lower-cased word holds an ASCII digit (the only characters DIGIT folds). */
function hasDigit(lc: string): boolean {
  for (let i = 0; i < lc.length; i++) { const c = lc.charCodeAt(i); if (c >= 48 && c <= 57) return true; }
  return false;
}

/** out[o..o+n) += add[a..a+n) */
function addInto(out: Float32Array, o: number, add: Float32Array, a: number, n: number): void {
  for (let k = 0; k < n; k++) out[o + k]! += add[a + k]!;
}

/** The feature templates the frozen tables sum (every template of ner-features.ts T, windows included). */
export const FROZEN_TEMPLATES: ReadonlySet<number> = new Set([
  T_BIAS, T_W0, T_AFF, T_LL_PREV, T_LL_NEXT, T_SS_PREV, T_SS_NEXT, T_FIRST_S, T_HEAD_L, T_HEAD_S, T_W_PREV, T_W_NEXT,
  T_TAG1, T_TAG12, T_TAG1_L, T_TAG1_S, T_HIST, T_HIST_S,
  ...[0, 1, 2, 3, 4].flatMap((d) => [T_L + d, T_S + d]), ...[0, 1, 2].flatMap((d) => [T_CLU + d, T_GAZ + d]),
]);

/** A model's tagger through its feature rows (ner-tagger.ts tagSentence): exact for any template, slower; for
 * a model holding templates the frozen tables do not read (a new feature not yet summed there). */
class RowTagger {
  constructor(private readonly src: WeightSource) {}
  tagTokens(text: string, table: TokenTable): FrozenTagging {
    const document: string[][] = [];
    for (let j = 0, from = 0; j < table.sentenceCount; from = table.sentenceEnds[j++]!) {
      const forms: string[] = [];
      for (let k = from; k < table.sentenceEnds[j]!; k++) forms.push(formAt(text, table.starts[k]!, table.ends[k]!));
      document.push(forms);
    }
    return this.tagDocument(document);
  }
  tagDocument(document: string[][]): FrozenTagging {
    const history = new DocHistory();
    const tags: number[][] = [];
    const margins: number[][] = [];
    for (const forms of document) {
      const atoms = sentenceAtoms(forms, this.src.atom, this.src.lexicon);
      const tagged = tagSentence(this.src, atoms, staticRows(this.src, atoms, isHeadline(forms)), history);
      tags.push(tagged.map((t) => t.tag));
      margins.push(tagged.map((t) => t.margin));
    }
    return { tags, margins };
  }
}

const taggers = new WeakMap<WeightSource, FrozenTagger | RowTagger>();

/** The frozen tagger of a model (built once per model; its caches live as long as the model); the feature-row
 * tagger when the model declares a template FROZEN_TEMPLATES lacks. */
export function frozenTagger(src: WeightSource): FrozenTagger | RowTagger {
  let t = taggers.get(src);
  if (!t) {
    const unread = [...(src.templates ?? [])].filter((x) => !FROZEN_TEMPLATES.has(x));
    t = unread.length ? new RowTagger(src) : new FrozenTagger(src);
    taggers.set(src, t);
  }
  return t;
}

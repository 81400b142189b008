// The shipped tagger: averaged-perceptron weights, the atom vocabulary, word clusters and gazetteers in one
// gzip-compressed binary file (ner-model.bin.gz, written by `npm run train:ner`).
//
// Layout (little-endian), after gunzip:
//   u32 length + UTF-8 JSON header {v, tags, atoms, rows, scale, info}
//   u32 length + UTF-8 atoms joined by "\n" (id = line number)
//   u32 length + UTF-8 clusters "word\tpath" lines;  u32 length + UTF-8 gazetteer "phrase\tKIND,KIND" lines
//   rows: u8 template, varint a + 1, varint b + 1, u16 mask of the tags with a weight, i16 per set bit
// Weights are quantised to int16 (weight = q / scale); features whose largest averaged weight is below the
// pruning threshold are left out (see scripts/train-ner.ts).
import { readFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { TAGS, TAG_COUNT, type Lexicon } from "./ner-features.ts";
import type { WeightSource } from "./ner-tagger.ts";

export interface ModelHeader {
  v: 1;
  tags: readonly string[];
  atoms: number;
  rows: number;
  scale: number;
  /** what trained it: corpus, epochs, dev F1, seed (shown by the benchmark) */
  info: Record<string, unknown>;
}

export interface ModelParts {
  header: ModelHeader;
  atoms: string[];
  clusters: Map<string, string>;
  gazetteer: Map<string, string[]>;
  /** rows as (t, a, b) and TAG_COUNT quantised weights each */
  features: { t: number; a: number; b: number; q: Int16Array }[];
}

class Writer {
  private buf = Buffer.alloc(1 << 20);
  private pos = 0;
  private ensure(n: number) {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.alloc(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }
  u8(v: number) { this.ensure(1); this.buf.writeUInt8(v, this.pos); this.pos += 1; }
  u16(v: number) { this.ensure(2); this.buf.writeUInt16LE(v, this.pos); this.pos += 2; }
  i16(v: number) { this.ensure(2); this.buf.writeInt16LE(v, this.pos); this.pos += 2; }
  u32(v: number) { this.ensure(4); this.buf.writeUInt32LE(v, this.pos); this.pos += 4; }
  varint(v: number) { while (v >= 0x80) { this.u8((v & 0x7f) | 0x80); v >>>= 7; } this.u8(v); }
  text(s: string) { const b = Buffer.from(s, "utf8"); this.u32(b.length); this.ensure(b.length); b.copy(this.buf, this.pos); this.pos += b.length; }
  bytes() { return this.buf.subarray(0, this.pos); }
}

export function encodeModel(parts: ModelParts): Buffer {
  const w = new Writer();
  w.text(JSON.stringify(parts.header));
  w.text(parts.atoms.join("\n"));
  w.text([...parts.clusters].map(([k, v]) => `${k}\t${v}`).join("\n"));
  w.text([...parts.gazetteer].map(([k, v]) => `${k}\t${v.join(",")}`).join("\n"));
  for (const f of parts.features) {
    w.u8(f.t);
    w.varint(f.a + 1);
    w.varint(f.b + 1);
    let mask = 0;
    for (let k = 0; k < TAG_COUNT; k++) if (f.q[k] !== 0) mask |= 1 << k;
    w.u16(mask);
    for (let k = 0; k < TAG_COUNT; k++) if (f.q[k] !== 0) w.i16(f.q[k]!);
  }
  return gzipSync(w.bytes(), { level: 9 });
}

/** A model file that cannot be read: the message says what is wrong with it. */
export class ModelFormatError extends Error {
  constructor(message: string) { super(`named-entity model: ${message}`); this.name = "ModelFormatError"; }
}

/** Open-addressing table (template, a, b) → row, on one typed array of [t, a, b, row] slots (one cache line a
 * probe; no strings or boxed numbers per lookup). Most lookups are for features the model does not have (rare
 * words, pruned pairs): a bit per (atom, template mod 32) on each side answers those without touching the
 * table, whose random probes are cache misses. */
class FeatureIndex {
  private readonly mask: number;
  private readonly slots: Int32Array;
  /** bit (t & 31) of aBits[a] / bBits[b + 1]: some feature of template t has this atom as a / b */
  private readonly aBits: Uint32Array;
  private readonly bBits: Uint32Array;
  constructor(capacity: number, atoms: number) {
    let size = 1;
    while (size < capacity * 2) size <<= 1;
    this.mask = size - 1;
    this.slots = new Int32Array(size * 4);
    for (let s = 3; s < this.slots.length; s += 4) this.slots[s] = -1;
    this.aBits = new Uint32Array(atoms + 1);
    this.bBits = new Uint32Array(atoms + 2);
  }
  /** The first slot of a feature: by its atoms only, not its template, so the features of one atom pair sit
   * side by side (a word's five window places of its lower case or shape, the lower-case pair one token reads
   * as LL_NEXT and the next token as LL_PREV): one cache line serves several lookups. */
  private slot(a: number, b: number): number {
    let h = Math.imul(a + 1, 0x85ebca77) ^ Math.imul(b + 2, 0xc2b2ae3d);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    return h & this.mask;
  }
  set(t: number, a: number, b: number, row: number): void {
    if (a < 0 || a >= this.aBits.length || b + 1 >= this.bBits.length) throw new ModelFormatError(`feature (${t}, ${a}, ${b}) names an atom past the ${this.aBits.length - 1} listed`);
    let s = this.slot(a, b);
    while (this.slots[s * 4 + 3] !== -1) s = (s + 1) & this.mask;
    const o = s * 4;
    this.slots[o] = t; this.slots[o + 1] = a; this.slots[o + 2] = b; this.slots[o + 3] = row;
    this.aBits[a]! |= 1 << (t & 31);
    this.bBits[b + 1]! |= 1 << (t & 31);
  }
  /** the bits of aBits (side 0) or bBits (side 1) of an atom (b = -1: none) */
  templatesOf(side: 0 | 1, atom: number): number {
    return side === 0 ? this.aBits[atom] ?? 0 : this.bBits[atom + 1] ?? 0;
  }
  get(t: number, a: number, b: number): number {
    const bit = 1 << (t & 31);
    if (!(this.aBits[a]! & bit) || !(this.bBits[b + 1]! & bit)) return -1;
    const slots = this.slots;
    let s = this.slot(a, b);
    for (;;) {
      const o = s * 4;
      const r = slots[o + 3]!;
      if (r === -1) return -1;
      if (slots[o] === t && slots[o + 1] === a && slots[o + 2] === b) return r;
      s = (s + 1) & this.mask;
    }
  }
}

export interface LoadedModel extends WeightSource {
  header: ModelHeader;
  /** the templates of its rows */
  templates: ReadonlySet<number>;
  /** compressed bytes on disk */
  bytes: number;
}

function readLines(s: string): string[] {
  return s.length ? s.split("\n") : [];
}

export function decodeModel(compressed: Buffer): LoadedModel {
  let buf: Buffer;
  try { buf = gunzipSync(compressed); } catch (e) { throw new ModelFormatError(`not gzip data (${(e as Error).message})`); }
  let pos = 0;
  const need = (n: number) => { if (pos + n > buf.length) throw new ModelFormatError(`truncated at byte ${pos}`); };
  const text = () => { need(4); const n = buf.readUInt32LE(pos); pos += 4; need(n); const s = buf.toString("utf8", pos, pos + n); pos += n; return s; };
  const varint = () => { let v = 0, shift = 0; for (;;) { need(1); const b = buf[pos++]!; v += (b & 0x7f) * 2 ** shift; if (b < 0x80) return v; shift += 7; } };
  const header = JSON.parse(text()) as ModelHeader;
  if (header.v !== 1 || header.tags.join(",") !== TAGS.join(",")) throw new ModelFormatError(`unsupported version ${header.v} or tag set ${header.tags}`);
  const atomList = readLines(text());
  if (atomList.length !== header.atoms) throw new ModelFormatError(`${atomList.length} atoms, header says ${header.atoms}`);
  const atoms = new Map<string, number>();
  atomList.forEach((a, i) => atoms.set(a, i));
  const clusters = new Map<string, string>();
  for (const line of readLines(text())) { const tab = line.indexOf("\t"); clusters.set(line.slice(0, tab), line.slice(tab + 1)); }
  const gazetteer = new Map<string, string[]>();
  let gazetteerMaxWords = 1;
  for (const line of readLines(text())) {
    const tab = line.indexOf("\t");
    const phrase = line.slice(0, tab);
    gazetteer.set(phrase, line.slice(tab + 1).split(","));
    gazetteerMaxWords = Math.max(gazetteerMaxWords, phrase.split(" ").length);
  }
  const weights = new Float32Array(header.rows * TAG_COUNT);
  const index = new FeatureIndex(header.rows, Math.max(header.atoms, TAG_COUNT));
  const templates = new Set<number>();
  for (let r = 0; r < header.rows; r++) {
    need(1);
    const t = buf[pos++]!;
    const a = varint() - 1;
    const b = varint() - 1;
    need(2);
    const mask = buf.readUInt16LE(pos); pos += 2;
    for (let k = 0; k < TAG_COUNT; k++) {
      if (!(mask & (1 << k))) continue;
      need(2);
      weights[r * TAG_COUNT + k] = buf.readInt16LE(pos) / header.scale;
      pos += 2;
    }
    index.set(t, a, b, r);
    templates.add(t);
  }
  const lexicon: Lexicon = { clusters: clusters.size ? clusters : undefined, gazetteer: gazetteer.size ? gazetteer : undefined, gazetteerMaxWords };
  let byKind: Map<string, Map<string, number>> | null = null;
  return {
    header, bytes: compressed.length, weights, lexicon, templates,
    atom: (s) => atoms.get(s) ?? -1,
    atomsOf: (kind) => {
      if (!byKind) {
        // built on first use, in one pass in list order as `atoms` was (a repeated atom keeps its last id
        // there and here); an atom without "|" has no kind
        byKind = new Map();
        atomList.forEach((a, i) => {
          const bar = a.indexOf("|");
          if (bar < 0) return;
          const k = a.slice(0, bar);
          let m = byKind!.get(k);
          if (!m) { m = new Map(); byKind!.set(k, m); }
          m.set(a.slice(bar + 1), i);
        });
      }
      return byKind.get(kind) ?? EMPTY_ATOMS;
    },
    row: (t, a, b) => index.get(t, a, b),
    templatesOf: (side, atom) => index.templatesOf(side, atom),
  };
}

const EMPTY_ATOMS: ReadonlyMap<string, number> = new Map();

export const MODEL_URL = new URL("./ner-model.bin.gz", import.meta.url);

let shipped: LoadedModel | null = null;

/** The model shipped in lib/entities (read once per process). */
export function loadShippedModel(): LoadedModel {
  if (!shipped) {
    let bytes: Buffer;
    try { bytes = readFileSync(MODEL_URL); } catch (e) {
      throw new ModelFormatError(`cannot read ${MODEL_URL.pathname} (${(e as Error).message}); run npm run train:ner`);
    }
    shipped = decodeModel(bytes);
  }
  return shipped;
}

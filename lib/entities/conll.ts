// CoNLL-2003 style files ("word [POS chunk] TAG" a line, blank line between sentences, -DOCSTART- between
// documents; IOB1 tags) → documents of sentences with BIO tags, and the conlleval entity score.
import { readFileSync } from "node:fs";
import { TAGS, type EntityKind } from "./ner-features.ts";

export interface LabelledSentence { forms: string[]; tags: number[] }
export type LabelledDocument = LabelledSentence[];

/** IOB1 ("I-PER I-PER B-PER": B only between two adjacent names of one kind) → BIO (every name starts with B). */
function toBio(iob1: string[]): number[] {
  let prev = "O";
  return iob1.map((t) => {
    const kind = t === "O" ? "" : t.slice(2);
    const bio = t === "O" ? "O" : t.startsWith("B-") || prev === "O" || prev.slice(2) !== kind ? `B-${kind}` : `I-${kind}`;
    prev = t;
    const i = TAGS.indexOf(bio as (typeof TAGS)[number]);
    if (i < 0) throw new Error(`unknown CoNLL tag ${t}`);
    return i;
  });
}

/**
 * Documents of a CoNLL file. A file without -DOCSTART- lines (wikigold) is split into documents at its
 * blank-line-separated "documents" of `sentencesPerDocument` sentences, so the document pass has text to read.
 */
export function readConll(path: string, sentencesPerDocument = 20): LabelledDocument[] {
  const docs: LabelledDocument[] = [];
  let doc: LabelledDocument = [];
  let forms: string[] = [];
  let tags: string[] = [];
  let sawDocstart = false;
  const endSentence = () => {
    if (forms.length) doc.push({ forms, tags: toBio(tags) });
    forms = [];
    tags = [];
  };
  const endDoc = () => {
    endSentence();
    if (doc.length) docs.push(doc);
    doc = [];
  };
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const cols = line.trim().split(/\s+/);
    if (cols[0] === "-DOCSTART-") { sawDocstart = true; endDoc(); continue; }
    if (!line.trim()) {
      endSentence();
      if (!sawDocstart && doc.length >= sentencesPerDocument) endDoc();
      continue;
    }
    forms.push(cols[0]!);
    tags.push(cols[cols.length - 1]!);
  }
  endDoc();
  return docs;
}

export interface Span { kind: EntityKind; start: number; end: number }

/** Kind of each tag index (null for O), and whether it opens a span (B-). */
const KIND_OF_TAG: (EntityKind | null)[] = TAGS.map((t) => (t === "O" ? null : (t.slice(2) as EntityKind)));
const OPENS = TAGS.map((t) => t.startsWith("B-"));

/** Entity spans (token ranges) of a BIO tag sequence; a stray I-X opens a span, as conlleval reads it. */
export function spansOf(tags: ArrayLike<number>): Span[] {
  const out: Span[] = [];
  let cur: Span | null = null;
  for (let i = 0; i < tags.length; i++) {
    const t = tags[i]!;
    const kind = KIND_OF_TAG[t];
    if (kind === undefined) throw new Error(`unknown tag index ${t}`);
    if (cur && (kind !== cur.kind || OPENS[t])) { out.push(cur); cur = null; }
    if (kind && !cur) cur = { kind, start: i, end: i + 1 };
    else if (kind && cur) cur.end = i + 1;
  }
  if (cur) out.push(cur);
  return out;
}

export interface Score { tp: number; fp: number; fn: number; precision: number; recall: number; f1: number }

/** Micro precision/recall/F1 over exact (span, kind) matches, counting only `kinds`. */
export function scoreSpans(pairs: { gold: Span[]; predicted: Span[] }[], kinds: readonly EntityKind[]): Score {
  let tp = 0, fp = 0, fn = 0;
  const key = (s: Span) => `${s.kind}:${s.start}:${s.end}`;
  for (const { gold, predicted } of pairs) {
    const g = new Set(gold.filter((s) => kinds.includes(s.kind)).map(key));
    const p = new Set(predicted.filter((s) => kinds.includes(s.kind)).map(key));
    for (const k of p) (g.has(k) ? tp++ : fp++);
    for (const k of g) if (!p.has(k)) fn++;
  }
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return { tp, fp, fn, precision, recall, f1: tp ? (2 * tp) / (2 * tp + fp + fn) : 0 };
}

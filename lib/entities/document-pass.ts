// The document-level second pass over the tagger's output (one article at a time):
//   1. a name spelt the same way keeps one type in the article: each mention takes the type most of its
//      mentions were given (ties keep the tagger's own choice);
//   2. a one-word name that is the first or last word of a person named in full in the same article is that
//      person ("Obama" after "Barack Obama"), whatever type the tagger gave it.
// Works on BIO tag indices per sentence (lib/entities/ner-features.ts TAGS) and returns new tags.
import { TAGS, tagIndex, type EntityKind } from "./ner-features.ts";
import { spansOf, type Span } from "./conll.ts";

interface Mention extends Span { sentence: number; text: string }

function retag(tags: number[], span: Span, kind: EntityKind): void {
  for (let i = span.start; i < span.end; i++) tags[i] = tagIndex(`${i === span.start ? "B" : "I"}-${kind}` as (typeof TAGS)[number]);
}

export function resolveDocuments(doc: string[][], tags: number[][]): number[][] {
  const out = tags.map((t) => t.slice());
  const mentions: Mention[] = [];
  for (let s = 0; s < out.length; s++) {
    const t = out[s]!;
    let any = false;
    for (let i = 0; i < t.length && !any; i++) any = t[i] !== 0;
    if (!any) continue; // a sentence without names (most): no spans to read
    for (const sp of spansOf(t)) mentions.push({ kind: sp.kind, start: sp.start, end: sp.end, sentence: s, text: doc[s]!.slice(sp.start, sp.end).join(" ") });
  }
  // 1. Majority type per spelling.
  const votes = new Map<string, Map<EntityKind, number>>();
  for (const m of mentions) {
    const v = votes.get(m.text) ?? new Map<EntityKind, number>();
    v.set(m.kind, (v.get(m.kind) ?? 0) + 1);
    votes.set(m.text, v);
  }
  for (const m of mentions) {
    const v = votes.get(m.text)!;
    const mine = v.get(m.kind)!;
    let best = m.kind;
    for (const [k, n] of v) if (n > mine && n > (v.get(best) ?? 0)) best = k;
    if (best !== m.kind) { retag(out[m.sentence]!, m, best); m.kind = best; }
  }
  // 2. Short person mentions.
  const personWords = new Set<string>();
  for (const m of mentions) {
    if (m.kind !== "PER" || m.end - m.start < 2) continue;
    const words = doc[m.sentence]!.slice(m.start, m.end);
    personWords.add(words[0]!);
    personWords.add(words[words.length - 1]!);
  }
  for (const m of mentions) {
    if (m.kind === "PER" || m.end - m.start !== 1 || !personWords.has(m.text)) continue;
    retag(out[m.sentence]!, m, "PER");
  }
  return out;
}

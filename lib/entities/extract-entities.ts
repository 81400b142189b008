// extractEntities(text, {lang}): people, organisations and places with character offsets and normalised keys.
//   1. the trained tagger (ner.ts) over the whole text, for English (and text of unknown language); other
//      languages in the Latin alphabet get names from the model's lists only (fallback.ts), the rest none
//      (languages.ts);
//   2. repair spans where web text differs from the tagger's training text (repair-spans.ts: titles inside
//      a span, acronyms before a name, organisations the rules know whole);
//   3. trim each span (punctuation, possessive, titles), retype spellings of well-known places;
//   4. key every mention, then resolve short person mentions to the full name in the same text.
// The recogniser before the tagger (compromise + rules) is extract-entities-rules.ts, for benchmarks only.
import type { EntityMention, EntitySpan, EntityType } from "./types.ts";
import { recogniseEntities } from "./ner.ts";
import type { EntityKind } from "./ner-features.ts";
import { entityMethod } from "./languages.ts";
import { fallbackSpans } from "./fallback.ts";
import { loadShippedModel } from "./ner-model.ts";
import { trimSpan } from "./trim-span.ts";
import { entityKey, entityKeyOf, nameWords } from "./normalize-key.ts";
import { PLACE_ALIASES } from "./gazetteer.ts";
import { resolveAliases } from "./resolve-aliases.ts";
import { repairSpans } from "./repair-spans.ts";
import { detached } from "./tokenize.ts";

/** Texts longer than this are cut (characters) before tagging: ~35,000 words, far beyond a news article;
 * a bound on the work one page can cause. */
export const MAX_TAGGED_TEXT_CHARS = 200_000;


const TYPE_OF_KIND: Record<EntityKind, EntityType | null> = { PER: "PERSON", ORG: "ORG", LOC: "PLACE", MISC: null };

/** A span retyped as a place when its spelling is a well-known place's (compromise tags "U.S." as an organisation). */
export function retypePlaces(text: string, span: EntitySpan): EntitySpan {
  const joined = nameWords(text.slice(span.start, span.end)).join(" ");
  return span.type !== "PLACE" && PLACE_ALIASES[joined] ? { ...span, type: "PLACE" } : span;
}

/** Mentions of `spans` with their keys, short person mentions resolved to the full name in the same text. */
export function keyed(text: string, spans: EntitySpan[]): EntityMention[] {
  const mentions = spans.map((s): EntityMention => {
    const t = text.slice(s.start, s.end);
    return { text: t, type: s.type, start: s.start, end: s.end, key: entityKey(t, s.type) };
  });
  return resolveAliases(mentions.filter((m) => m.key.length > m.key.indexOf(":") + 1));
}

export interface ExtractOptions {
  /** the article's language (BCP 47): the tagger for ENTITY_LANGUAGES or unknown, lists for FALLBACK_LANGUAGES */
  lang?: string | null;
}

export function extractEntities(input: string, options: ExtractOptions = {}): EntityMention[] {
  const method = entityMethod(options.lang);
  if (!method) return [];
  const text = input.length > MAX_TAGGED_TEXT_CHARS ? input.slice(0, MAX_TAGGED_TEXT_CHARS) : input;
  if (method === "lists") {
    return keyed(text, fallbackSpans(text, loadShippedModel().lexicon).flatMap((s) => trimSpan(text, s) ?? []));
  }
  const tagged = recogniseEntities(text).flatMap((s): EntitySpan[] => {
    const type = TYPE_OF_KIND[s.kind];
    return type ? [{ type, start: s.start, end: s.end, source: "tagger" }] : [];
  });
  // keyed(text, spans trimmed and retyped), each span's fate read from the memo
  const mentions: EntityMention[] = [];
  for (const s of repairSpans(text, tagged)) {
    const fate = fateOf(s.type, text.slice(s.start, s.end));
    if (!fate) continue;
    const start = s.start + fate.start, end = s.start + fate.end;
    mentions.push({ text: text.slice(start, end), type: fate.type, start, end, key: fate.key });
  }
  return resolveAliases(mentions.filter((m) => m.key.length > m.key.indexOf(":") + 1));
}

/** What trimSpan, retypePlaces and entityKey make of a span, which they read only through its text: where
 * its trimmed text lies in it, its type and key; null when trimSpan drops it. */
interface SpanFate { start: number; end: number; type: EntityType; key: string }
/** Spellings whose fate is kept, per type, before that memo is emptied (names recur within and across
 * articles: most spans are read once per spelling; a few MB at most). */
const FATE_MEMO_LIMIT = 20_000;
const fates: Record<EntityType, Map<string, SpanFate | null>> = { PERSON: new Map(), ORG: new Map(), PLACE: new Map() };

function fateOf(type: EntityType, body: string): SpanFate | null {
  const memo = fates[type];
  let fate = memo.get(body);
  if (fate !== undefined) return fate;
  fate = null;
  const trimmed = trimSpan(body, { type, start: 0, end: body.length, source: "tagger" });
  if (trimmed) {
    // retypePlaces and entityKey of the trimmed text, its name words read once
    const name = body.slice(trimmed.start, trimmed.end);
    const words = nameWords(name);
    const retyped = trimmed.type !== "PLACE" && PLACE_ALIASES[words.join(" ")] ? "PLACE" : trimmed.type;
    fate = { start: trimmed.start, end: trimmed.end, type: retyped, key: entityKeyOf(name, retyped, words) };
  }
  if (memo.size >= FATE_MEMO_LIMIT) memo.clear();
  memo.set(detached(body), fate);
  return fate;
}

export interface EntityCount { key: string; name: string; type: EntityMention["type"]; mentions: number }

/** One row per entity key with its mention count and longest spelling (for display). */
export function countEntities(mentions: EntityMention[]): EntityCount[] {
  const byKey = new Map<string, EntityCount>();
  for (const m of mentions) {
    const c = byKey.get(m.key);
    if (!c) byKey.set(m.key, { key: m.key, name: m.text, type: m.type, mentions: 1 });
    else {
      c.mentions++;
      if (m.text.length > c.name.length) c.name = m.text;
    }
  }
  return [...byKey.values()].sort((a, b) => b.mentions - a.mentions || a.key.localeCompare(b.key));
}

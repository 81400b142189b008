// extractEntities(text, {lang}): people, organisations and places with character offsets and normalised keys.
//   1. the trained tagger (ner.ts) over the whole text, for English (and text of unknown language); other
//      languages in the Latin alphabet get names from the model's lists only (fallback.ts), the rest none
//      (languages.ts);
//   2. repair spans where web text differs from the tagger's training text (repair-spans.ts: titles inside
//      a span, acronyms before a name, organisations the rules know whole);
//   3. trim each span (punctuation, possessive, titles), retype spellings of well-known places;
//   4. key every mention, then resolve short person mentions to the full name in the same text.
// extractEntitiesRules(text) is the recogniser before the tagger (compromise + heuristics, first
// MAX_ENTITY_TEXT_CHARS only), kept as the story evidence the grouping was tuned with (lib/pipeline/ingest.ts)
// and for the side-by-side benchmark (bench:ner):
//   1. compromise's people / organizations / places, with offsets;
//   2. heuristic organisation spans (suffix and "X of Y" gazetteer), which win where they overlap;
//   3. trim each span (punctuation, possessive, titles) and drop overlaps (longer first);
//   4. retype spellings of well-known places (compromise tags "U.S." as an organisation);
//   5. key every mention, then resolve short person mentions to the full name in the same text.
import type { EntityMention, EntitySpan, EntityType } from "./types.ts";
import { recogniseEntities } from "./ner.ts";
import type { EntityKind } from "./ner-features.ts";
import { entityMethod } from "./languages.ts";
import { fallbackSpans } from "./fallback.ts";
import { loadShippedModel } from "./ner-model.ts";
import { findCompromiseSpans } from "./compromise-spans.ts";
import { findHeuristicSpans } from "./heuristic-spans.ts";
import { trimSpan } from "./trim-span.ts";
import { entityKey, nameWords } from "./normalize-key.ts";
import { PLACE_ALIASES } from "./gazetteer.ts";
import { resolveAliases } from "./resolve-aliases.ts";
import { repairSpans } from "./repair-spans.ts";

/** Texts longer than this are cut (characters) by the rule-based recogniser: compromise's cost grows with
 * length. */
export const MAX_ENTITY_TEXT_CHARS = 20_000;

/** Texts longer than this are cut (characters) before tagging: ~35,000 words, far beyond a news article;
 * a bound on the work one page can cause. */
export const MAX_TAGGED_TEXT_CHARS = 200_000;


const TYPE_OF_KIND: Record<EntityKind, EntityType | null> = { PER: "PERSON", ORG: "ORG", LOC: "PLACE", MISC: null };

function dropOverlaps(spans: EntitySpan[]): EntitySpan[] {
  const ranked = [...spans].sort((a, b) =>
    (a.source === b.source ? 0 : a.source === "heuristic" ? -1 : 1) || (b.end - b.start) - (a.end - a.start) || a.start - b.start);
  const kept: EntitySpan[] = [];
  for (const s of ranked) if (!kept.some((k) => s.start < k.end && k.start < s.end)) kept.push(s);
  return kept.sort((a, b) => a.start - b.start);
}

function retypePlaces(text: string, span: EntitySpan): EntitySpan {
  const joined = nameWords(text.slice(span.start, span.end)).join(" ");
  return span.type !== "PLACE" && PLACE_ALIASES[joined] ? { ...span, type: "PLACE" } : span;
}

function keyed(text: string, spans: EntitySpan[]): EntityMention[] {
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
  const spans = repairSpans(text, tagged).flatMap((s): EntitySpan[] => {
    const trimmed = trimSpan(text, s);
    return trimmed ? [retypePlaces(text, trimmed)] : [];
  });
  return keyed(text, spans);
}

/**
 * Today's recogniser before the tagger (compromise + heuristics): the story evidence, and the side-by-side
 * benchmark. `findNames` is compromise's finder; scripts/bench/story-entities.ts passes the one it replaced.
 */
export function extractEntitiesRules(input: string, findNames: (text: string) => EntitySpan[] = findCompromiseSpans): EntityMention[] {
  const text = input.length > MAX_ENTITY_TEXT_CHARS ? input.slice(0, MAX_ENTITY_TEXT_CHARS) : input;
  const found = [...findHeuristicSpans(text), ...findNames(text)];
  const trimmed = found.map((s) => trimSpan(text, s)).filter((s): s is EntitySpan => s !== null);
  return keyed(text, dropOverlaps(trimmed).map((s) => retypePlaces(text, s)));
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

// extractEntitiesRules(text): the recogniser before the trained tagger (compromise + heuristics, first
// MAX_ENTITY_TEXT_CHARS only). Nothing in the pipeline calls it any more (the story evidence is the tagger's
// mentions since session 14, lib/stories/evidence.ts), so compromise is not loaded on the crawl path; it stays
// for the side-by-side benchmarks (bench:ner, bench:stories' row of the previous evidence, story-entities,
// ner-ab) and the gold-sample tests:
//   1. compromise's people / organizations / places, with offsets;
//   2. heuristic organisation spans (suffix and "X of Y" gazetteer), which win where they overlap;
//   3. trim each span (punctuation, possessive, titles) and drop overlaps (longer first);
//   4. retype spellings of well-known places (compromise tags "U.S." as an organisation);
//   5. key every mention, then resolve short person mentions to the full name in the same text.
import type { EntityMention, EntitySpan } from "./types.ts";
import { findCompromiseSpans } from "./compromise-spans.ts";
import { findHeuristicSpans } from "./heuristic-spans.ts";
import { trimSpan } from "./trim-span.ts";
import { keyed, retypePlaces } from "./extract-entities.ts";

/** Texts longer than this are cut (characters) by the rule-based recogniser: compromise's cost grows with
 * length. */
export const MAX_ENTITY_TEXT_CHARS = 20_000;

function dropOverlaps(spans: EntitySpan[]): EntitySpan[] {
  const ranked = [...spans].sort((a, b) =>
    (a.source === b.source ? 0 : a.source === "heuristic" ? -1 : 1) || (b.end - b.start) - (a.end - a.start) || a.start - b.start);
  const kept: EntitySpan[] = [];
  for (const s of ranked) if (!kept.some((k) => s.start < k.end && k.start < s.end)) kept.push(s);
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * The recogniser before the tagger (compromise + heuristics), for the side-by-side benchmarks. `findNames` is
 * compromise's finder; scripts/bench/story-entities.ts passes the one it replaced.
 */
export function extractEntitiesRules(input: string, findNames: (text: string) => EntitySpan[] = findCompromiseSpans): EntityMention[] {
  const text = input.length > MAX_ENTITY_TEXT_CHARS ? input.slice(0, MAX_ENTITY_TEXT_CHARS) : input;
  const found = [...findHeuristicSpans(text), ...findNames(text)];
  const trimmed = found.map((s) => trimSpan(text, s)).filter((s): s is EntitySpan => s !== null);
  return keyed(text, dropOverlaps(trimmed).map((s) => retypePlaces(text, s)));
}

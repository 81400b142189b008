// People, organisations and places as the compromise library tags them, with character offsets.
import nlp from "compromise";
import type { EntitySpan, EntityType } from "./types.ts";

interface OffsetJson { offset: { start: number; length: number } }
type Matches = { json(opts: { offset: true }): OffsetJson[] };

export function findCompromiseSpans(text: string): EntitySpan[] {
  const doc = nlp(text);
  const groups: [EntityType, Matches][] = [
    ["PERSON", doc.people() as unknown as Matches],
    ["ORG", doc.organizations() as unknown as Matches],
    ["PLACE", doc.places() as unknown as Matches],
  ];
  const spans: EntitySpan[] = [];
  for (const [type, matches] of groups) {
    for (const m of matches.json({ offset: true })) {
      spans.push({ type, start: m.offset.start, end: m.offset.start + m.offset.length, source: "compromise" });
    }
  }
  return spans;
}

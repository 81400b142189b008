// People, organisations and places as the compromise library tags them, with character offsets.
//
// compromise's lighter build "compromise/two" (tokeniser, lexicon, pre- and post-tagger: every tag the
// names are found by) with the three finders of the full build's people(), organizations() and places()
// (compromise 14.17, src/3-three/topics/*/find.js, MIT) written out below: the full build also runs its
// chunker on every text (noun/verb chunks, never read here), and its People view parses each person
// (names, honorific, presumed gender) and recomputes the whole text's offsets per person when asked for
// json. Only each match's offset is read: the same spans as the full build on every text
// (scripts/bench/story-entities.ts, 1,207 texts) for less CPU.
import nlp from "compromise/two";
import type { EntitySpan, EntityType } from "./types.ts";

interface OffsetJson { offset: { start: number; length: number } }
/** The View methods used here (compromise/two's types do not declare them all). */
interface View {
  found: boolean;
  match(m: string | View): View;
  splitAfter(m: string | View): View;
  notIf(m: string): View;
  filter(fn: (m: View) => boolean): View;
  has(m: string): boolean;
  after(m: string): View;
  json(opts: typeof OFFSETS_ONLY): OffsetJson[];
}

/** json() options: the offset of each match alone (its length is still the match's text with punctuation, as json's default). */
const OFFSETS_ONLY = { offset: true, text: false, terms: false } as const;

/** doc.people() of compromise 14.17: honorific + person names, split after a comma and after a possessive ("Spencer's King"). */
function people(doc: View): View {
  const m = doc.splitAfter("@hasComma").match("#Honorific+? #Person+");
  const poss = m.match("#Possessive").notIf("(his|her)");
  return m.splitAfter(poss);
}

/** doc.organizations() of compromise 14.17. */
function organizations(doc: View): View {
  return doc.match("#Organization+");
}

/** doc.places() of compromise 14.17: place and address runs, split at commas except "Paris, France". */
function places(doc: View): View {
  const m = doc.match("(#Place|#Address)+");
  const splits = m.match("@hasComma").filter((c) => {
    if (c.has("(asia|africa|europe|america)$")) return true;
    if (c.has("(#City|#Region|#ProperNoun)$") && c.after("^(#Country|#Region)").found) return false;
    return true;
  });
  return m.splitAfter(splits);
}

export function findCompromiseSpans(text: string): EntitySpan[] {
  const doc = nlp(text) as unknown as View;
  const groups: [EntityType, View][] = [["PERSON", people(doc)], ["ORG", organizations(doc)], ["PLACE", places(doc)]];
  const spans: EntitySpan[] = [];
  for (const [type, matches] of groups) {
    for (const m of matches.json(OFFSETS_ONLY)) spans.push({ type, start: m.offset.start, end: m.offset.start + m.offset.length, source: "compromise" });
  }
  return spans;
}

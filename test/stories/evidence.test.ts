// The story evidence is the entity tagger's own mentions in the title and lead (lib/stories/evidence.ts):
// nothing after the lead's 1,200 characters counts, mentions are counted per key, other languages get what
// their recogniser gives (the name lists, or nothing), and the grouping weighs the types its settings name.
import { describe, expect, it } from "vitest";
import { extractEntities } from "../../lib/entities/extract-entities.ts";
import { entityInputOf, evidenceEndOf, storyEvidence, storyEvidenceOf, STORY_EVIDENCE_CHARS } from "../../lib/stories/evidence.ts";
import { termsOf } from "../../lib/stories/terms.ts";
import { DEFAULT_GROUPING } from "../../lib/stories/settings.ts";

const FILLER = "The talks covered trade, energy prices and the war in the region, officials said after the meeting ended late in the evening. ";

/** Title, a lead naming two people, filler up to `before` characters, then a sentence naming a third. */
function article(before: number) {
  const title = "Merkel meets Macron in Paris";
  let text = "Chancellor Angela Merkel met President Emmanuel Macron in Paris on Tuesday. Merkel praised the talks. ";
  while (text.length < before) text += FILLER;
  text = text.slice(0, before) + " Boris Johnson, the former British prime minister, said he welcomed the talks. " + FILLER;
  return { title, text, lang: "en" };
}

const keysOf = (counts: { key: string }[]) => counts.map((c) => c.key);

describe("story evidence", () => {
  it("keeps the tagger's mentions in the title and first 1,200 characters, counted per key", () => {
    const a = article(1_400);
    const mentions = extractEntities(entityInputOf(a), { lang: a.lang });
    // the tagger finds the late name: it is an entity of the article (chips), not story evidence
    expect(keysOf(mentions)).toContain("person:boris johnson");
    const evidence = storyEvidence(mentions, a);
    expect(keysOf(evidence)).not.toContain("person:boris johnson");
    expect(keysOf(evidence)).toEqual(expect.arrayContaining(["person:angela merkel", "person:emmanuel macron", "place:paris"]));
    // Merkel: in the title, the lead's full name and its second sentence; every mention of hers is in the lead
    const merkel = evidence.find((e) => e.key === "person:angela merkel")!;
    expect(merkel.mentions).toBe(mentions.filter((m) => m.key === "person:angela merkel").length);
    expect(merkel.mentions).toBeGreaterThanOrEqual(2);
    expect(merkel.name).toBe("Angela Merkel");
    // the same evidence when the recogniser runs here (the refold, the in-memory grouper)
    expect(storyEvidenceOf(a)).toEqual(evidence);
  });

  it("counts a name within the lead and drops one the word-boundary cut splits", () => {
    const inside = article(STORY_EVIDENCE_CHARS - 100);
    expect(keysOf(storyEvidenceOf(inside))).toContain("person:boris johnson");
    // "Boris Johnson" starts before character 1,200 and ends after it: the lead is cut inside the name
    const across = article(STORY_EVIDENCE_CHARS - 8);
    const start = across.text.indexOf("Boris");
    expect(start).toBeLessThan(STORY_EVIDENCE_CHARS);
    expect(start + "Boris Johnson".length).toBeGreaterThan(STORY_EVIDENCE_CHARS);
    expect(evidenceEndOf(across)).toBeLessThan(across.title.length + 2 + start + "Boris Johnson".length);
    expect(keysOf(extractEntities(entityInputOf(across), { lang: "en" }))).toContain("person:boris johnson");
    expect(keysOf(storyEvidenceOf(across))).not.toContain("person:boris johnson");
  });

  it("gives other languages what their recogniser gives: the name lists, or nothing", () => {
    const de = {
      title: "Macron besucht Berlin",
      text: "Der französische Präsident Emmanuel Macron ist am Dienstag in Berlin eingetroffen. Er traf dort Vertreter der Regierung.",
      lang: "de",
    };
    const listed = storyEvidenceOf(de);
    expect(listed).toEqual(storyEvidence(extractEntities(entityInputOf(de), { lang: "de" }), de));
    expect(keysOf(listed)).toEqual(expect.arrayContaining(["person:emmanuel macron", "place:berlin"]));
    expect(storyEvidenceOf({ title: "Макрон в Берлине", text: "Президент Франции Эммануэль Макрон прибыл в Берлин.", lang: "ru" })).toEqual([]);
  });

  it("is weighed by the grouping only for the entity types its settings name", () => {
    const a = article(1_400);
    const evidence = storyEvidenceOf(a);
    expect(new Set(evidence.map((e) => e.type))).toEqual(new Set(["PERSON", "PLACE"]));
    const entityTerms = (types: typeof DEFAULT_GROUPING.entityTypes) =>
      [...termsOf({ id: 1, ...a, entities: evidence }, { ...DEFAULT_GROUPING, entityTypes: types }).keys()].filter((t) => t.startsWith("e:")).sort();
    expect(DEFAULT_GROUPING.entityTypes).toEqual(["PERSON"]);
    expect(entityTerms(["PERSON"])).toEqual(evidence.filter((e) => e.type === "PERSON").map((e) => `e:${e.key}`).sort());
    expect(entityTerms(["PERSON", "ORG", "PLACE"])).toContain("e:place:paris");
  });
});

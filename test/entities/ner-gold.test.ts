import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractEntities } from "../../lib/entities/extract-entities.ts";
import { extractEntitiesRules } from "../../lib/entities/extract-entities-rules.ts";
import { extractFixtureTruth } from "../helpers/extract-truth.ts";

interface Gold { passages: { fixture: string; chars: number; entities: [string, string][] }[] }
const fixtures = join(import.meta.dirname, "..", "fixtures");
const gold = JSON.parse(readFileSync(join(fixtures, "entities", "wcxb-gold.json"), "utf8")) as Gold;
const truth = extractFixtureTruth();

/**
 * The tagger on web text that is not CoNLL (three WCXB pages, gold written by hand for this test:
 * test/fixtures/entities/wcxb-gold.json). Measured when pinned: tagger F1 0.571 (tp 8, fp 8, fn 4; its
 * errors: laws and products typed ORG (GENIUS Act, MiCA, "S&P" and "IQ Pro" split), "Amazon" as a place,
 * "Visualize Opportunities" as a person, KulturIT and the two Norwegian bodies missed), today's rule-based recogniser 0.18 (logged, not asserted). Floor = measured minus a margin.
 */
const FLOOR = 0.5;

describe("entities on a hand-labelled sample that is not CoNLL", () => {
  const score = (recognise: (text: string) => { text: string; type: string }[], log: boolean) => {
    let tp = 0, fp = 0, fn = 0;
    for (const p of gold.passages) {
      const text = truth[p.fixture]!.main_content!.slice(0, p.chars);
      const want = new Set(p.entities.map(([t, ty]) => `${t}|${ty}`));
      const got = new Set(recognise(text).map((m) => `${m.text}|${m.type}`));
      for (const g of got) (want.has(g) ? tp++ : fp++);
      for (const w of want) if (!got.has(w)) fn++;
      if (log) console.log(p.fixture, "missed", [...want].filter((w) => !got.has(w)), "extra", [...got].filter((g) => !want.has(g)));
    }
    return { tp, fp, fn, f1: (2 * tp) / (2 * tp + fp + fn) };
  };

  it("finds the distinct (name, type) pairs above the pinned floor", () => {
    const tagger = score((text) => extractEntities(text, { lang: "en" }), true);
    const rules = score((text) => extractEntitiesRules(text), false);
    console.log(`wcxb gold sample: tagger ${JSON.stringify(tagger)}; rule-based ${JSON.stringify(rules)}`);
    expect(tagger.f1).toBeGreaterThanOrEqual(FLOOR);
  });

  it("gives list-based names only for other languages, none for other scripts, and tags unknown-language text", () => {
    const text = "Angela Merkel besuchte am Montag die Europäische Kommission in Brüssel.";
    expect(extractEntities(text, { lang: "de" }).map((m) => [m.text, m.type])).toEqual([["Angela Merkel", "PERSON"]]);
    expect(extractEntities(text, { lang: "ja" })).toEqual([]);
    expect(extractEntities(text, { lang: "en-GB" }).length).toBeGreaterThan(0);
    expect(extractEntities(text, { lang: null }).length).toBeGreaterThan(0);
  });
});

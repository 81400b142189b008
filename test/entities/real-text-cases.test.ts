// The cases issue 16 reported from the chips, on the real article text they came from (WCXB pages of
// health.ucdavis.edu, CC-BY-4.0: test/fixtures/extract-meta/SOURCES.md; ECB+ articles, CC BY 3.0:
// test/fixtures/stories) through the whole app path (extractEntities: tagger, repairs, trimming, keys).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractEntities } from "../../lib/entities/extract-entities.ts";
import type { EntityMention } from "../../lib/entities/types.ts";

const fixtures = join(import.meta.dirname, "..", "fixtures");
const ucDavis = (id: string) => {
  const t = JSON.parse(readFileSync(join(fixtures, "extract-meta", "template", `${id}.truth.json`), "utf8")) as { ground_truth: { title: string; main_content: string } };
  return `${t.ground_truth.title}\n\n${t.ground_truth.main_content}`;
};
const ecb = readFileSync(join(fixtures, "stories", "ecbplus-sample.jsonl"), "utf8").trim().split("\n").map((l) => (JSON.parse(l) as { text: string }).text);
const ecbWith = (needle: string) => {
  const found = ecb.find((t) => t.includes(needle));
  if (!found) throw new Error(`no ECB+ sample article mentions ${needle}`);
  return found;
};
const pairs = (ms: EntityMention[]) => ms.map((m) => `${m.text}|${m.type}`);

describe("issue 16's cases on the articles they came from", () => {
  it("reads UC Davis as an organisation, never a person, and the American Academy of Pediatrics whole", () => {
    for (const id of ["0368", "4180", "4558"]) {
      const text = ucDavis(id);
      const found = extractEntities(text, { lang: "en" });
      for (const m of found) expect(text.slice(m.start, m.end)).toBe(m.text);
      expect(found.filter((m) => /Davis/.test(m.text) && m.type === "PERSON")).toEqual([]);
      expect(found.some((m) => m.text.startsWith("UC Davis") && m.type === "ORG")).toBe(true);
    }
    const sleep = pairs(extractEntities(ucDavis("4180"), { lang: "en" }));
    expect(sleep).toContain("American Academy of Pediatrics|ORG");
    expect(sleep.filter((p) => p.startsWith("American Academy") && p !== "American Academy of Pediatrics|ORG")).toEqual([]);
  });

  it("reads Dale Hall as a person, the Fish and Wildlife Service whole, and a title before a name as no part of it", () => {
    const text = ecbWith("Dale Hall , who directs");
    const found = pairs(extractEntities(text, { lang: "en" }));
    expect(found).toContain("Dale Hall|PERSON");
    expect(found).toContain("Fish and Wildlife Service|ORG");
    expect(found).toContain("Dirk Kempthorne|PERSON");
    expect(found.filter((p) => /Hall\|PLACE|Secretary Dirk/.test(p))).toEqual([]);
  });

  it("keeps the period of a state abbreviation and keys it to the state", () => {
    const text = "He will serve his time in the federal prison in Florence, Colo., the nation's most secure.";
    const colo = extractEntities(text, { lang: "en" }).find((m) => m.text.startsWith("Colo"));
    expect(colo).toMatchObject({ text: "Colo.", type: "PLACE", key: "place:colorado" });
    const ecbColo = extractEntities(ecbWith("Florence , Colo"), { lang: "en" }).filter((m) => m.text.startsWith("Colo"));
    expect(ecbColo.length).toBeGreaterThan(0);
    for (const m of ecbColo) expect(m).toMatchObject({ type: "PLACE", key: "place:colorado" });
  });

  it("reads a newsroom label as no person, and a byline's name without it", () => {
    const text = "UC Davis Newsroom\nNewsroom\nBy Amy Quinton, Newsroom\nThe study was led by Jane Doe, a UC Davis professor.";
    const found = extractEntities(text, { lang: "en" });
    expect(found.filter((m) => /Newsroom/.test(m.text) && m.type === "PERSON")).toEqual([]);
    expect(pairs(found)).toContain("Amy Quinton|PERSON");
    expect(pairs(found)).toContain("Jane Doe|PERSON");
  });

  it("never cuts a name at a hyphen, and keeps quotes and possessives outside names", () => {
    const text = "SERGIO MARTINEZ-GARCIA WINS IN MADRID\nSERGIO MARTINEZ- the boxer, “Jean-Luc Mélenchon’s” ally, met O'Neill's aide.";
    const found = extractEntities(text, { lang: "en" });
    for (const m of found) {
      expect(text.slice(m.start, m.end)).toBe(m.text);
      expect(m.text).not.toMatch(/^[“"']|[”"'-]$|['’]s$/);
    }
    const texts = found.map((m) => m.text);
    expect(texts).toContain("SERGIO MARTINEZ-GARCIA");
    expect(texts.filter((t) => t.startsWith("SERGIO MARTINEZ") && t !== "SERGIO MARTINEZ-GARCIA")).toEqual(texts.includes("SERGIO MARTINEZ") ? ["SERGIO MARTINEZ"] : []);
  });

  it("splits a job title from the person it names, and keeps titles that begin organisations' names", () => {
    const found = pairs(extractEntities("Interior Secretary Dirk Kempthorne met General Motors executives.", { lang: "en" }));
    expect(found).toContain("Dirk Kempthorne|PERSON");
    expect(found.some((p) => p.startsWith("General Motors"))).toBe(true);
  });

  it("reads Title Case headings as no names, and keeps names with lower-case connectors", () => {
    const text = "Best Organic Food And Meal Delivery Services\nDo You Recommend Perfect Privacy?\nThe Louisiana Department of Revenue and the Bank of America said so.";
    const found = extractEntities(text, { lang: "en" });
    expect(found.filter((m) => /\b(And|You)\b/.test(m.text))).toEqual([]);
    expect(pairs(found)).toEqual(expect.arrayContaining(["Louisiana Department of Revenue|ORG", "Bank of America|ORG"]));
  });
});

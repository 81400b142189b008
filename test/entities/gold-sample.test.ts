import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractEntities } from "../../lib/entities/extract-entities.ts";
import { findCompromiseSpans } from "../../lib/entities/compromise-spans.ts";
import { trimSpan } from "../../lib/entities/trim-span.ts";

interface Gold { passages: { doc_id: string; text: string; entities: [string, string][] }[] }
const gold = JSON.parse(readFileSync(join(import.meta.dirname, "..", "fixtures", "stories", "entities-gold.json"), "utf8")) as Gold;

/**
 * Measured when pinned (session 9, the shipped tagger): F1 0.683, compromise alone 0.684, the rule-based
 * recogniser the tagger replaced 0.79 (19 gold entities; two of its heuristics were fixed after reading this
 * sample, so that was not a held-out figure). On this small ECB+ sample the tagger is no better than the
 * library; on CoNLL eng.testa it is 0.898 against 0.538 (bench:ner). Its misses here: "Dirk Kempthorne"
 * read as part of "Interior Secretary Dirk Kempthorne" (ORG), "Mat Maid" as a person. Floor = measured
 * minus a margin.
 */
const GOLD_F1_FLOOR = 0.64;

function score(predict: (text: string) => [string, string][]) {
  let tp = 0, fp = 0, fn = 0;
  for (const p of gold.passages) {
    const want = new Set(p.entities.map(([t, ty]) => `${t}|${ty}`));
    const got = new Set(predict(p.text).map(([t, ty]) => `${t}|${ty}`));
    for (const g of got) (want.has(g) ? tp++ : fp++);
    for (const w of want) if (!got.has(w)) fn++;
  }
  return { precision: tp / (tp + fp), recall: tp / (tp + fn), f1: (2 * tp) / (2 * tp + fp + fn) };
}

describe("entity quality on the hand-checked sample", () => {
  it("stays above the pinned floor (compromise alone logged beside it)", () => {
    const ours = score((text) => extractEntities(text).map((m) => [m.text, m.type]));
    const library = score((text) => findCompromiseSpans(text).flatMap((s) => {
      const t = trimSpan(text, s);
      return t ? [[text.slice(t.start, t.end), t.type] as [string, string]] : [];
    }));
    console.log(`entities gold sample: ours ${JSON.stringify(ours)}; compromise alone ${JSON.stringify(library)}`);
    expect(ours.f1).toBeGreaterThanOrEqual(GOLD_F1_FLOOR);
  });
});

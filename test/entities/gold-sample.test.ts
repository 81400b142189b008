import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractEntities } from "../../lib/entities/extract-entities.ts";
import { findCompromiseSpans } from "../../lib/entities/compromise-spans.ts";
import { trimSpan } from "../../lib/entities/trim-span.ts";

interface Gold { passages: { doc_id: string; text: string; entities: [string, string][] }[] }
const gold = JSON.parse(readFileSync(join(import.meta.dirname, "..", "fixtures", "stories", "entities-gold.json"), "utf8")) as Gold;

/**
 * Measured when pinned (session 9, the trained tagger): F1 0.714; compromise alone 0.68; the rule-based
 * recogniser it replaced scored 0.79 here (19 gold entities; two of its heuristics were fixed after reading
 * this sample, so that was not a held-out figure). The tagger's misses here: "Dirk Kempthorne" read as part
 * of "Interior Secretary Dirk Kempthorne" (ORG), "Mat Maid" as a person. Floor = measured minus a margin.
 */
const GOLD_F1_FLOOR = 0.68;

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
  it("beats compromise alone and stays above the pinned floor", () => {
    const ours = score((text) => extractEntities(text).map((m) => [m.text, m.type]));
    const library = score((text) => findCompromiseSpans(text).flatMap((s) => {
      const t = trimSpan(text, s);
      return t ? [[text.slice(t.start, t.end), t.type] as [string, string]] : [];
    }));
    console.log(`entities gold sample: ours ${JSON.stringify(ours)}; compromise alone ${JSON.stringify(library)}`);
    expect(ours.f1).toBeGreaterThanOrEqual(GOLD_F1_FLOOR);
    expect(ours.f1).toBeGreaterThan(library.f1);
  });
});

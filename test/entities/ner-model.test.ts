import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { decodeModel, loadShippedModel, ModelFormatError, MODEL_URL } from "../../lib/entities/ner-model.ts";
import { TAG_COUNT, isHeadline, sentenceAtoms } from "../../lib/entities/ner-features.ts";
import { staticRows, staticScores, addScores } from "../../lib/entities/ner-tagger.ts";
import { sentences } from "../../lib/entities/tokenize.ts";
import { recogniseEntities } from "../../lib/entities/ner.ts";

const ecb = readFileSync(join(import.meta.dirname, "..", "fixtures", "stories", "ecbplus-sample.jsonl"), "utf8")
  .trim().split("\n").map((l) => (JSON.parse(l) as { text: string }).text);

describe("the shipped named-entity model", () => {
  it("loads from lib/entities/ner-model.bin.gz with its weights, vocabulary, clusters and gazetteer", () => {
    const model = loadShippedModel();
    expect(model.header.tags).toHaveLength(TAG_COUNT);
    expect(model.header.rows).toBeGreaterThan(10_000);
    expect(model.weights.length).toBe(model.header.rows * TAG_COUNT);
    expect(model.atom("w|London")).toBeGreaterThanOrEqual(0);
    expect(model.lexicon.clusters?.size ?? 0).toBeGreaterThan(1_000);
    expect(model.lexicon.gazetteer?.size ?? 0).toBeGreaterThan(1_000);
    expect(readFileSync(MODEL_URL).length).toBe(model.bytes);
  });

  it("refuses data that is not a model, saying why", () => {
    expect(() => decodeModel(Buffer.from("not gzip"))).toThrow(ModelFormatError);
    expect(() => decodeModel(gzipSync(Buffer.from([1, 0, 0, 0])))).toThrow(/truncated/);
    const truncated = gzipSync(readFileSync(MODEL_URL).length > 0 ? Buffer.concat([Buffer.from([2, 0, 0, 0]), Buffer.from("{}")]) : Buffer.alloc(0));
    expect(() => decodeModel(truncated)).toThrow(ModelFormatError);
  });

  it("scores tokens the same through the per-word cache as through the feature rows", () => {
    const model = loadShippedModel();
    for (const text of ecb.slice(0, 4)) {
      for (const s of sentences(text)) {
        const forms = s.map((t) => t.form);
        const atoms = sentenceAtoms(forms, model.atom, model.lexicon, model.wordCache);
        const cached = staticScores(model, atoms, isHeadline(forms));
        const rows = staticRows(model, atoms, isHeadline(forms));
        rows.forEach((r, i) => {
          const direct = new Float64Array(TAG_COUNT);
          addScores(model.weights, r, direct);
          for (let k = 0; k < TAG_COUNT; k++) expect(cached[i * TAG_COUNT + k]).toBeCloseTo(direct[k]!, 4);
        });
      }
    }
  });

  it("tags names in running text, all four kinds", () => {
    const spans = recogniseEntities("German Chancellor Angela Merkel met officials of the European Commission in Brussels on Tuesday.");
    const text = "German Chancellor Angela Merkel met officials of the European Commission in Brussels on Tuesday.";
    expect(spans.map((s) => [text.slice(s.start, s.end), s.kind])).toEqual([
      ["German", "MISC"], ["Angela Merkel", "PER"], ["European Commission", "ORG"], ["Brussels", "LOC"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { decodeModel, loadShippedModel, ModelFormatError, MODEL_URL } from "../../lib/entities/ner-model.ts";
import { TAG_COUNT, isHeadline, sentenceAtoms } from "../../lib/entities/ner-features.ts";
import { DocHistory, staticRows, tagSentence } from "../../lib/entities/ner-tagger.ts";
import { FROZEN_TEMPLATES, FrozenTagger, frozenTagger } from "../../lib/entities/ner-frozen.ts";
import { scanSentences, sentences } from "../../lib/entities/tokenize.ts";
import { recogniseEntities } from "../../lib/entities/ner.ts";

const ecb = readFileSync(join(import.meta.dirname, "..", "fixtures", "stories", "ecbplus-sample.jsonl"), "utf8")
  .trim().split("\n").map((l) => (JSON.parse(l) as { text: string }).text);

/** The frozen tagger's tags and margins for a document equal the reference decoder's over the feature rows. */
function expectSameAsFeatureRows(model: ReturnType<typeof loadShippedModel>, document: string[][]): void {
  const fast = frozenTagger(model).tagDocument(document);
  const history = new DocHistory();
  document.forEach((forms, i) => {
    const atoms = sentenceAtoms(forms, model.atom, model.lexicon);
    const slow = tagSentence(model, atoms, staticRows(model, atoms, isHeadline(forms)), history);
    expect(fast.tags[i]).toEqual(slow.map((t) => t.tag));
    slow.forEach((t, k) => expect(fast.margins[i]![k]).toBeCloseTo(t.margin, 3));
  });
}

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

  it("tags exactly as the feature rows do through the frozen tagger's per-word tables", () => {
    const model = loadShippedModel();
    let tokens = 0;
    for (const text of ecb.slice(0, 6)) {
      const document = sentences(`${text}\nMICHAEL JORDAN SCORES 40 AS BULLS BEAT KNICKS IN NEW YORK`).map((s) => s.map((t) => t.form));
      expectSameAsFeatureRows(model, document);
      tokens += document.reduce((n, forms) => n + forms.length, 0);
    }
    expect(tokens).toBeGreaterThan(1_000);
  });

  it("lists a kind's atoms by their text exactly as the atom table names them", () => {
    const model = loadShippedModel();
    const words = model.atomsOf!("w"), lowers = model.atomsOf!("l");
    expect(words.size).toBeGreaterThan(1_000);
    for (const [text, id] of words) expect(model.atom(`w|${text}`)).toBe(id);
    for (const [text, id] of lowers) expect(model.atom(`l|${text}`)).toBe(id);
    expect(model.atomsOf!("p3").get("lon")).toBe(model.atom("p3|lon"));
    expect(model.atomsOf!("no such kind").size).toBe(0);
  });

  it("tells apart word forms that share their first units, length or case (the word map's inline check)", () => {
    const model = loadShippedModel();
    // Forms of 7, 8 and 9 units, alike up to the 8th or past it; case variants; astral and combining characters.
    const text = [
      "Internationalisation and internationalization met Internationalist Internat Internati in Geneva .",
      "Abcdefgh Abcdefgi Abcdefghi Abcdefghj abcdefgh ABCDEFGH met 𝒜lice and Zoë and Zoe in Łódź .",
      "internationalisation Internationalisation Abcdefghj Abcdefgh 𝒜lice Zoë Łódź Geneva .",
    ].join("\n");
    const document = sentences(text).map((s) => s.map((t) => t.form));
    for (let round = 0; round < 2; round++) {
      // round 1 reads every form from the tagger's word map
      expectSameAsFeatureRows(model, document);
    }
  });

  it("tags the same after its word cache is emptied between documents, and its shape-pair cache within sentences", () => {
    const model = loadShippedModel();
    const documents = ecb.slice(0, 8).map((text) => sentences(text).map((s) => s.map((t) => t.form)));
    // A cache of 50 word types is emptied before nearly every document, and its slabs are reused; one of 3
    // shape pairs is emptied every few tokens.
    const small = new FrozenTagger(model, 50, 3);
    const fresh = documents.map((d) => new FrozenTagger(model).tagDocument(d));
    for (let round = 0; round < 2; round++) {
      documents.forEach((d, i) => {
        const got = small.tagDocument(d);
        expect(got.tags).toEqual(fresh[i]!.tags);
        expect(got.margins.map((m) => [...m])).toEqual(fresh[i]!.margins.map((m) => [...m]));
      });
    }
  });

  it("tags a token table exactly as the sentences' forms, words read from the text or (rewritten forms) as strings", () => {
    const model = loadShippedModel();
    const awkward = "“Jean-Luc Mélenchon’s party,” said O'Neill of AT&T – twice. `` Internationalisation '' in Łódź‘s «Genève»"
      + " and 𝒜lice\nINTERNATIONAL BUSINESS MACHINES CORP. SAID ON MONDAY";
    const texts = [awkward, ...ecb.slice(0, 6)];
    const byForms = new FrozenTagger(model), byTable = new FrozenTagger(model);
    for (let round = 0; round < 2; round++) {
      // round 1 finds every word in the map: short forms by their units, long ones against the text
      for (const text of texts) {
        const want = byForms.tagDocument(sentences(text).map((s) => s.map((t) => t.form)));
        const got = byTable.tagTokens(text, scanSentences(text));
        expect(got.tags).toEqual(want.tags);
        expect(got.margins).toEqual(want.margins);
      }
    }
  });

  it("sums every template the shipped model holds; a model with a template it does not sum is tagged through its feature rows, exactly", () => {
    const model = loadShippedModel();
    expect([...model.templates].filter((t) => !FROZEN_TEMPLATES.has(t))).toEqual([]);
    expect(frozenTagger(model)).toBeInstanceOf(FrozenTagger);
    // The same model declaring one more template (as a retrained model with a new feature would).
    const extended = { ...model, templates: new Set([...model.templates, 250]) };
    const rows = frozenTagger(extended);
    expect(rows).not.toBeInstanceOf(FrozenTagger);
    const document = sentences(ecb[0]!).map((s) => s.map((t) => t.form));
    const a = rows.tagDocument(document), b = frozenTagger(model).tagDocument(document);
    expect(a.tags).toEqual(b.tags);
    a.margins.forEach((m, i) => m.forEach((x, k) => expect(x).toBeCloseTo(b.margins[i]![k]!, 3)));
  });

  it("tags names in running text, all four kinds", () => {
    const spans = recogniseEntities("German Chancellor Angela Merkel met officials of the European Commission in Brussels on Tuesday.");
    const text = "German Chancellor Angela Merkel met officials of the European Commission in Brussels on Tuesday.";
    expect(spans.map((s) => [text.slice(s.start, s.end), s.kind])).toEqual([
      ["German", "MISC"], ["Angela Merkel", "PER"], ["European Commission", "ORG"], ["Brussels", "LOC"],
    ]);
  });
});

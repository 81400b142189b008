import { describe, expect, it } from "vitest";
import { buildGazetteer } from "../../scripts/ner/gazetteer.ts";
import { train } from "../../lib/entities/ner-train.ts";
import { tagIndex, type Tag } from "../../lib/entities/ner-features.ts";
import type { LabelledDocument } from "../../lib/entities/conll.ts";

const quiet = () => {};

describe("the tagger's gazetteer lists (session 12: one feature kind per list)", () => {
  const all = buildGazetteer([], quiet);

  it("reads each list as its own kind: institutions, sports teams, regions, surnames, people's names, organisations, companies", () => {
    expect(all.phrases.get("university of oxford")).toEqual(["INSTITUTION"]);
    expect(all.phrases.get("harvard university")).toEqual(["INSTITUTION"]);
    expect(all.phrases.get("new york yankees")).toEqual(["TEAM"]);
    expect(all.phrases.get("bavaria")).toEqual(["REGION"]);
    expect(all.phrases.get("kowalski")).toEqual(["SURNAME", "NAME"]);
    expect(all.phrases.get("red cross")).toEqual(["ORGLEX"]);
    expect(all.phrases.get("walgreens")).toEqual(["COMPANY", "ORGLEX"]);
    // A name in several lists carries every kind (the tagger weighs each).
    expect(all.phrases.get("ontario")).toEqual(expect.arrayContaining(["CITY", "REGION"]));
    // Session 9's lists are still read.
    expect(all.phrases.get("france")).toContain("COUNTRY");
    // One letter is no name, whatever list holds it.
    expect(all.phrases.has("a")).toBe(false);
  });

  it("can leave the new lists out, or some of their kinds, for an A/B of a retraining", () => {
    const old = buildGazetteer([], quiet, true, false);
    expect(old.phrases.get("university of oxford")).toBeUndefined();
    expect(old.phrases.get("france")).toContain("COUNTRY");
    const fewer = buildGazetteer([], quiet, true, true, ["NAME", "COMPANY"]);
    expect(fewer.phrases.get("kowalski")).toEqual(["SURNAME"]);
    expect(fewer.phrases.get("walgreens")).toEqual(["ORGLEX"]);
    expect(fewer.phrases.size).toBeLessThan(all.phrases.size);
  });
});

describe("singleton dropout in training (Lample et al. 2016)", () => {
  // A made-up corpus: names that occur once, in frames that say their kind.
  const sentence = (words: [string, Tag][]) => ({ forms: words.map(([w]) => w), tags: words.map(([, t]) => tagIndex(t)) });
  const people = ["Alvarsson", "Bemberg", "Corvino", "Dunleavy", "Eskildsen", "Farquhar", "Gudmund", "Halloran"];
  const places = ["Vestrup", "Wollaston", "Ystad", "Zamboanga", "Tarnow", "Sollefteå", "Rivne", "Quimper"];
  const docs: LabelledDocument[] = people.map((p, i) => [
    sentence([["Mr", "O"], [p, "B-PER"], ["said", "O"], ["on", "O"], ["Monday", "O"], [".", "O"]]),
    sentence([["He", "O"], ["flew", "O"], ["to", "O"], [places[i]!, "B-LOC"], ["yesterday", "O"], [".", "O"]]),
  ]);
  const run = (singletonDropout: number) => train(docs, docs, { epochs: 3, seed: 7, lexicon: {}, singletonDropout });

  it("is seeded (the same weights twice) and changes what is learnt", () => {
    const a = run(0.5), b = run(0.5), off = run(0);
    expect(Array.from(a.weights)).toEqual(Array.from(b.weights));
    expect(Array.from(a.weights)).not.toEqual(Array.from(off.weights));
    // Dropped names leave their frames to learn from: the frame words carry weight towards the kinds.
    expect(a.dev.all.f1).toBeGreaterThan(0.9);
  });
});

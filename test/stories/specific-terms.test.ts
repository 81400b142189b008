import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { specificTermsOf } from "../../lib/stories/specific-terms.ts";
import { storySimilarity } from "../../lib/stories/story-similarity.ts";
import { cosineSimilarity } from "../../lib/stories/similarity.ts";
import { DEFAULT_GROUPING } from "../../lib/stories/settings.ts";
import { mergeThresholdOf, planMerges, storyGapDecay } from "../../lib/stories/plan-merges.ts";
import { emptyProfile, foldArticle, type StoryProfile } from "../../lib/stories/profile.ts";
import type { DocumentFrequencySource } from "../../lib/stories/idf.ts";

interface Doc { doc_id: string; topic: number; story_cluster: string; text: string }
const docs = readFileSync(join(import.meta.dirname, "..", "fixtures", "stories", "ecbplus-sample.jsonl"), "utf8")
  .trim().split("\n").map((l) => JSON.parse(l) as Doc);

describe("specificTermsOf", () => {
  it("keeps figures, ordinals, dates and mid-sentence names; drops sentence starts, common words and identifiers", () => {
    const text = "A magnitude 6.1 quake struck on Tuesday , killing 2,300 people in the 11th district .\n" +
      "Rescuers said the quake hit Kashmir near the border , the eleventh this year . Officials in Muzaffarabad agreed .\n" +
      "Page id 12345678 , Feb . 4 , 2009";
    const terms = specificTermsOf(text);
    expect(terms).toEqual(expect.arrayContaining(["n:6.1", "d:tuesday", "n:2300", "n:11th", "p:kashmir", "p:muzaffarabad", "d:february", "n:2009"]));
    expect(terms.filter((t) => t === "n:11th")).toHaveLength(2); // "11th" and "eleventh"
    expect(terms).not.toContain("p:rescuer"); // starts a line
    expect(terms).not.toContain("p:offici"); // starts a sentence
    expect(terms).not.toContain("n:12345678"); // an identifier, not a figure
    expect(terms.some((t) => t === "n:4" || t === "n:6")).toBe(false); // single digits say little
  });

  it("ignores capitals of a title-case headline line and words also written in lower case", () => {
    const terms = specificTermsOf("Microsoft Releases Critical Patch For Browser Flaw\nThe patch fixes a critical flaw , Microsoft said . Security firms agreed the Flaw was serious .");
    expect(terms).toContain("p:microsoft");
    expect(terms).not.toContain("p:releas");
    expect(terms).not.toContain("p:flaw"); // "flaw" also appears in lower case
  });

  it("finds the names and the day of a real ECB+ article (Wasilla church fire)", () => {
    const terms = specificTermsOf(docs[0].text.slice(0, 1200));
    expect(terms).toEqual(expect.arrayContaining(["p:wasilla", "p:palin", "d:friday"]));
    expect(terms).not.toContain("p:church"); // lower case elsewhere in the text
  });
});

describe("storySimilarity", () => {
  const a = new Map([["quak", 1], ["struck", 1], ["p:kashmir", 1], ["n:2005", 1]]);
  const b = new Map([["quak", 1], ["struck", 1], ["p:chile", 1], ["n:2010", 1]]);
  const c = new Map([["quak", 1], ["struck", 1], ["p:kashmir", 1], ["n:2005", 1]]);

  it("is the plain cosine when the specific share is 0", () => {
    expect(storySimilarity(a, b, { ...DEFAULT_GROUPING, specificShare: 0 })).toBeCloseTo(cosineSimilarity(a, b));
  });

  it("separates two events of one kind that share only the topic words", () => {
    const s = DEFAULT_GROUPING;
    expect(storySimilarity(a, b, s)).toBeLessThan(cosineSimilarity(a, b));
    expect(storySimilarity(a, c, s)).toBeCloseTo(1);
  });
});

describe("the merge bar", () => {
  const s = DEFAULT_GROUPING;
  const sized = (articles: number): StoryProfile => ({ ...emptyProfile(new Date(0)), articles });

  it("is the join threshold for a single-article story and rises with the smaller story's size", () => {
    expect(mergeThresholdOf(sized(1), sized(40), s)).toBeCloseTo(s.mergeThreshold);
    expect(mergeThresholdOf(sized(10), sized(10), s)).toBeGreaterThan(mergeThresholdOf(sized(2), sized(10), s));
    expect(mergeThresholdOf(sized(10), sized(10), s)).toBeCloseTo(s.mergeThreshold + s.mergeSizePenalty * Math.log(10));
  });

  it("folds a single article into a story that two large stories at the same similarity stay apart from", () => {
    const idf: DocumentFrequencySource = { documents: 100, df: () => 1 };
    const story = (terms: [string, number][], articles: number): StoryProfile => {
      const p = foldArticle(emptyProfile(new Date(0)), { terms: new Map(terms), title: "t", source: null, entities: [], seenAt: new Date(0) }, idf, s);
      return { ...p, articles, terms: Object.fromEntries(terms.map(([t, w]) => [t, w * articles])) };
    };
    // Two stories sharing the two topic terms of four equally weighted ones: cosine 0.5 over all terms, 0 over
    // the specific ones, so 0.7 × 0.5 = 0.35: above the base bar (0.30), below the bar for two ten-article
    // stories (0.30 + 0.08 × ln 10 ≈ 0.48).
    const left: [string, number][] = [["quak", 1], ["struck", 1], ["p:kashmir", 1], ["n:2005", 1]];
    const right: [string, number][] = [["quak", 1], ["struck", 1], ["p:chile", 1], ["n:2010", 1]];
    const big = planMerges(new Map([[1, story(left, 10)], [2, story(right, 10)]]), idf, s);
    expect(big.steps).toHaveLength(0);
    const single = planMerges(new Map([[1, story(left, 10)], [2, story(right, 1)]]), idf, s);
    expect(single.steps).toEqual([expect.objectContaining({ keep: 1, fold: 2 })]);
  });

  it("decays the similarity of two stories by the gap between their spans, as a join is decayed", () => {
    const at = (first: string, last: string): StoryProfile => ({ ...emptyProfile(new Date(first)), firstSeen: new Date(first).toISOString(), lastSeen: new Date(last).toISOString() });
    const overlapping = storyGapDecay(at("2025-01-01", "2025-01-05"), at("2025-01-04", "2025-01-06"), s);
    const threeDaysApart = storyGapDecay(at("2025-01-10", "2025-01-11"), at("2025-01-01", "2025-01-07"), s);
    expect(overlapping).toBe(1);
    expect(threeDaysApart).toBeCloseTo(0.5); // one half-life (3 days) between 01-07 and 01-10
  });
});

// Object.prototype's keys are words like any other in the pure story functions (issue 19, item 2).
import { describe, expect, it } from "vitest";
import { specificTermsOf } from "../../lib/stories/specific-terms.ts";
import { termsOf } from "../../lib/stories/terms.ts";
import { DEFAULT_GROUPING } from "../../lib/stories/settings.ts";
import { emptyProfile, foldArticle, indexTermsOf, parseProfile, representativeHeadline } from "../../lib/stories/profile.ts";
import type { DocumentFrequencySource } from "../../lib/stories/idf.ts";
import { entityKey } from "../../lib/entities/normalize-key.ts";
import { dict } from "../../lib/dict.ts";

const WORDS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];
const flatIdf: DocumentFrequencySource = { documents: 10, df: () => 1 };

describe("prototype words", () => {
  it("are no ordinals, dates or aliases", () => {
    const terms = specificTermsOf("Critics met Constructor and Tostring , then Hasownproperty , on the Constructor day .");
    expect(terms.filter((t) => /function|native/.test(t))).toEqual([]);
    for (const w of WORDS) expect(entityKey(w, "PLACE")).not.toMatch(/function|native/);
  });

  it("are counted, weighed, indexed and stored like other terms", () => {
    const article = { id: 1, title: WORDS.join(" "), text: `${WORDS.join(" ")} `.repeat(20), lead: WORDS.join(" "), entities: [] };
    const v = termsOf(article, DEFAULT_GROUPING);
    for (const [t, w] of v) expect(Number.isFinite(w), t).toBe(true);
    let p = emptyProfile(new Date(0));
    for (let i = 0; i < 3; i++) p = foldArticle(p, { terms: v, title: article.title, source: "s", entities: [], seenAt: new Date(i) }, flatIdf, DEFAULT_GROUPING);
    expect(Object.getPrototypeOf(p.terms)).toBeNull();
    for (const [t, w] of Object.entries(p.terms)) expect(typeof w, t).toBe("number");
    expect(p.terms.constructor).toBeCloseTo(3 * v.get("constructor")!);
    expect(indexTermsOf(p, DEFAULT_GROUPING)).toContain("constructor");
    // Stored and read back: "__proto__" stays a key, not a prototype
    const back = parseProfile(JSON.stringify(p));
    expect(back.terms).toEqual(p.terms);
    expect(Object.getPrototypeOf(back.centroid)).toBeNull();
    expect(representativeHeadline(back)).toBe(article.title);
  });

  it("dict keeps __proto__ as an own entry and inherits nothing", () => {
    const d = dict([["__proto__", 1], ["constructor", 2]]);
    expect(Object.keys(d)).toEqual(["__proto__", "constructor"]);
    expect(d.toString).toBeUndefined();
    expect(dict(JSON.parse('{"__proto__": 3}') as Record<string, number>)["__proto__"]).toBe(3);
  });
});

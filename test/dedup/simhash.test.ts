import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { computeSimhash, hammingDistance, simhashBands, hash64 } from "../../lib/dedup/simhash.ts";
import { hashContent } from "../../lib/dedup/content-hash.ts";
import { canonicalizeUrl, urlVariants } from "../../lib/dedup/canonical-url.ts";

const docs = readFileSync(join(import.meta.dirname, "..", "fixtures", "stories", "ecbplus-sample.jsonl"), "utf8")
  .trim().split("\n").map((l) => JSON.parse(l) as { doc_id: string; text: string });

describe("simhash", () => {
  it("is 16 hex chars, deterministic, and spreads bits", () => {
    const h = computeSimhash(docs[0].text);
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(computeSimhash(docs[0].text)).toBe(h);
    expect(hash64("a")).not.toBe(hash64("b"));
  });

  it("ignores case, punctuation and white space", () => {
    const t = docs[1].text;
    expect(computeSimhash(t.toUpperCase().replace(/\s+/g, "  "))).toBe(computeSimhash(t));
    expect(hashContent(`  ${t.replace(/,/g, " , ")}`)).toBe(hashContent(t));
  });

  it("keeps a lightly edited copy within 3 bits and unrelated articles far apart", () => {
    const base = docs[2].text;
    const edited = base.replace(/\.\s*$/, ". Copyright Example Wire.");
    expect(hammingDistance(computeSimhash(base), computeSimhash(edited))).toBeLessThanOrEqual(3);
    const distances: number[] = [];
    for (let i = 3; i < 23; i++) distances.push(hammingDistance(computeSimhash(base), computeSimhash(docs[i].text)));
    expect(Math.min(...distances)).toBeGreaterThan(3);
  });

  it("bands split the 64 bits so that distance ≤ 3 always shares a band", () => {
    expect(simhashBands("0123456789abcdef")).toEqual([0xcdef, 0x89ab, 0x4567, 0x0123]);
    const h = BigInt(`0x${computeSimhash(docs[4].text)}`);
    for (const flips of [[0, 17, 40], [3, 5, 63], [15, 16, 47]]) {
      let v = h;
      for (const b of flips) v ^= 1n << BigInt(b);
      const a = simhashBands(h.toString(16).padStart(16, "0"));
      const c = simhashBands(v.toString(16).padStart(16, "0"));
      expect(a.some((x, i) => x === c[i])).toBe(true);
    }
  });
});

describe("canonical URLs", () => {
  it("drops scheme, www, tracking parameters, fragments and trailing slashes", () => {
    expect(canonicalizeUrl("http://WWW.Example.com/news/a/?utm_source=x&b=2#top")).toBe("https://example.com/news/a?b=2");
    expect(urlVariants("https://example.com/a")).toEqual(expect.arrayContaining(["http://www.example.com/a/", "https://example.com/a"]));
    expect(canonicalizeUrl("mailto:x@y")).toBeNull();
  });
});

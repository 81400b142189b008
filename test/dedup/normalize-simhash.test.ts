// normalizeText and simhashOfNormalized give what their plainer forms gave (the stored simhashes and content
// hashes must stay comparable): the regular-expression normalisation, and the simhash of the words split
// apart, each 2-word shingle hashed as its joined text (hash64) voting on every bit.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeText } from "../../lib/dedup/normalize-text.ts";
import { hash64, simhashOfNormalized } from "../../lib/dedup/simhash.ts";

const byRegex = (text: string) => text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

function simhashBySplit(norm: string): string {
  const words = norm ? norm.split(" ") : [];
  const n = Math.min(2, words.length);
  const ones = new Array<number>(64).fill(0);
  let votes = 0;
  for (let i = 0; n > 0 && i + n <= words.length; i++) {
    const h = hash64(words.slice(i, i + n).join(" "));
    for (let b = 0; b < 64; b++) ones[b]! += Number((h >> BigInt(b)) & 1n);
    votes++;
  }
  let x = 0n;
  for (let b = 0; b < 64; b++) if (2 * ones[b]! > votes) x |= 1n << BigInt(b);
  return x.toString(16).padStart(16, "0");
}

const docs = readFileSync(join(import.meta.dirname, "..", "fixtures", "stories", "ecbplus-sample.jsonl"), "utf8")
  .trim().split("\n").map((l) => (JSON.parse(l) as { text: string }).text);
const TRICKY = [
  "", "   ", "one", "Two words", "Ärger über Straße, ÉTÉ, naïve café", "e\u0301te\u0301 x\u0301 \u0301lead", "𝐀bc 𝟙2 a😀b ﬁne ①",
  "a\ud800b\udc00c \ud800", "İstanbul ΣΊΣΥΦΟΣ", "\u0301\u0302", "x\u0301", "a\ud834\udd65b \ud834\udd65", "\u212a ǅemal ½ ²", "only marks \u20dd\u0489 here", "٣٤ ⅻ 中文字 한국어 عربي", "tab\tnew\nline\u00a0nbsp\u2028sep\ufeffbom — “quoted”",
];

describe("normalizeText", () => {
  it.each(TRICKY)("is the regular-expression normalisation of %j", (text) => {
    expect(normalizeText(text)).toBe(byRegex(text));
  });

  it("is the regular-expression normalisation of real articles, with and without typographic quotes", () => {
    for (const d of docs) {
      expect(normalizeText(d)).toBe(byRegex(d));
      expect(normalizeText(`„${d}“`)).toBe(byRegex(`„${d}“`));
    }
  });
});

describe("simhashOfNormalized", () => {
  it("is the simhash of the split words' shingles", () => {
    for (const text of [...TRICKY, ...docs]) {
      const norm = normalizeText(text);
      expect(simhashOfNormalized(norm)).toBe(simhashBySplit(norm));
    }
    // not normalised: repeated, leading and trailing spaces are empty words, as split(" ") makes them
    for (const odd of [" a", "a ", "a  b", " ", "a b  c "]) expect(simhashOfNormalized(odd)).toBe(simhashBySplit(odd));
  });
});

// The classifier's word lists counted over a text's letter/digit runs (lib/word-runs.ts, lib/classify/phrase-lists.ts)
// find what the regular expressions they replaced found: an alternation of each list's phrases, longest first,
// white space between words, a hit starting and ending at a word boundary, scanned left to right.
import { describe, expect, it } from "vitest";
import { joinWords, readWordRuns, runWords } from "../../lib/word-runs.ts";
import { PhraseLists } from "../../lib/classify/phrase-lists.ts";
import { createRandom } from "../../lib/classify/random.ts";

/** The code the word lists replaced (session 14's wordRegex, wordCharBefore and wordHits), kept here as the reference. */
function regexHits(lowerText: string, words: readonly string[]): string[] {
  const alts = [...new Set(words)].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+"));
  const re = new RegExp(`(?:${alts.join("|")})(?![\\p{L}\\p{N}])`, "gu");
  const wordCharBefore = (text: string, i: number): boolean => {
    if (i === 0) return false;
    const c = text.charCodeAt(i - 1);
    if (c < 0x80) return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
    const start = c >= 0xdc00 && c <= 0xdfff && i >= 2 && (text.charCodeAt(i - 2) & 0xfc00) === 0xd800 ? i - 2 : i - 1;
    return /[\p{L}\p{N}]/u.test(String.fromCodePoint(text.codePointAt(start)!));
  };
  const out: string[] = [];
  for (let m = re.exec(lowerText); m; m = re.exec(lowerText)) {
    if (wordCharBefore(lowerText, m.index)) {
      re.lastIndex = m.index + (lowerText.codePointAt(m.index)! > 0xffff ? 2 : 1);
      continue;
    }
    out.push(m[0].replace(/\s+/g, " "));
  }
  return out;
}

const TRICKY = [
  "", "Hello, wörld! 42abc x\u0301y", "𝐀bc 𝟙2 a😀b", "a\ud800b\udc00c \ud800", "i̇stanbul İstanbul".toLowerCase(),
  "٣٤ ⅻ 中文字 한국어 عربي", "tab\tnew\nline\u00a0nbsp\u2028sep\ufeffbom", "end.", "  lead and trail  ",
];

describe("readWordRuns", () => {
  it.each(TRICKY)("finds the runs /[\\p{L}\\p{N}]+/gu matches in %j", (text) => {
    const runs = readWordRuns(text);
    expect(runWords(runs)).toEqual(text.match(/[\p{L}\p{N}]+/gu) ?? []);
    expect(runs.digits).toEqual(runWords(runs).map((w) => (/\p{N}/u.test(w) ? 1 : 0)));
  });

  it.each(TRICKY)("joins the runs of %j by single spaces (joinWords)", (text) => {
    expect(joinWords(text)).toBe(runWords(readWordRuns(text)).join(" "));
  });
});

const LISTS = [
  ["privacy", "privacy policy", "terms", "terms of use", "terms and conditions", "about", "about us", "über uns", "à propos", "kontakt", "kontakt"],
  ["reply", "replies", "report post", "posts"],
  ["leave a reply", "read more", "min read", "minute read", "published"],
  ["we", "our", "us"],
];
const VOCABULARY = [...new Set(LISTS.flat().flatMap((p) => p.split(" ")))].concat(["policy", "x", "über", "leave", "a", "read", "more", "2", "uss"]);
const SEPARATORS = [" ", "  ", "\n", "\u00a0", "-", ", ", "", "x", "é", "\u0301", "😀", " \n\t"];


describe("PhraseLists", () => {
  const lists = new PhraseLists(LISTS);
  const random = createRandom(17); // the same texts on every run
  const texts = TRICKY.concat(Array.from({ length: 400 }, () => {
    let s = "";
    for (let i = 0, n = Math.floor(random() * 30); i < n; i++) s += VOCABULARY[Math.floor(random() * VOCABULARY.length)]! + SEPARATORS[Math.floor(random() * SEPARATORS.length)]!;
    return s;
  }));

  it("counts and finds what each list's regular expression found, on 400 random texts", () => {
    let hits = 0;
    for (const text of texts) {
      const runs = readWordRuns(text);
      const expected = LISTS.map((words) => regexHits(text, words));
      expect(lists.count(runs)).toEqual(expected.map((h) => h.length));
      LISTS.forEach((_, k) => expect(lists.hits(runs, k)).toEqual(expected[k]));
      hits += expected.flat().length;
    }
    expect(hits).toBeGreaterThan(500);
  });

  it("takes the longest phrase at a word and does not count a phrase inside a word", () => {
    const runs = readWordRuns("read our privacy  policy, privacyx and xprivacy; terms of use");
    expect(lists.hits(runs, 0)).toEqual(["privacy policy", "terms of use"]);
    expect(lists.count(runs)).toEqual([2, 0, 0, 1]);
  });

  it("refuses a phrase that is not whole words", () => {
    expect(() => new PhraseLists([["e-mail"]])).toThrow(/not whole words/);
  });
});

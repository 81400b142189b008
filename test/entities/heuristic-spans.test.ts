import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { findHeuristicSpans, tokensOf, type Token } from "../../lib/entities/heuristic-spans.ts";
import { createRandom } from "../../lib/classify/random.ts";
import { extractFixtureTruth } from "../helpers/extract-truth.ts";

const ecb = readFileSync(join(import.meta.dirname, "..", "fixtures", "stories", "ecbplus-sample.jsonl"), "utf8")
  .trim().split("\n").map((l) => (JSON.parse(l) as { text: string }).text);
const realTexts = [...Object.values(extractFixtureTruth()).map((t) => t.main_content ?? "").filter(Boolean), ...ecb];

/** tokensOf as it was written with regular expressions (the reference its code reads are held to). */
function tokensByRegex(text: string): Token[] {
  const out: Token[] = [];
  let tail = 0;
  for (const m of text.matchAll(/\S+/g)) {
    const raw = m[0];
    const cap = /^["“'‘(]?\p{Lu}[\p{L}\p{M}\p{N}'’.&-]*/u.test(raw);
    if (!cap && tail >= 2) continue;
    tail = cap ? 0 : tail + 1;
    const word = raw.replace(/^["“'‘(]+/, "").replace(/[,;:!?)"”]+$/, "").replace(/['’]s$/, "");
    const nonFinal = /^(?:(?:\p{L}\.)+|Mr|Mrs|Ms|Dr|St|Inc|Corp|Co|Ltd|Jr|Sr|Prof|Gen|Sen|Rep|Gov|Lt|Col|Capt|Sgt|Mt|Ft)\.?$/u;
    const sentenceEnd = raw.endsWith(".") && !nonFinal.test(word);
    out.push({ word, start: m.index, end: m.index + raw.length, cap, breaks: /[,;:!?)"”]$/.test(raw) || sentenceEnd, opens: /^["“'‘(]/.test(raw) });
  }
  return out;
}

/** Seeded texts of words built from the characters the rules read: openers, closers, apostrophes, capitals. */
function randomTexts(count: number): string[] {
  const random = createRandom(17);
  const parts = ["\"", "“", "”", "'", "‘", "’", "(", ")", ",", ";", ":", "!", "?", ".", "s", "S", "a", "Z", "É", "é", "𝒜", "\ud800", "Mr", "U.S", "of", "Bank", "Inc", "-", "&"];
  const spaces = [" ", " ", " ", "\n", "\u00a0", "\t"];
  return Array.from({ length: count }, () => {
    let text = "";
    const words = 5 + Math.floor(random() * 40);
    for (let w = 0; w < words; w++) {
      const len = 1 + Math.floor(random() * 5);
      for (let k = 0; k < len; k++) text += parts[Math.floor(random() * parts.length)];
      text += spaces[Math.floor(random() * spaces.length)];
    }
    return text;
  });
}

describe("heuristic spans", () => {
  it("read words exactly as the regular expressions they replaced (real and 400 seeded random texts)", () => {
    for (const text of [...realTexts, ...randomTexts(400)]) expect(tokensOf(text)).toEqual(tokensByRegex(text));
  });

  it("find organisations named by a suffix or an \"X of Y\" head", () => {
    const text = "He met the Betty Ford Center staff and the Ministry of Defence and NASA.";
    expect(findHeuristicSpans(text).map((s) => text.slice(s.start, s.end))).toEqual(["Betty Ford Center", "Ministry of Defence"]);
  });
});

import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { detached, formAt, isSpace, modelForm, needsForm, scanSentences, sentences, tokenize, tokenizeByRegex, type Token } from "../../lib/entities/tokenize.ts";
import { extractEntities } from "../../lib/entities/extract-entities.ts";
import { extractFixtureTruth } from "../helpers/extract-truth.ts";

const truth = extractFixtureTruth();
const ecb = readFileSync(join(import.meta.dirname, "..", "fixtures", "stories", "ecbplus-sample.jsonl"), "utf8")
  .trim().split("\n").map((l) => (JSON.parse(l) as { text: string }).text);
const realTexts = [...Object.values(truth).map((t) => t.main_content ?? "").filter(Boolean), ...ecb];

const forms = (text: string) => tokenize(text).map((t) => t.form);

describe("tokenize", () => {
  it("covers every non-space character of real article text once, in order, with offsets into the input", () => {
    for (const text of realTexts) {
      const tokens = tokenize(text);
      let covered = 0;
      let last = 0;
      for (const t of tokens) {
        expect(t.start).toBeGreaterThanOrEqual(last);
        expect(/\s/.test(text.slice(t.start, t.end))).toBe(false);
        covered += t.end - t.start;
        last = t.end;
      }
      expect(covered).toBe(text.replace(/\s+/g, "").length);
    }
  });

  it("reads tokens by hand exactly as the TOKEN regex does, on real text and on awkward characters", () => {
    const awkward = [
      "a\u0301b c\u0301 \u0301x e.\u0301 U.S.A.. x-\u00e9 x-\u{1D49C} \u{1D49C}-x x.\u{1F600} ab\u{1F600}cd O’Neill’s ’s x’ ‘y’",
      "``'' `` '' ` ' x/y/ x&&y a--b end. end.. 3.5.6. 1,000 \u00bd \u2160x \u0660\u0661 \u200bz\u00ad\u2011q",
      "Łódź—São “Paulo” «Genève» Nguyễn Thị 東京 한국어 Россия- x\ud800y \udc00 z",
    ];
    for (const text of [...realTexts, ...awkward]) expect(tokenize(text)).toEqual(tokenizeByRegex(text));
  });

  it("rewrites exactly the characters the model reads straightened", () => {
    const wrong: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (needsForm(c) !== /[’‘‛`“”„«»–—−]/.test(String.fromCharCode(c))) wrong.push(c);
    expect(wrong).toEqual([]);
    expect(modelForm("‘a’ “b” «c» –—−`")).toBe("'a' \"b\" \"c\" ---'");
  });

  it("splits possessives and final periods but keeps abbreviations, initials, hyphens, apostrophes and ampersands", () => {
    expect(forms("Mr. O'Neill's plan for the U.S. and AT&T was backed by J. Smith-Jones.")).toEqual(
      ["Mr.", "O'Neill", "'s", "plan", "for", "the", "U.S.", "and", "AT&T", "was", "backed", "by", "J.", "Smith-Jones", "."]);
    expect(forms("Obama’s aide said “no” – twice")).toEqual(["Obama", "'s", "aide", "said", "\"", "no", "\"", "-", "twice"]);
    expect(forms("SERGIO MARTINEZ- and the `` quoted '' words")).toEqual(["SERGIO", "MARTINEZ", "-", "and", "the", "\"", "quoted", "\"", "words"]);
  });

  it("keeps non-ASCII names whole", () => {
    expect(forms("Łódź, São Paulo, Nguyễn Thị and Müller-Lüdenscheidt.")).toEqual(
      ["Łódź", ",", "São", "Paulo", ",", "Nguyễn", "Thị", "and", "Müller-Lüdenscheidt", "."]);
  });

  it("fills the token table with the tokens and sentences sentences() makes", () => {
    const awkward = "He said “Go.” Then `` Yes .'' ‘No.’ Ok!’ «A.» B? – C. “D” É. 3. ’s x.\u{1D49C} Z.\n. A";
    for (const text of [...realTexts, awkward]) {
      const t = scanSentences(text);
      const groups: Token[][] = [];
      for (let j = 0, from = 0; j < t.sentenceCount; j++) {
        const group: Token[] = [];
        for (let k = from; k < t.sentenceEnds[j]!; k++) group.push({ form: formAt(text, t.starts[k]!, t.ends[k]!), start: t.starts[k]!, end: t.ends[k]! });
        groups.push(group);
        from = t.sentenceEnds[j]!;
      }
      expect(groups).toEqual(sentences(text));
    }
  });

  it("detaches a slice from its text with the same characters", () => {
    const text = "x".repeat(1000) + " Internationalisation’s ab";
    for (const [from, to] of [[1001, 1021], [1001, 1026], [1027, 1029], [0, 0]] as const) expect(detached(text.slice(from, to))).toBe(text.slice(from, to));
  });

  it("ends sentences at line breaks and at a period before a capital, not after an abbreviation", () => {
    const s = sentences("BIG NEWS TODAY\nDr. Smith met Mrs. Jones. They spoke.\" Then it rained.").map((x) => x.map((t) => t.form).join(" "));
    expect(s).toEqual(["BIG NEWS TODAY", "Dr. Smith met Mrs. Jones .", "They spoke . \"", "Then it rained ."]);
  });
});

describe("entity offsets on real text", () => {
  it("every mention is the input's slice at its offsets, whole article long", () => {
    for (const text of realTexts) {
      for (const m of extractEntities(text)) {
        expect(text.slice(m.start, m.end)).toBe(m.text);
        expect(m.text).not.toMatch(/^\s|\s$|['’]s$/);
      }
    }
  });

  it("maps awkward names back to the characters as written", () => {
    const text = "“Jean-Luc Mélenchon’s party,” said O'Neill of AT&T in São Paulo on Monday.\nMARTINEZ-GARCIA WINS IN MADRID";
    const found = extractEntities(text).map((m) => [m.text, m.type, m.start]);
    expect(found).toEqual(expect.arrayContaining([
      ["O'Neill", "PERSON", text.indexOf("O'Neill")],
      ["São Paulo", "PLACE", text.indexOf("São")],
      ["MADRID", "PLACE", text.indexOf("MADRID")],
    ]));
    // The hyphenated first name starts at its own character, with or without the surname (the shipped model
    // splits "Jean-Luc Mélenchon’s" into a person and a place: a known miss, docs/benchmarks.md).
    expect(found.find(([t]) => String(t).startsWith("Jean-Luc"))?.[2]).toBe(1);
  });

  it("scans white space exactly as JavaScript's \\s matches it (the tokeniser and the heuristic spans skip it by hand)", () => {
    const wrong: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isSpace(c) !== /\s/.test(String.fromCharCode(c))) wrong.push(c);
    expect(wrong).toEqual([]);
    const text = "a\u00a0b\u2003c\ufeffd \u200b e\u3000f ``x'' \u{1F600} \u{1D49C}bc";
    expect(tokenize(text).map((t) => text.slice(t.start, t.end))).toEqual(["a", "b", "c", "d", "\u200b", "e", "f", "``", "x", "''", "\u{1F600}", "\u{1D49C}bc"]);
  });
});

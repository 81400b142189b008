// A text's words as the classifier reads them: its maximal runs of letters and digits ([\p{L}\p{N}]+),
// found in one pass over the text, and the word lists' phrases counted over those runs.
//
// The word lists (./features.ts: imprint, shop, forum, call-to-action and byline words) were one regular
// expression each, an alternation of the list's phrases scanned over the whole text: seven scans of the
// extracted text and the page text per page, the largest part of the classify stage's CPU. A phrase is a
// sequence of whole words with white space between them, so the same hits are found by looking each run
// up in a table of the phrases that start with it.
import { isJsSpace } from "../extract/dom.ts";

export interface WordRuns {
  /** The runs of letters and digits, in text order (what /[\p{L}\p{N}]+/gu matches). */
  words: string[];
  /** Per run: 1 when the characters between the previous run and this one are all white space (JavaScript's \s); 0 for the first. */
  spaced: Uint8Array;
  /** Per run: 1 when it holds a digit (\p{N}); a run without one is also a run of letters only (\p{L}+). */
  digits: Uint8Array;
}

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
const NUMBER = /\p{N}/u;
/** Class of a code point: letter, number, other. */
const OTHER = 0, LETTER = 1, DIGIT = 2;
/** Classes of the Basic Multilingual Plane's code units, filled as they are met (0: not yet known). */
const bmpClass = new Uint8Array(0x10000);

function classify(ch: string): number {
  return LETTER_OR_NUMBER.test(ch) ? (NUMBER.test(ch) ? DIGIT : LETTER) : OTHER;
}

function classOfUnit(c: number): number {
  let k = bmpClass[c]!;
  if (k === 0) { k = classify(String.fromCharCode(c)) + 1; bmpClass[c] = k; }
  return k - 1;
}

/** The letter/digit runs of a text, with the white-space gaps between them and which hold digits. */
export function readWordRuns(text: string): WordRuns {
  const words: string[] = [];
  const spaced: number[] = [];
  const digits: number[] = [];
  let start = -1;
  let hasDigit = 0;
  /** Only white space since the last run ended. */
  let gapSpace = true;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    let k: number;
    let width = 1;
    if (c < 128) {
      k = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? LETTER : c >= 48 && c <= 57 ? DIGIT : OTHER;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      k = classify(String.fromCodePoint(text.codePointAt(i)!));
      width = 2;
    } else {
      k = classOfUnit(c);
    }
    if (k !== OTHER) {
      if (start < 0) {
        start = i;
        hasDigit = 0;
        spaced.push(words.length > 0 && gapSpace ? 1 : 0);
      }
      if (k === DIGIT) hasDigit = 1;
    } else {
      if (start >= 0) {
        words.push(text.slice(start, i));
        digits.push(hasDigit);
        start = -1;
        gapSpace = true;
      }
      if (gapSpace && !isJsSpace(c)) gapSpace = false;
    }
    i += width - 1;
  }
  if (start >= 0) { words.push(text.slice(start)); digits.push(hasDigit); }
  return { words, spaced: Uint8Array.from(spaced), digits: Uint8Array.from(digits) };
}

const WHOLE_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * A word list of phrases (one or more whole words, single spaces between them) and their hits in a text's
 * runs: what the alternation of the phrases, longest first, with each space matching white space (\s+),
 * finds when a hit must start and end at a word boundary, scanning left to right without overlaps. At a
 * run where several phrases fit, they are prefixes of one another, and the longest (most words) is taken.
 */
export class PhraseList {
  /** First word → the phrases that start with it, as word arrays, most words first. */
  private readonly byFirst = new Map<string, string[][]>();
  /** Every phrase is one word: a hit is a run in the list. */
  private readonly singleWords: boolean;

  constructor(phrases: readonly string[]) {
    let single = true;
    for (const phrase of new Set(phrases)) {
      const words = phrase.split(" ");
      if (!words.every((w) => WHOLE_WORD.test(w))) throw new Error(`word list: "${phrase}" is not whole words separated by single spaces`);
      if (words.length > 1) single = false;
      const list = this.byFirst.get(words[0]!) ?? [];
      list.push(words);
      list.sort((a, b) => b.length - a.length);
      this.byFirst.set(words[0]!, list);
    }
    this.singleWords = single;
  }

  /** The phrases found, in text order (repeated as often as they occur). */
  hits(runs: WordRuns): string[] {
    const out: string[] = [];
    this.scan(runs, (words) => out.push(words.join(" ")));
    return out;
  }

  /** How many hits. */
  count(runs: WordRuns): number {
    if (this.singleWords) {
      let n = 0;
      for (const w of runs.words) if (this.byFirst.has(w)) n++;
      return n;
    }
    let n = 0;
    this.scan(runs, () => n++);
    return n;
  }

  private scan(runs: WordRuns, hit: (words: string[]) => void): void {
    const { words, spaced } = runs;
    for (let i = 0; i < words.length; i++) {
      const candidates = this.byFirst.get(words[i]!);
      if (!candidates) continue;
      for (const phrase of candidates) {
        if (i + phrase.length > words.length) continue;
        let k = 1;
        while (k < phrase.length && spaced[i + k] === 1 && words[i + k] === phrase[k]) k++;
        if (k === phrase.length) {
          hit(phrase);
          i += phrase.length - 1;
          break;
        }
      }
    }
  }
}

// A text's words: its maximal runs of letters and digits, what /[\p{L}\p{N}]+/gu matches, found in one pass
// over the text with the code units' classes looked up in a table (a Unicode property class in a regular
// expression is tested character by character, the larger part of a scan's cost). The classifier's word
// lists and tokens (lib/classify) and duplicate detection's normalised text (lib/dedup) read them.

export interface WordRuns {
  text: string;
  /** Where each run starts and ends (exclusive), in text order: what /[\p{L}\p{N}]+/gu matches. */
  starts: number[];
  ends: number[];
  /** Per run: 1 when it holds a digit (\p{N}); a run without one is also a run of letters only (\p{L}+). */
  digits: number[];
  /** The runs as strings, cut when first asked for (runWords). */
  words?: string[];
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

/** The letter/digit runs of a text (a surrogate pair is one code point; a lone surrogate is neither). */
export function readWordRuns(text: string): WordRuns {
  const starts: number[] = [];
  const ends: number[] = [];
  const digits: number[] = [];
  let start = -1;
  let hasDigit = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    let k: number;
    if (c < 128) {
      k = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? LETTER : c >= 48 && c <= 57 ? DIGIT : OTHER;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      k = classify(String.fromCodePoint(text.codePointAt(i)!));
      if (k !== OTHER && start < 0) { start = i; hasDigit = 0; }
      if (k === DIGIT) hasDigit = 1;
      if (k === OTHER && start >= 0) { starts.push(start); ends.push(i); digits.push(hasDigit); start = -1; }
      i++;
      continue;
    } else {
      k = classOfUnit(c);
    }
    if (k !== OTHER) {
      if (start < 0) { start = i; hasDigit = 0; }
      if (k === DIGIT) hasDigit = 1;
    } else if (start >= 0) {
      starts.push(start); ends.push(i); digits.push(hasDigit);
      start = -1;
    }
  }
  if (start >= 0) { starts.push(start); ends.push(n); digits.push(hasDigit); }
  return { text, starts, ends, digits };
}

/** The runs as strings. */
export function runWords(runs: WordRuns): string[] {
  if (!runs.words) {
    const { text, starts, ends } = runs;
    const words = new Array<string>(starts.length);
    for (let i = 0; i < starts.length; i++) words[i] = text.slice(starts[i], ends[i]);
    runs.words = words;
  }
  return runs.words;
}

/**
 * `runWords(readWordRuns(text)).join(" ")`, the runs joined by single spaces, in one pass without a string per
 * run: the runs' code units are copied into one buffer, a space between two runs.
 */
export function joinWords(text: string): string {
  const n = text.length;
  const out = new Uint16Array(n);
  let len = 0;
  let inRun = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    let k: number, units = 1;
    if (c < 128) {
      k = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? LETTER : c >= 48 && c <= 57 ? DIGIT : OTHER;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      k = classify(String.fromCodePoint(text.codePointAt(i)!));
      units = 2;
    } else {
      k = classOfUnit(c);
    }
    if (k !== OTHER) {
      if (!inRun && len > 0) out[len++] = 0x20;
      out[len++] = c;
      if (units === 2) out[len++] = text.charCodeAt(i + 1);
      inRun = true;
    } else inRun = false;
    i += units - 1;
  }
  // the buffer's code units are in the machine's byte order; utf16le wants them little-endian
  const bytes = Buffer.from(out.buffer, 0, len * 2);
  return (BIG_ENDIAN ? bytes.swap16() : bytes).toString("utf16le");
}

const BIG_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 0;

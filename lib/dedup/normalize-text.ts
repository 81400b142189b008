// The text form that duplicate detection compares: case, accents, punctuation and white space do not
// make two articles different.
import { joinWords } from "../word-runs.ts";

const MARK = /\p{M}/u;
/** The lowest combining mark (U+0300): no code unit below it is one. */
const FIRST_MARK = 0x300;
/** Per code unit of the Basic Multilingual Plane: 0 not yet known, 1 a combining mark (\p{M}), 2 not one. */
const markClass = new Uint8Array(0x10000);
const ASCII_ONLY = /^[\x00-\x7f]*$/;
const ASCII_NON_WORD = /[^a-z0-9]+/g;

/** Lowercase, strip accents and punctuation, collapse white space. */
export function normalizeText(text: string): string {
  // ASCII text, the same result by a cheaper road: NFKD leaves it as it is, it has no combining marks,
  // and its letters and digits (\p{L}, \p{N}) are a-z and 0-9 once lower-cased.
  if (ASCII_ONLY.test(text)) return text.toLowerCase().replace(ASCII_NON_WORD, " ").trim();
  // Replacing each run of other characters than letters and digits by a space and trimming leaves the
  // runs of letters and digits joined by single spaces (lib/word-runs.ts finds them without testing a
  // Unicode property per character).
  return joinWords(withoutMarks(text.normalize("NFKD")).toLowerCase());
}

/**
 * `s.replace(/\p{M}+/gu, "")` with each code unit's class looked up in a table (the regular expression tests
 * the Unicode property per character, most of normalising a non-ASCII text), and `s` itself when it has none.
 */
function withoutMarks(s: string): string {
  let out = "";
  let from = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < FIRST_MARK) continue;
    let units = 1;
    let mark: boolean;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      mark = MARK.test(String.fromCodePoint(s.codePointAt(i)!));
      units = 2;
    } else {
      let k = markClass[c]!;
      if (k === 0) markClass[c] = k = MARK.test(String.fromCharCode(c)) ? 1 : 2;
      mark = k === 1;
    }
    if (mark) {
      if (from < i) out += s.slice(from, i);
      from = i + units;
    }
    i += units - 1;
  }
  return from === 0 ? s : out + s.slice(from);
}

/** Word tokens of the normalised text. */
export function tokenizeNormalized(text: string): string[] {
  const norm = normalizeText(text);
  return norm ? norm.split(" ") : [];
}

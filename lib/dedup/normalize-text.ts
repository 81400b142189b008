// The text form that duplicate detection compares: case, accents, punctuation and white space do not
// make two articles different.
import { readWordRuns, runWords } from "../word-runs.ts";

const COMBINING_MARKS = /\p{M}+/gu;
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
  return runWords(readWordRuns(text.normalize("NFKD").replace(COMBINING_MARKS, "").toLowerCase())).join(" ");
}

/** Word tokens of the normalised text. */
export function tokenizeNormalized(text: string): string[] {
  const norm = normalizeText(text);
  return norm ? norm.split(" ") : [];
}

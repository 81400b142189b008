// The text form that duplicate detection compares: case, accents, punctuation and white space do not
// make two articles different.

const NON_WORD = /[^\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;

/** Lowercase, strip accents and punctuation, collapse white space. */
export function normalizeText(text: string): string {
  return text.normalize("NFKD").replace(COMBINING_MARKS, "").toLowerCase().replace(NON_WORD, " ").trim();
}

/** Word tokens of the normalised text. */
export function tokenizeNormalized(text: string): string[] {
  const norm = normalizeText(text);
  return norm ? norm.split(" ") : [];
}

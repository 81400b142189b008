// Article text → sentences of tokens with character offsets, tokenised the way CoNLL-2003 (Reuters,
// Penn Treebank style) was, so the tagger sees the forms it was trained on:
//   - words keep inner hyphens, apostrophes, dots and ampersands ("Martinez-Garcia", "O'Neill", "U.S.", "AT&T");
//   - a possessive "'s" / "’s" and a trailing apostrophe are their own token ("Obama 's");
//   - a final period stays on abbreviations and initials ("Mr.", "Corp.", "J."), else it is its own token;
//   - every other punctuation mark (quotes, brackets, dashes, a dangling hyphen) is its own token;
//   - letters are Unicode letters and marks, so "Müller", "Łódź" and "Nguyễn" are one token each.
// `form` is the token as the model reads it (curly quotes and dashes straightened); `start`/`end` index
// the input, so `text.slice(start, end)` is the token as written.

export interface Token {
  /** model form: ’ → ', “ ” → ", – — → - */
  form: string;
  start: number;
  end: number;
}

/** A doubled quote (`` or '', as LaTeX and Treebank text write them), a word (letters, marks, digits joined
 * by inner - ' ’ . & /), or one other non-space character. */
const TOKEN = /``|''|[\p{L}\p{M}\p{N}]+(?:[-'’.&/][\p{L}\p{M}\p{N}]+)*\.?|\S/gu;
/** Abbreviations whose period belongs to the word (lower-cased, without the period). */
const ABBREVIATIONS = new Set([
  "mr", "mrs", "ms", "dr", "prof", "st", "mt", "ft", "jr", "sr", "sen", "rep", "gov", "gen", "col", "lt", "capt", "sgt",
  "rev", "inc", "corp", "co", "ltd", "bros", "vs", "jan", "feb", "mar", "apr", "aug", "sept", "sep", "oct", "nov", "dec",
  "ave", "blvd", "dept", "est", "univ", "messrs", "mme", "mlle", "hon", "adm", "maj", "cmdr", "supt", "insp", "det",
]);
const POSSESSIVE = /['’][sS]$/;
/** Marks that end a sentence when followed by space and a capital, a quote or a digit. */
const SENTENCE_END = new Set([".", "!", "?"]);

function keepsPeriod(word: string): boolean {
  const bare = word.slice(0, -1);
  if (bare.includes(".")) return true; // U.S., a.m.
  if (/^\p{Lu}$/u.test(bare)) return true; // an initial: "J."
  return ABBREVIATIONS.has(bare.toLowerCase());
}

const NEEDS_FORM = /[’‘‛`“”„«»–—−]/;

export function modelForm(raw: string): string {
  if (!NEEDS_FORM.test(raw)) return raw;
  return raw.replace(/[’‘‛`]/g, "'").replace(/[“”„«»]/g, "\"").replace(/[–—−]/g, "-");
}

/** Split one regex match into tokens (possessive, final period). */
function pushWord(out: Token[], raw: string, start: number): void {
  let end = start + raw.length;
  let tail: Token | null = null;
  if (raw.endsWith(".") && raw.length > 1 && !keepsPeriod(raw)) {
    tail = { form: ".", start: end - 1, end };
    end -= 1;
  }
  const body = raw.slice(0, end - start);
  const poss = POSSESSIVE.exec(body);
  if (poss && body.length > 2) {
    out.push({ form: modelForm(body.slice(0, -2)), start, end: end - 2 });
    out.push({ form: modelForm(body.slice(-2)), start: end - 2, end });
  } else {
    out.push({ form: modelForm(body), start, end });
  }
  if (tail) out.push(tail);
}

/** Tokens of the whole text, in order. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[0];
    if (raw === "``" || raw === "''") out.push({ form: "\"", start: m.index, end: m.index + 2 });
    else if (raw.length === 1 && !/[\p{L}\p{N}]/u.test(raw)) out.push({ form: modelForm(raw), start: m.index, end: m.index + 1 });
    else pushWord(out, raw, m.index);
  }
  return out;
}

/**
 * Tokens grouped in sentences: a line break always ends one (headlines, captions and list items have no
 * final period); ".", "!" or "?" ends one when the next token starts with a capital, a digit or a quote.
 */
export function sentences(text: string): Token[][] {
  const tokens = tokenize(text);
  const out: Token[][] = [];
  let current: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    current.push(t);
    if (!next) break;
    const gap = text.slice(t.end, next.start);
    const lineBreak = gap.includes("\n");
    // A closing quote right after the sentence mark belongs to the sentence it closes: ."
    const endMark = SENTENCE_END.has(t.form) || (t.form === "\"" && i > 0 && SENTENCE_END.has(tokens[i - 1]!.form));
    const closes = endMark && gap.length > 0 && /^[\p{Lu}\p{N}"']/u.test(next.form);
    if (lineBreak || closes) {
      out.push(current);
      current = [];
    }
  }
  if (current.length) out.push(current);
  return out;
}

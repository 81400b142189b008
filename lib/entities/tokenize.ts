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
/** What a token after a sentence mark starts with when a new sentence begins. */
const OPENS_SENTENCE = /^[\p{Lu}\p{N}"']/u;

function keepsPeriod(word: string): boolean {
  const bare = word.slice(0, -1);
  if (bare.includes(".")) return true; // U.S., a.m.
  if (/^\p{Lu}$/u.test(bare)) return true; // an initial: "J."
  return ABBREVIATIONS.has(bare.toLowerCase());
}

/** Whether the UTF-16 unit is one modelForm rewrites: ’ ‘ ‛ ` “ ” „ « » – — − (checked by hand: this runs for
 * every token; test/entities/tokenize.test.ts holds it to the character class). */
export function needsForm(code: number): boolean {
  if (code < 0x2013) return code === 0x60 || code === 0xab || code === 0xbb;
  return code <= 0x2014 || (code >= 0x2018 && code <= 0x201e && code !== 0x201a) || code === 0x2212;
}

export function modelForm(raw: string): string {
  let plain = true;
  for (let i = 0; i < raw.length && plain; i++) if (needsForm(raw.charCodeAt(i))) plain = false;
  if (plain) return raw;
  return raw.replace(/[’‘‛`]/g, "'").replace(/[“”„«»]/g, "\"").replace(/[–—−]/g, "-");
}

/** Split one regex match into tokens (possessive, final period). */
function pushWord(out: Token[], raw: string, start: number): void {
  let end = start + raw.length;
  let tail: Token | null = null;
  if (raw.length > 1 && raw.charCodeAt(raw.length - 1) === 46 && !keepsPeriod(raw)) {
    tail = { form: ".", start: end - 1, end };
    end -= 1;
  }
  const body = tail ? raw.slice(0, end - start) : raw;
  const last = body.charCodeAt(body.length - 1);
  const poss = (last === 115 || last === 83) && body.length > 2 && POSSESSIVE.test(body);
  if (poss) {
    out.push({ form: modelForm(body.slice(0, -2)), start, end: end - 2 });
    out.push({ form: modelForm(body.slice(-2)), start: end - 2, end });
  } else {
    out.push({ form: modelForm(body), start, end });
  }
  if (tail) out.push(tail);
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether the UTF-16 unit is one of the characters JavaScript's \s matches (white space and line ends). */
export function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return code === 160 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029
    || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/** TOKEN, anchored: matched at a given place with test() (no match array per token). */
const TOKEN_AT = new RegExp(TOKEN.source, "uy");

/** TOKEN's word class, one UTF-16 unit at a time. */
const WORD_UNIT = /^[\p{L}\p{M}\p{N}]$/u;
const UNKNOWN = 255, OTHER = 0, WORD = 1, SURROGATE = 2;
/** Per UTF-16 unit: WORD (TOKEN's letter, mark or digit class), OTHER, SURROGATE (half a code point: left to
 * the regex, which reads the pair), or UNKNOWN until first met (then asked of WORD_UNIT once). */
const UNIT_CLASS = new Uint8Array(0x10000).fill(UNKNOWN);

function unitClass(code: number): number {
  let k = UNIT_CLASS[code]!;
  if (k === UNKNOWN) {
    k = code >= 0xd800 && code <= 0xdfff ? SURROGATE : WORD_UNIT.test(String.fromCharCode(code)) ? WORD : OTHER;
    UNIT_CLASS[code] = k;
  }
  return k;
}
for (let c = 0; c < 128; c++) unitClass(c);

/** The characters that join a word's parts (TOKEN's [-'’.&/]). */
function isJoiner(code: number): boolean {
  return code === 45 || code === 39 || code === 46 || code === 38 || code === 47 || code === 0x2019;
}

/** Where TOKEN's word alternative, started at a word unit, ends: greedy runs of word units joined by one
 * joiner each, then an optional period, as the regex reads them; -1 when a surrogate is met (the regex reads
 * that word). */
function wordEnd(text: string, at: number, n: number): number {
  let i = at;
  for (;;) {
    while (i < n) {
      const k = unitClass(text.charCodeAt(i));
      if (k === WORD) i++;
      else if (k === SURROGATE) return -1;
      else break;
    }
    if (i + 1 < n && isJoiner(text.charCodeAt(i))) {
      const k = unitClass(text.charCodeAt(i + 1));
      if (k === WORD) { i += 2; continue; }
      if (k === SURROGATE) return -1;
    }
    break;
  }
  return i < n && text.charCodeAt(i) === 46 ? i + 1 : i;
}

/** A one-character match: a word when it is a letter or digit, else a punctuation token (marks included). */
function pushSingle(out: Token[], raw: string, at: number): void {
  const code = raw.charCodeAt(0);
  // ASCII letters and digits are words; other ASCII marks are punctuation; beyond ASCII ask Unicode.
  const word = code < 128 ? (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122) : WORD_CHAR.test(raw);
  if (word) pushWord(out, raw, at);
  else out.push({ form: modelForm(raw), start: at, end: at + 1 });
}

/** Tokens of the whole text, in order (scanTokens, each token's form read from its characters). */
export function tokenize(text: string): Token[] {
  const t = scanTokens(text, TABLE);
  const out: Token[] = new Array(t.count);
  for (let k = 0; k < t.count; k++) out[k] = { form: formAt(text, t.starts[k]!, t.ends[k]!), start: t.starts[k]!, end: t.ends[k]! };
  return out;
}

/** Tokens (and sentences) as offsets in typed arrays: token k is text[starts[k], ends[k]), its form
 * formAt(text, starts[k], ends[k]); sentence j ends before token sentenceEnds[j]. No object or string per
 * token: the tagger reads the forms from the text. */
export interface TokenTable {
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  sentenceCount: number;
  sentenceEnds: Int32Array;
}

/** The table scanTokens and scanSentences fill (grown as needed), overwritten by their next call. */
const TABLE: TokenTable = { count: 0, starts: new Int32Array(1024), ends: new Int32Array(1024), sentenceCount: 0, sentenceEnds: new Int32Array(256) };

/** V8 copies a slice shorter than this (13 UTF-16 units); a longer one points into the string it was cut from. */
const SLICE_COPY_LENGTH = 13;

/** `s` holding its own characters: a long slice of a page, kept in a cache, would keep the whole page text
 * alive (a cons string is flattened into a new string before it is sliced). */
export function detached(s: string): string {
  return s.length < SLICE_COPY_LENGTH ? s : `\0${s}`.slice(1);
}

/** The form of the token text[start, end): straightened (modelForm), a doubled quote `` or '' read as ". */
export function formAt(text: string, start: number, end: number): string {
  const raw = text.slice(start, end);
  return end - start === 2 && (raw === "``" || raw === "''") ? "\"" : modelForm(raw);
}

function pushToken(t: TokenTable, start: number, end: number): void {
  if (t.count === t.starts.length) {
    const starts = new Int32Array(t.count * 2), ends = new Int32Array(t.count * 2);
    starts.set(t.starts);
    ends.set(t.ends);
    t.starts = starts;
    t.ends = ends;
  }
  t.starts[t.count] = start;
  t.ends[t.count] = end;
  t.count++;
}

/** pushWord over the table: the word text[start, end) split at a possessive and a final period. */
function pushWordAt(t: TokenTable, text: string, start: number, end: number): void {
  let body = end;
  if (end - start > 1 && text.charCodeAt(end - 1) === 46 && !keepsPeriod(text.slice(start, end))) body = end - 1;
  const last = text.charCodeAt(body - 1);
  // POSSESSIVE: ' or ’ then s or S
  const before = body - start > 2 ? text.charCodeAt(body - 2) : 0;
  if ((last === 115 || last === 83) && (before === 39 || before === 0x2019)) {
    pushToken(t, start, body - 2);
    pushToken(t, body - 2, body);
  } else pushToken(t, start, body);
  if (body < end) pushToken(t, body, end);
}

/** Tokens of the whole text, in order, into `t` (its sentences left as they were). Every non-space
 * character starts a TOKEN match (its last alternative is \S), so each match begins at the next non-space
 * character. TOKEN's alternatives are read by hand over the UTF-16 units (a class table, no regex call per
 * token); a word holding a surrogate pair goes through the regex itself. */
export function scanTokens(text: string, t: TokenTable = TABLE): TokenTable {
  t.count = 0;
  const n = text.length;
  for (let at = 0; at < n;) {
    const code = text.charCodeAt(at);
    if (isSpace(code)) { at++; continue; }
    const k = unitClass(code);
    if (k === OTHER) {
      // ``, '' or one other character (\S: one unit, it is no surrogate).
      const end = (code === 96 || code === 39) && at + 1 < n && text.charCodeAt(at + 1) === code ? at + 2 : at + 1;
      pushToken(t, at, end);
      at = end;
      continue;
    }
    if (k === WORD) {
      const end = wordEnd(text, at, n);
      if (end >= 0) {
        // a one-unit word is itself (no possessive or period to split)
        if (end - at === 1) pushToken(t, at, end);
        else pushWordAt(t, text, at, end);
        at = end;
        continue;
      }
    }
    // TOKEN's match at `at`: one character (a unit or a surrogate pair) or a word (pushWord splits it)
    const re = TOKEN_AT;
    re.lastIndex = at;
    if (!re.test(text)) throw new Error(`tokenize: no token at ${at}`);
    const end = re.lastIndex;
    if (end - at === 1 || (end - at === 2 && (text.startsWith("``", at) || text.startsWith("''", at)))) pushToken(t, at, end);
    else pushWordAt(t, text, at, end);
    at = end;
  }
  return t;
}

/** Pushes the token(s) of TOKEN's match at `at` (a non-space character); returns where the match ends. */
function regexToken(out: Token[], text: string, at: number): number {
  const re = TOKEN_AT;
  re.lastIndex = at;
  if (!re.test(text)) throw new Error(`tokenize: no token at ${at}`);
  const end = re.lastIndex;
  const raw = text.slice(at, end);
  if (raw.length === 1) pushSingle(out, raw, at);
  else if (raw === "``" || raw === "''") out.push({ form: "\"", start: at, end: at + 2 });
  else pushWord(out, raw, at);
  return end;
}

/** tokenize() with TOKEN's regex at every token: the reference the hand scanner is tested against. */
export function tokenizeByRegex(text: string): Token[] {
  const out: Token[] = [];
  for (let at = 0; at < text.length;) at = isSpace(text.charCodeAt(at)) ? at + 1 : regexToken(out, text, at);
  return out;
}

/** Whether text[from, to) holds a line break. */
function hasLineBreak(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) return true;
  return false;
}

/** The form of text[start, end) when it is one UTF-16 unit long: its code (formAt's, read by code), else -1. */
function formCode(text: string, start: number, end: number): number {
  const c = text.charCodeAt(start);
  if (end - start === 2) return (c === 96 || c === 39) && text.charCodeAt(start + 1) === c ? 34 : -1; // `` ''
  if (end - start !== 1) return -1;
  if (!needsForm(c)) return c;
  // modelForm: ’ ‘ ‛ ` → ', – — − → -, “ ” „ « » → "
  if (c === 0x60 || c === 0x2018 || c === 0x2019 || c === 0x201b) return 39;
  if (c === 0x2013 || c === 0x2014 || c === 0x2212) return 45;
  return 34;
}

const isSentenceMark = (code: number) => code === 46 || code === 33 || code === 63;

/** sentences() over the token table: the tokens of the text in t, and where its sentences end. */
export function scanSentences(text: string, t: TokenTable = TABLE): TokenTable {
  scanTokens(text, t);
  const { count, starts, ends } = t;
  t.sentenceCount = 0;
  const close = (end: number) => {
    if (t.sentenceCount === t.sentenceEnds.length) {
      const grown = new Int32Array(t.sentenceCount * 2);
      grown.set(t.sentenceEnds);
      t.sentenceEnds = grown;
    }
    t.sentenceEnds[t.sentenceCount++] = end;
  };
  for (let i = 0; i + 1 < count; i++) {
    const end = ends[i]!, next = starts[i + 1]!;
    let closes = hasLineBreak(text, end, next);
    if (!closes && next > end) {
      const f = formCode(text, starts[i]!, end);
      // A closing quote right after the sentence mark belongs to the sentence it closes: ."
      const endMark = isSentenceMark(f) || (f === 34 && i > 0 && isSentenceMark(formCode(text, starts[i - 1]!, ends[i - 1]!)));
      closes = endMark && OPENS_SENTENCE.test(formAt(text, next, ends[i + 1]!));
    }
    if (closes) close(i + 1);
  }
  if (count) close(count);
  return t;
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
    const lineBreak = hasLineBreak(text, t.end, next.start);
    // A closing quote right after the sentence mark belongs to the sentence it closes: ."
    const endMark = t.form.length === 1 && (SENTENCE_END.has(t.form) || (t.form === "\"" && i > 0 && SENTENCE_END.has(tokens[i - 1]!.form)));
    const closes = endMark && next.start > t.end && OPENS_SENTENCE.test(next.form);
    if (lineBreak || closes) {
      out.push(current);
      current = [];
    }
  }
  if (current.length) out.push(current);
  return out;
}

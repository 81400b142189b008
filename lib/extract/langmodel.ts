// The language test of template subtraction: a character-bigram language model per language, trained
// on extracted article text (scripts/train-langmodel.ts → langmodel-data.json). Each whitespace token
// is scored in bits per character transition (boundaries included); a token is natural when it is no
// less likely than the least likely 3 % of held-out article tokens of that language. A block is kept
// when most of its characters sit in natural tokens and, if it is a long run of words, when some of
// them are the language's common words (menus of short tokens have none). Dates in common formats
// and user-name-like lines are kept by rule: the model would call many of them noise.
//
// Character bigrams, not word bigrams: they work for any language and script from little text, stay
// small (a few hundred KiB for all languages), and are what separates prose from minified code,
// CSS, base64 and URL soup, which is the job here.
import { readFileSync } from "node:fs";

/** Quantisation of stored bits: value = round(bits × BITS_SCALE). */
export const BITS_SCALE = 8;
/** Token boundary symbol in the model (a space, as between words in text). */
export const BOUNDARY = " ";
/** Share of a block's characters that must be in natural tokens. */
const MIN_NATURAL_SHARE = 0.6;
/** A block of at least this many tokens must contain common words of its language… (shorter runs are headings as often as menus: measured on WCXB dev) */
const MENU_MIN_TOKENS = 10;
/** …at least this share of its tokens (running text in any language is ~30–50 % function words). */
const MIN_COMMON_SHARE = 0.08;
/** Scripts written without spaces between words: the common-word and long-token rules do not apply to them. */
const UNSPACED_SCRIPT_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** In a spaced language a token this long is a URL, base64 or minified code, not a word (German compounds stay below). */
const LONG_TOKEN_CHARS = 32;
/** Characters of the page's blocks sampled to pick its language. */
const DETECT_SAMPLE_CHARS = 3000;
/** Longest line that the date and user-name rules consider (a date line, a byline, a handle). */
const RULE_LINE_MAX_CHARS = 80;
/** Blocks of fewer tokens are too short to judge by character statistics (names, product codes, "C++ – ISO/IEC 14882")… */
const SHORT_BLOCK_TOKENS = 6;
/** …unless they carry code punctuation. */
const CODE_PUNCT_RE = /[{};=<>\\]|\b(?:function|var|const|return)\b/;
const UNIVERSAL = "xx";

export interface LangModelEntry {
  /** char → quantised bits of the unigram probability. */
  uni: Record<string, number>;
  /** two chars → quantised bits of the interpolated bigram probability (pruned). */
  bi: Record<string, number>;
  /** quantised bits of an unknown char. */
  unk: number;
  /** quantised bits added to the unigram when the bigram was pruned (−log2 of its interpolation weight). */
  backoff: number;
  /** bits per transition: tokens above are not natural. */
  threshold: number;
  /** Mean token length in training text (chars): large for languages written without spaces. */
  tokenChars: number;
  /** Words in the most training documents (function words), most widespread first. */
  common: string[];
}

export interface LangModelData {
  v: number;
  scale: number;
  langs: Record<string, LangModelEntry>;
}

export interface CompiledModel {
  lang: string;
  entry: LangModelEntry;
  bi: Map<string, number>;
  uni: Map<string, number>;
  common: Set<string>;
}

export type VerdictReason = "natural" | "date" | "username" | "short" | "preformatted" | "code_or_noise" | "menu" | "empty";

export interface LanguageVerdict {
  keep: boolean;
  reason: VerdictReason;
  /** Language whose model judged the block (null when a rule decided). */
  lang: string | null;
  /** Share of the block's characters inside natural tokens. */
  naturalShare: number;
  /** Share of tokens that are common words of the language. */
  commonShare: number;
  /** Mean bits per transition over the block's tokens. */
  bits: number;
}

export interface TokenScore {
  token: string;
  /** Bits per character transition (lower is more natural). */
  bits: number;
  natural: boolean;
}

let loaded: CompiledModel[] | null = null;

/** The shipped models (loaded once, lazily). */
export function loadLanguageModels(data?: LangModelData): CompiledModel[] {
  if (data) return compile(data);
  if (!loaded) {
    const raw = JSON.parse(readFileSync(new URL("./langmodel-data.json", import.meta.url), "utf8")) as LangModelData;
    loaded = compile(raw);
  }
  return loaded;
}

/** Languages the shipped data has models for ("xx" is the all-language model). */
export function listLanguages(): string[] {
  return loadLanguageModels().map((m) => m.lang);
}

/** Lower-case, digits to 0, white space collapsed: the form the models were trained on. */
export function normaliseForModel(text: string): string {
  return text.toLowerCase().replace(/\p{Nd}/gu, "0").replace(/[\s\u00a0]+/g, " ").trim();
}

/** Bits per character transition of one normalised token under a model entry. */
export function tokenBits(c: CompiledModel, token: string): number {
  let sum = 0;
  let n = 0;
  let prev = BOUNDARY;
  for (const ch of token + BOUNDARY) {
    const q = c.bi.get(prev + ch) ?? (c.uni.has(ch) ? c.uni.get(ch)! + c.entry.backoff : c.entry.unk);
    sum += q;
    n++;
    prev = ch;
  }
  return sum / BITS_SCALE / n;
}

/** Per-token naturalness of a text in a language (best-scoring language when `lang` is not given or has no model). */
export function scoreTokens(text: string, lang?: string | null): { lang: string; tokens: TokenScore[] } {
  const model = pickModel(normaliseForModel(text), lang);
  return { lang: model.lang, tokens: tokenise(text).map((t) => scoreOne(model, t)) };
}

/** Most likely language of a text among the models (the all-language model only when nothing else exists). */
export function detectLanguage(text: string): string {
  return pickModel(normaliseForModel(text).slice(0, DETECT_SAMPLE_CHARS), null).lang;
}

/**
 * Judge blocks of text: keep natural language, dates, user names; drop code and noise. The page's
 * language is `lang` when a model exists for it, else detected from a sample of all blocks; a block
 * the page language rejects gets a second chance with its own best language (quotes, mixed pages).
 */
export function filterBlocks(texts: string[], opts: { lang?: string | null } = {}): LanguageVerdict[] {
  const models = loadLanguageModels();
  const sample = normaliseForModel(texts.join(" ")).slice(0, DETECT_SAMPLE_CHARS);
  const pageModel = modelFor(opts.lang, models) ?? pickModel(sample, null);
  return texts.map((text) => {
    const first = judgeBlock(text, pageModel);
    if (first.keep || first.reason === "empty") return first;
    const own = pickModel(normaliseForModel(text).slice(0, DETECT_SAMPLE_CHARS), null);
    return own.lang === pageModel.lang ? first : judgeBlock(text, own);
  });
}

/** One block under one language model, rules first. */
export function judgeBlock(text: string, model: CompiledModel): LanguageVerdict {
  const trimmed = text.trim();
  const none = { lang: null, naturalShare: 0, commonShare: 0, bits: 0 };
  if (!trimmed) return { keep: false, reason: "empty", ...none };
  if (isDateLine(trimmed)) return { keep: true, reason: "date", ...none };
  if (isUserNameLine(trimmed)) return { keep: true, reason: "username", ...none };
  const tokens = tokenise(trimmed);
  if (tokens.length < SHORT_BLOCK_TOKENS && !CODE_PUNCT_RE.test(trimmed) && !tokens.some((t) => t.length > LONG_TOKEN_CHARS)) {
    return { keep: true, reason: "short", ...none };
  }
  const scores = tokens.map((t) => scoreOne(model, t));
  let chars = 0, naturalChars = 0, bitsSum = 0, common = 0;
  for (const s of scores) {
    const len = [...s.token].length;
    chars += len;
    if (s.natural) naturalChars += len;
    bitsSum += s.bits;
    if (model.common.has(stripPunct(s.token))) common++;
  }
  const naturalShare = chars ? naturalChars / chars : 0;
  const commonShare = tokens.length ? common / tokens.length : 0;
  const verdict = { lang: model.lang, naturalShare, commonShare, bits: tokens.length ? bitsSum / tokens.length : 0 };
  if (naturalShare < MIN_NATURAL_SHARE) return { keep: false, reason: "code_or_noise", ...verdict };
  const spaced = !UNSPACED_SCRIPT_RE.test(trimmed);
  if (spaced && tokens.length >= MENU_MIN_TOKENS && commonShare < MIN_COMMON_SHARE && !/[.!?。]/.test(trimmed)) {
    return { keep: false, reason: "menu", ...verdict };
  }
  return { keep: true, reason: "natural", ...verdict };
}

// ---- rules ----

const MONTHS = "jan(?:uary|vier|uar|eiro)?|feb(?:ruary|ruar|rero)?|f[ée]v(?:rier)?|m[aä]r(?:ch|s|z|zo)?|apr(?:il|ile)?|avr(?:il)?|abr(?:il)?|may|mai|mayo|maggio|jun(?:e|i|io)?|juin|jul(?:y|i|io)?|juil(?:let)?|aug(?:ust)?|ao[uû]t|ago(?:sto)?|sep(?:t|tember|tembre|tiembre)?|oct(?:ober|obre|ubre)?|okt(?:ober)?|ott(?:obre)?|nov(?:ember|embre)?|dec(?:ember)?|d[ée]c(?:embre)?|dez(?:ember)?|dic(?:iembre|embre)?";
/** Dates in common formats: ISO, d.m.y, m/d/y, "4 September 2025", "Sep 4, 2025", Unix-like "2 hours ago". */
const DATE_RES = [
  /\b\d{4}-\d{1,2}-\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?/,
  /\b\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})\b/,
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th|\\.)?\\s+(?:de\\s+)?(?:${MONTHS})\\.?,?\\s+(?:de\\s+)?\\d{4}\\b`, "iu"),
  new RegExp(`\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`, "iu"),
  /\b\d+\s+(?:second|minute|hour|day|week|month|year)s?\s+ago\b/i,
  /\d{4}年\d{1,2}月\d{1,2}日/,
];
const USER_TOKEN_RE = /^(?:@[\p{L}\p{N}_.-]{2,32}|u\/[\w-]{2,32}|(?=[\p{L}\p{N}_.-]*[\p{L}])(?=[\p{L}\p{N}_.-]*(?:_|\p{N}|\p{Ll}\p{Lu}))[\p{L}\p{N}_.-]{3,32})$/u;

/** A short line holding a date in a common format. */
export function isDateLine(text: string): boolean {
  return text.length <= RULE_LINE_MAX_CHARS && DATE_RES.some((re) => re.test(text));
}

/** A short line of 1–3 user-name-like tokens ("@jdoe", "u/someone", "john_doe42", "JaneDoe"). */
export function isUserNameLine(text: string): boolean {
  if (text.length > RULE_LINE_MAX_CHARS) return false;
  const tokens = text.split(/\s+/).filter((t) => !/^(?:by|von|par|por|di|posted|—|-|·|\|)$/i.test(t));
  return tokens.length >= 1 && tokens.length <= 3 && tokens.some((t) => USER_TOKEN_RE.test(t.replace(/[:,]$/, ""))) && !/[{};=<>]/.test(text);
}

// ---- internals ----

function compile(data: LangModelData): CompiledModel[] {
  return Object.keys(data.langs).sort().map((lang) => compileModel(lang, data.langs[lang]));
}

/** A model entry ready for scoring (maps instead of objects). */
export function compileModel(lang: string, entry: LangModelEntry): CompiledModel {
  return { lang, entry, bi: new Map(Object.entries(entry.bi)), uni: new Map(Object.entries(entry.uni)), common: new Set(entry.common) };
}

function modelFor(lang: string | null | undefined, models: CompiledModel[]): CompiledModel | null {
  if (!lang) return null;
  const primary = lang.toLowerCase().split(/[-_]/)[0];
  const code = primary === "nb" || primary === "nn" ? "no" : primary;
  return models.find((m) => m.lang === code) ?? null;
}

/** The model with the fewest bits per transition on a sample (the universal one breaks no ties: it is a fallback). */
function pickModel(sample: string, lang: string | null | undefined): CompiledModel {
  const models = loadLanguageModels();
  const hinted = modelFor(lang, models);
  if (hinted) return hinted;
  const tokens = sample.split(" ").filter(Boolean).slice(0, 400);
  let best: CompiledModel | null = null;
  let bestBits = Infinity;
  for (const m of models) {
    if (m.lang === UNIVERSAL) continue;
    let sum = 0;
    for (const t of tokens) sum += tokenBits(m, t);
    const bits = tokens.length ? sum / tokens.length : 0;
    if (bits < bestBits) { bestBits = bits; best = m; }
  }
  return best ?? models.find((m) => m.lang === UNIVERSAL) ?? models[0];
}

function tokenise(text: string): string[] {
  return text.split(/[\s\u00a0]+/).filter(Boolean);
}

function scoreOne(model: CompiledModel, token: string): TokenScore {
  const norm = normaliseForModel(token);
  const bits = tokenBits(model, norm);
  const tooLong = norm.length > LONG_TOKEN_CHARS && !UNSPACED_SCRIPT_RE.test(norm);
  return { token, bits, natural: bits <= model.entry.threshold && !tooLong };
}

function stripPunct(token: string): string {
  return normaliseForModel(token).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

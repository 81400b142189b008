// Learned block filter: the last judge of the blocks the recipe keeps. Learned boilerplate detectors
// (Web2Text, BoilerNet, Dragnet) beat hand rules on the long tail of leftovers (bylines, captions,
// share prompts, "related" teasers, cookie lines) by reading each block's DOM context: the class,
// id, role and itemprop names of the elements around it, next to the block's own shape. Each kept
// block gets p(content) from a logistic regression over such features; blocks the model is sure are
// boilerplate (p below BOILERPLATE_BELOW) go. The model is trained by scripts/train-block-filter.ts on
// the blocks the orchestrator keeps on the tuning halves (WCXB even ids, trafilatura tuning half) and
// ships as lib/extract/block-filter-model.json.
import { readFileSync } from "node:fs";
import type { AnyNode, Element } from "./dom.ts";
import { isElement } from "./dom.ts";
import type { TextBlock } from "./segment.ts";

/**
 * Numeric features, in vector order. Word counts enter as log(1 + words) plus bins (logistic
 * regression is linear in its inputs: the bins let very short blocks differ from their log).
 */
export const NUMERIC_FEATURES = [
  "log_words", "words_le_3", "words_le_10", "words_ge_40", "link_share", "log_density",
  "kind_heading", "kind_paragraph", "kind_item", "kind_pre", "kind_quote", "kind_cell", "kind_other",
  "position", "is_first", "is_last", "log_kept_blocks",
  "prev_log_words", "prev_link_share", "next_log_words", "next_link_share",
  "ends_sentence", "ends_colon", "digit_share", "upper_share",
  "has_copyright", "has_pipe", "has_guillemet", "has_date", "starts_bullet",
] as const;

/** Ancestors (the block's element and up) whose class/id/role/itemprop names are read. */
export const ANCESTOR_LEVELS = 6;
/** Attributes whose values name an element's part in the page. */
const NAME_ATTRIBUTES = ["class", "id", "role", "itemprop"] as const;
/**
 * Blocks of at most this many words also get `s:` copies of their ancestor tokens (a "meta" or
 * "caption" context says more about a date line than about a paragraph) and …
 */
export const SHORT_BLOCK_WORDS = 10;
/** … blocks of at most this many words their own words as `w:` tokens ("share", "advertisement", "foto"). */
export const WORD_TOKEN_MAX_WORDS = 4;
/** Name tokens shorter than this are layout codes (col, md, xs…) more than names. */
const MIN_TOKEN_CHARS = 3;

export interface BlockFilterModel {
  /** NUMERIC_FEATURES at training time (checked on load). */
  numeric: string[];
  /** Standardisation of the numeric features: (x - mean) / scale. */
  means: number[];
  scales: number[];
  weights: number[];
  /** Context tokens with their weights: `t:` block tag, `p:` parent tag, `a:` ancestor name token. */
  tokens: Record<string, number>;
  bias: number;
  trainedOn: string;
}

/**
 * Content probability below which a kept block goes: the recipe already judged these blocks content
 * once, so the filter only takes those the model is sure are boilerplate. Chosen by 5-fold
 * cross-validation by site on the tuning halves (scripts/train-block-filter.ts --cv; filter off:
 * snippet F1 0.9422, WCXB even ids 0.8776): at 0.1 / 0.15 / 0.2 / 0.3 / 0.4 / 0.5 snippet 0.9425 /
 * 0.9428 / 0.9431 / 0.9431 / 0.9431 / 0.9437, WCXB 0.8776 / 0.8777 / 0.8778 / 0.8778 / 0.8779 / 0.8778.
 * 0.2 is the most cautious cut on the flat stretch (fewest blocks taken for the same gain); 0.5
 * gains three leaks in one fold and moves with the regularisation.
 */
export const BOILERPLATE_BELOW = 0.2;

/** A block's description: numeric features and context tokens. */
export interface BlockDescription { x: number[]; tokens: string[] }

let cachedModel: BlockFilterModel | null = null;

/** The shipped model (lib/extract/block-filter-model.json). */
export function loadBlockFilterModel(): BlockFilterModel {
  if (cachedModel) return cachedModel;
  const model = JSON.parse(readFileSync(new URL("./block-filter-model.json", import.meta.url), "utf8")) as BlockFilterModel;
  if (model.numeric.join() !== NUMERIC_FEATURES.join()) throw new Error("block-filter-model.json was trained on other features: rerun scripts/train-block-filter.ts");
  cachedModel = model;
  return model;
}

/** The end of a block read for its closing punctuation (an end-anchored regex would scan the whole text). */
const TAIL_CHARS = 16;
const SENTENCE_END_RE = /[.!?…。！？]["'”’»)\]]*$/;
const DATE_RE = /\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\.?\s+(?:jan|feb|m[aä]r|apr|ma[iy]|jun|jul|aug|sep|o[ck]t|nov|de[cz])|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b/i;
const BULLET_RE = /^[•·▪►▶→»›*–—-]\s?/;

/** Numeric features and context tokens of the kept blocks, in order. */
export function describeBlocks(blocks: TextBlock[]): BlockDescription[] {
  const n = blocks.length;
  const tokenCache = new Map<Element, string[]>();
  return blocks.map((b, i) => {
    const prev = blocks[i - 1], next = blocks[i + 1];
    const x = [
      Math.log1p(b.words), b.words <= 3 ? 1 : 0, b.words <= 10 ? 1 : 0, b.words >= 40 ? 1 : 0, linkShare(b), Math.log1p(b.density),
      b.kind === "heading" ? 1 : 0, b.kind === "paragraph" ? 1 : 0, b.kind === "item" ? 1 : 0, b.kind === "pre" ? 1 : 0,
      b.kind === "quote" ? 1 : 0, b.kind === "cell" ? 1 : 0, b.kind === "other" ? 1 : 0,
      n > 1 ? i / (n - 1) : 0, i === 0 ? 1 : 0, i === n - 1 ? 1 : 0, Math.log1p(n),
      prev ? Math.log1p(prev.words) : 0, prev ? linkShare(prev) : 0, next ? Math.log1p(next.words) : 0, next ? linkShare(next) : 0,
      ...textShape(b.text),
    ];
    return { x, tokens: blockTokens(b, tokenCache) };
  });
}

function linkShare(b: TextBlock): number {
  return b.words ? b.linkWords / b.words : 0;
}

/** ends_sentence, ends_colon, digit_share, upper_share, has_copyright, has_pipe, has_guillemet, has_date, starts_bullet. */
function textShape(text: string): number[] {
  let digits = 0, letters = 0, upper = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
    else if (code >= 65 && code <= 90) { letters++; upper++; }
    else if (code >= 97 && code <= 122) letters++;
    else if (code >= 128) {
      // beyond ASCII: a letter has a case pair (ä/Ä, ł/Ł); scripts without case count as neither
      const c = text[i];
      if (c.toLowerCase() !== c.toUpperCase()) { letters++; if (c !== c.toLowerCase()) upper++; }
    }
  }
  const chars = digits + letters;
  return [
    SENTENCE_END_RE.test(text.slice(-TAIL_CHARS)) ? 1 : 0, text.endsWith(":") ? 1 : 0, chars ? digits / chars : 0, letters ? upper / letters : 0,
    text.includes("©") || /\(c\)|copyright/i.test(text) ? 1 : 0, text.includes("|") ? 1 : 0, /[»«]/.test(text) ? 1 : 0,
    DATE_RE.test(text) ? 1 : 0, BULLET_RE.test(text) ? 1 : 0,
  ];
}

/** Context tokens of a block, with the `s:` and `w:` tokens of short blocks. */
function blockTokens(b: TextBlock, cache: Map<Element, string[]>): string[] {
  const context = contextTokens(b.el, cache);
  if (b.words > SHORT_BLOCK_WORDS) return context;
  const out = [...context];
  for (const t of context) if (t.startsWith("a:")) out.push(`s:${t.slice(2)}`);
  if (b.words <= WORD_TOKEN_MAX_WORDS) {
    for (const w of new Set(b.text.toLowerCase().split(/[^\p{L}]+/u))) if (w.length >= 2) out.push(`w:${w}`);
  }
  return out;
}

/** `t:` tag of the block's element, `p:` its parent's tag, `a:` the name tokens of it and its ANCESTOR_LEVELS - 1 ancestors. */
function contextTokens(el: Element | null, cache: Map<Element, string[]>): string[] {
  if (!el) return [];
  const out = new Set<string>([`t:${el.name}`]);
  const parent = el.parent && isElement(el.parent as AnyNode) ? (el.parent as Element) : null;
  if (parent) out.add(`p:${parent.name}`);
  let n: AnyNode | null = el;
  for (let level = 0; level < ANCESTOR_LEVELS && n && isElement(n); level++, n = n.parent) {
    for (const t of nameTokens(n, cache)) out.add(`a:${t}`);
  }
  return [...out];
}

/** Name tokens of one element: class/id/role/itemprop values split on -, _, digits and camelCase, lower-cased. */
export function nameTokens(el: Element, cache?: Map<Element, string[]>): string[] {
  const hit = cache?.get(el);
  if (hit) return hit;
  const out = new Set<string>();
  for (const attr of NAME_ATTRIBUTES) {
    const v = el.attribs[attr];
    if (!v) continue;
    for (const part of v.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z\u00c0-\u024f]+/)) {
      if (part.length >= MIN_TOKEN_CHARS) out.add(part);
    }
  }
  const tokens = [...out];
  cache?.set(el, tokens);
  return tokens;
}

/** p(content) of one described block. */
export function predictContent(d: BlockDescription, model: BlockFilterModel): number {
  let z = model.bias;
  for (let j = 0; j < d.x.length; j++) z += model.weights[j] * ((d.x[j] - model.means[j]) / model.scales[j]);
  for (const t of d.tokens) z += model.tokens[t] ?? 0;
  return 1 / (1 + Math.exp(-z));
}

/** Content probability of each kept block. */
export function scoreKeptBlocks(blocks: TextBlock[], model: BlockFilterModel = loadBlockFilterModel()): number[] {
  return describeBlocks(blocks).map((d) => predictContent(d, model));
}

/**
 * The kept blocks without those the model is sure are boilerplate (p < BOILERPLATE_BELOW), and those
 * taken out. Only on `dated` pages (a declared publication date: articles, news, blog posts): on
 * undated shops, indexes and services short blocks (item names, prices, entries) are the content, and
 * there the filter took as much content as boilerplate (cross-validated on the tuning halves: WCXB
 * even ids 0.8777 with the filter on every page, 0.8778 on dated pages only, snippet F1 alike).
 */
export function filterKeptBlocks(blocks: TextBlock[], dated: boolean, model?: BlockFilterModel): { kept: TextBlock[]; boilerplate: TextBlock[] } {
  if (!dated || blocks.length === 0) return { kept: blocks, boilerplate: [] };
  const probs = scoreKeptBlocks(blocks, model ?? loadBlockFilterModel());
  const kept: TextBlock[] = [], boilerplate: TextBlock[] = [];
  blocks.forEach((b, i) => (probs[i] < BOILERPLATE_BELOW ? boilerplate : kept).push(b));
  return { kept, boilerplate };
}

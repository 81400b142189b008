// Split a subtree into text blocks, the unit of output and of the block classifier (boilerpipe's
// "shallow text" blocks): a block is the run of inline text between two block-level boundaries.
import type { AnyNode, Element, ParentNode } from "./dom.ts";
import { isElement } from "./dom.ts";

/** Elements that start and end a block. */
const BLOCK_TAGS = new Set([
  "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "dir", "div", "dl", "dt",
  "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html",
  "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "br",
]);

const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/** Column width boilerpipe wraps text at to count lines for text density. */
const WRAP_COLUMNS = 80;

export type BlockKind = "heading" | "paragraph" | "item" | "pre" | "quote" | "cell" | "other";

export interface TextBlock {
  /** Position in document order (0-based). */
  index: number;
  text: string;
  kind: BlockKind;
  words: number;
  linkWords: number;
  /** Words per 80-column line (boilerpipe's text density; the last line is excluded when there are several). */
  density: number;
  /** Innermost block-level element holding the text. */
  el: Element | null;
  /** Depth of that element below the segmented root. */
  depth: number;
}

interface Context { inLink: boolean; el: Element | null; depth: number; kind: BlockKind; pre: boolean }

/**
 * The block being built. Outside <pre> each text node's white space runs are collapsed to one space
 * as the text is appended, and a space is not appended after a space, so the block's text needs no
 * regex pass at the end (only the line breaks of <br> are tidied and the ends trimmed). Inside <pre>
 * the text is kept as it is.
 */
interface Pending {
  text: string; parts: number; words: number; linkWords: number; el: Element | null; depth: number; kind: BlockKind; pre: boolean;
  /** A <br> line break was appended. */
  newline: boolean;
  /** Text from inside <pre> was appended uncollapsed (a block whose first part is a <br> keeps the last block's `pre`). */
  raw: boolean;
}

const WHITE_SPACE_RE = /\s+/g;

/** Text blocks of the subtree under `root`, in document order. */
export function segmentBlocks(root: ParentNode): TextBlock[] {
  const blocks: TextBlock[] = [];
  const cur: Pending = { text: "", parts: 0, words: 0, linkWords: 0, el: null, depth: 0, kind: "other", pre: false, newline: false, raw: false };
  const ctx: Context = { inLink: false, el: isElement(root as AnyNode) ? (root as Element) : null, depth: 0, kind: "other", pre: false };
  for (const child of root.children) walkSegment(child, ctx, cur, blocks);
  flushBlock(cur, blocks);
  return blocks;
}

function flushBlock(cur: Pending, blocks: TextBlock[]): void {
  if (cur.words > 0) {
    const raw = cur.text;
    const text = cur.pre ? raw.replace(/^\n+|\s+$/g, "")
      : cur.raw ? raw.replace(/[ \t\r\f\u00a0]+/g, " ").replace(/ *\n */g, "\n").trim()
      : (cur.newline ? raw.replace(/ *\n */g, "\n") : raw).trim();
    if (text) blocks.push({ index: blocks.length, text, kind: cur.kind, words: cur.words, linkWords: cur.linkWords, density: textDensity(text, cur.words), el: cur.el, depth: cur.depth });
  }
  cur.text = ""; cur.parts = 0; cur.words = 0; cur.linkWords = 0; cur.newline = false; cur.raw = false;
}

/** Append a part of the block's text (outside <pre>: already collapsed), without a second space in a row. */
function appendText(cur: Pending, part: string): void {
  if (!cur.pre && part.charCodeAt(0) === 32 && cur.text.charCodeAt(cur.text.length - 1) === 32) cur.text += part.slice(1);
  else cur.text += part;
  cur.parts++;
}

/**
 * A text node with its word count and collapsed text, kept on the node: the recipe segments the same
 * subtrees several times (density over the body, the named container, the repeated items, the
 * whole-body classifier). `segmentedData` is the data they were measured from.
 */
interface MeasuredText { data: string; segmentedData?: string; segmentWords?: number; segmentCollapsed?: string }

function measureTextNode(t: MeasuredText): void {
  const data = t.data;
  const words = countWords(data);
  t.segmentedData = data;
  t.segmentWords = words;
  // a node without words is white space only (countWords' separators are all \s): one space
  t.segmentCollapsed = words === 0 ? (data.length ? " " : "") : data.replace(WHITE_SPACE_RE, " ");
}

function walkSegment(node: AnyNode, ctx: Context, cur: Pending, blocks: TextBlock[]): void {
  if (node.type === "text") {
    const t = node as unknown as MeasuredText;
    if (t.segmentedData !== t.data) measureTextNode(t);
    const words = t.segmentWords!;
    if (cur.parts === 0) { cur.el = ctx.el; cur.depth = ctx.depth; cur.kind = ctx.kind; cur.pre = ctx.pre; }
    if (ctx.pre) cur.raw = true;
    appendText(cur, ctx.pre ? t.data : t.segmentCollapsed!);
    cur.words += words;
    if (ctx.inLink) cur.linkWords += words;
    return;
  }
  if (!isElement(node)) return;
  const name = node.name;
  if (name === "br") {
    if (ctx.pre || ctx.kind === "paragraph") { cur.text += "\n"; cur.parts++; cur.newline = true; } else flushBlock(cur, blocks);
    return;
  }
  if (name === "img" || name === "hr") { if (name === "hr") flushBlock(cur, blocks); return; }
  const block = BLOCK_TAGS.has(name);
  if (block) flushBlock(cur, blocks);
  // inline elements share their parent's context unless they open a link (no allocation per <span>)
  const next = block
    ? { inLink: ctx.inLink, el: node, depth: ctx.depth + 1, kind: kindOf(name, ctx.kind), pre: ctx.pre || name === "pre" }
    : name === "a" && !ctx.inLink ? { ...ctx, inLink: true } : ctx;
  for (const child of node.children) walkSegment(child, next, cur, blocks);
  if (block) flushBlock(cur, blocks);
}

function kindOf(name: string, parent: BlockKind): BlockKind {
  if (HEADING_TAGS.has(name)) return "heading";
  if (name === "p") return parent === "item" || parent === "quote" ? parent : "paragraph";
  if (name === "li" || name === "dd" || name === "dt") return "item";
  if (name === "pre") return "pre";
  if (name === "blockquote") return "quote";
  if (name === "td" || name === "th") return "cell";
  return parent === "heading" || parent === "pre" ? parent : parent === "other" ? "other" : parent;
}

/**
 * Words of a string: white-space separated tokens. Chinese and Japanese (Han, kana, CJK punctuation)
 * write no spaces: one word per CJK_CHARS_PER_WORD characters. Korean separates its words by spaces,
 * so Hangul counts as letters (counting its syllables as well doubled every Korean page's words).
 */
export function countWords(s: string): number {
  let words = 0;
  let inWord = false;
  let cjk = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 160) { inWord = false; continue; }
    if (c >= 0x3000 && c <= 0x9fff) { cjk++; inWord = false; continue; }
    if (!inWord) { words++; inWord = true; }
  }
  return words + Math.ceil(cjk / CJK_CHARS_PER_WORD);
}

/** Average Chinese/Japanese word length in characters. */
const CJK_CHARS_PER_WORD = 2;
/**
 * Columns a character takes when text wraps at WRAP_COLUMNS. Full-width scripts get more, so that a
 * line holds about as many words as an English line (≈ 14) and text density stays in the range the
 * block tree was trained on (WCXB, mostly English; calibration.ts).
 *  - Han and kana: a word of two characters ≈ an English word and its space (≈ 6 columns): 3 each;
 *  - Hangul syllables: a Korean word of ~3 syllables and its space ≈ 7 columns: 2 each.
 */
const CJK_COLUMNS = 3;
const HANGUL_COLUMNS = 2;
const WIDE_RE = /[\u3000-\u9fff\uac00-\ud7af]/;

function displayColumns(text: string): number {
  if (!WIDE_RE.test(text)) return text.length;
  let columns = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    columns += c >= 0x3000 && c <= 0x9fff ? CJK_COLUMNS : c >= 0xac00 && c <= 0xd7af ? HANGUL_COLUMNS : 1;
  }
  return columns;
}

function textDensity(text: string, words: number): number {
  const columns = displayColumns(text);
  const lines = Math.ceil(columns / WRAP_COLUMNS);
  if (lines <= 1) return words;
  // boilerpipe drops the last (partial) line and the words on it
  const wordsFullLines = Math.max(1, Math.round(words * ((lines - 1) * WRAP_COLUMNS) / columns));
  return wordsFullLines / (lines - 1);
}

/** Plain text of blocks: paragraphs separated by a blank line, headings and list items on their own. */
export function blocksToText(blocks: TextBlock[]): string {
  return blocks.map((b) => b.text).join("\n\n");
}

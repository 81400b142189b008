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

interface Pending { parts: string[]; words: number; linkWords: number; el: Element | null; depth: number; kind: BlockKind; pre: boolean }

/** Text blocks of the subtree under `root`, in document order. */
export function segmentBlocks(root: ParentNode): TextBlock[] {
  const blocks: TextBlock[] = [];
  const cur: Pending = { parts: [], words: 0, linkWords: 0, el: null, depth: 0, kind: "other", pre: false };
  const flush = () => {
    if (cur.words > 0) {
      const raw = cur.parts.join("");
      const text = cur.pre ? raw.replace(/^\n+|\s+$/g, "") : raw.replace(/[ \t\r\f\u00a0]+/g, " ").replace(/ *\n */g, "\n").trim();
      if (text) blocks.push({ index: blocks.length, text, kind: cur.kind, words: cur.words, linkWords: cur.linkWords, density: textDensity(text, cur.words), el: cur.el, depth: cur.depth });
    }
    cur.parts = []; cur.words = 0; cur.linkWords = 0;
  };
  const walk = (node: AnyNode, ctx: { inLink: boolean; el: Element | null; depth: number; kind: BlockKind; pre: boolean }) => {
    if (node.type === "text") {
      const data = (node as unknown as { data: string }).data;
      const words = countWords(data);
      if (cur.parts.length === 0) { cur.el = ctx.el; cur.depth = ctx.depth; cur.kind = ctx.kind; cur.pre = ctx.pre; }
      cur.parts.push(ctx.pre ? data : data.replace(/\s+/g, " "));
      cur.words += words;
      if (ctx.inLink) cur.linkWords += words;
      return;
    }
    if (!isElement(node)) return;
    const name = node.name;
    if (name === "br") { if (ctx.pre || ctx.kind === "paragraph") cur.parts.push("\n"); else flush(); return; }
    if (name === "img" || name === "hr") { if (name === "hr") flush(); return; }
    const block = BLOCK_TAGS.has(name);
    if (block) flush();
    // inline elements share their parent's context unless they open a link (no allocation per <span>)
    const next = block
      ? { inLink: ctx.inLink, el: node, depth: ctx.depth + 1, kind: kindOf(name, ctx.kind), pre: ctx.pre || name === "pre" }
      : name === "a" && !ctx.inLink ? { ...ctx, inLink: true } : ctx;
    for (const child of node.children) walk(child, next);
    if (block) flush();
  };
  for (const child of root.children) walk(child, { inLink: false, el: isElement(root as AnyNode) ? (root as Element) : null, depth: 0, kind: "other", pre: false });
  flush();
  return blocks;
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

/** Words of a string: white-space separated tokens; CJK text counts one word per two characters. */
export function countWords(s: string): number {
  let words = 0;
  let inWord = false;
  let cjk = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 160) { inWord = false; continue; }
    if (c >= 0x3000 && c <= 0x9fff || c >= 0xac00 && c <= 0xd7af) { cjk++; inWord = false; continue; }
    if (!inWord) { words++; inWord = true; }
  }
  return words + Math.ceil(cjk / 2);
}

function textDensity(text: string, words: number): number {
  const lines = Math.ceil(text.length / WRAP_COLUMNS);
  if (lines <= 1) return words;
  // boilerpipe drops the last (partial) line and the words on it
  const wordsFullLines = Math.max(1, Math.round(words * ((lines - 1) * WRAP_COLUMNS) / text.length));
  return wordsFullLines / (lines - 1);
}

/** Plain text of blocks: paragraphs separated by a blank line, headings and list items on their own. */
export function blocksToText(blocks: TextBlock[]): string {
  return blocks.map((b) => b.text).join("\n\n");
}

// Parsing and small DOM helpers shared by the extraction modules. Parsing goes through cheerio with
// the htmlparser2 back end (the same parser linkedom uses): several times faster than parse5 on
// real pages, and forgiving enough for tag soup. Everything else walks domhandler nodes directly,
// which is an order of magnitude cheaper than going through cheerio selections in hot loops.
import { load, type CheerioAPI } from "cheerio";
import { DomHandler, type AnyNode, type Document, type Element, type ParentNode } from "domhandler";
import { appendChild } from "domutils";
import { Parser } from "htmlparser2";
import { capNestingDepth, MAX_DOM_DEPTH } from "../html/depth-cap.ts";

export type { AnyNode, Element, ParentNode, CheerioAPI };

/**
 * Parse an HTML document (htmlparser2, entities decoded, tag names lower-cased), its elements nested
 * at most MAX_DOM_DEPTH deep (lib/html/depth-cap.ts: deeper ones would cost the parser O(n²) and
 * overflow every recursive walk; no real page nests that deep, and its text is kept). Content after
 * </body> or </html> goes into the body, as browsers (and the HTML5 tree builder) place it:
 * htmlparser2 leaves it beside <body>/<html>, where the extraction never looks (WordPress themes
 * that close the document after the header and print the article below it).
 *
 * The cap's scan of the markup is needed only by a page that nests deep: the markup is parsed as it is
 * while the parse stays within DEEP_PARSE, and only a page that goes deeper is capped and parsed again.
 */
export function parseHtml(html: string): CheerioAPI {
  const root = parseWithinDepth(withoutBogusCdata(html)) ?? parseDocument(withoutBogusCdata(capNestingDepth(html)));
  const $ = load(root, PARSE_OPTIONS);
  adoptTrailingContent(root);
  return $;
}

/** What cheerio's `load(html, { xml: { xmlMode: false, decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true } })` hands htmlparser2. */
const PARSE_OPTIONS = { xml: { xmlMode: false, decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true } } as const;
const PARSER_OPTIONS = PARSE_OPTIONS.xml;

/**
 * Element depth up to which a page is parsed without capNestingDepth's scan: half the cap. The scan
 * follows the parser's stack of open elements from the markup alone (its own tokens, implied closes,
 * raw-text elements), so on malformed markup the two can part; the other half is the margin allowed for
 * that. A page the parser keeps within DEEP_PARSE is parsed as it is even if the scan would have capped
 * it (it would take markup the parser does not nest 256 levels deeper than the parser does).
 */
const DEEP_PARSE = MAX_DOM_DEPTH / 2;

/** Thrown out of the parse of a page that nests deeper than DEEP_PARSE. */
const TOO_DEEP = new Error("nested deeper than DEEP_PARSE");

/** htmlparser2's DOM builder, stopping the parse when its open elements go deeper than DEEP_PARSE. */
class DepthGuardHandler extends DomHandler {
  override onopentag(name: string, attribs: { [key: string]: string }): void {
    super.onopentag(name, attribs);
    // tagStack holds the document and the open elements
    if (this.tagStack.length > DEEP_PARSE + 1) throw TOO_DEEP;
  }
}

/** The document htmlparser2 builds (cheerio's parse), or null when it nests deeper than DEEP_PARSE. */
function parseWithinDepth(html: string): Document | null {
  const handler = new DepthGuardHandler(undefined, PARSER_OPTIONS);
  try {
    new Parser(handler, PARSER_OPTIONS).end(html);
  } catch (err) {
    if (err === TOO_DEEP) return null;
    throw err;
  }
  return handler.root;
}

/** The document htmlparser2 builds (cheerio's parse). */
function parseDocument(html: string): Document {
  const handler = new DomHandler(undefined, PARSER_OPTIONS);
  new Parser(handler, PARSER_OPTIONS).end(html);
  return handler.root;
}

function withoutBogusCdata(html: string): string {
  return html.includes("<![CDATA[") ? endBogusCdata(html) : html;
}

/** Script and style elements, whose text is raw: a CDATA marker there is script, not markup. */
const RAW_TEXT_ELEMENT_RE = /(<script\b[\s\S]*?<\/script\s*>|<style\b[\s\S]*?<\/style\s*>)/gi;
/** `<![CDATA[` in HTML content and everything up to the first `>`: a bogus comment to a browser. */
const BOGUS_CDATA_RE = /<!\[CDATA\[[^>]*>/g;

/**
 * In HTML content (outside SVG/MathML) a browser reads `<![CDATA[` as a bogus comment that ends at
 * the first `>`; htmlparser2 waits for `]]>` instead and, when none follows, swallows the rest of the
 * document (XenForo forum themes print the marker in body text: an empty body). Drop the marker as
 * a browser would, leaving scripts and styles (JSON-LD wrapped in CDATA) untouched.
 */
function endBogusCdata(html: string): string {
  if (!hasCdataOutsideRawText(html)) return html;
  return html.split(RAW_TEXT_ELEMENT_RE).map((part, i) => (i % 2 ? part : part.replace(BOGUS_CDATA_RE, ""))).join("");
}

const RAW_TEXT_START_RE = /<(script|style)\b/gi;
const SCRIPT_END_RE = /<\/script\s*>/gi;
const STYLE_END_RE = /<\/style\s*>/gi;
const CDATA_MARKER = "<![CDATA[";

/**
 * Whether a `<![CDATA[` lies outside the script and style elements as RAW_TEXT_ELEMENT_RE splits
 * them (leftmost `<script`/`<style` that has a closing tag, up to the first closing tag). Most pages
 * with the marker carry it only in scripts (WordPress's `/* <![CDATA[ *\/`), where the split and
 * rejoin would return the page unchanged: this finds that without the split's lazy scan.
 */
function hasCdataOutsideRawText(html: string): boolean {
  let marker = html.indexOf(CDATA_MARKER);
  let from = 0;
  while (marker >= 0) {
    RAW_TEXT_START_RE.lastIndex = from;
    let start: RegExpExecArray | null;
    let end = -1, matchStart = -1;
    // the next raw-text element that closes (one that never closes is text to the split)
    while ((start = RAW_TEXT_START_RE.exec(html)) !== null && start.index < marker) {
      const endRe = start[1].toLowerCase() === "script" ? SCRIPT_END_RE : STYLE_END_RE;
      endRe.lastIndex = start.index + start[0].length;
      const close = endRe.exec(html);
      if (close) { matchStart = start.index; end = close.index + close[0].length; break; }
      RAW_TEXT_START_RE.lastIndex = start.index + 1;
    }
    if (matchStart < 0 || matchStart > marker) return true; // the marker comes before any raw-text element
    if (end <= marker) { from = end; continue; } // that element ends before the marker: look at the next one
    // the marker is inside [matchStart, end): skip the markers there
    from = end;
    marker = html.indexOf(CDATA_MARKER, end);
  }
  return false;
}

/** Move the nodes after <body> (inside <html>) and after <html> (in the root) to the end of <body>, unless they hold a second document. */
function adoptTrailingContent(root: ParentNode): void {
  const htmlEl = root.children.find((c): c is Element => c.type === "tag" && (c as Element).name === "html");
  if (!htmlEl) return;
  const body = htmlEl.children.find((c): c is Element => c.type === "tag" && (c as Element).name === "body");
  if (!body) return;
  const trailing = [
    ...htmlEl.children.slice(htmlEl.children.indexOf(body) + 1),
    ...root.children.slice(root.children.indexOf(htmlEl) + 1),
  ];
  // a second pasted document (<html>/<body> again) stays where it is: bodyOf picks between the bodies
  if (!trailing.some((n) => n.type === "tag") || trailing.some((n) => n.type === "tag" && ((n as Element).name === "html" || (n as Element).name === "body"))) return;
  for (const n of trailing) appendChild(body, n);
}

export function isElement(node: AnyNode): node is Element {
  return node.type === "tag" || node.type === "script" || node.type === "style";
}

/** Concatenated text of a subtree (no separators added). */
export function textOf(node: AnyNode): string {
  if (node.type === "text") return (node as unknown as { data: string }).data;
  if (!isElement(node) && node.type !== "root") return "";
  let out = "";
  for (const child of (node as ParentNode).children) out += textOf(child);
  return out;
}

/** Length of the text of a subtree with white space collapsed, and the part of it inside links. */
export function measureText(node: AnyNode): { chars: number; linkChars: number } {
  const acc = { chars: 0, linkChars: 0 };
  walkMeasure(node, false, acc);
  return acc;
}

function walkMeasure(node: AnyNode, inLink: boolean, acc: { chars: number; linkChars: number }): void {
  if (node.type === "text") {
    const t = node as unknown as MeasuredText;
    if (t.measuredData !== t.data) { t.measuredData = t.data; t.measuredLength = collapsedLength(t.data); }
    const n = t.measuredLength!;
    acc.chars += n;
    if (inLink) acc.linkChars += n;
    return;
  }
  if (!isElement(node) && node.type !== "root") return;
  const link = inLink || (isElement(node) && node.name === "a");
  for (const child of (node as ParentNode).children) walkMeasure(child, link, acc);
}

/**
 * A text node with its collapsed length kept on it: density, pruning and root selection measure the
 * same subtrees again and again. `measuredData` is the data the length was measured from.
 */
interface MeasuredText { data: string; measuredData?: string; measuredLength?: number }

/** Length a string would have after collapsing runs of white space to one space and trimming. */
export function collapsedLength(s: string): number {
  let n = 0;
  let space = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ws = c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 160;
    if (ws) {
      if (!space) { n++; space = true; }
    } else { n++; space = false; }
  }
  return space && n > 0 ? n - 1 : n;
}

/** Whether a UTF-16 code unit is in JavaScript's \s (WhiteSpace and LineTerminator, \u00a0 included). */
export function isJsSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * `s` with runs of white space (JavaScript's \s, \u00a0 among them) collapsed to one space and trimmed:
 * `s.replace(/[\s\u00a0]+/g, " ").trim()`, without a new string when `s` is already so (most text nodes
 * are, or are white space only).
 */
export function collapseSpace(s: string): string {
  let from = 0;
  const len = s.length;
  while (from < len && isJsSpace(s.charCodeAt(from))) from++;
  if (from === len) return "";
  let to = len;
  while (isJsSpace(s.charCodeAt(to - 1))) to--;
  // inside [from, to): a single " " between words needs nothing; any other white space does
  let i = from;
  for (; i < to; i++) {
    const c = s.charCodeAt(i);
    if (isJsSpace(c) && (c !== 32 || isJsSpace(s.charCodeAt(i + 1)))) break;
  }
  if (i === to) return from === 0 && to === len ? s : s.slice(from, to);
  let out = s.slice(from, i);
  while (i < to) {
    // i is at white space: skip the run, write one space, copy the word after it
    while (isJsSpace(s.charCodeAt(i))) i++;
    const word = i;
    while (i < to && !isJsSpace(s.charCodeAt(i))) i++;
    out += ` ${s.slice(word, i)}`;
  }
  return out;
}

/** `class` and `id` of an element joined, for the class/id heuristics. */
/** Whether an element below `el` (children, and their descendants down to `depth` more levels) is a <name>. */
export function holdsTag(el: Element, name: string, depth = Infinity): boolean {
  for (const c of el.children) {
    if (!isElement(c)) continue;
    if (c.name === name || (depth > 0 && holdsTag(c, name, depth - 1))) return true;
  }
  return false;
}

export function classAndId(el: Element): string {
  const a = el.attribs;
  return `${a.class ?? ""} ${a.id ?? ""}`;
}

export function removeNode(node: AnyNode): void {
  const parent = node.parent;
  if (!parent) return;
  const i = parent.children.indexOf(node as never);
  if (i >= 0) parent.children.splice(i, 1);
  const prev = node.prev, next = node.next;
  if (prev) prev.next = next;
  if (next) next.prev = prev;
  node.parent = null; node.prev = null; node.next = null;
}

/**
 * The <body> element (or the document root when there is none). Pages that paste a second document
 * into the first (an embed's `<html><body>` inside a style block's neighbour) parse with two bodies:
 * the one holding the most text is the page.
 */
export function bodyOf($: CheerioAPI): ParentNode {
  const bodies: Element[] = [];
  collectBodies($.root().get(0) as ParentNode, bodies);
  if (bodies.length > 1) {
    let best = bodies[0], most = -1;
    for (const b of bodies) { const n = proseChars(b); if (n > most) { most = n; best = b; } }
    return best as ParentNode;
  }
  return (bodies[0] ?? $.root().get(0)) as ParentNode;
}

/** Every <body> in document order (what `$("body")` finds, without the selector engine's cost). */
function collectBodies(node: ParentNode, out: Element[]): void {
  for (const c of node.children) {
    if (c.type !== "tag") continue;
    if ((c as Element).name === "body") out.push(c as Element);
    collectBodies(c as Element, out);
  }
}

/** Characters of text outside scripts and styles. */
function proseChars(node: AnyNode): number {
  if (node.type === "text") return (node as unknown as { data: string }).data.length;
  if (node.type !== "tag" && node.type !== "root") return 0;
  let n = 0;
  for (const c of (node as ParentNode).children) n += proseChars(c);
  return n;
}

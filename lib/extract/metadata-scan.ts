// One pass over a parsed page that collects everything lib/extract/metadata.ts reads from the
// document: meta tags into a map, JSON-LD script texts, <title>, headings, <time>, canonical and
// image links, author and byline elements. It walks domhandler nodes directly: one walk instead of a
// dozen cheerio selector queries (each of which is a full walk through css-select), and no text is
// computed here; the caller reads the text of the few elements it needs. (The byline is searched
// separately and only when no declared author exists: metadata-byline.ts.)
//
// Each field keeps the meaning of the selector it replaces (first match in document order):
//   headTitle      "head title"                 firstTitle   "title"
//   h1             "h1"                         articleH1    "article h1, main h1"
//   headings       "h1, h2" (all)               htmlEl       "html"
//   canonical      'link[rel~="canonical"]'     imageSrc     'link[rel="image_src"]'
//   publishedEl    '[itemprop="datePublished"]'  modifiedEl  '[itemprop="dateModified"]'
//   pubdateTime    "time[pubdate]"   articleTime "article time[datetime]"   firstTime "time[datetime]"
// Attribute values of rel and type compare case-insensitively, itemprop exactly, as css-select does
// for HTML.
import type { AnyNode, Element, ParentNode } from "domhandler";

export interface PageScan {
  /** name / property / itemprop / http-equiv (lower case, each space-separated token) → first non-empty content. */
  metas: Map<string, string>;
  /** Texts of <script type="application/ld+json">, in document order. */
  ldScripts: string[];
  htmlEl: Element | null;
  body: Element | null;
  headTitle: Element | null;
  firstTitle: Element | null;
  h1: Element | null;
  articleH1: Element | null;
  headings: Element[];
  canonical: Element | null;
  imageSrc: Element | null;
  publishedEl: Element | null;
  modifiedEl: Element | null;
  pubdateTime: Element | null;
  articleTime: Element | null;
  firstTime: Element | null;
}

const IN_HEAD = 1;
const IN_ARTICLE = 2;
const IN_MAIN = 4;

/** Scan the whole document once (`root` is the document node or any subtree). */
export function scanPage(root: AnyNode): PageScan {
  const scan: PageScan = {
    metas: new Map(), ldScripts: [], htmlEl: null, body: null, headTitle: null, firstTitle: null, h1: null, articleH1: null,
    headings: [], canonical: null, imageSrc: null, publishedEl: null, modifiedEl: null,
    pubdateTime: null, articleTime: null, firstTime: null,
  };
  visit(root, 0, scan);
  return scan;
}

function visit(node: AnyNode, flags: number, scan: PageScan): void {
  if (node.type === "root") {
    for (const c of (node as ParentNode).children) visit(c, flags, scan);
    return;
  }
  if (node.type !== "tag" && node.type !== "script" && node.type !== "style") return;
  const el = node as Element;
  const a = el.attribs;
  let f = flags;
  switch (el.name) {
    case "meta": readMeta(a, scan.metas); break;
    case "link": readLink(el, scan); break;
    case "script":
      if (a.type !== undefined && a.type.trim().toLowerCase() === "application/ld+json") scan.ldScripts.push(childText(el));
      return;
    case "style": return;
    case "html": if (!scan.htmlEl) scan.htmlEl = el; break;
    case "head": f |= IN_HEAD; break;
    case "body": if (!scan.body) scan.body = el; break;
    case "article": f |= IN_ARTICLE; break;
    case "main": f |= IN_MAIN; break;
    case "title":
      if (!scan.firstTitle) scan.firstTitle = el;
      if (!scan.headTitle && f & IN_HEAD) scan.headTitle = el;
      break;
    case "h1":
      if (!scan.h1) scan.h1 = el;
      if (!scan.articleH1 && f & (IN_ARTICLE | IN_MAIN)) scan.articleH1 = el;
      scan.headings.push(el);
      break;
    case "h2": scan.headings.push(el); break;
    case "time":
      if (!scan.pubdateTime && a.pubdate !== undefined) scan.pubdateTime = el;
      if (a.datetime !== undefined) {
        if (!scan.firstTime) scan.firstTime = el;
        if (!scan.articleTime && f & IN_ARTICLE) scan.articleTime = el;
      }
      break;
  }
  const itemprop = a.itemprop;
  if (itemprop === "datePublished") { if (!scan.publishedEl) scan.publishedEl = el; }
  else if (itemprop === "dateModified") { if (!scan.modifiedEl) scan.modifiedEl = el; }
  for (const c of el.children) if (c.type === "tag" || c.type === "script") visit(c, f, scan);
}

function readMeta(a: Record<string, string>, out: Map<string, string>): void {
  const raw = a.content ?? a.value;
  if (!raw) return;
  const content = raw.trim();
  if (!content) return;
  for (const key of [a.property, a.name, a.itemprop, a["http-equiv"]]) {
    if (!key) continue;
    const lower = key.toLowerCase();
    if (!/\s/.test(lower)) { if (!out.has(lower)) out.set(lower, content); continue; }
    for (const k of lower.split(/\s+/)) if (k && !out.has(k)) out.set(k, content);
  }
}

function readLink(el: Element, scan: PageScan): void {
  const rel = el.attribs.rel;
  if (rel === undefined) return;
  const r = rel.toLowerCase();
  if (!scan.canonical && hasToken(r, "canonical")) scan.canonical = el;
  if (!scan.imageSrc && r === "image_src") scan.imageSrc = el;
}

/** `token` is one of the white-space separated words of `list` (css `~=`). */
function hasToken(list: string, token: string): boolean {
  let from = 0;
  for (;;) {
    const i = list.indexOf(token, from);
    if (i < 0) return false;
    const end = i + token.length;
    if ((i === 0 || isSpace(list.charCodeAt(i - 1))) && (end === list.length || isSpace(list.charCodeAt(end)))) return true;
    from = i + 1;
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
}

/** Text of an element's direct and nested text children (a <script>'s source). */
function childText(el: Element): string {
  let s = "";
  for (const c of el.children) {
    if (c.type === "text") s += (c as unknown as { data: string }).data;
    else if (c.type === "tag" || c.type === "script" || c.type === "style") s += childText(c as Element);
  }
  return s;
}

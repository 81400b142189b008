// The byline written in the page, found the way Readability.js finds it: the first element in
// document order, outside hidden elements and outside containers Readability sets aside as unlikely
// content (comments, sidebars, menus, footers, ...), that is marked as an author (rel="author",
// itemprop containing "author") or whose class/id names a byline, with a short text. When that
// element has descendants marked itemprop="name", their texts are the names (the container often
// adds a date, a job title or a "Follow" link).
//
// Readability skips the unlikely containers only on its first attempt and retries without that
// rule when the first attempt found too little article text (the byline it then finds stands); so
// the first byline inside an unlikely container is kept as the answer when none is found outside.
//
// Differences from Readability, each because the result is an author field and not a display line:
// class/id "dateline" alone does not count (datelines name a place: "CAIRO —"); a candidate whose
// text does not read as names (the caller's `acceptName` says so) is skipped and the search goes on
// (into its children too), up to MAX_BYLINE_CANDIDATES candidates.
import type { AnyNode, Element } from "domhandler";
import { collapseSpace } from "./dom.ts";
import { isProbablyInvisible } from "./hidden.ts";

/** Readability's byline class/id words, without "dateline" and without "authorization"/"authorise". */
const BYLINE_RE = /byline|author(?!i[sz])|writtenby|p-author/i;
/**
 * Containers whose names are not the page's author: customer reviews and testimonials (class/id or
 * itemtype). Comments are left to the unlikely rule: forums mark their posts as schema.org Comments.
 */
const OTHERS_RE = /review|testimonial/i;
/** Readability.REGEXPS.unlikelyCandidates / okMaybeItsACandidate (class + id). */
const UNLIKELY_RE =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;
const MAYBE_RE = /and|article|body|column|content|main|shadow/i;
/** Readability.UNLIKELY_ROLES. */
const UNLIKELY_ROLES = new Set(["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]);
/** Readability: a byline's text is shorter than this (longer is an author box or a paragraph). */
const MAX_BYLINE_CHARS = 100;
/** Candidates tried before giving up (the byline sits near the headline; later ones are author boxes, teasers, comments). */
const MAX_BYLINE_CANDIDATES = 8;
/** Elements visited at most: on 780 corpus pages the first byline-like element came by the 2,110th element in 99 % of pages (median 219). */
const MAX_BYLINE_ELEMENTS = 2500;
/** A text node naming a job rather than a person ("Games Editor", "Founder at Oakywood", "Staff Writer"). */
const JOB_TITLE_RE =
  /\b(?:editor|writer|reporter|correspondent|contributor|columnist|journalist|founder|co-founder|consultant|owner|director|manager|ceo|cto|producer|analyst|president|officer|intern|fellow|professor|strategist|specialist|moderator)s?\b/i;
/** Characters of a candidate's text read at most (twice the byline limit: enough to know it is too long). */
const MAX_TEXT_READ = 2 * MAX_BYLINE_CHARS;
/** Names read from itemprop="name" descendants of one byline. */
const MAX_NAMES = 5;

/** Cleans one candidate's text into author names, or null when it does not read as names. */
export type AcceptName = (text: string) => string | null;

/** The page's byline as clean names (via `acceptName`), or null. */
export function findByline(body: Element | null, acceptName: AcceptName): string | null {
  if (!body) return null;
  const state: State = { elements: 0, candidates: 0, found: null, fallback: null, body, acceptName };
  visit(body, state);
  return state.found ?? state.fallback;
}

/** `fallback`: the first byline inside an unlikely container (Readability's retry finds that one). */
interface State { elements: number; candidates: number; found: string | null; fallback: string | null; body: Element; acceptName: AcceptName }

/**
 * Returns true to stop the walk. Per element only the cheap byline test runs; whether a candidate
 * sits in a hidden or unlikely container is checked on its ancestors when one is found.
 */
function visit(el: Element, state: State): boolean {
  if (++state.elements > MAX_BYLINE_ELEMENTS || state.candidates >= MAX_BYLINE_CANDIDATES) return true;
  const name = el.name;
  if (name === "script" || name === "style" || name === "noscript" || name === "template") return false;
  if (isByline(el) && considerCandidate(el, state)) return true;
  for (const c of el.children) {
    if (c.type === "tag" && visit(c as Element, state)) return true;
  }
  return false;
}

function considerCandidate(el: Element, state: State): boolean {
  const context = ancestorContext(el, state.body);
  if (context === "hidden") return false;
  const text = spacedText(el);
  if (text.length === 0 || text.length >= MAX_BYLINE_CHARS) return false;
  state.candidates++;
  const names = itempropNames(el);
  const found = state.acceptName(names.length ? names.join(", ") : text);
  if (!found) return false;
  if (context === "visible") { state.found = found; return true; }
  if (!state.fallback) state.fallback = found;
  return false;
}

/**
 * Whether an element (or an ancestor up to body) is hidden or names someone else than the author
 * (a review, a comment), is in one of Readability's unlikely containers, or neither.
 */
function ancestorContext(el: Element, body: Element): "hidden" | "unlikely" | "visible" {
  let unlikely = false;
  for (let n: Element | null = el; n && n.type === "tag"; n = n.parent as Element | null) {
    const a = n.attribs;
    if (isProbablyInvisible(a)) return "hidden";
    if ((a.class !== undefined && OTHERS_RE.test(a.class)) || (a.id !== undefined && OTHERS_RE.test(a.id)) || (a.itemtype !== undefined && OTHERS_RE.test(a.itemtype))) return "hidden";
    if (!unlikely && n !== el && isUnlikely(n)) unlikely = true;
    if (n === body) break;
  }
  return unlikely ? "unlikely" : "visible";
}

/** Readability's unlikely-candidate test (class/id words, roles), not applied to <a>, <body> or inside tables and code. */
function isUnlikely(n: Element): boolean {
  const a = n.attribs;
  if (a.role !== undefined && UNLIKELY_ROLES.has(a.role)) return true;
  if (n.name === "a" || n.name === "body" || (a.class === undefined && a.id === undefined)) return false;
  const matchString = `${a.class ?? ""} ${a.id ?? ""}`;
  if (!UNLIKELY_RE.test(matchString) || MAYBE_RE.test(matchString)) return false;
  for (let p = n.parent as Element | null; p && p.type === "tag"; p = p.parent as Element | null) if (p.name === "table" || p.name === "code") return false;
  return true;
}

function isByline(el: Element): boolean {
  const a = el.attribs;
  return a.rel === "author" || (a.itemprop !== undefined && a.itemprop.includes("author"))
    || (a.class !== undefined && BYLINE_RE.test(a.class)) || (a.id !== undefined && BYLINE_RE.test(a.id));
}

/** Texts (or content attributes) of the itemprop="name" descendants, in document order. */
function itempropNames(root: Element): string[] {
  const out: string[] = [];
  const walk = (el: Element) => {
    for (const c of el.children) {
      if (out.length >= MAX_NAMES) return;
      if (c.type !== "tag") continue;
      const child = c as Element;
      const prop = child.attribs.itemprop;
      if (prop !== undefined && prop.includes("name")) {
        const v = (spacedText(child).trim() || child.attribs.content || "").trim();
        if (v) out.push(v);
        continue;
      }
      walk(child);
    }
  };
  walk(root);
  return out;
}

/**
 * Text of a subtree with its text nodes joined by spaces ("By<a>Jane Roe</a>" reads "By Jane Roe"),
 * leaving out text nodes that are a job title when something else remains ("<a>Jane Roe</a>
 * <div>Games Editor</div>" reads "Jane Roe").
 */
function spacedText(node: AnyNode): string {
  const parts: string[] = [];
  let chars = 0;
  const walk = (n: AnyNode): boolean => {
    if (n.type === "text") {
      const t = collapseSpace((n as unknown as { data: string }).data);
      if (t) { parts.push(t); chars += t.length + 1; }
      return chars > MAX_TEXT_READ;
    }
    if (n.type === "tag") for (const c of (n as Element).children) if (walk(c)) return true;
    return false;
  };
  if (walk(node)) return parts.join(" "); // too long for a byline anyway: stop reading (a container of the whole page)
  const kept = parts.filter((p) => !JOB_TITLE_RE.test(p));
  return (kept.length ? kept : parts).join(" ");
}

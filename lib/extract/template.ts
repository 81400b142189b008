// Template subtraction (the brief's method): pages of one site share a template. A page is the set of
// "tag path + text" of its text nodes (ids and classes ignored); the site template is what those sets
// have in common; a page's content is its set minus the template, grouped into blocks by the
// depth-first numbers of the nodes, then filtered by a language test (lib/extract/langmodel.ts).
//
// The template is kept per site (lib/db/templates.ts) and updated one page at a time without holding
// the pages: the state is a bounded window of the most recent pages, each reduced to its hashed entry
// keys, plus the per-key counts over that window. Two membership rules:
//   - "strict": an entry is template when every page in the window has it (intersection);
//   - "ratio":  an entry is template when at least `minRatio` of the window's pages have it, which
//               survives pages that do not follow the template (error pages, a redesign, a gallery).
// Both are measured by scripts/bench/template-gain.ts.
//
// A template that stays true (issue #21):
//   - versions: the state counts material changes of its entry set (TEMPLATE_MATERIAL_CHANGE of its
//     entries added or removed since the version began); a page stores the version it was extracted
//     with, so pages extracted before a material change can be re-extracted (lib/pipeline/catch-up.ts);
//   - ageing: an entry none of the AGE_OUT_PAGES most recent pages holds is no longer template;
//   - redesigns: when the REDESIGN_PAGES most recent pages each hold less than REDESIGN_OVERLAP of the
//     template of the pages before them, the window restarts from those pages (a new design), and the
//     redesign is kept.
import type { CheerioAPI } from "cheerio";
import type { AnyNode, Element, ParentNode } from "domhandler";
import { filterBlocks, type LanguageVerdict } from "./langmodel.ts";
import { collapseSpace, parseHtml } from "./dom.ts";

/** Pages a template needs before it may be subtracted: with fewer, "common to all pages" means little. */
export const MIN_TEMPLATE_PAGES = 3;
/** Recent pages the template remembers (bounds the stored state: ~window × distinct entries per page keys). */
export const DEFAULT_TEMPLATE_WINDOW = 20;
/** Share of the window's pages an entry must appear on to count as template in "ratio" mode (calibrated on WCXB dev sites, see docs/benchmarks.md). */
export const DEFAULT_MIN_RATIO = 0.6;
/** Characters of an entry's text kept as a label for the dashboard's template view. */
const LABEL_TEXT_CHARS = 160;
const STATE_VERSION = 1;
/**
 * Share of the template's entries (added + removed over the union of old and new) that makes a new
 * version: below it, pages extracted with the old version would lose or keep only a few lines more.
 */
export const TEMPLATE_MATERIAL_CHANGE = 0.05;
/** Recent pages an entry must appear on at least once to stay template (a removed menu leaves within 8 pages, not ~10 at a 20-page window's 60 %). */
export const AGE_OUT_PAGES = 8;
/** Consecutive recent pages that must each share little with the template to call it a redesign (one error page or gallery is not). */
export const REDESIGN_PAGES = 3;
/** Share of the template's entries a page of the same design holds at least (measured on WCXB dev sites: docs/benchmarks.md). */
export const REDESIGN_OVERLAP = 0.3;
/** Template entries needed before a redesign can be called: a template of a handful of lines says little about the design. */
export const REDESIGN_MIN_ENTRIES = 10;
/** Redesigns remembered for the dashboard. */
const REDESIGNS_KEPT = 10;

/** Subtrees whose text is never page text. */
const SKIP_TAGS = new Set(["script", "style", "noscript", "template", "svg", "math", "iframe", "object", "embed", "canvas", "head", "title", "select", "option"]);

/** Elements that start a new block of text. */
const BLOCK_TAGS = new Set([
  "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "div", "dl", "dt",
  "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "html",
  "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "menu",
]);

/** Blocks the language filter leaves alone. */
const PREFORMATTED_TAGS = new Set(["pre"]);
const PREFORMATTED_VERDICT: LanguageVerdict = { keep: true, reason: "preformatted", lang: null, naturalShare: 0, commonShare: 0, bits: 0 };

export type TemplateMode = "strict" | "ratio";

export interface TemplateOptions {
  /** "ratio" (default) or "strict" intersection over the window. */
  mode?: TemplateMode;
  /** For "ratio": share of the window's pages, 0..1 (default DEFAULT_MIN_RATIO). */
  minRatio?: number;
  /** Recent pages remembered (default DEFAULT_TEMPLATE_WINDOW). */
  window?: number;
}

/** One text node of a page. */
export interface PageEntry {
  /** Depth-first (pre-order) number of the text node among all nodes of the document. */
  n: number;
  /** Depth-first number of the nearest block-level ancestor: entries sharing it belong to one block. */
  block: number;
  /** Tag name of that block-level ancestor. */
  blockTag: string;
  /** Tag path from <html> to the text node's parent, e.g. "html>body>div>p>a" (no ids, no classes). */
  path: string;
  /** Text with white space collapsed. */
  text: string;
  /** Hash of path + text: the entry's identity in the template. */
  key: string;
}

export interface PageEntries {
  entries: PageEntry[];
  /** Distinct keys of the page (a page is a set of entries). */
  keys: Set<string>;
}

/** A block of content left after subtraction, in document order. */
export interface TemplateBlock {
  /** Depth-first number of the block element. */
  id: number;
  tag: string;
  heading: boolean;
  text: string;
  /** Depth-first numbers of the text nodes it joins. */
  nodes: number[];
  /** The language filter's verdict (absent when the filter is off). */
  verdict?: LanguageVerdict;
}

/**
 * Serialisable template of one site. `pages` is the window (oldest first), each page its distinct
 * hashed entry keys; `labels` holds path and text of the keys currently in the template, for display.
 * Counts are derived from `pages` and not stored.
 */
export interface TemplateState {
  v: number;
  mode: TemplateMode;
  minRatio: number;
  window: number;
  /** Pages ever added (the window holds at most `window` of them). */
  pageCount: number;
  pages: string[][];
  labels: Record<string, { path: string; text: string }>;
  /** 0 until the template is ready; +1 on each material change of its entries and on each redesign. */
  version: number;
  /** Template keys when this version began (the next version starts TEMPLATE_MATERIAL_CHANGE away from them). */
  versionKeys: string[];
  /** ms since the epoch when the version last changed (null: not yet). */
  changedAt: number | null;
  /** Caller's reference (the page id) of each window page, parallel to `pages`; -1 when none was given. */
  refs: number[];
  /** Reference of the first page of the current design: pages before it belong to an earlier one. */
  epochStart: number;
  /** Redesigns seen, oldest first (at most REDESIGNS_KEPT). */
  redesigns: Redesign[];
  /** Derived: key → pages of the window containing it. */
  counts: Map<string, number>;
  /** Derived: keys of the AGE_OUT_PAGES most recent pages. */
  recent: Set<string>;
}

export interface Redesign {
  /** ms since the epoch. */
  at: number;
  /** Pages ever added when it was detected. */
  pageCount: number;
  /** Mean share of the old template the new pages held. */
  overlap: number;
}

export interface UpdateOptions {
  /** The page's id (stored so that a redesign knows which pages belong to the new design). */
  ref?: number;
  /** ms since the epoch (default Date.now()). */
  now?: number;
}

/** A new, empty template. */
export function newTemplate(opts: TemplateOptions = {}): TemplateState {
  const minRatio = opts.minRatio ?? DEFAULT_MIN_RATIO;
  const window = Math.max(1, Math.floor(opts.window ?? DEFAULT_TEMPLATE_WINDOW));
  return {
    v: STATE_VERSION, mode: opts.mode ?? "ratio", minRatio: Math.min(1, Math.max(0, minRatio)), window, pageCount: 0, pages: [], labels: {},
    version: 0, versionKeys: [], changedAt: null, refs: [], epochStart: 0, redesigns: [], counts: new Map(), recent: new Set(),
  };
}

/**
 * The page as entries: every non-empty text node outside scripts, styles and <head>, in document
 * order, with its tag path, its depth-first number and the number of its block-level ancestor.
 * Accepts raw HTML or a cheerio document already parsed (it is only read).
 */
export function pageEntries(input: string | CheerioAPI): PageEntries {
  return pageEntryNodes(typeof input === "string" ? parseForTemplate(input) : input).page;
}

/**
 * pageEntries of a parsed page, with the text node of each entry (nodes[i] is entries[i]'s): what
 * applying a template to the same untouched page walks for (apply-template.ts), read in the same walk.
 */
export function pageEntryNodes($: CheerioAPI): { page: PageEntries; nodes: AnyNode[] } {
  const entries: PageEntry[] = [];
  const nodes: AnyNode[] = [];
  const keys = new Set<string>();
  walkTextNodes($, (node, path, block, blockTag, n, text, key) => {
    entries.push({ n, block, blockTag, path, text, key });
    nodes.push(node);
    keys.add(key);
  });
  return { page: { entries, keys }, nodes };
}

/**
 * Add one page to the template (the oldest page leaves when the window is full). Returns a new state; `t` is not changed.
 * 1. Measure the page's overlap with the current template; add it to the window.
 * 2. A redesign (the REDESIGN_PAGES latest pages all below REDESIGN_OVERLAP): restart from those pages.
 * 3. Labels of the template entries; a new version when the entries moved materially.
 */
export function updateTemplate(t: TemplateState, page: PageEntries, opts: UpdateOptions = {}): TemplateState {
  const now = opts.now ?? Date.now();
  const overlap = templateOverlap(t, page.keys);
  let pages = [...t.pages, [...page.keys]];
  let refs = [...padRefs(t), opts.ref ?? -1];
  while (pages.length > t.window) { pages.shift(); refs.shift(); }
  let epochStart = t.epochStart;
  let redesigns = t.redesigns;
  // A page of the same design holds most of the template: only a page that does not is looked at closer.
  const redesign = overlap !== null && overlap >= REDESIGN_OVERLAP ? null : detectRedesign(t, pages);
  if (redesign !== null) {
    pages = pages.slice(-REDESIGN_PAGES);
    refs = refs.slice(-REDESIGN_PAGES);
    epochStart = refs[0]!;
    redesigns = [...t.redesigns, { at: now, pageCount: t.pageCount + 1, overlap: redesign }].slice(-REDESIGNS_KEPT);
  }
  const { counts, recent } = deriveCounts(pages);
  const next: TemplateState = { ...t, pageCount: t.pageCount + 1, pages, refs, epochStart, redesigns, counts, recent, labels: {} };
  const fresh = new Map(page.entries.map((e) => [e.key, e]));
  const keys: string[] = [];
  for (const [k, c] of counts) {
    if (!inTemplate(next, k, c)) continue;
    keys.push(k);
    const old = t.labels[k];
    const e = fresh.get(k);
    if (old) next.labels[k] = old;
    else if (e) next.labels[k] = { path: e.path, text: e.text.slice(0, LABEL_TEXT_CHARS) };
  }
  // A page that does not follow the template (an error page, or the first pages of a redesign) moves no
  // version: re-extracting the site's pages with a template it has worn down would undo their extraction.
  const conforms = overlap === null || overlap >= REDESIGN_OVERLAP;
  const moved = conforms && changedShare(t.versionKeys, keys) >= TEMPLATE_MATERIAL_CHANGE;
  if (isTemplateReady(next) && (redesign !== null || t.version === 0 || moved)) {
    next.version = t.version + 1;
    next.versionKeys = keys;
    next.changedAt = now;
  }
  return next;
}

/**
 * A redesign: the template of the window's older pages (all but the REDESIGN_PAGES latest; at least
 * MIN_TEMPLATE_PAGES of them, at least REDESIGN_MIN_ENTRIES entries) is held by less than
 * REDESIGN_OVERLAP by each of the latest pages. The older pages' template is used rather than the
 * current one because the new design's pages wear the current one down as they arrive. Returns the
 * latest pages' mean overlap, or null.
 */
function detectRedesign(t: TemplateState, pages: string[][]): number | null {
  const older = pages.slice(0, -REDESIGN_PAGES);
  if (older.length < MIN_TEMPLATE_PAGES) return null;
  const { counts, recent } = deriveCounts(older);
  const base: TemplateState = { ...t, pages: older, counts, recent };
  const keys = templateKeys(base);
  if (keys.length < REDESIGN_MIN_ENTRIES) return null;
  let sum = 0;
  for (const p of pages.slice(-REDESIGN_PAGES)) {
    const set = new Set(p);
    const share = keys.filter((k) => set.has(k)).length / keys.length;
    if (share >= REDESIGN_OVERLAP) return null;
    sum += share;
  }
  return sum / REDESIGN_PAGES;
}

/** Share of the template's entries the page holds (null: no template ready, or too small to judge a design by). */
export function templateOverlap(t: TemplateState, keys: Set<string>): number | null {
  if (!isTemplateReady(t)) return null;
  let n = 0, hit = 0;
  for (const [k, c] of t.counts) {
    if (!inTemplate(t, k, c)) continue;
    n++;
    if (keys.has(k)) hit++;
  }
  return n >= REDESIGN_MIN_ENTRIES ? hit / n : null;
}

/** Share of entries added or removed between two template key sets, over their union (0: the same). */
export function changedShare(before: string[], after: string[]): number {
  const a = new Set(before);
  const b = new Set(after);
  let common = 0;
  for (const k of b) if (a.has(k)) common++;
  const union = a.size + b.size - common;
  return union === 0 ? 0 : (union - common) / union;
}

/** True when the template has seen enough pages to be subtracted. */
export function isTemplateReady(t: TemplateState): boolean {
  return t.pages.length >= MIN_TEMPLATE_PAGES;
}

/** True when `key` is part of the site template under the state's rule. */
export function isTemplateKey(t: TemplateState, key: string): boolean {
  return inTemplate(t, key, t.counts.get(key) ?? 0);
}

/**
 * The state as extraction reads it (isTemplateReady, isTemplateKey) and nothing more: the window's
 * pages as empty placeholders (their number is the rule's denominator), the counts and recent keys of
 * the template's own keys only, no labels. Every key gets the same answer as from `t`. A page thread
 * receives this instead of the whole state: structured-cloning a window of 20 pages' keys, their
 * counts and the recent set cost ~3.5 ms per page, the template's few hundred keys a fraction of it.
 * Memoised per state (a state is never changed: updateTemplate returns a new one).
 */
export function compactTemplate(t: TemplateState): TemplateState {
  let c = compacted.get(t);
  if (c) return c;
  const counts = new Map<string, number>();
  const recent = new Set<string>();
  for (const [k, n] of t.counts) {
    if (!inTemplate(t, k, n)) continue;
    counts.set(k, n);
    if (t.recent.has(k)) recent.add(k);
  }
  c = { ...t, pages: t.pages.map(() => []), refs: [], labels: {}, versionKeys: [], redesigns: [], counts, recent };
  compacted.set(t, c);
  return c;
}
const compacted = new WeakMap<TemplateState, TemplateState>();

/**
 * compactTemplate(t) as data that crosses to a page thread cheaply: its keys in one string, their counts
 * and recent marks in typed arrays, the rest of the state as it is. Structured-cloning the compacted
 * state's Map and Set of ~1,000 keys cost the page thread 0.5-0.8 ms a page to rebuild; unpacking this
 * costs ~0.2 ms. unpackTemplate(packTemplate(t)) equals compactTemplate(t).
 */
export interface PackedTemplate {
  /** The state without `counts` and `recent`. */
  state: Omit<TemplateState, "counts" | "recent">;
  /** The template's keys, concatenated in the compacted state's order; `ends[i]` is where key i ends. */
  keys: string;
  ends: Uint32Array;
  /** counts[i]: pages of the window holding key i. */
  counts: Uint32Array;
  /** recent[i]: 1 when key i is in `recent`. */
  recent: Uint8Array;
}

/** compactTemplate(t), packed (PackedTemplate). Memoised per state, like compactTemplate. */
export function packTemplate(t: TemplateState): PackedTemplate {
  let p = packed.get(t);
  if (p) return p;
  const c = compactTemplate(t);
  const { counts: _counts, recent: _recent, ...state } = c;
  const n = c.counts.size;
  const keys: string[] = [];
  const ends = new Uint32Array(n), counts = new Uint32Array(n), recent = new Uint8Array(n);
  let i = 0, end = 0;
  for (const [k, count] of c.counts) {
    keys.push(k);
    end += k.length;
    ends[i] = end;
    counts[i] = count;
    recent[i] = c.recent.has(k) ? 1 : 0;
    i++;
  }
  p = { state, keys: keys.join(""), ends, counts, recent };
  packed.set(t, p);
  return p;
}
const packed = new WeakMap<TemplateState, PackedTemplate>();

/** The compacted state a PackedTemplate holds (in a page thread). */
export function unpackTemplate(p: PackedTemplate): TemplateState {
  const counts = new Map<string, number>();
  const recent = new Set<string>();
  let start = 0;
  for (let i = 0; i < p.ends.length; i++) {
    const key = p.keys.slice(start, p.ends[i]);
    start = p.ends[i]!;
    counts.set(key, p.counts[i]!);
    if (p.recent[i]) recent.add(key);
  }
  return { ...p.state, counts, recent };
}

export interface SubtractOptions {
  /** Run the language filter on the surviving blocks (default true); dropped blocks are not returned. */
  languageFilter?: boolean;
  /** Language hint for the filter (e.g. metadata's lang); otherwise the best-scoring language. */
  lang?: string | null;
}

export interface SubtractResult {
  /** Content blocks in document order. */
  blocks: TemplateBlock[];
  /** Text entries removed as template. */
  removed: number;
  /** Text entries kept (before the language filter). */
  kept: number;
  /** Blocks the language filter dropped (code, noise), with its verdicts, for diagnostics. */
  dropped: TemplateBlock[];
}

/**
 * The page minus the template: entries whose key is template are removed; the survivors are grouped
 * into blocks (a new block starts whenever the block-level ancestor's depth-first number changes, so
 * document order is kept); then the language filter drops blocks of code and noise, keeping dates
 * and user-name-like lines by rule. With a template that is not ready nothing is removed.
 */
export function subtractTemplate(t: TemplateState, page: PageEntries, opts: SubtractOptions = {}): SubtractResult {
  const ready = isTemplateReady(t);
  const survivors = ready ? page.entries.filter((e) => !isTemplateKey(t, e.key)) : page.entries;
  const blocks = groupBlocks(survivors);
  const base = { removed: page.entries.length - survivors.length, kept: survivors.length };
  if (opts.languageFilter === false) return { blocks, dropped: [], ...base };
  // Code the author shows in <pre> is content (documentation, tutorials): only text outside it is judged.
  const judged = blocks.filter((b) => !PREFORMATTED_TAGS.has(b.tag));
  const verdicts = new Map(filterBlocks(judged.map((b) => b.text), { lang: opts.lang ?? null }).map((v, i) => [judged[i], v]));
  const kept: TemplateBlock[] = [];
  const dropped: TemplateBlock[] = [];
  for (const b of blocks) {
    const verdict = verdicts.get(b) ?? PREFORMATTED_VERDICT;
    (verdict.keep ? kept : dropped).push({ ...b, verdict });
  }
  return { blocks: kept, dropped, ...base };
}

/** Group entries (in document order) into blocks by their block ancestor's depth-first number. */
export function groupBlocks(entries: PageEntry[]): TemplateBlock[] {
  const blocks: TemplateBlock[] = [];
  let cur: TemplateBlock | null = null;
  for (const e of entries) {
    if (!cur || cur.id !== e.block) {
      cur = { id: e.block, tag: e.blockTag, heading: /^h[1-6]$/.test(e.blockTag), text: e.text, nodes: [e.n] };
      blocks.push(cur);
    } else {
      cur.text = joinText(cur.text, e.text);
      cur.nodes.push(e.n);
    }
  }
  return blocks;
}

/** JSON for the SiteTemplate row (counts are rebuilt on parse). */
export function serializeTemplate(t: TemplateState): string {
  const { counts: _derived, recent: _recent, ...rest } = t;
  return JSON.stringify(rest);
}

export type ParseTemplateResult = { ok: true; template: TemplateState } | { ok: false; reason: "invalid_json" | "unknown_version" };

/** Parse a stored template; an unreadable or older-format one comes back as a reason (start a new template). */
export function parseTemplate(json: string): ParseTemplateResult {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, reason: "invalid_json" };
  }
  const r = raw as Partial<TemplateState> | null;
  if (!r || typeof r !== "object" || r.v !== STATE_VERSION || !Array.isArray(r.pages)) return { ok: false, reason: "unknown_version" };
  const t = newTemplate({ mode: r.mode === "strict" ? "strict" : "ratio", minRatio: r.minRatio, window: r.window });
  const { counts, recent } = deriveCounts(r.pages);
  const template: TemplateState = {
    ...t, pageCount: r.pageCount ?? r.pages.length, pages: r.pages, labels: r.labels ?? {}, counts, recent,
    refs: Array.isArray(r.refs) ? r.refs : [],
    epochStart: r.epochStart ?? 0, redesigns: Array.isArray(r.redesigns) ? r.redesigns : [], changedAt: r.changedAt ?? null,
  };
  // A state stored before versions existed: its current entries are version 1 (0 while not ready).
  template.version = typeof r.version === "number" ? r.version : isTemplateReady(template) ? 1 : 0;
  template.versionKeys = Array.isArray(r.versionKeys) ? r.versionKeys : template.version ? templateKeys(template) : [];
  return { ok: true, template };
}

export interface TemplateDescription {
  pageCount: number;
  windowPages: number;
  version: number;
  /** ISO time of the last material change (null: none yet). */
  changedAt: string | null;
  redesigns: { at: string; pageCount: number; overlap: number }[];
  mode: TemplateMode;
  minRatio: number;
  ready: boolean;
  /** Template entries, most common first; `ratio` is the share of the window's pages containing it. */
  entries: { path: string; text: string; ratio: number }[];
}

/** What the dashboard's template view shows. */
export function describeTemplate(t: TemplateState): TemplateDescription {
  const n = t.pages.length;
  const entries: TemplateDescription["entries"] = [];
  for (const [k, c] of t.counts) {
    if (!inTemplate(t, k, c)) continue;
    const label = t.labels[k] ?? { path: "?", text: `#${k}` };
    entries.push({ path: label.path, text: label.text, ratio: n ? c / n : 0 });
  }
  entries.sort((a, b) => b.ratio - a.ratio || a.path.localeCompare(b.path));
  return {
    pageCount: t.pageCount, windowPages: n, version: t.version, changedAt: t.changedAt === null ? null : new Date(t.changedAt).toISOString(),
    redesigns: t.redesigns.map((r) => ({ at: new Date(r.at).toISOString(), pageCount: r.pageCount, overlap: r.overlap })),
    mode: t.mode, minRatio: t.minRatio, ready: isTemplateReady(t), entries,
  };
}

/**
 * The page's HTML with every text node wrapped in `<span class="lede-tpl">` (template) or
 * `<span class="lede-content">` (content), for the dashboard. The rest of the markup, scripts
 * included, is left as it was: sanitise before rendering (allow `class` on span).
 */
export function markTemplate(t: TemplateState, html: string): string {
  const $ = parseForTemplate(html);
  const marks: { node: AnyNode; cls: string }[] = [];
  walkTextNodes($, (node, _path, _b, _bt, _n, _text, key) => {
    marks.push({ node, cls: isTemplateReady(t) && isTemplateKey(t, key) ? "lede-tpl" : "lede-content" });
  });
  for (const m of marks) $(m.node).wrap(`<span class="${m.cls}"></span>`);
  return $.html();
}

/**
 * The text nodes of a parsed document with their template keys, in document order, walked exactly
 * as pageEntries walks them (same skipped subtrees, paths and white space). Use it to act on the
 * nodes themselves (remove template text before scoring) instead of re-implementing the walk.
 */
export function templateTextNodes(input: CheerioAPI): { node: AnyNode; key: string; n: number }[] {
  const out: { node: AnyNode; key: string; n: number }[] = [];
  walkTextNodes(input, (node, _path, _b, _bt, n, _text, key) => out.push({ node, key, n }));
  return out;
}

// ---- internals ----

/** The one parse of lib/extract (dom.ts parseHtml), so that the entries of a page given as HTML are those of the crawler's parsed page. */
function parseForTemplate(html: string): CheerioAPI {
  return parseHtml(html);
}

/** The template's keys now. */
export function templateKeys(t: TemplateState): string[] {
  const out: string[] = [];
  for (const [k, c] of t.counts) if (inTemplate(t, k, c)) out.push(k);
  return out;
}

/** Counts over the window and the keys of its AGE_OUT_PAGES most recent pages. */
function deriveCounts(pages: string[][]): { counts: Map<string, number>; recent: Set<string> } {
  const counts = new Map<string, number>();
  for (const p of pages) for (const k of p) counts.set(k, (counts.get(k) ?? 0) + 1);
  const recent = new Set<string>();
  for (const p of pages.slice(-AGE_OUT_PAGES)) for (const k of p) recent.add(k);
  return { counts, recent };
}

/** Template membership: the window's rule, and (over a window longer than AGE_OUT_PAGES) seen on a recent page. */
function inTemplate(t: TemplateState, key: string, count: number): boolean {
  if (!isTemplateCount(t, count)) return false;
  return t.pages.length <= AGE_OUT_PAGES || t.recent.has(key);
}

function padRefs(t: TemplateState): number[] {
  return t.refs.length === t.pages.length ? t.refs : t.pages.map((_, i) => t.refs[i - (t.pages.length - t.refs.length)] ?? -1);
}

function isTemplateCount(t: TemplateState, count: number): boolean {
  const n = t.pages.length;
  if (n === 0 || count === 0) return false;
  return t.mode === "strict" ? count >= n : count / n >= t.minRatio - 1e-9;
}

/** A text node's entry: its tag path, block, depth-first number, collapsed text and key (entryKey(path, text)). */
export type Visit = (node: AnyNode, path: string, block: number, blockTag: string, n: number, text: string, key: string) => void;

/**
 * Depth-first walk numbering every node; calls `visit` for each non-empty text node outside skipped
 * subtrees, with its tag path from <html>, the number of its block-level ancestor (-1: none), its
 * white-space-collapsed text and its key. `input`: a parsed document, or any node of one (the walk
 * starts at its root). The key's hash of the path is carried down the walk (each element hashes its
 * own name onto its parent's), so no path is hashed, or compared, as a whole.
 */
export function walkTextNodes(input: CheerioAPI | ParentNode, visit: Visit): void {
  let root = (typeof input === "function" ? input.root()[0] : input) as unknown as ParentNode;
  while (root.parent) root = root.parent as ParentNode;
  let counter = 0;
  // a1/a2: entryKey's hash state after the path's characters
  const walk = (node: AnyNode, path: string, a1: number, a2: number, block: number, blockTag: string): void => {
    const n = counter++;
    if (node.type === "text") {
      const text = collapseSpace((node as unknown as { data: string }).data);
      if (text) visit(node, path, block, blockTag, n, text, keyOf(a1, a2, text));
      return;
    }
    if (node.type !== "tag") return; // comments, directives, <script>, <style>
    const el = node as Element;
    const name = el.name;
    if (SKIP_TAGS.has(name)) return;
    let childPath: string;
    let b1 = a1, b2 = a2;
    if (path) {
      childPath = `${path}>${name}`;
      b1 = Math.imul(b1 ^ 0x3e, 2654435761); // ">"
      b2 = Math.imul(b2 ^ 0x3e, 1597334677);
    } else childPath = name;
    for (let i = 0; i < name.length; i++) {
      const ch = name.charCodeAt(i);
      b1 = Math.imul(b1 ^ ch, 2654435761);
      b2 = Math.imul(b2 ^ ch, 1597334677);
    }
    const isBlock = BLOCK_TAGS.has(name);
    for (const c of el.children) walk(c, childPath, b1, b2, isBlock ? n : block, isBlock ? name : blockTag);
  };
  for (const c of root.children) walk(c, "", KEY_SEED_1, KEY_SEED_2, -1, "root");
}

function joinText(a: string, b: string): string {
  if (/^[.,;:!?)\]}»”’%]/.test(b) || /[(\[{«“‘]$/.test(a)) return a + b;
  return `${a} ${b}`;
}

/** entryKey's hash state before any character. */
const KEY_SEED_1 = 0xdeadbeef;
const KEY_SEED_2 = 0x41c6ce57;

/** 53-bit string hash (cyrb53) of `${path}\u0001${text}` in base 36: ~11 characters, collisions negligible for a site's few thousand entries. */
export function entryKey(path: string, text: string): string {
  let a1 = KEY_SEED_1;
  let a2 = KEY_SEED_2;
  for (let i = 0; i < path.length; i++) {
    const ch = path.charCodeAt(i);
    a1 = Math.imul(a1 ^ ch, 2654435761);
    a2 = Math.imul(a2 ^ ch, 1597334677);
  }
  return keyOf(a1, a2, text);
}

/** The key of `text` under a path whose characters left the hash state at (a1, a2). */
function keyOf(a1: number, a2: number, text: string): string {
  let h1 = Math.imul(a1 ^ 1, 2654435761);
  let h2 = Math.imul(a2 ^ 1, 1597334677);
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return base36(4294967296 * (2097151 & h2) + (h1 >>> 0));
}

const BASE36_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * `n.toString(36)` of an integer 0 ≤ n < 2^53, in a third of the time V8's radix conversion of a double takes.
 * The remainder by a division, not `n % 36`: the remainder of a double that is not a small integer is a call
 * to fmod, the larger part of the conversion. n / 36 is rounded (above 2^48 its fraction has 4 bits), so
 * its floor may be one too many, which a negative remainder shows.
 */
function base36(n: number): string {
  let s = "";
  do {
    let q = Math.floor(n / 36);
    let r = n - q * 36;
    if (r < 0) { q--; r += 36; }
    s = BASE36_DIGITS[r] + s;
    n = q;
  } while (n > 0);
  return s;
}

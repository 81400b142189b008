// Site-level evidence, learnt while crawling: per site, the URL patterns of its articles and of its
// other pages (fronts, hubs, media pages, legal pages), counted from (a) the site's feeds, which list
// articles; (b) pages the classifier is sure about; (c) admin labels. A page whose URL pattern the
// site uses for articles gains evidence, one whose pattern it uses for other pages loses it; an admin
// can mark a pattern "not news", which then decides its pages. The state is small JSON stored per site
// (lib/db/site-evidence.ts) and updated as pages stream in, like the extraction template; it works for
// a site with no feed and no sitemap (source (b) alone), and follows the site as it grows.
//
// A URL pattern is the URL's shape, never a list written for particular sites: path depth, the shape
// of the last segment (how many slug words, an id of ≥ 4 digits, a date, a file extension, a trailing
// slash) and, in the finer pattern, the first path segment as written ("politik", "video").
//
// Beside the URL, the page's template (issue 15 item 3): where the extractor found the content, as a
// tag path ("template: main#content > article.story", lib/extract ExtractResult.structure.contentPath).
// A site's articles share one or two of them, its fronts and hubs others; counted and applied like a
// URL pattern, listed in the same table, markable "not news" the same way.
import { z } from "zod";

export const SITE_EVIDENCE_FORMAT = "lede-site-evidence/1";

/** Page score at or above which the classifier is sure a page is news (source b). */
export const SURE_NEWS_SCORE = 0.9;
/** Page score at or below which it is sure a page is not news. */
export const SURE_OTHER_SCORE = 0.1;
/** Pages one admin label counts for: an admin's word outweighs a handful of the classifier's own. */
export const ADMIN_LABEL_WEIGHT = 5;
/** Pages a pattern needs before it is used as evidence: one or two pages say nothing about a pattern. */
export const MIN_PATTERN_PAGES = 3;
/** Add-one smoothing of the pattern's log-odds. */
const PATTERN_SMOOTHING = 1;
/**
 * Largest shift of the page's log-odds the site evidence makes. The pattern's smoothed log-odds
 * is added to the page's as a naive-Bayes update (weight 1, not tuned); the cap keeps a pattern
 * learnt from the classifier's own sure pages from overruling a page whose own form is decisive.
 */
export const MAX_LOGIT_SHIFT = 3;
/** Patterns kept per site (the least-seen are dropped beyond it): bounds the stored state. */
export const MAX_PATTERNS = 400;
/** Slug words from which a last segment reads as a headline slug. */
const LONG_SLUG_WORDS = 4;

const countsSchema = z.object({
  news: z.number().nonnegative(),
  other: z.number().nonnegative(),
  /** An admin marked this pattern "not news": its pages are not news whatever their form. */
  notNews: z.boolean().optional(),
});
export type PatternCounts = z.infer<typeof countsSchema>;

const stateSchema = z.object({
  format: z.literal(SITE_EVIDENCE_FORMAT),
  /** Pages (and feed entries) counted so far. */
  pages: z.number().int().nonnegative(),
  patterns: z.record(z.string(), countsSchema),
});
export type SiteEvidence = z.infer<typeof stateSchema>;

export function newSiteEvidence(): SiteEvidence {
  return { format: SITE_EVIDENCE_FORMAT, pages: 0, patterns: {} };
}

export function parseSiteEvidence(json: string): { ok: true; evidence: SiteEvidence } | { ok: false; reason: string } {
  try {
    return { ok: true, evidence: stateSchema.parse(JSON.parse(json)) };
  } catch (err) {
    return { ok: false, reason: String(err).slice(0, 200) };
  }
}

/** Shape of one path segment's words: "w4+" (a headline slug), "w2", "id" (≥ 4 digits), "date", ".html". */
function lastSegmentShape(segment: string): string {
  const ext = /\.([a-z0-9]{2,5})$/i.exec(segment)?.[1]?.toLowerCase();
  const base = ext ? segment.slice(0, -(ext.length + 1)) : segment;
  const parts = base.split(/[-_+,.~]|%20/).filter(Boolean);
  const words = parts.filter((p) => /^[\p{L}]+$/u.test(p)).length;
  const id = parts.some((p) => /\d{4,}/.test(p) && !/^(?:19|20)\d\d$/.test(p));
  const out = [words >= LONG_SLUG_WORDS ? `w${LONG_SLUG_WORDS}+` : `w${words}`];
  if (id) out.push("id");
  if (ext) out.push(`.${ext}`);
  return out.join(" ");
}

/** "segment as written" when it is a plain word (a section name), else its shape. */
function firstSegment(segment: string): string {
  return /^[\p{L}][\p{L}-]{0,24}$/u.test(segment) ? segment.toLowerCase() : "*";
}

/**
 * The URL's patterns, coarse first then fine: "d3 w4+ id .html", "politik/ d3 w4+ id .html".
 * The query string and the host are left out (the evidence is per site already).
 */
export function urlPatterns(url: string): [coarse: string, fine: string] {
  let path: string;
  try { path = new URL(url).pathname; } catch { path = url; }
  const segments = path.split("/").filter(Boolean).map((s) => { try { return decodeURIComponent(s); } catch { return s; } });
  if (segments.length === 0) return ["root", "root"];
  const date = /(?:^|\/)(?:19|20)\d\d\/(?:0?[1-9]|1[0-2])(?:\/|$)|(?:19|20)\d\d-\d\d-\d\d/.test(path) ? " date" : "";
  const slash = path.endsWith("/") ? "/" : "";
  const coarse = `d${Math.min(segments.length, 6)} ${lastSegmentShape(segments.at(-1)!)}${date}${slash}`;
  const fine = segments.length >= 2 ? `${firstSegment(segments[0]!)}/ ${coarse}` : coarse;
  return [coarse, fine];
}

export type EvidenceSource = "feed" | "sure_page" | "admin_label";

/** Prefix of a template pattern's key: never a URL pattern's ("d3 …", "root", "politik/ …"). */
export const TEMPLATE_PATTERN_PREFIX = "template: ";

/** The template pattern of a page whose content the extractor found at `contentPath` (null: none known). */
export function templatePattern(contentPath: string | null | undefined): string | null {
  return contentPath ? `${TEMPLATE_PATTERN_PREFIX}${contentPath}` : null;
}

/**
 * Count one page (or feed entry) under its URL's patterns, and under its template's when its
 * content path is known (feed entries have none); returns the new state (the input is not changed).
 */
export function addEvidence(state: SiteEvidence, url: string, isNews: boolean, source: EvidenceSource, contentPath?: string | null): SiteEvidence {
  const weight = source === "admin_label" ? ADMIN_LABEL_WEIGHT : 1;
  const patterns = { ...state.patterns };
  const template = templatePattern(contentPath);
  for (const key of new Set([...urlPatterns(url), ...(template ? [template] : [])])) {
    const c = { ...(patterns[key] ?? { news: 0, other: 0 }) };
    if (isNews) c.news += weight; else c.other += weight;
    patterns[key] = c;
  }
  return { ...state, pages: state.pages + 1, patterns: prune(patterns) };
}

/** What the classifier's own decision teaches: only sure pages count (source b). */
export function addClassifiedPage(state: SiteEvidence, url: string, pageScore: number, contentPath?: string | null): SiteEvidence {
  if (pageScore >= SURE_NEWS_SCORE) return addEvidence(state, url, true, "sure_page", contentPath);
  if (pageScore <= SURE_OTHER_SCORE) return addEvidence(state, url, false, "sure_page", contentPath);
  return state;
}

/** The admin's site-level correction: the pattern's pages are not news (or, with false, back to the evidence). */
export function markPatternNotNews(state: SiteEvidence, pattern: string, notNews = true): SiteEvidence {
  const c = { ...(state.patterns[pattern] ?? { news: 0, other: 0 }) };
  if (notNews) c.notNews = true; else delete c.notNews;
  return { ...state, patterns: { ...state.patterns, [pattern]: c } };
}

function prune(patterns: Record<string, PatternCounts>): Record<string, PatternCounts> {
  const keys = Object.keys(patterns);
  if (keys.length <= MAX_PATTERNS) return patterns;
  const keep = keys.sort((a, b) => Number(patterns[b]!.notNews ?? false) - Number(patterns[a]!.notNews ?? false)
    || patterns[b]!.news + patterns[b]!.other - (patterns[a]!.news + patterns[a]!.other)).slice(0, MAX_PATTERNS);
  return Object.fromEntries(keep.map((k) => [k, patterns[k]!]));
}

export interface SiteAdjustment {
  /** P(news) after the site evidence. */
  score: number;
  /** The pattern that decided, with its counts; null when no pattern had enough pages. */
  pattern: string | null;
  counts: PatternCounts | null;
  /** Log-odds added to the page's own. */
  shift: number;
  /** An admin marked the pattern "not news". */
  forced: boolean;
  /** Reason words, e.g. `site's article URL pattern "politik/ d2 w4+ id .html" (41 news, 2 other)`. */
  reason: string | null;
}

const logit = (p: number) => Math.log(Math.max(1e-6, p) / Math.max(1e-6, 1 - p));
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * 1. An admin "not news" mark on either of the URL's patterns, or on the page's template, decides: not news.
 * 2. Else the finer URL pattern when it has MIN_PATTERN_PAGES, else the coarse one; and the template
 *    pattern when it has MIN_PATTERN_PAGES (only when `contentPath` is given).
 * 3. Shift the page's log-odds by the patterns' smoothed log-odds, summed (naive Bayes) and capped at
 *    ±MAX_LOGIT_SHIFT in all.
 */
export function applySiteEvidence(state: SiteEvidence | null, url: string, pageScore: number, contentPath?: string | null): SiteAdjustment {
  const none: SiteAdjustment = { score: pageScore, pattern: null, counts: null, shift: 0, forced: false, reason: null };
  if (!state) return none;
  const [coarse, fine] = urlPatterns(url);
  const template = templatePattern(contentPath);
  for (const key of [fine, coarse, ...(template ? [template] : [])]) {
    const c = state.patterns[key];
    if (c?.notNews) return { score: Math.min(pageScore, SURE_OTHER_SCORE / 2), pattern: key, counts: c, shift: 0, forced: true, reason: `${key.startsWith(TEMPLATE_PATTERN_PREFIX) ? "template" : "URL"} pattern "${key}" marked not news by an admin` };
  }
  const enough = (k: string | null): k is string => { const c = k ? state.patterns[k] : undefined; return c !== undefined && c.news + c.other >= MIN_PATTERN_PAGES; };
  const keys = [[fine, coarse].find(enough), enough(template) ? template : undefined].filter((k): k is string => k !== undefined);
  if (keys.length === 0) return none;
  const logOdds = (c: PatternCounts) => Math.log((c.news + PATTERN_SMOOTHING) / (c.other + PATTERN_SMOOTHING));
  const raw = keys.reduce((sum, k) => sum + logOdds(state.patterns[k]!), 0);
  const shift = Math.max(-MAX_LOGIT_SHIFT, Math.min(MAX_LOGIT_SHIFT, raw));
  const fmt = (n: number) => Number.isInteger(n) ? String(n) : n.toFixed(1);
  const said = keys.map((k) => {
    const c = state.patterns[k]!;
    const what = logOdds(c) >= 0 ? "article" : "non-article";
    const [kind, name] = k.startsWith(TEMPLATE_PATTERN_PREFIX) ? ["template", k.slice(TEMPLATE_PATTERN_PREFIX.length)] : ["URL pattern", k];
    return `site's ${what} ${kind} "${name}" (${fmt(c.news)} news, ${fmt(c.other)} other)`;
  });
  const first = keys[0]!;
  return { score: sigmoid(logit(pageScore) + shift), pattern: first, counts: state.patterns[first]!, shift, forced: false, reason: said.join("; ") };
}

export interface PatternRow { pattern: string; news: number; other: number; notNews: boolean }

/** The site page's table: patterns with their counts, most-seen first. */
export function describeSiteEvidence(state: SiteEvidence): PatternRow[] {
  return Object.entries(state.patterns)
    .map(([pattern, c]) => ({ pattern, news: c.news, other: c.other, notNews: c.notNews ?? false }))
    .sort((a, b) => b.news + b.other - (a.news + a.other) || (a.pattern < b.pattern ? -1 : 1));
}

/**
 * `delta`'s counts added onto `base` (the stored state); base's admin marks are kept. A worker keeps
 * only what it learnt since its last store and merges it into a fresh read, so two workers, a feed and
 * an admin's mark made meanwhile are all kept.
 */
export function mergeEvidence(base: SiteEvidence, delta: SiteEvidence): SiteEvidence {
  const patterns = { ...base.patterns };
  for (const [key, d] of Object.entries(delta.patterns)) {
    const c = { ...(patterns[key] ?? { news: 0, other: 0 }) };
    c.news += d.news;
    c.other += d.other;
    if (d.notNews) c.notNews = true;
    patterns[key] = c;
  }
  return { ...base, pages: base.pages + delta.pages, patterns: prune(patterns) };
}

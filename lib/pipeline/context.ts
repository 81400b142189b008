// What the pipeline needs besides the page: the active classifier and each site's template.
// Loaded from the database and cached per process, with a short lifetime so that a retrained model
// or another worker's template updates are picked up without a restart.
import type { Db } from "../db/client.ts";
import { loadActiveClassifier, type LoadedClassifier } from "../classify/active-model.ts";
import { pageClassifierFor } from "./page-classifier.ts";
import { getActiveModelVersionId } from "../db/models.ts";
import { getSiteTemplate, saveSiteTemplate } from "../db/templates.ts";
import { plainClient } from "../db/direct.ts";
import {
  MIN_TEMPLATE_PAGES, newTemplate, pageEntries, updateTemplate, type PageEntries, type TemplateState,
} from "../extract/template.ts";
import type { PageClassifier, PageDecision } from "./process.ts";
import { getSiteEvidence, mergeSiteEvidence } from "../db/site-evidence.ts";
import {
  addClassifiedPage, addEvidence, applySiteEvidence, mergeEvidence, newSiteEvidence, type SiteEvidence,
} from "../classify/site-evidence.ts";
import { DEFAULT_THRESHOLD } from "../classify/model.ts";

/**
 * ms a loaded classifier is used before the active model's id is looked up again (retrain → live in ≤ 1 min);
 * the model itself is re-read and re-parsed (~1 s CPU) only when that id changed.
 */
const CLASSIFIER_TTL_MS = 60_000;
/** ms a cached site template is trusted before re-reading it (other workers update it too). */
const TEMPLATE_TTL_MS = 30_000;
/**
 * Pages a worker adds to a site's template between two stores once its window is full (a worker stopping
 * stores the rest): the state is ~100 KB of JSON, so storing it per page cost more than the page's other
 * writes; 25 pages is what the former 5-second timer let through at ~5 pages/s, but the same whatever
 * the crawl's pace (a timer stored a slow site's template on every page, a fast one's rarely).
 */
export const TEMPLATE_SAVE_PAGES = 25;
/** Sites whose templates are cached at once: bounds memory on large crawls. */
const TEMPLATE_CACHE_SITES = 200;

interface CachedClassifier {
  classify: PageClassifier;
  /** The model behind it (the crawler's page thread is handed its parameters). */
  loaded: LoadedClassifier;
  /** When the active id was last looked up. */
  checkedAt: number;
  /** The active ModelVersion id looked up just before loading (null: none active). */
  activeId: number | null;
}
interface CachedTemplate {
  template: TemplateState | null;
  loadedAt: number;
  /** pageCount of the state this worker last stored or read; `dirty`: pages were added since. */
  savedPageCount: number;
  dirty: boolean;
}

const classifiers = new WeakMap<Db, CachedClassifier>();
const templates = new WeakMap<Db, Map<number, CachedTemplate>>();

/** The active classifier as a PageClassifier (the shipped default model until one is trained). */
export async function getPageClassifier(db: Db, now = Date.now()): Promise<PageClassifier> {
  return (await activeClassifier(db, now)).classify;
}

/** The active model itself (the shipped default until one is trained), cached like getPageClassifier. */
export async function getClassifierModel(db: Db, now = Date.now()): Promise<LoadedClassifier> {
  return (await activeClassifier(db, now)).loaded;
}

async function activeClassifier(db: Db, now: number): Promise<CachedClassifier> {
  const cached = classifiers.get(plainClient(db));
  if (cached && now - cached.checkedAt < CLASSIFIER_TTL_MS) return cached;
  const activeId = await getActiveModelVersionId(db);
  if (cached && cached.activeId === activeId) {
    cached.checkedAt = now;
    return cached;
  }
  // Changed (or first use): if another activation lands between the two reads, the next check reloads.
  const loaded = await loadActiveClassifier(db);
  const entry: CachedClassifier = { classify: pageClassifierFor(loaded.classifier, loaded.modelVersionId), loaded, checkedAt: now, activeId };
  classifiers.set(plainClient(db), entry);
  return entry;
}

/** Forget the cached classifier (after a retrain in this process). */
export function forgetClassifier(db: Db): void {
  classifiers.delete(plainClient(db));
}

function siteCache(db: Db): Map<number, CachedTemplate> {
  // Keyed by the plain client: a page's scoped transaction client (lib/db/direct.ts) shares its caches.
  let m = templates.get(plainClient(db));
  if (!m) templates.set(plainClient(db), (m = new Map()));
  return m;
}

/** The site's current template (null until it has one). */
export async function getTemplate(db: Db, siteId: number, now = Date.now()): Promise<TemplateState | null> {
  const cache = siteCache(db);
  const hit = cache.get(siteId);
  if (hit && now - hit.loadedAt < TEMPLATE_TTL_MS) return hit.template;
  // Re-read what other workers stored, after storing this worker's own unsaved pages.
  if (hit?.dirty && hit.template) await saveSiteTemplate(db, siteId, hit.template);
  const stored = await getSiteTemplate(db, siteId);
  await remember(db, siteId, { template: stored?.template ?? null, loadedAt: now, savedPageCount: stored?.template.pageCount ?? 0, dirty: false });
  return stored?.template ?? null;
}

/** Why learnTemplate stores a site's template now (null: not now, the page stays in this worker's cache). */
export type TemplateSaveReason = "first" | "ready" | "changed" | "window_full" | "pages" | null;

/**
 * When to store: the state is ~100 KB of JSON at a full window and one page changes it little, so not on
 * every page (while the window filled, each page rewrote every page before it: 210 page-states over 20 pages, now 24).
 *   "first":       the site's first page (small), so the site shows a template row from the start;
 *   "ready":       the page that makes it usable (MIN_TEMPLATE_PAGES), so other workers extract with it;
 *   "changed":     a new version (a material change or a redesign): stale pages are found from the stored row;
 *   "window_full": the page that fills its window (the template is then at its full strength);
 *   "pages":       TEMPLATE_SAVE_PAGES pages since this worker last stored (or read) it.
 */
export function templateSaveReason(next: TemplateState, savedPageCount: number | undefined, previousVersion = next.version): TemplateSaveReason {
  if (next.pageCount === 1) return "first";
  if (next.pageCount === MIN_TEMPLATE_PAGES) return "ready";
  if (next.version !== previousVersion) return "changed";
  if (next.pageCount === next.window) return "window_full";
  if (savedPageCount === undefined || next.pageCount - savedPageCount >= TEMPLATE_SAVE_PAGES) return "pages";
  return null;
}

/**
 * Stream one page (its html, or its entries already read with pageEntries) into its site's template.
 * Stored when templateSaveReason gives a reason; the rest is stored by the next one, by getTemplate
 * before it re-reads, by cache eviction, or by flushTemplates (a worker stopping).
 */
export async function learnTemplate(db: Db, siteId: number, page: string | PageEntries, now = Date.now(), pageId?: number): Promise<TemplateState> {
  const current = (await getTemplate(db, siteId, now)) ?? newTemplate();
  const next = updateTemplate(current, typeof page === "string" ? pageEntries(page) : page, { ref: pageId, now });
  const cached = siteCache(db).get(siteId);
  const save = templateSaveReason(next, cached?.savedPageCount, current.version) !== null;
  if (save) await saveSiteTemplate(db, siteId, next);
  await remember(db, siteId, {
    template: next, loadedAt: cached?.loadedAt ?? now, savedPageCount: save ? next.pageCount : cached!.savedPageCount, dirty: !save,
  });
  return next;
}

/** Store every cached template with unsaved pages (a worker stopping, the end of a reprocess run). */
export async function flushTemplates(db: Db, now = Date.now()): Promise<number> {
  let saved = 0;
  for (const [siteId, entry] of siteCache(db)) {
    if (!entry.dirty || !entry.template) continue;
    await saveSiteTemplate(db, siteId, entry.template);
    entry.dirty = false;
    entry.savedPageCount = entry.template.pageCount;
    saved++;
  }
  return saved;
}

async function remember(db: Db, siteId: number, entry: CachedTemplate): Promise<void> {
  const cache = siteCache(db);
  cache.delete(siteId);
  cache.set(siteId, entry);
  if (cache.size <= TEMPLATE_CACHE_SITES) return;
  const [oldestId, oldest] = cache.entries().next().value!;
  cache.delete(oldestId);
  if (oldest.dirty && oldest.template) await saveSiteTemplate(db, oldestId, oldest.template);
}

// ---- site evidence (lib/classify/site-evidence.ts): URL patterns of a site's articles and other pages ----

/** ms a cached site evidence is trusted before re-reading it (admin marks, labels, feeds, other workers). */
const EVIDENCE_TTL_MS = 30_000;
/** ms between stores of a worker's learnt evidence (a read and a write each: not on every page). */
const EVIDENCE_SAVE_MS = 5_000;

interface CachedEvidence {
  /** The stored state as last read, plus `pending`. */
  state: SiteEvidence;
  /** What this worker learnt since its last store. */
  pending: SiteEvidence;
  loadedAt: number;
  savedAt: number;
}

const evidenceCaches = new WeakMap<Db, Map<number, CachedEvidence>>();

function evidenceCache(db: Db): Map<number, CachedEvidence> {
  let m = evidenceCaches.get(plainClient(db));
  if (!m) evidenceCaches.set(plainClient(db), (m = new Map()));
  return m;
}

async function storePending(db: Db, siteId: number, entry: CachedEvidence, now: number): Promise<void> {
  if (entry.pending.pages === 0) return;
  entry.state = await mergeSiteEvidence(db, siteId, entry.pending);
  entry.pending = newSiteEvidence();
  entry.savedAt = now;
  entry.loadedAt = now;
}

/** The site's evidence as this worker sees it (stored state + what it learnt since). */
export async function getSiteEvidenceCached(db: Db, siteId: number, now = Date.now()): Promise<SiteEvidence> {
  const cache = evidenceCache(db);
  const hit = cache.get(siteId);
  if (hit && now - hit.loadedAt < EVIDENCE_TTL_MS) return hit.state;
  if (hit && hit.pending.pages > 0) { await storePending(db, siteId, hit, now); return hit.state; }
  const stored = (await getSiteEvidence(db, siteId)) ?? newSiteEvidence();
  cache.delete(siteId);
  cache.set(siteId, { state: stored, pending: newSiteEvidence(), loadedAt: now, savedAt: hit?.savedAt ?? now });
  if (cache.size > TEMPLATE_CACHE_SITES) {
    const [oldestId, oldest] = cache.entries().next().value!;
    cache.delete(oldestId);
    await storePending(db, oldestId, oldest, now);
  }
  return stored;
}

/** Count what a page taught (a sure decision, a feed entry) into the site's evidence; stored now or within EVIDENCE_SAVE_MS. */
export async function learnSiteEvidence(db: Db, siteId: number, change: (s: SiteEvidence) => SiteEvidence, now = Date.now()): Promise<void> {
  await getSiteEvidenceCached(db, siteId, now);
  const entry = evidenceCache(db).get(siteId)!;
  const pending = change(entry.pending);
  if (pending === entry.pending) return;
  entry.pending = pending;
  entry.state = mergeEvidence(entry.state, change(newSiteEvidence()));
  // Stored on an interval (a read and a write), and by flushSiteEvidence when the worker stops.
  if (now - entry.savedAt >= EVIDENCE_SAVE_MS) await storePending(db, siteId, entry, now);
}

/** A feed's entries are articles (source a of the site evidence). */
export async function learnFromFeed(db: Db, siteId: number, urls: readonly string[], now = Date.now()): Promise<void> {
  if (urls.length === 0) return;
  await learnSiteEvidence(db, siteId, (s) => urls.reduce((acc, url) => addEvidence(acc, url, true, "feed"), s), now);
}

/** Store every site's unsaved evidence (a worker stopping, the end of a reprocess run). */
export async function flushSiteEvidence(db: Db, now = Date.now()): Promise<number> {
  let saved = 0;
  for (const [siteId, entry] of evidenceCache(db)) {
    if (entry.pending.pages === 0) continue;
    await storePending(db, siteId, entry, now);
    saved++;
  }
  return saved;
}

/** Forget cached evidence (tests; after an admin mark in this process). */
export function forgetSiteEvidence(db: Db): void {
  evidenceCaches.delete(plainClient(db));
}

/**
 * The page classifier with the site's evidence applied: the page's own score, shifted by its URL
 * pattern's counts (or decided by an admin's "not news" mark). `pageScore()` gives the page's own
 * score afterwards, which is what the site learns from (never its own shifted score).
 */
export function withSiteEvidence(classify: PageClassifier, evidence: SiteEvidence | null): { classify: PageClassifier; pageScore: () => number | null } {
  let own: number | null = null;
  return {
    pageScore: () => own,
    classify: (page) => {
      const d = classify(page);
      own = d.score;
      if (d.score === null || !evidence) return d;
      const adj = applySiteEvidence(evidence, page.url, d.score, page.extraction.structure?.contentPath);
      if (!adj.reason) return d;
      const decision: PageDecision = { ...d, score: adj.score, isNews: adj.score >= DEFAULT_THRESHOLD, reason: `${d.reason}; ${adj.reason}` };
      return decision;
    },
  };
}

/** What a classified page teaches its site (only sure pages count), under its URL's patterns and its template's (content path). */
export function learnFromPage(url: string, pageScore: number, contentPath?: string | null): (s: SiteEvidence) => SiteEvidence {
  return (s) => addClassifiedPage(s, url, pageScore, contentPath);
}

// What the pipeline needs besides the page: the active classifier and each site's template.
// Loaded from the database and cached per process, with a short lifetime so that a retrained model
// or another worker's template updates are picked up without a restart.
import type { Db } from "../db/client.ts";
import { loadActiveClassifier } from "../classify/active-model.ts";
import { classifyPage } from "../classify/classify-page.ts";
import { getSiteTemplate, saveSiteTemplate } from "../db/templates.ts";
import { newTemplate, pageEntries, updateTemplate, type PageEntries, type TemplateState } from "../extract/template.ts";
import type { PageClassifier } from "./process.ts";

/** ms a loaded classifier is used before the active model is looked up again (retrain → live in ≤ 1 min). */
const CLASSIFIER_TTL_MS = 60_000;
/** ms a cached site template is trusted before re-reading it (other workers update it too). */
const TEMPLATE_TTL_MS = 30_000;
/** Sites whose templates are cached at once: bounds memory on large crawls. */
const TEMPLATE_CACHE_SITES = 200;

interface CachedClassifier { classify: PageClassifier; loadedAt: number }
interface CachedTemplate { template: TemplateState | null; loadedAt: number }

const classifiers = new WeakMap<Db, CachedClassifier>();
const templates = new WeakMap<Db, Map<number, CachedTemplate>>();

/** The active classifier as a PageClassifier (the shipped default model until one is trained). */
export async function getPageClassifier(db: Db, now = Date.now()): Promise<PageClassifier> {
  const cached = classifiers.get(db);
  if (cached && now - cached.loadedAt < CLASSIFIER_TTL_MS) return cached.classify;
  const loaded = await loadActiveClassifier(db);
  const source = loaded.modelVersionId === null ? "default model" : `model v${loaded.modelVersionId}`;
  const classify: PageClassifier = ({ html, url, extraction, document }) => {
    const d = classifyPage(loaded.classifier, document ? { document, url, extraction } : { html, url, extraction });
    return { isNews: d.isNews, score: d.score, reason: `${d.reason} (${source})`, modelVersionId: loaded.modelVersionId };
  };
  classifiers.set(db, { classify, loadedAt: now });
  return classify;
}

/** Forget the cached classifier (after a retrain in this process). */
export function forgetClassifier(db: Db): void {
  classifiers.delete(db);
}

function siteCache(db: Db): Map<number, CachedTemplate> {
  let m = templates.get(db);
  if (!m) templates.set(db, (m = new Map()));
  return m;
}

/** The site's current template (null until it has one). */
export async function getTemplate(db: Db, siteId: number, now = Date.now()): Promise<TemplateState | null> {
  const cache = siteCache(db);
  const hit = cache.get(siteId);
  if (hit && now - hit.loadedAt < TEMPLATE_TTL_MS) return hit.template;
  const stored = await getSiteTemplate(db, siteId);
  remember(cache, siteId, { template: stored?.template ?? null, loadedAt: now });
  return stored?.template ?? null;
}

/** Stream one page (its html, or its entries already read with pageEntries) into its site's template and store the result. */
export async function learnTemplate(db: Db, siteId: number, page: string | PageEntries, now = Date.now()): Promise<TemplateState> {
  const current = (await getTemplate(db, siteId, now)) ?? newTemplate();
  const next = updateTemplate(current, typeof page === "string" ? pageEntries(page) : page);
  await saveSiteTemplate(db, siteId, next);
  remember(siteCache(db), siteId, { template: next, loadedAt: siteCache(db).get(siteId)?.loadedAt ?? now });
  return next;
}

function remember(cache: Map<number, CachedTemplate>, siteId: number, entry: CachedTemplate): void {
  cache.delete(siteId);
  cache.set(siteId, entry);
  if (cache.size > TEMPLATE_CACHE_SITES) cache.delete(cache.keys().next().value!);
}

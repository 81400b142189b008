// One fetched page in, one stored outcome out. The worker, `lede reprocess` and `lede warc import`
// all come through here; the pure decisions live in process.ts.
import type { Db } from "../db/client.ts";
import { decodeHtml, type DecodedHtml } from "../encoding/decode.ts";
import { savePage, setPageOutcome, loadStoredPage, type FetchedPage } from "../db/pages.ts";
import { ArticleUrlTakenError, saveArticle, findArticleByPage } from "../db/articles.ts";
import { findDuplicate, saveDedupResult } from "../db/dedup.ts";
import { saveArticleEntities } from "../db/entities.ts";
import { assignStory, removeArticleFromStory } from "../db/stories.ts";
import { findNewestLabel } from "../db/labels.ts";
import { adoptSiteName, recordSiteError } from "../db/sites.ts";
import { extractEntities } from "../entities/extract-entities.ts";
import { entityInputOf, storyEvidence } from "../stories/evidence.ts";
import { parseHtml, type CheerioAPI } from "../extract/dom.ts";
import { isTemplateReady, MIN_TEMPLATE_PAGES, type PageEntries, type TemplateState } from "../extract/template.ts";
import { observePage } from "../extract/observe.ts";
import { claimAwaitingPages, markAwaitingTemplate, pageAttempts, recordReleasedPageFailure } from "../db/template-pages.ts";
import { decideRetry } from "../frontier/schedule.ts";
import { crawlDefaults } from "../config.ts";
import { log } from "../log.ts";
import { followStory } from "../db/story-follow.ts";
import { afterCommit, scopedTransaction, withSavepoint } from "../db/direct.ts";
import type { EntityMention } from "../entities/types.ts";
import type { EntityCount } from "../entities/extract-entities.ts";
import { processPage, type ArticleDraft, type PageClassifier, type ProcessResult } from "./process.ts";
import { getPageClassifier, getSiteEvidenceCached, getTemplate, learnFromPage, learnSiteEvidence, learnTemplate, withSiteEvidence } from "./context.ts";
import { applySiteEvidence, type SiteEvidence } from "../classify/site-evidence.ts";
import { DEFAULT_THRESHOLD } from "../classify/model.ts";
import { inStep, inStepAsync, toPipelineError } from "./errors.ts";
import { timeStage, timeStageAsync, type StageClock } from "./stage-clock.ts";

export type IngestOutcome = "article" | "not_news" | "duplicate" | "too_short" | "awaiting_template";

export interface IngestInput extends FetchedPage {
  /** Already decoded by the caller (the worker decodes to find links); decoded here otherwise. */
  decoded?: DecodedHtml;
  /**
   * `decoded.text` already parsed with parseHtml (lib/extract/dom.ts), e.g. by the worker for links:
   * reused for template entries, classifier and extraction. The pipeline MODIFIES it (extraction).
   */
  document?: CheerioAPI;
  /**
   * Extraction, classification and template entries already done (the crawler's page thread ran
   * lib/pipeline/page-job.ts on `decoded.text`), with the template the thread was handed: stored as
   * they are, nothing parsed again.
   */
  processed?: ProcessedPage;
}

/** What the page thread computed for a page, and which state of the site's template it saw. */
export interface ProcessedPage {
  result: ProcessResult;
  entries: PageEntries | null;
  /** Version of the site's template when the page was sent to the thread (0: none yet). */
  templateVersionBefore: number;
  /** Version of the template the extraction subtracted; null: extracted without one (not ready). */
  usedTemplateVersion: number | null;
}

export interface IngestContext {
  /** Classifier to use; default: the active model (lib/pipeline/context.ts). null: every article counts as news. */
  classify?: PageClassifier | null;
  /** Use and update the site's template (default true). */
  templates?: boolean;
  /**
   * Hold a page back (outcome awaiting_template) while its site's template is not ready, and extract the
   * held-back pages with the template once it is (the crawler sets it; lib/pipeline/catch-up.ts releases
   * a site's pages without a template when it gets no more). Default false.
   */
  awaitTemplate?: boolean;
  /**
   * Re-extraction of a page already learnt into its template (lib/pipeline/catch-up.ts): the template is
   * not fed the page again, an article whose text changed follows it into the story its new text belongs
   * to, and an article that would now be too short keeps its stored text. Default false.
   */
  reextract?: boolean;
  /** Attempts before a held-back page that fails on release is failed for good (the worker's maxAttempts). */
  maxAttempts?: number;
  /** Use and update the site's URL-pattern evidence (default true; lib/classify/site-evidence.ts). */
  siteEvidence?: boolean;
  /** CPU time per stage (benchmark: lib/pipeline/stage-clock.ts). */
  clock?: StageClock;
}

export interface IngestResult {
  outcome: IngestOutcome;
  reason: string;
  pageId: number;
  articleId?: number;
}

/**
 * 1. Decode the body (header, BOM, <meta>, detector) and store the page, body compressed.
 * 2. Extract with the site's template when it is ready, judge length, classify and fingerprint
 *    (pure: process.ts); then stream the page into the site's template.
 * 3. Drop canonical-URL duplicates; store the article; link exact and near duplicates to their original.
 * 4. For an original news article: its entities, then its story.
 * 5. Record the page's outcome and its reason.
 * The page row, its template and its URL evidence are stored first (their site-wide rows are shared by every
 * worker crawling the site: holding their locks across the rest of the page serialised the workers and, on
 * PostgreSQL, let them deadlock against the story's locks); then the page's template version, article,
 * duplicates, entities, story and outcome commit in ONE transaction (storeResult, lib/db/direct.ts
 * scopedTransaction), with the CPU work (the entity tagger) done before it opens and the held-back pages a
 * template releases extracted after it commits.
 */
export async function ingestPage(db: Db, input: IngestInput, ctx: IngestContext = {}): Promise<IngestResult> {
  const decoded = input.decoded ?? timeStage(ctx.clock, "decode", () => inStep("extract_failed", () => decodeHtml(input.body, input.contentType)));
  const { document, decoded: _decoded, processed, ...fetched } = input;
  void _decoded;
  const save = (on: Db) => timeStageAsync(ctx.clock, "db: page", () =>
    inStepAsync("store_failed", () => savePage(on, { ...fetched, charset: decoded.charset, charsetSource: decoded.source })));
  const stored = (pageId: number) => ({ pageId, siteId: input.siteId, finalUrl: input.finalUrl, html: decoded.text, document: input.decoded ? document : undefined });
  if (processed) {
    const prepared = prepareGrouping(processed.result, ctx.clock);
    return storeProcessed(db, stored((await save(db)).id), processed, ctx, prepared);
  }
  return processStoredPage(db, stored((await save(db)).id), ctx);
}

/** The CPU work of grouping, done before a page's transaction opens: entity mentions (the tagger) and the story evidence (those in the lead). */
export interface PreparedGrouping {
  mentions: EntityMention[];
  entities: EntityCount[];
}

/**
 * Grouping's CPU work for a draft the classifier calls news (the common case; an admin's label or a
 * duplicate found in the transaction may make it unused, and a label that says news where the classifier
 * did not computes it inside). Null for anything else.
 */
export function prepareGrouping(result: ProcessResult, clock?: StageClock): PreparedGrouping | null {
  if (!result.ok || !result.article.isNews) return null;
  const draft = result.article;
  const mentions = tagArticle(draft, clock);
  return { mentions, entities: evidenceOf(mentions, draft, clock) };
}

/**
 * Re-run extraction and everything after it on a stored page, without fetching. `learn`: feed the page
 * to its site's template again (default true, as `lede reprocess` rebuilds templates; never on a re-extraction).
 */
export async function reprocessPage(db: Db, pageId: number, ctx: IngestContext = {}, opts: { learn?: boolean } = {}): Promise<IngestResult | null> {
  const stored = await loadStoredPage(db, pageId);
  if (!stored) return null;
  const decoded = decodeHtml(stored.body, stored.contentType);
  return processStoredPage(db, { pageId, siteId: stored.siteId, finalUrl: stored.finalUrl, html: decoded.text }, ctx, opts.learn ?? true);
}

async function processStoredPage(
  db: Db,
  page: { pageId: number; siteId: number; finalUrl: string; html: string; document?: CheerioAPI },
  ctx: IngestContext,
  learnPage = true,
): Promise<IngestResult> {
  const { clock } = ctx;
  const pageClassify = ctx.classify === undefined ? await inStepAsync("classify_failed", () => getPageClassifier(db)) : ctx.classify;
  // The site's URL-pattern evidence shifts the page's own score; the site learns from the page's own score.
  const evidence = pageClassify && (ctx.siteEvidence ?? true)
    ? await timeStageAsync(clock, "db: site evidence", () => inStepAsync("classify_failed", () => getSiteEvidenceCached(db, page.siteId)))
    : null;
  const site = pageClassify && evidence ? withSiteEvidence(pageClassify, evidence) : null;
  const classify = site?.classify ?? pageClassify;
  const useTemplates = ctx.templates ?? true;
  let template = useTemplates ? await inStepAsync("extract_failed", () => getTemplate(db, page.siteId)) : null;
  // One parse, observed once untouched (template entries, classifier facts, what the extraction reads), then extraction (which modifies it).
  const document = page.document ?? timeStage(clock, "parse", () => inStep("extract_failed", () => parseHtml(page.html)));
  // The page joins its site's template before its extraction, as a template built from all pages would hold it.
  const learn = useTemplates && learnPage && !ctx.reextract;
  const observed = timeStage(clock, "observe", () => inStep("extract_failed", () => observePage(document, page.finalUrl, { entries: learn, facts: !!classify })));
  const before = template?.version ?? 0;
  if (learn) {
    template = await timeStageAsync(clock, "template", () => inStepAsync("extract_failed", () => learnTemplate(db, page.siteId, observed.entries!, undefined, page.pageId)));
    if (ctx.awaitTemplate && !isTemplateReady(template)) {
      const reason = `waiting for the site's template (${template.pages.length} of ${MIN_TEMPLATE_PAGES} pages)`;
      await inStepAsync("store_failed", () => markAwaitingTemplate(db, page.pageId, reason));
      return { outcome: "awaiting_template", reason, pageId: page.pageId };
    }
  }
  const ready = template && isTemplateReady(template) ? template : null;
  const result = processPage({ finalUrl: page.finalUrl, html: page.html, classify, template: ready, document, observed, clock });
  const own = ctx.reextract ? null : site?.pageScore() ?? null;
  if (own !== null) await learnPageEvidence(db, page, own, clock, result.extraction.structure?.contentPath);
  // A re-extraction regroups only when its text changed (known inside the transaction): its tagger runs there, when needed.
  return storeResult(db, page, result, ready, before, ctx, ready, ctx.reextract ? null : prepareGrouping(result, clock));
}

/** The site learns the page's own score (before site evidence) under its URL patterns and its template (lib/classify/site-evidence.ts). */
async function learnPageEvidence(db: Db, page: { siteId: number; finalUrl: string }, own: number, clock: StageClock | undefined, contentPath?: string | null): Promise<void> {
  await timeStageAsync(clock, "db: site evidence", () => inStepAsync("classify_failed", () => learnSiteEvidence(db, page.siteId, learnFromPage(page.finalUrl, own, contentPath))));
}

/**
 * The site's URL-pattern evidence applied to a decision the page thread made (the thread classifies
 * with the model alone; the evidence lives in this process): what withSiteEvidence does in-process.
 */
function applyEvidenceToResult(result: ProcessResult, evidence: SiteEvidence, url: string): ProcessResult {
  if (!result.ok || result.article.newsScore === null) return result;
  const draft = result.article;
  const adj = applySiteEvidence(evidence, url, draft.newsScore!, result.extraction.structure?.contentPath);
  if (!adj.reason) return result;
  return { ...result, article: { ...draft, newsScore: adj.score, isNews: adj.score >= DEFAULT_THRESHOLD, decisionReason: `${draft.decisionReason}; ${adj.reason}` } };
}

/**
 * The crawler's path (2 of ingestPage after the page thread): the page joins its site's template, then
 * its result is stored as storeResult does. The thread extracted with the template as it was before
 * this page; when this page made the template ready, it was extracted without one, so it is held back
 * with the others and all of them are extracted with the new template now.
 */
async function storeProcessed(
  db: Db, page: { pageId: number; siteId: number; finalUrl: string }, processed: ProcessedPage, ctx: IngestContext,
  prepared: PreparedGrouping | null,
): Promise<IngestResult> {
  const { clock } = ctx;
  const useTemplates = ctx.templates ?? true;
  let template: TemplateState | null = null;
  if (useTemplates && processed.entries) {
    const entries = processed.entries;
    template = await timeStageAsync(clock, "template", () => inStepAsync("extract_failed", () => learnTemplate(db, page.siteId, entries, undefined, page.pageId)));
    if (ctx.awaitTemplate && (!isTemplateReady(template) || processed.usedTemplateVersion === null)) {
      const reason = `waiting for the site's template (${template.pages.length} of ${MIN_TEMPLATE_PAGES} pages)`;
      await inStepAsync("store_failed", () => markAwaitingTemplate(db, page.pageId, reason));
      const held: IngestResult = { outcome: "awaiting_template", reason, pageId: page.pageId };
      if (!isTemplateReady(template)) return held;
      // Extracting the held-back pages is CPU work: after this page's transaction commits, and this page's result is its own.
      await afterCommit(db, async (plain) => {
        const own = (await releaseAwaitingPages(plain, page.siteId, ctx)).find((r) => r.pageId === page.pageId);
        if (own) Object.assign(held, own);
      });
      return held;
    }
  }
  const used = processed.usedTemplateVersion === null ? null : { version: processed.usedTemplateVersion };
  const ready = template && isTemplateReady(template) ? template : null;
  let result = processed.result;
  const own = result.ok ? result.article.newsScore : null;
  if (own !== null && ctx.classify !== null && (ctx.siteEvidence ?? true)) {
    const evidence = await timeStageAsync(clock, "db: site evidence", () => inStepAsync("classify_failed", () => getSiteEvidenceCached(db, page.siteId)));
    result = applyEvidenceToResult(result, evidence, page.finalUrl);
    await learnPageEvidence(db, page, own, clock, result.extraction.structure?.contentPath);
  }
  return storeResult(db, page, result, used, processed.templateVersionBefore, ctx, ready, prepared);
}

/**
 * 2 (its end) to 5 of ingestPage: the outcome or the article is stored, and with the page's outcome its template
 * version (catch-up re-extracts the page when the template moves on); a template this page made ready
 * or moved to a new version is used at once for the pages held back for it (after the commit).
 * One transaction (joining the page's, when the caller opened one); `prepared`: grouping's CPU work, done before.
 */
async function storeResult(
  db: Db, page: { pageId: number; siteId: number; finalUrl: string }, result: ProcessResult,
  used: { version: number } | null, before: number, ctx: IngestContext, learnt: { version: number } | null,
  prepared: PreparedGrouping | null,
): Promise<IngestResult> {
  // The transaction's own statements (begin, commit) and what runs after the commit; the steps inside time themselves.
  return timeStageAsync(ctx.clock, "db: transaction", () => scopedTransaction(db, (tx) => storeResultIn(tx, page, result, used, before, ctx, learnt, prepared)));
}

async function storeResultIn(
  db: Db, page: { pageId: number; siteId: number; finalUrl: string }, result: ProcessResult,
  used: { version: number } | null, before: number, ctx: IngestContext, learnt: { version: number } | null,
  prepared: PreparedGrouping | null,
): Promise<IngestResult> {
  const { clock } = ctx;
  const ready = learnt;
  // The page's template version is stored with its outcome (every path below that does not throw records one):
  // one UPDATE of the page row. A re-extraction's version was set when the page was claimed (lib/db/template-pages.ts claimStalePage).
  const version = ctx.reextract ? undefined : used?.version ?? null;
  let stored: IngestResult;
  if (!result.ok) {
    const existing = ctx.reextract ? await inStepAsync("store_failed", () => findArticleByPage(db, page.pageId)) : null;
    // Re-extraction that would leave too little text keeps the stored article rather than losing it.
    if (existing) return { outcome: "article", reason: `kept the stored article: ${result.detail}`, pageId: page.pageId, articleId: existing.id };
    await timeStageAsync(clock, "db: outcome", () => inStepAsync("store_failed", () => setPageOutcome(db, page.pageId, result.reason, result.detail, version)));
    stored = { outcome: result.reason, reason: result.detail, pageId: page.pageId };
  } else {
    // Database trouble is store_failed; entities and story grouping throw their own key (group_failed).
    stored = await inStepAsync("store_failed", () => storeArticle(db, page, result.article, clock, ctx.reextract ?? false, prepared, version));
  }
  // The template this page made ready (or moved to a new version) is used for the pages held back for it, once this page is committed.
  if (ctx.awaitTemplate && ready && ready.version !== before) await afterCommit(db, (plain) => releaseAwaitingPages(plain, page.siteId, ctx));
  return stored;
}

/**
 * Extract the site's held-back pages now (with its template when it is ready, without one otherwise);
 * each is claimed first, so a page is extracted once however many workers release the site.
 */
export async function releaseAwaitingPages(db: Db, siteId: number, ctx: IngestContext = {}): Promise<IngestResult[]> {
  const out: IngestResult[] = [];
  for (const id of await inStepAsync("store_failed", () => claimAwaitingPages(db, siteId))) {
    try {
      // Their entries joined the template when they arrived: not learnt twice.
      const res = await reprocessPage(db, id, { ...ctx, awaitTemplate: false, reextract: false }, { learn: false });
      if (res) out.push(res);
    } catch (err) {
      // The held-back page's own failure: stored on its URL, retried like one at fetch time (errors.ts).
      const error = toPipelineError(err);
      const decision = decideRetry(error, await pageAttempts(db, id), ctx.maxAttempts ?? crawlDefaults.maxAttempts);
      await recordReleasedPageFailure(db, id, error.key, error.message, decision.retry ? decision.delayMs : null);
      await recordSiteError(db, siteId, error.key);
      log.error({ err: error.cause ?? err, key: error.key, pageId: id }, "held-back page failed when its template was ready");
    }
  }
  return out;
}

/**
 * 3–5 of ingestPage: duplicates, the article row (an admin's label overrides the classifier), entities and story, the
 * page's outcome (with `templateVersion`, unless undefined).
 */
async function storeArticle(
  db: Db, page: { pageId: number; siteId: number; finalUrl: string }, draft: ArticleDraft, clock: StageClock | undefined, reextract: boolean,
  prepared: PreparedGrouping | null, templateVersion: number | null | undefined,
): Promise<IngestResult> {
  const { existing, found } = await timeStageAsync(clock, "db: dedup", async () => {
    const existing = await findArticleByPage(db, page.pageId);
    const found = await findDuplicate(db, {
      url: draft.url, contentHash: draft.contentHash, simhash: draft.simhash, excludeArticleId: existing?.id ?? undefined,
    });
    return { existing, found };
  });
  const existingId = existing?.id ?? null;
  // On re-processing, the page's own copies point back at it: an article is never its own duplicate.
  const dup = found && found.originalId !== existingId ? found : null;
  if (dup?.kind === "canonical") {
    const reason = `same canonical URL as article ${dup.originalId}`;
    await timeStageAsync(clock, "db: outcome", () => setPageOutcome(db, page.pageId, "duplicate", reason, templateVersion));
    return { outcome: "duplicate", reason, pageId: page.pageId };
  }
  let saved: { article: { id: number }; label: Awaited<ReturnType<typeof findNewestLabel>> };
  try {
    // Behind a savepoint: a URL taken meanwhile fails only these statements, and the page's transaction goes on.
    saved = await timeStageAsync(clock, "db: article", () => withSavepoint(db, async () => {
      const label = await findNewestLabel(db, page.pageId, [page.finalUrl, draft.url]);
      const article = await saveArticle(db, page.pageId, page.siteId, draft, new Date(), label?.isNews ?? null);
      await saveDedupResult(db, article.id, draft.simhash, dup);
      await adoptSiteName(db, page.siteId, draft.siteName);
      return { article, label };
    }));
  } catch (err) {
    // Another worker stored this canonical URL since the duplicate check: this page is its duplicate.
    if (!(err instanceof ArticleUrlTakenError)) throw err;
    const again = await findDuplicate(db, { url: draft.url, contentHash: draft.contentHash, simhash: draft.simhash, excludeArticleId: existingId ?? undefined });
    if (again?.kind !== "canonical") throw err;
    const reason = `same canonical URL as article ${again.originalId}`;
    await timeStageAsync(clock, "db: outcome", () => setPageOutcome(db, page.pageId, "duplicate", reason, templateVersion));
    return { outcome: "duplicate", reason, pageId: page.pageId };
  }
  const { article, label } = saved;
  const isNews = label?.isNews ?? draft.isNews;
  // A re-processed article keeps the story it already has, unless it is no longer news; a re-extracted
  // one whose text changed follows its text.
  if (!dup && isNews && !existing?.storyId) await inStepAsync("group_failed", () => groupArticle(db, article.id, draft, clock, prepared));
  else if (!dup && isNews && existing?.storyId && reextract && existing.contentHash !== draft.contentHash) {
    const from = existing.storyId;
    const to = await inStepAsync("group_failed", () => groupArticle(db, article.id, draft, clock, prepared));
    // Folding an emptied story and refolding one that lost an article run on Prisma's client: after the commit.
    await afterCommit(db, (plain) => followStory(plain, from, to));
  }
  if (!isNews && existing?.storyId) await afterCommit(db, (plain) => inStepAsync("group_failed", () => removeArticleFromStory(plain, article.id)));
  const [outcome, reason]: [IngestOutcome, string] = dup
    ? ["duplicate", `${dup.kind} duplicate of article ${dup.originalId}`]
    : label ? [isNews ? "article" : "not_news", labelReason(label.isNews)]
    : isNews ? ["article", draft.decisionReason] : ["not_news", draft.decisionReason];
  await timeStageAsync(clock, "db: outcome", () => setPageOutcome(db, page.pageId, outcome, reason, templateVersion));
  return { outcome, reason, pageId: page.pageId, articleId: article.id };
}

/** The entity tagger over the article's title and whole text (lib/entities): its chips and the entity filter. */
function tagArticle(draft: GroupableArticle, clock?: StageClock): EntityMention[] {
  return timeStage(clock, "entities", () => inStep("group_failed", () => extractEntities(entityInputOf(draft), { lang: draft.lang })));
}

/** The story evidence: the tagger's mentions in the title and lead, counted (lib/stories/evidence.ts). */
function evidenceOf(mentions: EntityMention[], draft: GroupableArticle, clock?: StageClock): EntityCount[] {
  return timeStage(clock, "story evidence", () => inStep("group_failed", () => storyEvidence(mentions, draft)));
}

/** The page outcome's reason when an admin's label decided. */
export function labelReason(isNews: boolean): string {
  return `admin label: ${isNews ? "news" : "not news"}`;
}

/** What story grouping reads of an article. */
export type GroupableArticle = Pick<ArticleDraft, "title" | "lead" | "text" | "publishedAt" | "url" | "lang">;

/**
 * Entities of an original news article (the trained tagger over the whole text, for chips and the
 * filter), then the story it belongs to (story evidence: those of its mentions in the title and lead).
 */
export async function groupArticle(db: Db, articleId: number, draft: GroupableArticle, clock?: StageClock, prepared: PreparedGrouping | null = null): Promise<number> {
  const mentions = prepared?.mentions ?? tagArticle(draft, clock);
  await timeStageAsync(clock, "db: entities", () => inStepAsync("store_failed", () => saveArticleEntities(db, articleId, mentions)));
  const entities = prepared?.entities ?? evidenceOf(mentions, draft, clock);
  return timeStageAsync(clock, "story", () => assignStory(db, {
    id: articleId, title: draft.title, lead: draft.lead, text: draft.text,
    publishedAt: draft.publishedAt ?? undefined, url: draft.url, lang: draft.lang, entities,
  }));
}

// One fetched page in, one stored outcome out. The worker, `lede reprocess` and `lede warc import`
// all come through here; the pure decisions live in process.ts.
import type { Db } from "../db/client.ts";
import { decodeHtml, type DecodedHtml } from "../encoding/decode.ts";
import { savePage, setPageOutcome, loadStoredPage, type FetchedPage } from "../db/pages.ts";
import { ArticleUrlTakenError, saveArticle, findArticleByPage } from "../db/articles.ts";
import { findDuplicate, saveDedupResult } from "../db/dedup.ts";
import { saveArticleEntities } from "../db/entities.ts";
import { assignStory } from "../db/stories.ts";
import { extractEntities } from "../entities/extract-entities.ts";
import { parseHtml, type CheerioAPI } from "../extract/dom.ts";
import { isTemplateReady, pageEntries } from "../extract/template.ts";
import { processPage, type ArticleDraft, type PageClassifier } from "./process.ts";
import { getPageClassifier, getTemplate, learnTemplate } from "./context.ts";
import { inStep, inStepAsync } from "./errors.ts";
import { timeStage, timeStageAsync, type StageClock } from "./stage-clock.ts";

export type IngestOutcome = "article" | "not_news" | "duplicate" | "too_short";

export interface IngestInput extends FetchedPage {
  /** Already decoded by the caller (the worker decodes to find links); decoded here otherwise. */
  decoded?: DecodedHtml;
  /**
   * `decoded.text` already parsed with parseHtml (lib/extract/dom.ts), e.g. by the worker for links:
   * reused for template entries, classifier and extraction. The pipeline MODIFIES it (extraction).
   */
  document?: CheerioAPI;
}

export interface IngestContext {
  /** Classifier to use; default: the active model (lib/pipeline/context.ts). null: every article counts as news. */
  classify?: PageClassifier | null;
  /** Use and update the site's template (default true). */
  templates?: boolean;
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
 */
export async function ingestPage(db: Db, input: IngestInput, ctx: IngestContext = {}): Promise<IngestResult> {
  const decoded = input.decoded ?? timeStage(ctx.clock, "decode", () => inStep("extract_failed", () => decodeHtml(input.body, input.contentType)));
  const { document, decoded: _decoded, ...fetched } = input;
  void _decoded;
  const page = await timeStageAsync(ctx.clock, "db: page", () =>
    inStepAsync("store_failed", () => savePage(db, { ...fetched, charset: decoded.charset, charsetSource: decoded.source })));
  return processStoredPage(db, { pageId: page.id, siteId: input.siteId, finalUrl: input.finalUrl, html: decoded.text, document: input.decoded ? document : undefined }, ctx);
}

/** Re-run extraction and everything after it on a stored page, without fetching. */
export async function reprocessPage(db: Db, pageId: number, ctx: IngestContext = {}): Promise<IngestResult | null> {
  const stored = await loadStoredPage(db, pageId);
  if (!stored) return null;
  const decoded = decodeHtml(stored.body, stored.contentType);
  return processStoredPage(db, { pageId, siteId: stored.siteId, finalUrl: stored.finalUrl, html: decoded.text }, ctx);
}

async function processStoredPage(
  db: Db,
  page: { pageId: number; siteId: number; finalUrl: string; html: string; document?: CheerioAPI },
  ctx: IngestContext,
): Promise<IngestResult> {
  const { clock } = ctx;
  const classify = ctx.classify === undefined ? await inStepAsync("classify_failed", () => getPageClassifier(db)) : ctx.classify;
  const useTemplates = ctx.templates ?? true;
  const template = useTemplates ? await inStepAsync("extract_failed", () => getTemplate(db, page.siteId)) : null;
  // One parse serves template entries (read first), classifier facts and extraction (which modifies it).
  const document = page.document ?? timeStage(clock, "parse", () => inStep("extract_failed", () => parseHtml(page.html)));
  const entries = useTemplates ? timeStage(clock, "template", () => inStep("extract_failed", () => pageEntries(document))) : null;
  const result = processPage({
    finalUrl: page.finalUrl, html: page.html, classify, template: template && isTemplateReady(template) ? template : null, document, clock,
  });
  if (entries) await timeStageAsync(clock, "template", () => inStepAsync("extract_failed", () => learnTemplate(db, page.siteId, entries)));
  if (!result.ok) {
    await timeStageAsync(clock, "db: outcome", () => inStepAsync("store_failed", () => setPageOutcome(db, page.pageId, result.reason, result.detail)));
    return { outcome: result.reason, reason: result.detail, pageId: page.pageId };
  }
  const draft = result.article;
  // Database trouble is store_failed; entities and story grouping throw their own key (group_failed).
  return inStepAsync("store_failed", () => storeArticle(db, page, draft, clock));
}

/** 3–5 of ingestPage: duplicates, the article row, entities and story, the page's outcome. */
async function storeArticle(db: Db, page: { pageId: number; siteId: number }, draft: ArticleDraft, clock: StageClock | undefined): Promise<IngestResult> {
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
    await timeStageAsync(clock, "db: outcome", () => setPageOutcome(db, page.pageId, "duplicate", reason));
    return { outcome: "duplicate", reason, pageId: page.pageId };
  }
  let article: { id: number };
  try {
    article = await timeStageAsync(clock, "db: article", async () => {
      const saved = await saveArticle(db, page.pageId, page.siteId, draft);
      await saveDedupResult(db, saved.id, draft.simhash, dup);
      return saved;
    });
  } catch (err) {
    // Another worker stored this canonical URL since the duplicate check: this page is its duplicate.
    if (!(err instanceof ArticleUrlTakenError)) throw err;
    const again = await findDuplicate(db, { url: draft.url, contentHash: draft.contentHash, simhash: draft.simhash, excludeArticleId: existingId ?? undefined });
    if (again?.kind !== "canonical") throw err;
    const reason = `same canonical URL as article ${again.originalId}`;
    await timeStageAsync(clock, "db: outcome", () => setPageOutcome(db, page.pageId, "duplicate", reason));
    return { outcome: "duplicate", reason, pageId: page.pageId };
  }
  // A re-processed article keeps the story it already has.
  if (!dup && draft.isNews && !existing?.storyId) await inStepAsync("group_failed", () => groupArticle(db, article.id, draft, clock));
  const [outcome, reason]: [IngestOutcome, string] = dup
    ? ["duplicate", `${dup.kind} duplicate of article ${dup.originalId}`]
    : draft.isNews ? ["article", draft.decisionReason] : ["not_news", draft.decisionReason];
  await timeStageAsync(clock, "db: outcome", () => setPageOutcome(db, page.pageId, outcome, reason));
  return { outcome, reason, pageId: page.pageId, articleId: article.id };
}

/**
 * Characters of article text (after the title) searched for entities: the lead the story grouping was
 * tuned on (bench:stories reads entities from the first leadChars = 1,200 characters, lib/stories/settings.ts),
 * so the entities the crawler hands to assignStory weigh what the tuning measured. Recognition
 * (compromise) costs ~12 ms per 1,000 characters: at 5,000 it was 35 % of the crawl's CPU (49 ms of
 * 141 per page); at 1,200 it is ~18 ms (120 WCXB articles: 60 → 18 CPU ms). The cost for the entity
 * chips and the entity filter: they show who is named in the title and the first paragraphs (the
 * inverted pyramid); of the 3 most-mentioned entities in the first 5,000 characters, 44 % are named
 * in the first 1,200 (the rest only further down).
 */
const ENTITY_TEXT_CHARS = 1_200;

/** Title and the start of the text cut at a word boundary, for entity recognition. */
function entityInput(draft: ArticleDraft): string {
  const cut = draft.text.length > ENTITY_TEXT_CHARS ? draft.text.slice(0, ENTITY_TEXT_CHARS).replace(/\s+\S*$/, "") : draft.text;
  return `${draft.title}\n\n${cut}`;
}

/** Entities of an original news article, then the story it belongs to. */

async function groupArticle(db: Db, articleId: number, draft: ArticleDraft, clock: StageClock | undefined): Promise<void> {
  const mentions = timeStage(clock, "entities", () => inStep("group_failed", () => extractEntities(entityInput(draft))));
  const entities = await timeStageAsync(clock, "db: entities", () => inStepAsync("store_failed", () => saveArticleEntities(db, articleId, mentions)));
  await timeStageAsync(clock, "story", () => assignStory(db, {
    id: articleId, title: draft.title, lead: draft.lead, text: draft.text,
    publishedAt: draft.publishedAt ?? undefined, url: draft.url, entities,
  }));
}

// One fetched page in, one stored outcome out. The worker, `lede reprocess` and `lede warc import`
// all come through here; the pure decisions live in process.ts.
import type { Db } from "../db/client.ts";
import { decodeHtml, type DecodedHtml } from "../encoding/decode.ts";
import { savePage, setPageOutcome, loadStoredPage, type FetchedPage } from "../db/pages.ts";
import { saveArticle, findArticleByPage } from "../db/articles.ts";
import { findDuplicate, saveDedupResult } from "../db/dedup.ts";
import { saveArticleEntities } from "../db/entities.ts";
import { assignStory } from "../db/stories.ts";
import { extractEntities } from "../entities/extract-entities.ts";
import { isTemplateReady } from "../extract/template.ts";
import { processPage, type ArticleDraft, type PageClassifier } from "./process.ts";
import { getPageClassifier, getTemplate, learnTemplate } from "./context.ts";

export type IngestOutcome = "article" | "not_news" | "duplicate" | "too_short";

export interface IngestInput extends FetchedPage {
  /** Already decoded by the caller (the worker decodes to find links); decoded here otherwise. */
  decoded?: DecodedHtml;
}

export interface IngestContext {
  /** Classifier to use; default: the active model (lib/pipeline/context.ts). null: every article counts as news. */
  classify?: PageClassifier | null;
  /** Use and update the site's template (default true). */
  templates?: boolean;
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
  const decoded = input.decoded ?? decodeHtml(input.body, input.contentType);
  const page = await savePage(db, { ...input, charset: decoded.charset, charsetSource: decoded.source });
  return processStoredPage(db, { pageId: page.id, siteId: input.siteId, finalUrl: input.finalUrl, html: decoded.text }, ctx);
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
  page: { pageId: number; siteId: number; finalUrl: string; html: string },
  ctx: IngestContext,
): Promise<IngestResult> {
  const classify = ctx.classify === undefined ? await getPageClassifier(db) : ctx.classify;
  const useTemplates = ctx.templates ?? true;
  const template = useTemplates ? await getTemplate(db, page.siteId) : null;
  const result = processPage({
    finalUrl: page.finalUrl, html: page.html, classify, template: template && isTemplateReady(template) ? template : null,
  });
  if (useTemplates) await learnTemplate(db, page.siteId, page.html);
  if (!result.ok) {
    await setPageOutcome(db, page.pageId, result.reason, result.detail);
    return { outcome: result.reason, reason: result.detail, pageId: page.pageId };
  }
  const draft = result.article;
  const existing = await findArticleByPage(db, page.pageId);
  const existingId = existing?.id ?? null;
  const found = await findDuplicate(db, {
    url: draft.url, contentHash: draft.contentHash, simhash: draft.simhash, excludeArticleId: existingId ?? undefined,
  });
  // On re-processing, the page's own copies point back at it: an article is never its own duplicate.
  const dup = found && found.originalId !== existingId ? found : null;
  if (dup?.kind === "canonical") {
    const reason = `same canonical URL as article ${dup.originalId}`;
    await setPageOutcome(db, page.pageId, "duplicate", reason);
    return { outcome: "duplicate", reason, pageId: page.pageId };
  }
  const article = await saveArticle(db, page.pageId, page.siteId, draft);
  await saveDedupResult(db, article.id, draft.simhash, dup);
  // A re-processed article keeps the story it already has.
  if (!dup && draft.isNews && !existing?.storyId) await groupArticle(db, article.id, draft);
  const [outcome, reason]: [IngestOutcome, string] = dup
    ? ["duplicate", `${dup.kind} duplicate of article ${dup.originalId}`]
    : draft.isNews ? ["article", draft.decisionReason] : ["not_news", draft.decisionReason];
  await setPageOutcome(db, page.pageId, outcome, reason);
  return { outcome, reason, pageId: page.pageId, articleId: article.id };
}

/** Entities of an original news article, then the story it belongs to. */
async function groupArticle(db: Db, articleId: number, draft: ArticleDraft): Promise<void> {
  const entities = await saveArticleEntities(db, articleId, extractEntities(`${draft.title}\n\n${draft.text}`));
  await assignStory(db, {
    id: articleId, title: draft.title, lead: draft.lead, text: draft.text,
    publishedAt: draft.publishedAt ?? undefined, url: draft.url, entities,
  });
}

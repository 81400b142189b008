// The review loop's write side: an admin's "news or not?" answer takes effect at once. Every reader
// (News, story pages, the feeds, search, the JSON API) filters on Article."isNews", the effective
// decision; this is the one place a label changes it (ingest.ts applies stored labels on re-crawl).
import type { Db } from "../db/client.ts";
import { addPageLabel, type LabelRow } from "../db/labels.ts";
import { findArticleStateByPage, setArticleDecision } from "../db/articles.ts";
import { setPageOutcome } from "../db/pages.ts";
import { removeArticleFromStory } from "../db/stories.ts";
import { groupArticle, labelReason } from "./ingest.ts";

export interface LabelEffect {
  /** The page's article, when it has one (a page rejected before extraction has none). */
  articleId: number | null;
  /** "removed": taken off News and its story; "restored": back on News (in a story); "unchanged". */
  change: "removed" | "restored" | "unchanged";
  /** The story the article left or joined. */
  storyId: number | null;
  /** Set when the story it left had no other news article and was deleted. */
  storyDeleted: boolean;
}

/**
 * Make a page's newest label its effective decision:
 *   1. the article's "isNews" becomes the label's answer (its classifier decision stays in "modelIsNews");
 *   2. "not news": the article leaves its story (the story is refolded without it, or deleted when it
 *      has no other news article); "news": an original article without a story is grouped into one;
 *   3. the page's outcome says an admin decided.
 */
export async function applyLabelToPage(db: Db, pageId: number, isNews: boolean): Promise<LabelEffect> {
  const article = await findArticleStateByPage(db, pageId);
  if (!article) return { articleId: null, change: "unchanged", storyId: null, storyDeleted: false };
  const wasNews = article.isNews;
  if (wasNews !== isNews) await setArticleDecision(db, article.id, isNews);
  let effect: LabelEffect = { articleId: article.id, change: "unchanged", storyId: article.storyId, storyDeleted: false };
  if (!isNews && article.storyId !== null) {
    const left = await removeArticleFromStory(db, article.id);
    effect = { ...effect, change: "removed", storyId: left?.storyId ?? null, storyDeleted: left?.remaining === 0 };
  } else if (!isNews && wasNews) {
    effect = { ...effect, change: "removed" };
  } else if (isNews && article.duplicateOfId === null && article.storyId === null) {
    await groupArticle(db, article.id, article);
    const joined = await findArticleStateByPage(db, pageId);
    effect = { ...effect, change: "restored", storyId: joined?.storyId ?? null };
  } else if (isNews && !wasNews) {
    effect = { ...effect, change: "restored" };
  }
  if (article.duplicateOfId === null) await setPageOutcome(db, pageId, isNews ? "article" : "not_news", labelReason(isNews));
  return effect;
}

/** Label a stored page (the review buttons and POST /api/labels) and apply it. */
export async function labelPage(
  db: Db, pageId: number, isNews: boolean, note?: string,
): Promise<{ ok: true; label: LabelRow; effect: LabelEffect } | { ok: false; reason: "page_not_found" }> {
  const res = await addPageLabel(db, pageId, isNews, note);
  if (!res.ok) return res;
  return { ok: true, label: res.label, effect: await applyLabelToPage(db, pageId, isNews) };
}

/** Apply an imported label to the page stored under its URL, if there is one. */
export async function applyImportedLabel(db: Db, label: Pick<LabelRow, "pageId" | "isNews">): Promise<LabelEffect | null> {
  return label.pageId === null ? null : applyLabelToPage(db, label.pageId, label.isNews);
}

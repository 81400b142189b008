// Articles: what the pipeline made of a page. The two calls below run once per crawled page, so they
// are raw SQL (the ORM compiles every call in its query compiler: ~2 ms CPU each on this machine).
import type { Db } from "./client.ts";
import { queryRows } from "./direct.ts";
import type { ArticleDraft } from "../pipeline/process.ts";
import { columns, excludedAssignments, join, sql } from "./sql.ts";

/** Draft fields stored as Article columns of the same name, in INSERT order. */
const DRAFT_COLUMNS = [
  "url", "title", "text", "html", "lead", "author", "publishedAt", "modifiedAt", "lang", "imageUrl", "siteName", "method",
  "methodReason", "textLength", "newsScore", "isNews", "decisionReason", "modelVersionId", "contentHash", "simhash",
] as const satisfies readonly (keyof ArticleDraft)[];

/** Another page's article already has this URL: it was stored by a concurrent worker since the duplicate check. */
export class ArticleUrlTakenError extends Error {
  readonly key = "article_url_taken";
  constructor(readonly url: string) {
    super(`an article with URL ${url} is already stored`);
  }
}

/** A unique-constraint violation on Article.url, as either engine reports it. */
function isArticleUrlConflict(err: unknown): boolean {
  const text = `${(err as Error)?.message ?? ""} ${JSON.stringify((err as { meta?: unknown })?.meta ?? {})}`;
  return /Article_url_key|Article\.url/.test(text);
}

/**
 * Insert the article of a page, or replace it when the page is re-processed (its duplicate link is
 * cleared, its story and creation time kept). One raw upsert on the unique pageId; ArticleUrlTakenError
 * when another page's article took the URL meanwhile (two workers storing one article at once). The
 * draft's decision is stored as "modelIsNews"; "isNews", which readers filter on, is the admin's label
 * when there is one (`labelIsNews`), else the draft's.
 */
export async function saveArticle(
  db: Db, pageId: number, siteId: number, draft: ArticleDraft, now = new Date(), labelIsNews: boolean | null = null,
): Promise<{ id: number }> {
  const names = ["siteId", ...DRAFT_COLUMNS, "modelIsNews"];
  const values = [siteId, ...DRAFT_COLUMNS.map((c) => (c === "isNews" ? (labelIsNews ?? draft.isNews) : (draft[c] ?? null))), draft.isNews];
  const rows = await queryRows<{ id: number | bigint }[]>(db, sql`
    INSERT INTO "Article" ("pageId", ${columns(names)}, "createdAt") VALUES (${pageId}, ${join(values)}, ${now})
    ON CONFLICT ("pageId") DO UPDATE SET ${excludedAssignments(names)}, "duplicateOfId" = NULL, "duplicateKind" = NULL
    RETURNING "id"`).catch((err: unknown) => {
    throw isArticleUrlConflict(err) ? new ArticleUrlTakenError(draft.url) : err;
  });
  return { id: Number(rows[0]!.id) };
}

/** What the review loop needs of an article: its decision, story and the fields story grouping reads. */
export interface LabelledArticleState {
  id: number;
  pageId: number;
  url: string;
  title: string;
  lead: string;
  text: string;
  publishedAt: Date | null;
  lang: string | null;
  isNews: boolean;
  modelIsNews: boolean;
  decisionReason: string | null;
  duplicateOfId: number | null;
  storyId: number | null;
}

export async function findArticleStateByPage(db: Db, pageId: number): Promise<LabelledArticleState | null> {
  return db.article.findUnique({
    where: { pageId },
    select: {
      id: true, pageId: true, url: true, title: true, lead: true, text: true, publishedAt: true, lang: true, isNews: true, modelIsNews: true,
      decisionReason: true, duplicateOfId: true, storyId: true,
    },
  });
}

/** Set the decision readers see (the review loop: an admin's label overrides the classifier). */
export async function setArticleDecision(db: Db, articleId: number, isNews: boolean): Promise<void> {
  await db.article.update({ where: { id: articleId }, data: { isNews } });
}

export async function findArticleByPage(db: Db, pageId: number): Promise<{ id: number; storyId: number | null; contentHash: string } | null> {
  const rows = await queryRows<{ id: number | bigint; storyId: number | bigint | null; contentHash: string }[]>(db, 
    sql`SELECT "id", "storyId", "contentHash" FROM "Article" WHERE "pageId" = ${pageId}`,
  );
  const r = rows[0];
  return r ? { id: Number(r.id), storyId: r.storyId === null ? null : Number(r.storyId), contentHash: r.contentHash } : null;
}

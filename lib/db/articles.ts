// Articles: what the pipeline made of a page. The two calls below run once per crawled page, so they
// are raw SQL (the ORM compiles every call in its query compiler: ~2 ms CPU each on this machine).
import type { Db } from "./client.ts";
import type { ArticleDraft } from "../pipeline/process.ts";

/** Draft fields stored as Article columns of the same name, in INSERT order. */
const DRAFT_COLUMNS = [
  "url", "title", "text", "html", "lead", "author", "publishedAt", "modifiedAt", "lang", "imageUrl", "siteName", "method",
  "methodReason", "textLength", "newsScore", "isNews", "decisionReason", "modelVersionId", "contentHash", "simhash",
] as const satisfies readonly (keyof ArticleDraft)[];

/** A DateTime as the Prisma SQLite adapter stores it ("…+00:00"). */
function dbTime(d: Date): string {
  return d.toISOString().replace(/Z$/, "+00:00");
}

/** A draft value as SQLite stores it (dates as the adapter writes them, booleans as 0/1). */
function columnValue(v: ArticleDraft[keyof ArticleDraft]): unknown {
  if (v instanceof Date) return dbTime(v);
  if (typeof v === "boolean") return v ? 1 : 0;
  return v;
}

/**
 * Insert the article of a page, or replace it when the page is re-processed (its duplicate link is
 * cleared, its story and creation time kept). One raw upsert on the unique pageId. The draft's
 * decision is stored as "modelIsNews"; "isNews", which readers filter on, is the admin's label when
 * there is one (`labelIsNews`), else the draft's.
 */
export async function saveArticle(
  db: Db, pageId: number, siteId: number, draft: ArticleDraft, now = new Date(), labelIsNews: boolean | null = null,
): Promise<{ id: number }> {
  const names = ["siteId", ...DRAFT_COLUMNS, "modelIsNews"].map((c) => `"${c}"`);
  const values = DRAFT_COLUMNS.map((c) => (c === "isNews" ? columnValue(labelIsNews ?? draft.isNews) : columnValue(draft[c])));
  const rows = await db.$queryRawUnsafe<{ id: number | bigint }[]>(
    `INSERT INTO "Article" ("pageId", ${names.join(", ")}, "createdAt") VALUES (?, ${names.map(() => "?").join(", ")}, ?)
     ON CONFLICT ("pageId") DO UPDATE SET ${names.map((n) => `${n} = excluded.${n}`).join(", ")}, "duplicateOfId" = NULL, "duplicateKind" = NULL
     RETURNING "id"`,
    pageId, siteId, ...values, columnValue(draft.isNews), dbTime(now),
  );
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
  const rows = await db.$queryRawUnsafe<{ id: number | bigint; storyId: number | bigint | null; contentHash: string }[]>(
    `SELECT "id", "storyId", "contentHash" FROM "Article" WHERE "pageId" = ?`, pageId,
  );
  const r = rows[0];
  return r ? { id: Number(r.id), storyId: r.storyId === null ? null : Number(r.storyId), contentHash: r.contentHash } : null;
}

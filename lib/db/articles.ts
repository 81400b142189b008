// Articles: what the pipeline made of a page.
import type { Db } from "./client.ts";
import type { ArticleDraft } from "../pipeline/process.ts";

/** Insert the article of a page, or replace it when the page is re-processed. */
export async function saveArticle(db: Db, pageId: number, siteId: number, draft: ArticleDraft): Promise<{ id: number }> {
  const data = { ...draft, siteId };
  return db.article.upsert({
    where: { pageId },
    create: { pageId, ...data },
    update: { ...data, duplicateOfId: null, duplicateKind: null },
    select: { id: true },
  });
}

export async function findArticleByPage(db: Db, pageId: number): Promise<{ id: number; storyId: number | null } | null> {
  return db.article.findUnique({ where: { pageId }, select: { id: true, storyId: true } });
}

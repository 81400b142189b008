// Read model for GET /api/articles: newest news articles, keyset-paged by id.
import type { Db } from "./client.ts";

export const MAX_ARTICLES_PAGE = 100;

export interface ArticleListItem {
  id: number;
  title: string;
  url: string;
  siteId: number;
  siteName: string;
  lang: string | null;
  lead: string;
  publishedAt: string | null;
  createdAt: string;
  storyId: number | null;
}

export async function listRecentArticles(db: Db, opts: { limit?: number; siteId?: number; lang?: string; beforeId?: number } = {}): Promise<ArticleListItem[]> {
  const rows = await db.article.findMany({
    where: {
      isNews: true, duplicateOfId: null,
      ...(opts.siteId ? { siteId: opts.siteId } : {}), ...(opts.lang ? { lang: opts.lang } : {}),
      ...(opts.beforeId ? { id: { lt: opts.beforeId } } : {}),
    },
    orderBy: { id: "desc" },
    take: Math.min(Math.max(opts.limit ?? 30, 1), MAX_ARTICLES_PAGE),
    select: { id: true, title: true, url: true, siteId: true, siteName: true, lang: true, lead: true, publishedAt: true, createdAt: true, storyId: true, site: { select: { name: true } } },
  });
  return rows.map((r) => ({
    id: r.id, title: r.title, url: r.url, siteId: r.siteId, siteName: r.siteName || r.site.name, lang: r.lang, lead: r.lead,
    publishedAt: r.publishedAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(), storyId: r.storyId,
  }));
}

/** A page of articles and the `before` id of the next (older) page, null on the last page. */
export async function listRecentArticlesPage(db: Db, opts: Parameters<typeof listRecentArticles>[1] = {}): Promise<{ articles: ArticleListItem[]; next: number | null }> {
  const limit = Math.min(Math.max(opts.limit ?? 30, 1), MAX_ARTICLES_PAGE);
  const articles = await listRecentArticles(db, { ...opts, limit });
  return { articles, next: articles.length === limit ? articles[articles.length - 1]!.id : null };
}

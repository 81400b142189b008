// Read models for the News page and its JSON API.
import type { Db } from "./client.ts";

export interface NewsArticle {
  id: number;
  title: string;
  url: string;
  siteName: string;
  publishedAt: string | null;
  createdAt: string;
  lead: string;
}

export interface NewsStory {
  id: string; // "s<id>" for a story, "a<id>" for an article not yet in a story
  storyId: number | null;
  headline: string;
  lastSeenAt: string;
  firstSeenAt: string;
  articleCount: number;
  sourceCount: number;
  entities: string[];
  articles: NewsArticle[];
}

/** Articles shown per story card in the list. */
const ARTICLES_PER_CARD = 4;

const articleSelect = {
  id: true, title: true, url: true, publishedAt: true, createdAt: true, lead: true, storyId: true,
  siteName: true, site: { select: { name: true } },
} as const;

type ArticleRow = {
  id: number; title: string; url: string; publishedAt: Date | null; createdAt: Date; lead: string;
  storyId: number | null; siteName: string | null; site: { name: string };
};

function toNewsArticle(a: ArticleRow): NewsArticle {
  return {
    id: a.id, title: a.title, url: a.url, siteName: a.siteName || a.site.name,
    publishedAt: a.publishedAt?.toISOString() ?? null, createdAt: a.createdAt.toISOString(), lead: a.lead,
  };
}

function parseKeys(json: string): string[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/** Freshest stories first; news articles not yet grouped appear as one-article stories. */
export async function listNews(db: Db, opts: { limit?: number } = {}): Promise<NewsStory[]> {
  const limit = Math.min(Math.max(opts.limit ?? 30, 1), 100);
  const stories = await db.story.findMany({
    where: { mergedIntoId: null, articleCount: { gt: 0 } },
    orderBy: [{ lastSeenAt: "desc" }, { articleCount: "desc" }],
    take: limit,
    select: {
      id: true, headline: true, lastSeenAt: true, firstSeenAt: true, articleCount: true, sourceCount: true, entityKeys: true,
      articles: {
        where: { isNews: true, duplicateOfId: null },
        orderBy: { createdAt: "desc" },
        take: ARTICLES_PER_CARD,
        select: articleSelect,
      },
    },
  });
  const loose = await db.article.findMany({
    where: { isNews: true, duplicateOfId: null, storyId: null },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: articleSelect,
  });
  const cards: NewsStory[] = [
    ...stories.map((s) => ({
      id: `s${s.id}`, storyId: s.id, headline: s.headline,
      lastSeenAt: s.lastSeenAt.toISOString(), firstSeenAt: s.firstSeenAt.toISOString(),
      articleCount: s.articleCount, sourceCount: s.sourceCount, entities: parseKeys(s.entityKeys),
      articles: s.articles.map(toNewsArticle),
    })),
    ...loose.map((a) => ({
      id: `a${a.id}`, storyId: null, headline: a.title,
      lastSeenAt: a.createdAt.toISOString(), firstSeenAt: a.createdAt.toISOString(),
      articleCount: 1, sourceCount: 1, entities: [], articles: [toNewsArticle(a)],
    })),
  ];
  cards.sort((x, y) => y.lastSeenAt.localeCompare(x.lastSeenAt) || y.articleCount - x.articleCount);
  return cards.slice(0, limit);
}

export class NotFoundError extends Error {
  readonly key = "not_found";
}

export async function getArticleOrThrow(db: Db, id: number) {
  const a = await db.article.findUnique({
    where: { id },
    select: {
      id: true, title: true, url: true, html: true, text: true, author: true, publishedAt: true, lang: true,
      method: true, methodReason: true, isNews: true, newsScore: true, decisionReason: true, siteName: true,
      storyId: true, createdAt: true, site: { select: { id: true, name: true } },
    },
  });
  if (!a) throw new NotFoundError(`article ${id} not found`);
  return a;
}

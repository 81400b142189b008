// Read models for the News page and its JSON API: the freshest stories (and news articles not yet
// grouped, as one-article cards), filtered by site, language and entity.
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

export interface EntityChip {
  key: string;
  name: string;
  type: string;
}

export interface NewsStory {
  id: string; // "s<id>" for a story, "a<id>" for an article not yet in a story
  storyId: number | null;
  headline: string;
  lastSeenAt: string;
  firstSeenAt: string;
  articleCount: number;
  sourceCount: number;
  entities: EntityChip[];
  articles: NewsArticle[];
}

export interface NewsFilter {
  siteId?: number;
  lang?: string;
  /** entity key, e.g. "person:barack obama" */
  entity?: string;
}

export interface ListNewsOptions extends NewsFilter {
  limit?: number;
}

/** Articles shown per story card in the list. */
const ARTICLES_PER_CARD = 4;
/** Entity chips per card. */
const CHIPS_PER_CARD = 6;
/** Cards per page by default, and at most. */
export const DEFAULT_NEWS_LIMIT = 30;
export const MAX_NEWS_LIMIT = 100;

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

export function parseEntityKeys(json: string): string[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.map((x) => (typeof x === "string" ? x : String((x as { key?: unknown })?.key ?? x))) : [];
  } catch {
    return [];
  }
}

/** Display form of an entity key when the Entity row is missing: "person:barack obama" → "barack obama". */
function nameFromKey(key: string): string {
  const i = key.indexOf(":");
  return i >= 0 ? key.slice(i + 1) : key;
}

/** Entity chips for keys, with names and types from the Entity table (one query for all cards). */
export async function resolveEntityChips(db: Db, keys: string[]): Promise<Map<string, EntityChip>> {
  const unique = [...new Set(keys)];
  const out = new Map<string, EntityChip>();
  if (unique.length === 0) return out;
  const rows = await db.entity.findMany({ where: { key: { in: unique } }, select: { key: true, name: true, type: true } });
  for (const r of rows) out.set(r.key, r);
  for (const k of unique) if (!out.has(k)) out.set(k, { key: k, name: nameFromKey(k), type: k.split(":")[0]?.toUpperCase() ?? "" });
  return out;
}

/** Where-clause on articles for a filter (news, not duplicates). */
function articleWhere(f: NewsFilter) {
  return {
    isNews: true,
    duplicateOfId: null,
    ...(f.siteId ? { siteId: f.siteId } : {}),
    ...(f.lang ? { lang: f.lang } : {}),
    ...(f.entity ? { entities: { some: { entity: { key: f.entity } } } } : {}),
  };
}

function hasFilter(f: NewsFilter): boolean {
  return !!(f.siteId || f.lang || f.entity);
}

/**
 * Freshest stories first; news articles not yet grouped appear as one-article stories.
 * Two indexed reads: stories by lastSeenAt, then loose articles by createdAt no older than the
 * last story shown (older ones could not make the page), so the cost does not grow with the archive.
 */
export async function listNews(db: Db, opts: ListNewsOptions = {}): Promise<NewsStory[]> {
  const limit = Math.min(Math.max(opts.limit ?? DEFAULT_NEWS_LIMIT, 1), MAX_NEWS_LIMIT);
  const filtered = hasFilter(opts);
  const stories = await db.story.findMany({
    where: { mergedIntoId: null, articleCount: { gt: 0 }, ...(filtered ? { articles: { some: articleWhere(opts) } } : {}) },
    orderBy: [{ lastSeenAt: "desc" }, { articleCount: "desc" }],
    take: limit,
    select: {
      id: true, headline: true, lastSeenAt: true, firstSeenAt: true, articleCount: true, sourceCount: true, entityKeys: true,
      articles: { where: articleWhere(opts), orderBy: { createdAt: "desc" }, take: ARTICLES_PER_CARD, select: articleSelect },
    },
  });
  const cutoff = stories.length === limit ? stories[stories.length - 1].lastSeenAt : undefined;
  const loose = await db.article.findMany({
    where: { ...articleWhere(opts), storyId: null, ...(cutoff ? { createdAt: { gte: cutoff } } : {}) },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: articleSelect,
  });
  const keysByStory = new Map(stories.map((s) => [s.id, parseEntityKeys(s.entityKeys).slice(0, CHIPS_PER_CARD)]));
  const chips = await resolveEntityChips(db, [...keysByStory.values()].flat());
  const cards: NewsStory[] = [
    ...stories.filter((s) => s.articles.length > 0).map((s) => ({
      id: `s${s.id}`, storyId: s.id, headline: s.headline,
      lastSeenAt: s.lastSeenAt.toISOString(), firstSeenAt: s.firstSeenAt.toISOString(),
      articleCount: s.articleCount, sourceCount: s.sourceCount,
      entities: (keysByStory.get(s.id) ?? []).map((k) => chips.get(k)!),
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

export interface NewsFacets {
  sites: { id: number; name: string }[];
  langs: string[];
}

/** ms the filter choices are cached: sites and languages change rarely, and the language scan is not free. */
const FACETS_TTL_MS = 30_000;
let facetsCache: { at: number; db: Db; value: NewsFacets } | null = null;

/** The choices for the News page's filters. */
export async function listNewsFacets(db: Db, now = Date.now()): Promise<NewsFacets> {
  if (facetsCache && facetsCache.db === db && now - facetsCache.at < FACETS_TTL_MS) return facetsCache.value;
  const [sites, langs] = await Promise.all([
    db.site.findMany({ orderBy: { name: "asc" }, select: { id: true, name: true } }),
    db.article.groupBy({ by: ["lang"], where: { isNews: true, lang: { not: null } } }),
  ]);
  const value = { sites, langs: langs.map((l) => l.lang!).filter(Boolean).sort() };
  facetsCache = { at: now, db, value };
  return value;
}

export class NotFoundError extends Error {
  readonly key = "not_found";
}

export async function getArticleOrThrow(db: Db, id: number) {
  const a = await db.article.findUnique({
    where: { id },
    select: {
      id: true, title: true, url: true, html: true, text: true, lead: true, author: true, publishedAt: true, lang: true,
      method: true, methodReason: true, isNews: true, newsScore: true, decisionReason: true, siteName: true, textLength: true,
      storyId: true, createdAt: true, duplicateOfId: true, duplicateKind: true, modelVersionId: true, imageUrl: true,
      site: { select: { id: true, name: true } },
      page: { select: { id: true, finalUrl: true, charset: true, charsetSource: true, fetchedAt: true } },
      story: { select: { id: true, headline: true, articleCount: true } },
      entities: { select: { mentions: true, entity: { select: { key: true, name: true, type: true } } }, orderBy: { mentions: "desc" }, take: 20 },
    },
  });
  if (!a) throw new NotFoundError(`article ${id} not found`);
  return a;
}

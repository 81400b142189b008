// Read models for the News page and its JSON API: the freshest stories (and news articles not yet
// grouped, as one-article cards), filtered by site, language and entity.
import type { Db } from "./client.ts";
import { cleanTitle, teaser } from "../present/card-text.ts";
import { compareCards } from "../present/card-order.ts";
import { dialect } from "./dialect.ts";
import { join, sql, type Sql } from "./sql.ts";
// The News page's reads run on the driver adapter (lib/db/direct.ts): each costs well under 2 ms in either
// database (EXPLAIN ANALYZE at 100k articles) and as much again or more in Prisma's client.
import { queryRows } from "./direct.ts";

export interface NewsArticle {
  id: number;
  title: string;
  url: string;
  siteName: string;
  publishedAt: string | null;
  createdAt: string;
  /** the teaser: the lead without the headline, cut at a word (lib/present/card-text.ts) */
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
  /** Older cards only: those after this one in the list's order (the cursor of a page's last card). */
  before?: NewsCursor;
}

/**
 * Where a page of cards ends. Cards are ordered by lastSeenAt (newest first), then stories before
 * loose articles, then by id (highest first): a total order, so keyset paging neither skips nor repeats.
 */
export interface NewsCursor {
  at: Date;
  kind: "s" | "a";
  id: number;
}

/** A card's cursor as text: "<ISO time>_<card id>", e.g. "2026-12-01T10:00:00.000Z_s42". */
export function encodeNewsCursor(card: Pick<NewsStory, "id" | "lastSeenAt">): string {
  return `${card.lastSeenAt}_${card.id}`;
}

/** The cursor in `before=`; null when it is not one (the caller answers 400). */
export function decodeNewsCursor(text: string): NewsCursor | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)_([sa])(\d{1,15})$/.exec(text);
  if (!m) return null;
  const at = new Date(m[1]!);
  return Number.isNaN(at.getTime()) ? null : { at, kind: m[2] as "s" | "a", id: Number(m[3]) };
}

/** A page of cards and the cursor of the next (older) page, null on the last page. */
export interface NewsPage {
  stories: NewsStory[];
  next: string | null;
}

/** Articles shown per story card in the list. */
const ARTICLES_PER_CARD = 4;
/** Entity chips per card. */
const CHIPS_PER_CARD = 6;
/** Cards per page by default, and at most. */
export const DEFAULT_NEWS_LIMIT = 30;
export const MAX_NEWS_LIMIT = 100;

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
  const rows = await queryRows<EntityChip[]>(db, sql`SELECT "key", "name", "type" FROM "Entity" WHERE "key" IN (${join(unique)})`);
  for (const r of rows) out.set(r.key, r);
  for (const k of unique) if (!out.has(k)) out.set(k, { key: k, name: nameFromKey(k), type: k.split(":")[0]?.toUpperCase() ?? "" });
  return out;
}

/** A filter with the entity key resolved to its id (null: no such entity, so nothing matches). */
interface ResolvedFilter {
  siteId?: number;
  lang?: string;
  entityId?: number | null;
}

/** SQL conditions on Article alias `a` for the site and language filters. */
function articleConditions(f: ResolvedFilter): Sql[] {
  const where = [sql`a."isNews" = true`, sql`a."duplicateOfId" IS NULL`];
  if (f.siteId) where.push(sql`a."siteId" = ${f.siteId}`);
  if (f.lang) where.push(sql`a."lang" = ${f.lang}`);
  return where;
}

const and = (conds: Sql[]) => join(conds, " AND ");

/**
 * Ids of the freshest stories matching a filter. Each shape drives from its most selective index:
 * no filter walks Story(lastSeenAt); an entity starts from its ArticleEntity rows; a site or
 * language walks Story(lastSeenAt) and probes each story's articles until `limit` stories match.
 */
async function listStories(db: Db, f: ResolvedFilter, limit: number, before?: NewsCursor): Promise<RawStory[]> {
  const { indexedBy } = dialect(db);
  const older = storyCursorCondition(before);
  if (f.entityId) {
    return queryRows<RawStory[]>(db, sql`
      SELECT ${STORY_COLUMNS} FROM "Story" s
       WHERE s."mergedIntoId" IS NULL AND ${older} AND s."id" IN (
         SELECT a."storyId" FROM "ArticleEntity" ae JOIN "Article" a ON a."id" = ae."articleId"
          WHERE ae."entityId" = ${f.entityId} AND ${and(articleConditions(f))})
       ORDER BY s."lastSeenAt" DESC, s."id" DESC LIMIT ${limit}`);
  }
  if (f.siteId || f.lang) {
    return queryRows<RawStory[]>(db, sql`
      SELECT ${STORY_COLUMNS} FROM "Story" s ${indexedBy("Story_lastSeenAt_idx")}
       WHERE s."mergedIntoId" IS NULL AND s."articleCount" > 0 AND ${older}
         AND EXISTS (SELECT 1 FROM "Article" a WHERE a."storyId" = s."id" AND ${and(articleConditions(f))})
       ORDER BY s."lastSeenAt" DESC, s."id" DESC LIMIT ${limit}`);
  }
  return queryRows<RawStory[]>(db, sql`
    SELECT ${STORY_COLUMNS} FROM "Story" s ${indexedBy("Story_lastSeenAt_idx")}
     WHERE s."mergedIntoId" IS NULL AND s."articleCount" > 0 AND ${older} ORDER BY s."lastSeenAt" DESC, s."id" DESC LIMIT ${limit}`);
}

/** A story card's columns, read with its id (no second statement for them). */
const STORY_COLUMNS = sql`s."id" AS "id", s."headline" AS "headline", s."lastSeenAt" AS "lastSeenAt", s."firstSeenAt" AS "firstSeenAt",
  s."articleCount" AS "articleCount", s."sourceCount" AS "sourceCount", s."entityKeys" AS "entityKeys"`;

/** Stories (alias `s`) after the cursor: older, or as old with a lower id when the cursor is a story. */
function storyCursorCondition(before: NewsCursor | undefined): Sql {
  if (!before) return sql`1 = 1`;
  if (before.kind === "a") return sql`s."lastSeenAt" < ${before.at}`;
  // "<=" first, so the index walk starts at the cursor (a range) instead of at the newest story
  return sql`s."lastSeenAt" <= ${before.at} AND (s."lastSeenAt" < ${before.at} OR s."id" < ${before.id})`;
}

/** Loose articles (alias `a`) after the cursor: at the cursor's time, loose articles follow every story. */
function looseCursorCondition(before: NewsCursor | undefined): Sql {
  if (!before) return sql`1 = 1`;
  if (before.kind === "s") return sql`a."createdAt" <= ${before.at}`;
  return sql`a."createdAt" <= ${before.at} AND (a."createdAt" < ${before.at} OR a."id" < ${before.id})`;
}

/**
 * News articles not in a story, newest first, no older than `cutoff`, with their card's columns. Raw SQL so the scan
 * walks Article(isNews, createdAt) backwards and stops after `limit` rows (given the choice,
 * SQLite's planner takes the storyId index for "storyId IS NULL" and sorts every loose article);
 * with an entity it starts from the entity's ArticleEntity rows instead.
 */
async function listLooseArticles(db: Db, f: ResolvedFilter, cutoff: Date | undefined, limit: number, before?: NewsCursor): Promise<RawArticle[]> {
  const from = f.entityId
    ? sql`"ArticleEntity" ae JOIN "Article" a ON a."id" = ae."articleId"`
    : sql`"Article" a ${dialect(db).indexedBy("Article_isNews_createdAt_idx")}`;
  // Unary + keeps SQLite off the storyId index (valid, and harmless, on PostgreSQL).
  const where = [...(f.entityId ? [sql`ae."entityId" = ${f.entityId}`] : []), ...articleConditions(f), sql`+a."storyId" IS NULL`];
  if (cutoff) where.push(sql`a."createdAt" >= ${cutoff}`);
  where.push(looseCursorCondition(before));
  return queryRows<RawArticle[]>(db, sql`
    SELECT ${ARTICLE_COLUMNS} FROM ${from} JOIN "Site" st ON st."id" = a."siteId" WHERE ${and(where)} ORDER BY a."createdAt" DESC, a."id" DESC LIMIT ${limit}`);
}

async function resolveFilter(db: Db, f: NewsFilter): Promise<ResolvedFilter> {
  if (!f.entity) return { siteId: f.siteId, lang: f.lang };
  const [e] = await queryRows<{ id: number | bigint }[]>(db, sql`SELECT "id" FROM "Entity" WHERE "key" = ${f.entity}`);
  return { siteId: f.siteId, lang: f.lang, entityId: e ? Number(e.id) : null };
}

/**
 * Freshest stories first; news articles not yet grouped appear as one-article stories.
 * Indexed reads only: story ids by lastSeenAt, then loose articles by createdAt no older than the
 * last story shown (older ones could not make the page), so the cost does not grow with the archive.
 */
type RawArticle = {
  id: number | bigint; title: string; url: string; publishedAt: string | null; createdAt: string; lead: string;
  storyId: number | bigint | null; siteName: string; siteHost: string;
};

const ARTICLE_COLUMNS = sql`a."id" AS "id", a."title" AS "title", a."url" AS "url", a."publishedAt" AS "publishedAt", a."createdAt" AS "createdAt",
  a."lead" AS "lead", a."storyId" AS "storyId", st."name" AS "siteName", st."host" AS "siteHost"`;

/** Dates come back from raw SQL as Prisma stored them (ISO text) or as epoch ms. */
function isoDate(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  const d = typeof v === "number" || typeof v === "bigint" || /^\d+$/.test(String(v)) ? new Date(Number(v)) : new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

/** A card's article: one name per site (the site's), its title without suffixes, a teaser that does not repeat it. */
function fromRaw(a: RawArticle): NewsArticle {
  const title = cleanTitle(a.title, [a.siteName ?? "", a.siteHost ?? ""]);
  return {
    id: Number(a.id), title, url: a.url, siteName: a.siteName ?? "",
    publishedAt: a.publishedAt === null ? null : isoDate(a.publishedAt), createdAt: isoDate(a.createdAt), lead: teaser(a.lead, [a.title, title]),
  };
}

/** The newest ARTICLES_PER_CARD matching articles of each story, in one windowed query. */
async function listCardArticles(db: Db, storyIds: number[], f: ResolvedFilter): Promise<Map<number, NewsArticle[]>> {
  const cond = articleConditions(f);
  if (f.entityId) cond.push(sql`EXISTS (SELECT 1 FROM "ArticleEntity" ae WHERE ae."articleId" = a."id" AND ae."entityId" = ${f.entityId})`);
  const rows = await queryRows<RawArticle[]>(db, sql`
    SELECT * FROM (
      SELECT ${ARTICLE_COLUMNS}, ROW_NUMBER() OVER (PARTITION BY a."storyId" ORDER BY a."createdAt" DESC) AS "rn"
        FROM "Article" a JOIN "Site" st ON st."id" = a."siteId"
       WHERE a."storyId" IN (${join(storyIds)}) AND ${and(cond)}) ranked
    WHERE "rn" <= ${ARTICLES_PER_CARD} ORDER BY "createdAt" DESC`);
  const out = new Map<number, NewsArticle[]>();
  for (const r of rows) {
    const sid = Number(r.storyId);
    out.set(sid, [...(out.get(sid) ?? []), fromRaw(r)]);
  }
  return out;
}

type RawStory = {
  id: number | bigint; headline: string; lastSeenAt: string; firstSeenAt: string;
  articleCount: number | bigint; sourceCount: number | bigint; entityKeys: string;
};

/**
 * Freshest stories first; news articles not yet grouped appear as one-article stories.
 * Indexed reads only — story ids by lastSeenAt, their newest articles, loose articles by createdAt
 * no older than the last story shown (older ones could not make the page), entity names — so the
 * cost does not grow with the archive. Raw SQL throughout: five round trips instead of Prisma's ten.
 */
export async function listNews(db: Db, opts: ListNewsOptions = {}): Promise<NewsStory[]> {
  return (await listNewsInKeysetOrder(db, opts)).sort(compareCards);
}

/** listNews in the cursor's order (compareKeyset), which decides what one page holds and where the next starts. */
async function listNewsInKeysetOrder(db: Db, opts: ListNewsOptions): Promise<NewsStory[]> {
  const limit = Math.min(Math.max(opts.limit ?? DEFAULT_NEWS_LIMIT, 1), MAX_NEWS_LIMIT);
  const f = await resolveFilter(db, opts);
  if (f.entityId === null) return [];
  // Two rounds of statements (on PostgreSQL a round's statements run on pooled connections at once; each round
  // trip under load costs a scheduling wait of the server process, issue #17): 1. the freshest stories with
  // their card columns; 2. the stories' articles, their entity chips, and the loose articles with their card
  // columns no older than the last story shown (older ones could not make the page: the bound keeps a
  // filtered walk of Article(isNews, createdAt) from reading far into the past for a rare site's loose articles).
  const stories = await listStories(db, f, limit, opts.before);
  const cutoff = stories.length === limit ? new Date(isoDate(stories[stories.length - 1]!.lastSeenAt)) : undefined;
  const keysByStory = new Map(stories.map((s) => [Number(s.id), parseEntityKeys(s.entityKeys).slice(0, CHIPS_PER_CARD)]));
  const [articlesByStory, chips, loose] = await Promise.all([
    stories.length === 0 ? new Map<number, NewsArticle[]>() : listCardArticles(db, stories.map((s) => Number(s.id)), f),
    resolveEntityChips(db, [...keysByStory.values()].flat()),
    listLooseArticles(db, f, cutoff, limit, opts.before),
  ]);
  const cards: NewsStory[] = [];
  for (const s of stories) {
    const id = Number(s.id);
    const articles = articlesByStory.get(id) ?? [];
    if (articles.length === 0) continue;
    cards.push({
      id: `s${id}`, storyId: id, headline: cleanTitle(s.headline, articles.flatMap((a) => [a.siteName])), lastSeenAt: isoDate(s.lastSeenAt), firstSeenAt: isoDate(s.firstSeenAt),
      articleCount: Number(s.articleCount), sourceCount: Number(s.sourceCount),
      entities: (keysByStory.get(id) ?? []).map((k) => chips.get(k)!), articles,
    });
  }
  for (const r of loose) {
    const a = fromRaw(r);
    cards.push({ id: `a${a.id}`, storyId: null, headline: a.title, lastSeenAt: a.createdAt, firstSeenAt: a.createdAt, articleCount: 1, sourceCount: 1, entities: [], articles: [a] });
  }
  cards.sort(compareKeyset);
  return cards.slice(0, limit);
}

/**
 * The paging order (see NewsCursor): newest first, stories before loose articles, higher id first.
 * A page is shown in compareCards' order (lib/present/card-order.ts: undated cards by first-seen,
 * never above the day's dated news), which only reorders cards within the page.
 */
function compareKeyset(x: NewsStory, y: NewsStory): number {
  return y.lastSeenAt.localeCompare(x.lastSeenAt) || (x.storyId === null ? 1 : 0) - (y.storyId === null ? 1 : 0)
    || Number(y.id.slice(1)) - Number(x.id.slice(1));
}

/** A page of cards with the cursor of the next one (the News page's "Older stories" and the JSON API). */
export async function listNewsPage(db: Db, opts: ListNewsOptions = {}): Promise<NewsPage> {
  const limit = Math.min(Math.max(opts.limit ?? DEFAULT_NEWS_LIMIT, 1), MAX_NEWS_LIMIT);
  const stories = await listNewsInKeysetOrder(db, { ...opts, limit });
  const last = stories[stories.length - 1];
  return { stories: [...stories].sort(compareCards), next: stories.length === limit && last ? encodeNewsCursor(last) : null };
}

export interface NewsFacets {
  sites: { id: number; name: string }[];
  langs: string[];
}

/** ms the filter choices are cached: sites and languages change rarely (the language list is a few index seeks). */
const FACETS_TTL_MS = 30_000;

/**
 * The distinct languages of news articles, one index seek each on Article(isNews, lang): a recursive
 * "next language after this one" walk (a loose index scan), so the cost grows with the number of
 * languages, not of articles. GROUP BY read every news article's row: 320 ms at 100,000 articles of
 * 600 characters, 1.3 s with real-sized rows (issue #17).
 */
async function listNewsLangs(db: Db): Promise<string[]> {
  const rows = await queryRows<{ lang: string | null }[]>(db, sql`
    WITH RECURSIVE "langs" ("lang") AS (
      SELECT MIN(a."lang") FROM "Article" a WHERE a."isNews" = true AND a."lang" IS NOT NULL
      UNION ALL
      SELECT (SELECT MIN(a."lang") FROM "Article" a WHERE a."isNews" = true AND a."lang" > l."lang") FROM "langs" l WHERE l."lang" IS NOT NULL
    )
    SELECT "lang" FROM "langs" WHERE "lang" IS NOT NULL`);
  return rows.map((r) => r.lang!).filter(Boolean);
}
let facetsCache: { at: number; db: Db; value: NewsFacets } | null = null;

/** The choices for the News page's filters. */
export async function listNewsFacets(db: Db, now = Date.now()): Promise<NewsFacets> {
  if (facetsCache && facetsCache.db === db && now - facetsCache.at < FACETS_TTL_MS) return facetsCache.value;
  const [sites, langs] = await Promise.all([
    queryRows<{ id: number; name: string }[]>(db, sql`SELECT "id", "name" FROM "Site" ORDER BY "name" ASC, "id" ASC`),
    listNewsLangs(db),
  ]);
  const value = { sites: sites.map((x) => ({ id: Number(x.id), name: x.name })), langs: [...langs].sort() };
  facetsCache = { at: now, db, value };
  return value;
}

/**
 * When the News views last changed at the latest: the newest stored article or admin label (a label
 * can take a card off every view). A feed's Last-Modified is the later of this and its newest entry,
 * so If-Modified-Since never hides a change. Two indexed max() reads.
 */
export async function newestNewsChange(db: Db): Promise<Date | null> {
  const [a, l] = await Promise.all([
    db.article.aggregate({ _max: { createdAt: true } }),
    db.label.aggregate({ _max: { createdAt: true } }),
  ]);
  const times = [a._max.createdAt, l._max.createdAt].filter((d): d is Date => d instanceof Date);
  return times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
}

export class NotFoundError extends Error {
  readonly key = "not_found";
}

export async function getArticleOrThrow(db: Db, id: number) {
  const a = await db.article.findUnique({
    where: { id },
    select: {
      id: true, title: true, url: true, html: true, text: true, lead: true, author: true, publishedAt: true, lang: true,
      method: true, methodReason: true, isNews: true, modelIsNews: true, newsScore: true, decisionReason: true, siteName: true, textLength: true,
      storyId: true, createdAt: true, duplicateOfId: true, duplicateKind: true, modelVersionId: true, imageUrl: true,
      site: { select: { id: true, name: true, host: true, allowPrivateNetwork: true } },
      page: { select: { id: true, finalUrl: true, charset: true, charsetSource: true, fetchedAt: true } },
      story: { select: { id: true, headline: true, articleCount: true } },
      entities: { select: { mentions: true, entity: { select: { key: true, name: true, type: true } } }, orderBy: { mentions: "desc" }, take: 20 },
    },
  });
  if (!a) throw new NotFoundError(`article ${id} not found`);
  return a;
}

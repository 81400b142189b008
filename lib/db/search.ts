// Full-text search over articles, ranked with the title weighted above the text, with a highlighted
// snippet. One implementation per engine behind searchArticles:
//   SQLite: the FTS5 index "ArticleFts" (migration *_article_fts), bm25 and snippet();
//   PostgreSQL: the generated tsvector "Article"."searchVector" with its GIN index
//     (prisma/postgres/migrations/*_article_search), ts_rank and ts_headline.
import type { Db } from "./client.ts";
import { engineOf } from "./engine.ts";
import { join, sql, type Sql } from "./sql.ts";
import { queryRows } from "./direct.ts";

/** bm25 column weights (title, text): a word in the headline says more than one in paragraph 9. */
const TITLE_WEIGHT = 5;
const TEXT_WEIGHT = 1;
/** Tokens in a snippet: about two lines of a result list. */
const SNIPPET_TOKENS = 24;
/** ts_rank weights {D, C, B, A}: the title (A) weighs TITLE_WEIGHT times the text (B), as bm25's column weights. */
const PG_RANK_WEIGHTS = `{0, 0, ${TEXT_WEIGHT / TITLE_WEIGHT}, 1}`;
/** Terms taken from a query: longer queries add little and cost more. */
const MAX_QUERY_TERMS = 12;
/**
 * Newest matches ranked per query. Ranking every match of a common word costs a bm25 score per
 * matching article (~0.3 s for 12k matches at 100k articles, measured by bench:news); news search wants
 * recent articles anyway, so the index's newest SEARCH_CANDIDATES matches (by rowid, which grows
 * with time) are ranked.
 */
export const SEARCH_CANDIDATES = 500;
/** Results per request, at most. */
export const MAX_SEARCH_RESULTS = 100;
/** Markers around matched words in snippets (private-use characters, never in article text). */
export const MARK_START = "\uE000";
export const MARK_END = "\uE001";
/** ts_headline options: one fragment of about SNIPPET_TOKENS words, marked like FTS5's snippet. */
const PG_HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=${SNIPPET_TOKENS}, MinWords=${SNIPPET_TOKENS / 2}, ShortWord=0, MaxFragments=1, FragmentDelimiter=…`;

export interface SearchHit {
  id: number;
  title: string;
  siteName: string;
  storyId: number | null;
  createdAt: string;
  publishedAt: string | null;
  /** text around the matches, matched words between MARK_START and MARK_END */
  snippet: string;
}

export interface SearchOptions {
  limit?: number;
  /** Results skipped (page n of `limit` results starts at (n − 1) × limit), within the ranked candidates. */
  offset?: number;
  siteId?: number;
  lang?: string;
}

/**
 * An FTS5 MATCH expression from what a reader typed: every word must occur (AND), the last one as a
 * prefix (so results come while typing), each quoted so FTS syntax in the input is inert.
 * Null when the input holds no searchable word.
 */
export function toFtsQuery(input: string): string | null {
  const words = (input.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_QUERY_TERMS);
  if (words.length === 0) return null;
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? "*" : ""}`).join(" ");
}

/**
 * The same query as a PostgreSQL tsquery: every word (AND), the last as a prefix. Words are letters and
 * digits only, so no tsquery syntax can come from the input; the text is still a bound parameter.
 */
export function toTsQuery(input: string): string | null {
  const words = (input.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_QUERY_TERMS);
  if (words.length === 0) return null;
  return words.map((w, i) => `${w.toLowerCase()}${i === words.length - 1 ? ":*" : ""}`).join(" & ");
}

function toIso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  const d = typeof v === "number" || /^\d+$/.test(String(v)) ? new Date(Number(v)) : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * News articles (not duplicates) matching `query`, best first among the newest SEARCH_CANDIDATES
 * matches: 1. candidates by rowid from the index with their bm25 score, filtered and ranked;
 * 2. snippets and article details for the page of results only.
 */
export async function searchArticles(db: Db, query: string, opts: SearchOptions = {}): Promise<SearchHit[]> {
  const limit = Math.min(Math.max(opts.limit ?? DEFAULT_SEARCH_LIMIT, 1), MAX_SEARCH_RESULTS);
  const offset = Math.max(0, Math.floor(opts.offset ?? 0));
  const where = [sql`a."isNews" = true`, sql`a."duplicateOfId" IS NULL`];
  if (opts.siteId) where.push(sql`a."siteId" = ${opts.siteId}`);
  if (opts.lang) where.push(sql`a."lang" = ${opts.lang}`);
  const rows = engineOf(db) === "postgresql" ? await searchPostgres(db, query, where, limit, offset) : await searchSqlite(db, query, where, limit, offset);
  return rows.map((r) => ({
    id: Number(r.id), title: String(r.title), siteName: String(r.siteName ?? ""),
    storyId: r.storyId === null ? null : Number(r.storyId),
    createdAt: toIso(r.createdAt) ?? "", publishedAt: toIso(r.publishedAt), snippet: String(r.snippet ?? ""),
  }));
}

type HitRow = Record<string, unknown> & { id: number | bigint };

const HIT_COLUMNS = sql`a."id" AS "id", a."title" AS "title", COALESCE(NULLIF(a."siteName", ''), s."name") AS "siteName",
  a."storyId" AS "storyId", a."createdAt" AS "createdAt", a."publishedAt" AS "publishedAt"`;

/** Rows in the order of `ids`. */
function inOrder(ids: number[], rows: HitRow[]): HitRow[] {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

async function searchSqlite(db: Db, query: string, where: Sql[], limit: number, offset: number): Promise<HitRow[]> {
  const match = toFtsQuery(query);
  if (!match) return [];
  const ranked = await queryRows<{ id: number | bigint }[]>(db, sql`
    SELECT c."id" AS "id" FROM (
      SELECT rowid AS "id", bm25("ArticleFts", ${TITLE_WEIGHT}, ${TEXT_WEIGHT}) AS "score"
        FROM "ArticleFts" WHERE "ArticleFts" MATCH ${match} ORDER BY rowid DESC LIMIT ${SEARCH_CANDIDATES}) c
    JOIN "Article" a ON a."id" = c."id"
    WHERE ${join(where, " AND ")}
    ORDER BY c."score", c."id" DESC LIMIT ${limit} OFFSET ${offset}`);
  const ids = ranked.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows = await queryRows<HitRow[]>(db, sql`
    SELECT ${HIT_COLUMNS}, snippet("ArticleFts", 1, ${MARK_START}, ${MARK_END}, '…', ${SNIPPET_TOKENS}) AS "snippet"
      FROM "ArticleFts" JOIN "Article" a ON a."id" = "ArticleFts".rowid JOIN "Site" s ON s."id" = a."siteId"
     WHERE "ArticleFts" MATCH ${match} AND "ArticleFts".rowid IN (${join(ids)})`);
  return inOrder(ids, rows);
}

async function searchPostgres(db: Db, query: string, where: Sql[], limit: number, offset: number): Promise<HitRow[]> {
  const tsquery = toTsQuery(query);
  if (!tsquery) return [];
  const q = sql`to_tsquery('lede_search', ${tsquery})`;
  // Newest SEARCH_CANDIDATES matches through the GIN index (ids grow with time), filtered, then ranked:
  // ts_rank reads (and decompresses) an article's whole tsvector, so it runs on the candidates only, never
  // in the sub-select, where PostgreSQL computes it for every match before the sort picks the newest.
  const ranked = await queryRows<{ id: number | bigint }[]>(db, sql`
    SELECT a."id" AS "id" FROM (
      SELECT m."id" FROM "Article" m WHERE m."searchVector" @@ ${q} ORDER BY m."id" DESC LIMIT ${SEARCH_CANDIDATES}) c
    JOIN "Article" a ON a."id" = c."id"
    WHERE ${join(where, " AND ")}
    ORDER BY ts_rank(CAST(${PG_RANK_WEIGHTS} AS real[]), a."searchVector", ${q}) DESC, a."id" DESC LIMIT ${limit} OFFSET ${offset}`);
  const ids = ranked.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows = await queryRows<HitRow[]>(db, sql`
    SELECT ${HIT_COLUMNS}, ts_headline('lede_search', a."text", ${q}, ${PG_HEADLINE_OPTIONS}) AS "snippet"
      FROM "Article" a JOIN "Site" s ON s."id" = a."siteId"
     WHERE a."id" IN (${join(ids)})`);
  return inOrder(ids, rows);
}

/** Result pages reachable: the ranked candidates, `limit` at a time. */
export function lastSearchPage(limit: number): number {
  return Math.ceil(SEARCH_CANDIDATES / Math.min(Math.max(limit, 1), MAX_SEARCH_RESULTS));
}

/** Results per search page by default. */
export const DEFAULT_SEARCH_LIMIT = 30;

/**
 * Page `page` (from 1) of a search and the number of the next page, null on the last one. A full
 * page reports a next page (it may turn out empty when the matches end exactly there).
 */
export async function searchPage(db: Db, query: string, opts: Omit<SearchOptions, "offset"> & { page?: number } = {}): Promise<{ hits: SearchHit[]; page: number; next: number | null }> {
  const limit = Math.min(Math.max(opts.limit ?? DEFAULT_SEARCH_LIMIT, 1), MAX_SEARCH_RESULTS);
  const page = Math.min(Math.max(Math.floor(opts.page ?? 1), 1), lastSearchPage(limit));
  const hits = await searchArticles(db, query, { ...opts, limit, offset: (page - 1) * limit });
  return { hits, page, next: hits.length === limit && page < lastSearchPage(limit) ? page + 1 : null };
}

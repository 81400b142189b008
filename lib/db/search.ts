// Full-text search over articles through the FTS5 index "ArticleFts" (migration *_article_fts):
// bm25 ranking with the title weighted above the text, and a highlighted snippet.
import type { Db } from "./client.ts";

/** bm25 column weights (title, text): a word in the headline says more than one in paragraph 9. */
const TITLE_WEIGHT = 5;
const TEXT_WEIGHT = 1;
/** Tokens in a snippet: about two lines of a result list. */
const SNIPPET_TOKENS = 24;
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
  const match = toFtsQuery(query);
  if (!match) return [];
  const limit = Math.min(Math.max(opts.limit ?? DEFAULT_SEARCH_LIMIT, 1), MAX_SEARCH_RESULTS);
  const where: string[] = [`a."isNews" = 1`, `a."duplicateOfId" IS NULL`];
  const args: unknown[] = [match, SEARCH_CANDIDATES];
  if (opts.siteId) { where.push(`a."siteId" = ?`); args.push(opts.siteId); }
  if (opts.lang) { where.push(`a."lang" = ?`); args.push(opts.lang); }
  args.push(limit, Math.max(0, Math.floor(opts.offset ?? 0)));
  const ranked = await db.$queryRawUnsafe<{ id: number | bigint }[]>(
    `SELECT c.id AS id FROM (
       SELECT rowid AS id, bm25("ArticleFts", ${TITLE_WEIGHT}, ${TEXT_WEIGHT}) AS score
         FROM "ArticleFts" WHERE "ArticleFts" MATCH ? ORDER BY rowid DESC LIMIT ?) c
     JOIN "Article" a ON a."id" = c.id
     WHERE ${where.join(" AND ")}
     ORDER BY c.score, c.id DESC LIMIT ? OFFSET ?`,
    ...args,
  );
  const ids = ranked.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT a."id" AS id, a."title" AS title, s."name" AS siteName,
            a."storyId" AS storyId, a."createdAt" AS createdAt, a."publishedAt" AS publishedAt,
            snippet("ArticleFts", 1, '${MARK_START}', '${MARK_END}', '…', ${SNIPPET_TOKENS}) AS snippet
       FROM "ArticleFts" JOIN "Article" a ON a."id" = "ArticleFts".rowid JOIN "Site" s ON s."id" = a."siteId"
      WHERE "ArticleFts" MATCH ? AND "ArticleFts".rowid IN (${ids.map(() => "?").join(",")})`,
    match, ...ids,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [{
      id, title: String(r.title), siteName: String(r.siteName ?? ""),
      storyId: r.storyId === null ? null : Number(r.storyId),
      createdAt: toIso(r.createdAt) ?? "", publishedAt: toIso(r.publishedAt), snippet: String(r.snippet ?? ""),
    }];
  });
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

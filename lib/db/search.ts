// Full-text search over articles, ranked with the title weighted above the text, with a highlighted
// snippet. One implementation per engine behind searchArticles:
//   SQLite: the FTS5 index "ArticleFts" (migration *_article_fts), bm25;
//   PostgreSQL: the generated tsvector "Article"."searchVector" with its GIN index
//     (prisma/postgres/migrations/*_article_search) and ts_rank;
//   snippets on both made from the page's texts by ftsSnippet.
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
  /** PostgreSQL: how the candidates are found (pgCandidatePlan), for tests and measurements; chosen by estimate when absent. */
  candidatePlan?: "walk" | "bitmap";
}

/**
 * A last word shorter than this is matched whole, not as a prefix: one letter's prefix matches a large
 * share of the vocabulary, and both engines would merge the position lists (FTS5) or posting lists (GIN)
 * of every term it matches — seconds at 100,000 articles. FTS5's prefix indexes (migration
 * *_article_fts_prefix) cover prefixes of 2 and 3 characters.
 */
const MIN_PREFIX_CHARS = 2;

/** The words of a query (letters and digits, NFC), at most MAX_QUERY_TERMS; whether the last one is a prefix. */
function searchWords(input: string): { words: string[]; lastIsPrefix: boolean } {
  const words = (input.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_QUERY_TERMS);
  const last = words[words.length - 1];
  return { words, lastIsPrefix: last !== undefined && [...last].length >= MIN_PREFIX_CHARS };
}

/**
 * An FTS5 MATCH expression from what a reader typed: every word must occur (AND), the last one as a
 * prefix (so results come while typing) unless it is a single character, each quoted so FTS syntax in the
 * input is inert. Null when the input holds no searchable word.
 */
export function toFtsQuery(input: string): string | null {
  const { words, lastIsPrefix } = searchWords(input);
  if (words.length === 0) return null;
  return words.map((w, i) => `"${w}"${lastIsPrefix && i === words.length - 1 ? "*" : ""}`).join(" ");
}

/**
 * The same query as a PostgreSQL tsquery: every word (AND), the last as a prefix (as toFtsQuery). Words
 * are letters and digits only, so no tsquery syntax can come from the input; the text is still a bound parameter.
 */
export function toTsQuery(input: string): string | null {
  const { words, lastIsPrefix } = searchWords(input);
  if (words.length === 0) return null;
  return words.map((w, i) => `${w.toLowerCase()}${lastIsPrefix && i === words.length - 1 ? ":*" : ""}`).join(" & ");
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
  const rows = engineOf(db) === "postgresql" ? await searchPostgres(db, query, where, limit, offset, opts.candidatePlan) : await searchSqlite(db, query, where, limit, offset);
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
  // The page's rows by id, their snippets made here (ftsSnippet): FTS5's snippet() needs the MATCH again, and
  // FTS5 evaluates a prefix term ("minis"*) by merging the doclists of every term it matches into memory on
  // each evaluation, once per statement and again per snippet: 5.5 s CPU for 30 snippets of the commonest
  // word's prefix at 100,000 real-sized articles (bench:news, 2026-12-02), against 0.3 s for the ranked ids.
  const rows = await queryRows<(HitRow & { text: string })[]>(db, sql`
    SELECT ${HIT_COLUMNS}, a."text" AS "text" FROM "Article" a JOIN "Site" s ON s."id" = a."siteId" WHERE a."id" IN (${join(ids)})`);
  const words = queryWords(query);
  return inOrder(ids, rows.map(({ text, ...r }) => ({ ...r, snippet: ftsSnippet(text, words) })));
}

/** The words of a query as toFtsQuery reads them, folded as the FTS5 index folds tokens; the last one a prefix (or null). */
function queryWords(input: string): { terms: string[]; prefix: string | null } {
  const { words, lastIsPrefix } = searchWords(input);
  const folded = words.map(foldToken);
  return lastIsPrefix ? { terms: folded.slice(0, -1), prefix: folded[folded.length - 1]! } : { terms: folded, prefix: null };
}

/** A token as FTS5's tokenizer "unicode61 remove_diacritics 2" indexes it: lower-case, diacritics removed. */
function foldToken(token: string): string {
  return token.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}

const TOKEN_RE = /[\p{L}\p{N}\p{M}]+/gu;
const NON_ASCII = /[^\x00-\x7F]/;

/**
 * FTS5's snippet() made from the text: the window of SNIPPET_TOKENS tokens with the most distinct query terms
 * (then the most matches, then the earliest), its matches between MARK_START and MARK_END, "…" where the text
 * goes on. The first tokens of the text when none matches (the match was in the title).
 * One pass over the tokens: an ASCII token is compared in place in the lower-cased text (foldToken, which
 * allocates, only for the others), and the window's counts slide with it. 30 snippets of 12,000-character
 * texts cost 8–12 CPU ms, against 25–31 ms when every token was folded and every window recounted
 * (same results on 20,000 random texts with diacritics, ligatures and case-changing letters).
 */
export function ftsSnippet(text: string, words: { terms: string[]; prefix: string | null }): string {
  const lower = text.toLowerCase();
  // Offsets in `lower` are the text's own only when lower-casing kept every length (not so for "İ").
  const inPlace = lower.length === text.length;
  const allAscii = inPlace && !NON_ASCII.test(text);
  const { terms, prefix } = words;
  const starts: number[] = [], ends: number[] = [], hit: number[] = [];
  for (const m of text.matchAll(TOKEN_RE)) {
    const start = m.index, end = start + m[0].length;
    let h = -1;
    if (allAscii || (inPlace && !NON_ASCII.test(m[0]))) {
      for (let i = 0; i < terms.length; i++) {
        if (terms[i]!.length === end - start && lower.startsWith(terms[i]!, start)) { h = i; break; }
      }
      if (h < 0 && prefix !== null && prefix.length <= end - start && lower.startsWith(prefix, start)) h = terms.length;
    } else {
      const folded = foldToken(m[0]);
      const i = terms.indexOf(folded);
      h = i >= 0 ? i : prefix !== null && folded.startsWith(prefix) ? terms.length : -1;
    }
    starts.push(start); ends.push(end); hit.push(h);
  }
  const n = starts.length;
  if (n === 0) return "";
  const size = Math.min(SNIPPET_TOKENS, n);
  const inWindow = new Array<number>(terms.length + 1).fill(0);
  let distinct = 0, count = 0;
  const enter = (h: number) => { if (h >= 0) { if (inWindow[h]!++ === 0) distinct++; count++; } };
  const leave = (h: number) => { if (h >= 0) { if (--inWindow[h]! === 0) distinct--; count--; } };
  for (let k = 0; k < size; k++) enter(hit[k]!);
  let best = 0, bestDistinct = distinct, bestCount = count;
  for (let start = 1; start + size <= n; start++) {
    leave(hit[start - 1]!);
    enter(hit[start + size - 1]!);
    if (hit[start]! < 0) continue; // a best window starts at a match (or at the text's start)
    if (distinct > bestDistinct || (distinct === bestDistinct && count > bestCount)) { best = start; bestDistinct = distinct; bestCount = count; }
  }
  // Start a little before the first match, as FTS5 does, so the match has context.
  const lead = bestCount > 0 && best > 0 ? Math.min(best, Math.floor(size / 4)) : 0;
  const from = best - lead;
  const to = Math.min(n, from + size);
  let out = from > 0 ? "…" : "";
  let at = starts[from]!;
  for (let k = from; k < to; k++) {
    out += text.slice(at, starts[k]);
    out += hit[k]! >= 0 ? `${MARK_START}${text.slice(starts[k], ends[k])}${MARK_END}` : text.slice(starts[k], ends[k]);
    at = ends[k]!;
  }
  return to < n ? `${out}…` : out + text.slice(at).trimEnd();
}

/**
 * How much more it costs to test one article's tsvector while walking ids down (a TOAST read and a
 * decompression of the whole vector, ~20 µs) than to take one match from the GIN index's bitmap (a heap
 * visit, ~2.6 µs): EXPLAIN ANALYZE on 100,000 real-sized articles, PostgreSQL 15, 2026-12-02. The planner
 * prices neither, so it walked the primary key down for two topic words too (5,800 vectors tested, 125 ms,
 * against 20 ms through the bitmap).
 */
const PG_TEST_VS_BITMAP_COST = 8;

/**
 * How the newest SEARCH_CANDIDATES matches are found: "walk" tests the newest articles' tsvectors down the
 * primary key until enough match (cheap when most articles match: ~SEARCH_CANDIDATES × total / matches
 * tests); "bitmap" takes every match from the GIN index and sorts their ids (cheap when matches are few:
 * one heap visit per match). Chosen on the planner's own estimate of the matches (EXPLAIN, no execution)
 * and the table's row estimate; the bitmap when either is unknown.
 */
export function pgCandidatePlan(matches: number, total: number): "walk" | "bitmap" {
  if (!(matches > 0) || !(total > 0)) return "bitmap";
  const tested = (SEARCH_CANDIDATES * total) / Math.min(matches, total);
  return tested * PG_TEST_VS_BITMAP_COST < matches ? "walk" : "bitmap";
}

/** The planner's estimates: articles matching `q`, and articles in all (pg_class.reltuples, −1 before the first ANALYZE). */
async function pgEstimates(db: Db, q: Sql): Promise<{ matches: number; total: number }> {
  const [plan, size] = await Promise.all([
    queryRows<Record<string, unknown>[]>(db, sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM "Article" m WHERE m."searchVector" @@ ${q}`),
    queryRows<{ n: number | string }[]>(db, sql`SELECT CAST(c."reltuples" AS float8) AS "n" FROM pg_class c WHERE c."oid" = CAST('"Article"' AS regclass)`),
  ]);
  const raw = plan[0] ? Object.values(plan[0])[0] : null;
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[] | null;
  return { matches: Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0), total: Number(size[0]?.n ?? 0) };
}

async function searchPostgres(db: Db, query: string, where: Sql[], limit: number, offset: number, forced?: "walk" | "bitmap"): Promise<HitRow[]> {
  const tsquery = toTsQuery(query);
  if (!tsquery) return [];
  const q = sql`to_tsquery('lede_search', ${tsquery})`;
  const plan = forced ?? (await pgEstimates(db, q).then(({ matches, total }) => pgCandidatePlan(matches, total)));
  // Newest SEARCH_CANDIDATES matches (ids grow with time) by the cheaper way (pgCandidatePlan); the bitmap's
  // sub-select is MATERIALIZED so that the planner cannot push the ORDER BY … LIMIT into it and walk instead.
  const candidates = plan === "walk"
    ? sql`SELECT m."id" FROM "Article" m WHERE m."searchVector" @@ ${q} ORDER BY m."id" DESC LIMIT ${SEARCH_CANDIDATES}`
    : sql`WITH "matched" AS MATERIALIZED (SELECT m."id" FROM "Article" m WHERE m."searchVector" @@ ${q})
          SELECT x."id" FROM "matched" x ORDER BY x."id" DESC LIMIT ${SEARCH_CANDIDATES}`;
  // The candidates filtered, then ranked: ts_rank reads (and decompresses) an article's whole tsvector, so it
  // runs on the candidates only, never in the sub-select, where PostgreSQL would compute it for every match.
  const ranked = await queryRows<{ id: number | bigint }[]>(db, sql`
    SELECT a."id" AS "id" FROM (${candidates}) c
    JOIN "Article" a ON a."id" = c."id"
    WHERE ${join(where, " AND ")}
    ORDER BY ts_rank(CAST(${PG_RANK_WEIGHTS} AS real[]), a."searchVector", ${q}) DESC, a."id" DESC LIMIT ${limit} OFFSET ${offset}`);
  const ids = ranked.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  // Snippets made here from the texts, as on SQLite (ftsSnippet): ts_headline parsed each whole text on the
  // server, ~1.3 ms per 12,000 characters (40 ms of server CPU per page of 30 at load 8), against ~0.3 ms here.
  const rows = await queryRows<(HitRow & { text: string })[]>(db, sql`
    SELECT ${HIT_COLUMNS}, a."text" AS "text" FROM "Article" a JOIN "Site" s ON s."id" = a."siteId" WHERE a."id" IN (${join(ids)})`);
  const words = queryWords(query);
  return inOrder(ids, rows.map(({ text, ...r }) => ({ ...r, snippet: ftsSnippet(text, words) })));
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

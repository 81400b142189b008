// Duplicate lookups and records: canonical URL, exact content hash, and simhash near-duplicates through
// the SimhashBand index (4 bands × 16 bits; never a scan over all articles).
//
// Pipeline use (after extraction and classification, inside the worker):
//   1. const fp = fingerprint(article.text)                         (lib/dedup/fingerprint.ts, pure)
//   2. const dup = await findDuplicate(db, { url, ...fp })           before inserting the article
//      - dup?.kind === "canonical": the URL is already stored (Article.url is unique), so do not insert;
//        record the page as outcome "duplicate", reason `canonical:${dup.originalId}`.
//   3. insert the Article with fp.contentHash and fp.simhash, then
//      await saveDedupResult(db, articleId, fp.simhash, dup)        links a duplicate to its original,
//      or indexes an original's simhash bands so later near-duplicates find it.
import type { Db } from "./client.ts";
import { execute, queryRows } from "./direct.ts";
import { alias, empty, join, sql, valueRows } from "./sql.ts";
import { urlVariants } from "../dedup/canonical-url.ts";
import { hammingDistance, NEAR_DUPLICATE_MAX_DISTANCE, simhashBands } from "../dedup/simhash.ts";

export type DuplicateKind = "canonical" | "exact" | "near";

export interface DuplicateMatch {
  kind: DuplicateKind;
  /** the original (root) article: a duplicate of a duplicate points at the first one */
  originalId: number;
  /** Hamming distance for near-duplicates, 0 otherwise */
  distance: number;
}

export interface DuplicateQuery {
  url: string;
  contentHash: string;
  simhash: string;
  /** ignore this article (when checking one that is already stored) */
  excludeArticleId?: number;
}

/** Rows read per band value: bounds the cost when a band value is common (boilerplate-heavy sites). */
const NEAR_CANDIDATES_PER_BAND = 200;

type IdRow = { id: number | bigint; duplicateOfId: number | bigint | null };

const rootOf = (row: IdRow): number => Number(row.duplicateOfId ?? row.id);

/**
 * The first kind of duplicate found (canonical, then exact, then near), or null. Canonical and exact
 * are one raw statement (the ORM's query compiler costs ~2 ms CPU per statement, raw ~0.5 ms).
 */
export async function findDuplicate(db: Db, q: DuplicateQuery): Promise<DuplicateMatch | null> {
  const variants = urlVariants(q.url);
  const notSelf = q.excludeArticleId === undefined ? empty : sql` AND "id" <> ${q.excludeArticleId}`;
  const rows = await queryRows<(IdRow & { kind: "canonical" | "exact" })[]>(db, sql`
    SELECT * FROM (SELECT 'canonical' AS "kind", "id", "duplicateOfId" FROM "Article"
      WHERE "url" IN (${join(variants)})${notSelf} ORDER BY "id" ASC LIMIT 1) byurl
    UNION ALL
    SELECT * FROM (SELECT 'exact' AS "kind", "id", "duplicateOfId" FROM "Article"
      WHERE "contentHash" = ${q.contentHash}${notSelf} ORDER BY "id" ASC LIMIT 1) byhash`);
  const byUrl = rows.find((r) => r.kind === "canonical");
  if (byUrl) return { kind: "canonical", originalId: rootOf(byUrl), distance: 0 };
  const byHash = rows.find((r) => r.kind === "exact");
  if (byHash) return { kind: "exact", originalId: rootOf(byHash), distance: 0 };

  const near = await findNearDuplicate(db, q.simhash, q.excludeArticleId);
  return near ? { kind: "near", originalId: near.originalId, distance: near.distance } : null;
}

/** The closest stored article within NEAR_DUPLICATE_MAX_DISTANCE bits, found through equal band values. */
export async function findNearDuplicate(
  db: Db,
  simhash: string,
  excludeArticleId?: number,
): Promise<{ originalId: number; articleId: number; distance: number } | null> {
  const bands = simhashBands(simhash);
  const parts = bands.map((value, band) =>
    sql`SELECT * FROM (SELECT "articleId" FROM "SimhashBand" WHERE "band" = ${band} AND "value" = ${value} LIMIT ${NEAR_CANDIDATES_PER_BAND}) ${alias(`b${band}`)}`,
  );
  const rows = await queryRows<{ id: number | bigint; simhash: string; duplicateOfId: number | bigint | null }[]>(db, sql`
    SELECT DISTINCT a."id" AS "id", a."simhash" AS "simhash", a."duplicateOfId" AS "duplicateOfId"
    FROM (${join(parts, " UNION ALL ")}) c JOIN "Article" a ON a."id" = c."articleId"`);
  let best: { originalId: number; articleId: number; distance: number } | null = null;
  for (const row of rows) {
    const id = Number(row.id);
    if (id === excludeArticleId) continue;
    const distance = hammingDistance(simhash, row.simhash);
    if (distance > NEAR_DUPLICATE_MAX_DISTANCE) continue;
    if (!best || distance < best.distance || (distance === best.distance && id < best.articleId)) {
      best = { articleId: id, originalId: row.duplicateOfId === null ? id : Number(row.duplicateOfId), distance };
    }
  }
  return best;
}

/** Store an original's 4 simhash bands (idempotent: one upsert statement). */
export async function indexSimhash(db: Db, articleId: number, simhash: string): Promise<void> {
  const bands = simhashBands(simhash);
  await execute(db, sql`
    INSERT INTO "SimhashBand" ("articleId", "band", "value") VALUES ${valueRows(bands.map((value, band) => [articleId, band, value]))}
    ON CONFLICT ("articleId", "band") DO UPDATE SET "value" = excluded."value"`);
}

/** Raised when the article to link is not stored (stable key; the ORM update raised too). */
export class ArticleNotFoundError extends Error {
  readonly key = "article_not_found";
  constructor(readonly articleId: number) {
    super(`article ${articleId} not found`);
  }
}

/** Link a stored article to its original; it joins the original's story (one statement). */
export async function markDuplicate(db: Db, articleId: number, match: DuplicateMatch): Promise<void> {
  const changed = await execute(db, sql`
    UPDATE "Article" SET "duplicateOfId" = ${match.originalId}, "duplicateKind" = ${match.kind},
      "storyId" = (SELECT o."storyId" FROM "Article" o WHERE o."id" = ${match.originalId}) WHERE "id" = ${articleId}`);
  if (changed === 0) throw new ArticleNotFoundError(articleId);
}

/** After inserting an article: link it if it is a duplicate, else index it for later lookups. */
export async function saveDedupResult(db: Db, articleId: number, simhash: string, match: DuplicateMatch | null): Promise<void> {
  if (match) await markDuplicate(db, articleId, match);
  else await indexSimhash(db, articleId, simhash);
}

export interface AlsoPublishedBy {
  articleId: number;
  url: string;
  title: string;
  siteName: string;
  publishedAt: Date | null;
  /** "original" for the first copy, else how the copy was recognised */
  kind: "original" | DuplicateKind;
}

/** The other copies of an article (its original and the original's other duplicates), oldest first. */
export async function listAlsoPublishedBy(db: Db, articleId: number): Promise<AlsoPublishedBy[]> {
  const self = await db.article.findUnique({ where: { id: articleId }, select: { id: true, duplicateOfId: true } });
  if (!self) return [];
  const rootId = rootOf(self);
  const rows = await db.article.findMany({
    where: { OR: [{ id: rootId }, { duplicateOfId: rootId }], NOT: { id: articleId } },
    select: {
      id: true, url: true, title: true, publishedAt: true, duplicateKind: true, siteName: true,
      site: { select: { name: true, host: true } },
    },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => ({
    articleId: r.id,
    url: r.url,
    title: r.title,
    siteName: r.site.name || r.site.host, // one site, one name everywhere
    publishedAt: r.publishedAt,
    kind: r.id === rootId ? "original" : ((r.duplicateKind as DuplicateKind | null) ?? "near"),
  }));
}

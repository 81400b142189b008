// Frontier queries. Leasing is one atomic UPDATE … RETURNING per call. SQLite: a writing statement
// takes the database write lock before it reads (busy_timeout waits for it), so two worker processes
// can never claim the same row. PostgreSQL: the sub-select locks its rows with FOR UPDATE SKIP LOCKED
// (a concurrent claim skips them instead of waiting and then re-claiming them), and the outer WHERE
// re-checks the state, so a row another claim already took is never claimed twice. Completion is
// guarded by the lease owner, so a worker whose lease expired and was re-claimed cannot overwrite the
// new owner's result. A live worker renews the leases of the URLs it is still working on (renewLeases),
// so only a dead or silent worker's leases expire.
import type { Db } from "./client.ts";
import { execute, queryRows } from "./direct.ts";
import type { FrontierKind, LeasedUrl, NewFrontierUrl } from "../frontier/types.ts";
import { assignments, empty, join, num, sql, type Sql } from "./sql.ts";
import { dialect, type JsonColumn } from "./dialect.ts";

/**
 * URLs per INSERT: all of a page's links go in one statement (bound as one JSON parameter, so SQLite's
 * variable limit does not apply); 5,000 keeps the JSON text of a bulk enqueue (a sitemap, a seed list)
 * to ~1 MB per statement.
 */
const INSERT_CHUNK_ROWS = 5_000;

/** The per-URL fields of an enqueue, as JSON keys and typed columns (lib/db/dialect.ts jsonRecords). */
const ENQUEUE_COLUMNS: readonly JsonColumn[] = [
  { name: "url", type: "text" }, { name: "siteId", type: "int" }, { name: "depth", type: "int" }, { name: "kind", type: "text" },
  { name: "nextCheckAt", type: "timestamp" }, { name: "discoveredFrom", type: "text" }, { name: "at", type: "timestamp" },
];

/** A time as the SQLite adapter stores it ("2026-12-01T10:00:00.000+00:00"; PostgreSQL's cast to timestamp reads it as UTC). */
const isoTime = (d: Date) => d.toISOString().replace("Z", "+00:00");

/**
 * Insert URLs that are not in the frontier yet (by normalised URL); returns how many were new. One
 * INSERT … SELECT over the URLs as a JSON array, in discovery order (ids break ties of nextCheckAt, so
 * the crawl follows the page's link order).
 */
export async function enqueueUrls(db: Db, urls: NewFrontierUrl[], now = new Date()): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < urls.length; i += INSERT_CHUNK_ROWS) inserted += await execute(db, insertStatement(db, urls.slice(i, i + INSERT_CHUNK_ROWS), now, empty));
  return inserted;
}

/** enqueueUrls that returns the URLs it inserted (those not in the frontier yet), in no particular order. */
export async function enqueueUrlsReturning(db: Db, urls: NewFrontierUrl[], now = new Date()): Promise<string[]> {
  const inserted: string[] = [];
  for (let i = 0; i < urls.length; i += INSERT_CHUNK_ROWS) {
    const rows = await queryRows<{ url: string }[]>(db, insertStatement(db, urls.slice(i, i + INSERT_CHUNK_ROWS), now, sql` RETURNING "url"`));
    for (const r of rows) inserted.push(r.url);
  }
  return inserted;
}

/** The INSERT … SELECT of enqueueUrls for one chunk, `tail` appended. */
function insertStatement(db: Db, chunk: NewFrontierUrl[], now: Date, tail: Sql): Sql {
  const { jsonRecords } = dialect(db);
  // createdAt and updatedAt too come from the JSON: PostgreSQL cannot type a bare parameter in the SELECT list.
  const at = isoTime(now);
  const rows = JSON.stringify(chunk.map((u) => ({
    url: u.url, siteId: u.siteId, depth: u.depth, kind: u.kind, nextCheckAt: isoTime(u.nextCheckAt ?? now), discoveredFrom: u.discoveredFrom ?? null, at,
  })));
  // On PostgreSQL two workers inserting the same new URLs in opposite orders can deadlock; the
  // server aborts one statement, and its page is retried like any store failure. `WHERE true`: SQLite
  // reads an ON CONFLICT after INSERT … SELECT … FROM as a join's ON without it.
  return sql`
      INSERT INTO "FrontierUrl" ("url", "siteId", "depth", "kind", "state", "nextCheckAt", "discoveredFrom", "attempts", "createdAt", "updatedAt")
      SELECT "url", "siteId", "depth", "kind", 'queued', "nextCheckAt", "discoveredFrom", 0, "at", "at" FROM ${jsonRecords(rows, ENQUEUE_COLUMNS)}
      WHERE true ON CONFLICT ("url") DO NOTHING${tail}`;
}

export interface LeaseOptions {
  owner: string;
  limit: number;
  leaseMs: number;
  now?: Date;
  /** Only these sites (a one-shot `lede crawl`). */
  siteIds?: number[];
  /** Not these sites (the worker already holds enough of their URLs). */
  skipSiteIds?: number[];
  /**
   * Also re-claim rows whose lease expired (their worker died), before due rows; default true. The
   * worker asks on its housekeeping ticks only: dead leases are rare, and the look costs a statement.
   */
  reclaimExpired?: boolean;
}

const LEASED_COLUMNS = sql`"id", "url", "siteId", "depth", "kind", "attempts", "etag", "lastModified", "recheckIntervalSec", "discoveredFrom"`;

function siteFilter(opts: LeaseOptions, now: Date): Sql {
  const only = opts.siteIds?.length ? sql` AND "id" IN (${join(opts.siteIds.map(Number))})` : empty;
  const skip = opts.skipSiteIds?.length ? sql` AND "id" NOT IN (${join(opts.skipSiteIds.map(Number))})` : empty;
  return sql`"siteId" IN (SELECT "id" FROM "Site" WHERE "status" = 'active' AND ("hostBackoffUntil" IS NULL OR "hostBackoffUntil" <= ${now})${only}${skip})`;
}

/**
 * Claim up to `limit` URLs: first rows whose lease expired (their worker died), then queued rows
 * that are due, oldest nextCheckAt first (the (state, nextCheckAt) index gives that order without
 * sorting the frontier). Each claim counts as an attempt, so a URL that kills its worker every time
 * ends as failed instead of looping (see failExhaustedLeases).
 */
export async function leaseUrls(db: Db, opts: LeaseOptions): Promise<LeasedUrl[]> {
  const now = opts.now ?? new Date();
  const until = new Date(now.getTime() + opts.leaseMs);
  const filter = siteFilter(opts, now);
  const { skipLocked, notIndexed } = dialect(db);
  // `where` is repeated outside the sub-select: on PostgreSQL a row locked and changed by another claim
  // between the two is re-read there, and dropped when it no longer qualifies. NOT INDEXED (SQLite): the
  // outer UPDATE finds the claimed rows by id; SQLite otherwise walked the (state, nextCheckAt) index over
  // every due row to test each against the sub-select's ids (1.8 ms CPU per claim at 10,000 due rows).
  const claim = async (where: Sql, order: Sql, limit: number) =>
    queryRows<LeasedUrl[]>(db, sql`
      UPDATE "FrontierUrl" ${notIndexed} SET "state" = 'leased', "leaseOwner" = ${opts.owner}, "leaseExpiresAt" = ${until}, "attempts" = "attempts" + 1, "updatedAt" = ${now}
      WHERE "id" IN (SELECT "id" FROM "FrontierUrl" WHERE ${where} AND ${filter} ${order} LIMIT ${limit} ${skipLocked}) AND ${where}
      RETURNING ${LEASED_COLUMNS}`);
  const expired = opts.reclaimExpired === false ? [] : await claim(sql`"state" = 'leased' AND "leaseExpiresAt" <= ${now}`, empty, opts.limit);
  const rest = opts.limit - expired.length;
  const due = rest > 0 ? await claim(sql`"state" = 'queued' AND "nextCheckAt" <= ${now}`, sql`ORDER BY "nextCheckAt"`, rest) : [];
  return [...expired, ...due].map((r) => ({
    ...r, id: Number(r.id), siteId: Number(r.siteId), depth: Number(r.depth), attempts: Number(r.attempts),
    recheckIntervalSec: r.recheckIntervalSec === null ? null : Number(r.recheckIntervalSec), kind: r.kind as FrontierKind,
  }));
}

/**
 * Extend the leases `owner` still holds on `ids` (the URLs it is working on) to now + leaseMs; returns
 * how many. A lease is how long a worker may go unheard of before its URLs count as orphaned, not how
 * long a URL may take: a live worker renews its in-flight URLs, so a page that waits longer than the
 * lease for a starved CPU is not re-claimed (and fetched again) by another worker, or by this one.
 * Only rows still leased to `owner` are touched: a row already settled, or lost to another worker
 * after a real expiry, stays as it is.
 */
export async function renewLeases(db: Db, owner: string, ids: number[], leaseMs: number, now = new Date()): Promise<number> {
  if (ids.length === 0) return 0;
  return execute(db, sql`
    UPDATE "FrontierUrl" SET "leaseExpiresAt" = ${new Date(now.getTime() + leaseMs)}
    WHERE "id" IN (${join(ids.map(Number))}) AND "leaseOwner" = ${owner} AND "state" = 'leased'`);
}

/** Rows whose lease expired after `maxAttempts` claims: their worker died on them every time. */
export async function failExhaustedLeases(db: Db, maxAttempts: number, now = new Date()): Promise<number> {
  return execute(db, sql`
    UPDATE "FrontierUrl" SET "state" = 'failed', "lastErrorKey" = 'lease_expired', "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${now}
    WHERE "state" = 'leased' AND "leaseExpiresAt" <= ${now} AND "attempts" >= ${maxAttempts}`);
}

export interface FetchOutcome {
  /** done (pages), queued (re-checked kinds, retries), failed or skipped. */
  state: "done" | "queued" | "failed" | "skipped";
  nextCheckAt?: Date;
  recheckIntervalSec?: number | null;
  /** Set to 0 after a success of a re-checked row; decremented for a deferral that cost no attempt. */
  attempts?: number;
  etag?: string | null;
  lastModified?: string | null;
  lastStatus?: number | null;
  lastErrorKey?: string | null;
  fetched?: boolean;
}

/** Columns settleUrl may set besides the lease fields, with their FetchOutcome value (undefined: unchanged). */
function outcomeColumns(outcome: FetchOutcome, now: Date): [string, unknown][] {
  const cols: [string, unknown][] = [["state", outcome.state]];
  if (outcome.nextCheckAt) cols.push(["nextCheckAt", outcome.nextCheckAt]);
  if (outcome.recheckIntervalSec !== undefined) cols.push(["recheckIntervalSec", outcome.recheckIntervalSec]);
  if (outcome.attempts !== undefined) cols.push(["attempts", outcome.attempts]);
  if (outcome.etag !== undefined) cols.push(["etag", outcome.etag]);
  if (outcome.lastModified !== undefined) cols.push(["lastModified", outcome.lastModified]);
  if (outcome.lastStatus !== undefined) cols.push(["lastStatus", outcome.lastStatus]);
  if (outcome.lastErrorKey !== undefined) cols.push(["lastErrorKey", outcome.lastErrorKey]);
  if (outcome.fetched) cols.push(["lastFetchedAt", now]);
  cols.push(["updatedAt", now]);
  return cols;
}

/**
 * Record what happened to a leased URL and release it; false when the lease was lost meanwhile.
 * One raw UPDATE (once per URL: the ORM's per-call query compilation costs more than the write).
 */
export async function settleUrl(db: Db, id: number, owner: string, outcome: FetchOutcome, now = new Date()): Promise<boolean> {
  const cols = outcomeColumns(outcome, now);
  const n = await execute(db, sql`
    UPDATE "FrontierUrl" SET "leaseOwner" = NULL, "leaseExpiresAt" = NULL, ${assignments(cols)}
    WHERE "id" = ${id} AND "leaseOwner" = ${owner} AND "state" = 'leased'`);
  return n === 1;
}

/** The claim's attempt given back (never below 0). */
const ATTEMPT_GIVEN_BACK = sql`CASE WHEN "attempts" > 0 THEN "attempts" - 1 ELSE 0 END`;

/** Give back a URL without using up an attempt (host backed off, worker stopping). */
export async function deferUrl(db: Db, id: number, owner: string, until: Date): Promise<boolean> {
  const n = await execute(db, sql`
    UPDATE "FrontierUrl" SET "state" = 'queued', "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "nextCheckAt" = ${until},
      "attempts" = ${ATTEMPT_GIVEN_BACK}, "updatedAt" = ${new Date()}
    WHERE "id" = ${id} AND "leaseOwner" = ${owner} AND "state" = 'leased'`);
  return n === 1;
}

/** Release every lease `owner` still holds (clean shutdown); returns how many. */
export async function releaseLeases(db: Db, owner: string): Promise<number> {
  return execute(db, sql`
    UPDATE "FrontierUrl" SET "state" = 'queued', "leaseOwner" = NULL, "leaseExpiresAt" = NULL,
      "attempts" = ${ATTEMPT_GIVEN_BACK}, "updatedAt" = ${new Date()}
    WHERE "leaseOwner" = ${owner} AND "state" = 'leased'`);
}

/** Page-kind rows of a site in any state: what counts against Site.maxPages. */
export async function countSitePageUrls(db: Db, siteId: number): Promise<number> {
  return countSiteUrlsOfKind(db, siteId, "page");
}

/** Rows of one kind of a site in any state (the crawler's caps on feeds and sitemaps per site; a direct statement: the worker's site cache asks). */
export async function countSiteUrlsOfKind(db: Db, siteId: number, kind: FrontierKind): Promise<number> {
  const [row] = await queryRows<{ n: number | bigint }[]>(db, sql`SELECT COUNT(*) AS "n" FROM "FrontierUrl" WHERE "siteId" = ${siteId} AND "kind" = ${kind}`);
  return num(row!.n);
}

/** Rows by state, for progress lines and tests. */
export async function countFrontierByState(db: Db, siteIds?: number[]): Promise<Record<string, number>> {
  const groups = await db.frontierUrl.groupBy({
    by: ["state"],
    where: siteIds ? { siteId: { in: siteIds } } : {},
    _count: { _all: true },
  });
  return Object.fromEntries(groups.map((g) => [g.state, g._count._all]));
}

/**
 * Work still to do for a one-shot crawl: leased rows, and queued rows that are due before
 * `horizon` and are not periodic re-checks (a seed re-checked in an hour does not keep `lede crawl` alive).
 */
export async function countPendingWork(db: Db, siteIds: number[], horizon: Date): Promise<number> {
  return db.frontierUrl.count({
    where: {
      siteId: { in: siteIds },
      OR: [
        { state: "leased" },
        { state: "queued", nextCheckAt: { lte: horizon }, OR: [{ recheckIntervalSec: null }, { lastFetchedAt: null }] },
      ],
    },
  });
}

/** One row per fetch, for the throughput and error charts (raw INSERT: once per URL). */
export async function recordFetchAttempt(
  db: Db,
  a: { siteId: number; url: string; status: number | null; errorKey: string | null; ms: number; bytes: number },
  now = new Date(),
): Promise<void> {
  await execute(db, sql`
    INSERT INTO "FetchAttempt" ("siteId", "url", "status", "errorKey", "ms", "bytes", "at")
    VALUES (${a.siteId}, ${a.url}, ${a.status}, ${a.errorKey}, ${Math.round(a.ms)}, ${a.bytes}, ${now})`);
}

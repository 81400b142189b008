// Frontier queries. Leasing is one atomic UPDATE … RETURNING per call: in SQLite a writing
// statement takes the database write lock before it reads (busy_timeout waits for it), so two
// worker processes can never claim the same row. Completion is guarded by the lease owner, so a
// worker whose lease expired and was re-claimed cannot overwrite the new owner's result.
//
// PostgreSQL (not supported yet; what would change here): the lease sub-select needs
// `FOR UPDATE SKIP LOCKED` (under READ COMMITTED two claims could otherwise pick the same ids, and the
// second UPDATE re-checks only `id IN (…)` after waiting for the first), and the outer WHERE should
// repeat the state condition; `?` placeholders become `$1…`; `MAX(a, b)` becomes `GREATEST(a, b)`;
// ISO-string timestamps need `::timestamptz` casts. UPDATE … RETURNING and ON CONFLICT DO NOTHING
// are the same in both.
import type { Db } from "./client.ts";
import type { FrontierKind, LeasedUrl, NewFrontierUrl } from "../frontier/types.ts";

/** Rows per INSERT: 8 bound values each, far below SQLite's 32,766-variable limit. */
const INSERT_CHUNK_ROWS = 500;

const iso = (d: Date) => d.toISOString();

/** Insert URLs that are not in the frontier yet (by normalised URL); returns how many were new. */
export async function enqueueUrls(db: Db, urls: NewFrontierUrl[], now = new Date()): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < urls.length; i += INSERT_CHUNK_ROWS) {
    const chunk = urls.slice(i, i + INSERT_CHUNK_ROWS);
    const values: unknown[] = [];
    for (const u of chunk) {
      values.push(u.url, u.siteId, u.depth, u.kind, iso(u.nextCheckAt ?? now), u.discoveredFrom ?? null, iso(now), iso(now));
    }
    const rows = chunk.map(() => "(?, ?, ?, ?, 'queued', ?, ?, 0, ?, ?)").join(", ");
    inserted += await db.$executeRawUnsafe(
      `INSERT INTO "FrontierUrl" ("url", "siteId", "depth", "kind", "state", "nextCheckAt", "discoveredFrom", "attempts", "createdAt", "updatedAt")
       VALUES ${rows} ON CONFLICT ("url") DO NOTHING`,
      ...values,
    );
  }
  return inserted;
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

const LEASED_COLUMNS = `"id", "url", "siteId", "depth", "kind", "attempts", "etag", "lastModified", "recheckIntervalSec", "discoveredFrom"`;

function siteFilter(opts: LeaseOptions): string {
  // Site ids are integers from our own rows, inlined so the statement stays one prepared shape per call.
  const only = opts.siteIds?.length ? ` AND "id" IN (${opts.siteIds.map(Number).join(",")})` : "";
  const skip = opts.skipSiteIds?.length ? ` AND "id" NOT IN (${opts.skipSiteIds.map(Number).join(",")})` : "";
  return `"siteId" IN (SELECT "id" FROM "Site" WHERE "status" = 'active' AND ("hostBackoffUntil" IS NULL OR "hostBackoffUntil" <= ?)${only}${skip})`;
}

/**
 * Claim up to `limit` URLs: first rows whose lease expired (their worker died), then queued rows
 * that are due, oldest nextCheckAt first (the (state, nextCheckAt) index gives that order without
 * sorting the frontier). Each claim counts as an attempt, so a URL that kills its worker every time
 * ends as failed instead of looping (see failExhaustedLeases).
 */
export async function leaseUrls(db: Db, opts: LeaseOptions): Promise<LeasedUrl[]> {
  const now = iso(opts.now ?? new Date());
  const until = iso(new Date((opts.now ?? new Date()).getTime() + opts.leaseMs));
  const filter = siteFilter(opts);
  const claim = async (where: string, order: string, limit: number) =>
    db.$queryRawUnsafe<LeasedUrl[]>(
      `UPDATE "FrontierUrl" SET "state" = 'leased', "leaseOwner" = ?, "leaseExpiresAt" = ?, "attempts" = "attempts" + 1, "updatedAt" = ?
       WHERE "id" IN (SELECT "id" FROM "FrontierUrl" WHERE ${where} AND ${filter} ${order} LIMIT ?)
       RETURNING ${LEASED_COLUMNS}`,
      opts.owner, until, now, now, now, limit,
    );
  const expired = opts.reclaimExpired === false ? [] : await claim(`"state" = 'leased' AND "leaseExpiresAt" <= ?`, "", opts.limit);
  const rest = opts.limit - expired.length;
  const due = rest > 0 ? await claim(`"state" = 'queued' AND "nextCheckAt" <= ?`, `ORDER BY "nextCheckAt"`, rest) : [];
  return [...expired, ...due].map((r) => ({ ...r, kind: r.kind as FrontierKind }));
}

/** Rows whose lease expired after `maxAttempts` claims: their worker died on them every time. */
export async function failExhaustedLeases(db: Db, maxAttempts: number, now = new Date()): Promise<number> {
  return db.$executeRawUnsafe(
    `UPDATE "FrontierUrl" SET "state" = 'failed', "lastErrorKey" = 'lease_expired', "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ?
     WHERE "state" = 'leased' AND "leaseExpiresAt" <= ? AND "attempts" >= ?`,
    iso(now), iso(now), maxAttempts,
  );
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
  if (outcome.nextCheckAt) cols.push(["nextCheckAt", iso(outcome.nextCheckAt)]);
  if (outcome.recheckIntervalSec !== undefined) cols.push(["recheckIntervalSec", outcome.recheckIntervalSec]);
  if (outcome.attempts !== undefined) cols.push(["attempts", outcome.attempts]);
  if (outcome.etag !== undefined) cols.push(["etag", outcome.etag]);
  if (outcome.lastModified !== undefined) cols.push(["lastModified", outcome.lastModified]);
  if (outcome.lastStatus !== undefined) cols.push(["lastStatus", outcome.lastStatus]);
  if (outcome.lastErrorKey !== undefined) cols.push(["lastErrorKey", outcome.lastErrorKey]);
  if (outcome.fetched) cols.push(["lastFetchedAt", iso(now)]);
  cols.push(["updatedAt", iso(now)]);
  return cols;
}

/**
 * Record what happened to a leased URL and release it; false when the lease was lost meanwhile.
 * One raw UPDATE (once per URL: the ORM's per-call query compilation costs more than the write).
 */
export async function settleUrl(db: Db, id: number, owner: string, outcome: FetchOutcome, now = new Date()): Promise<boolean> {
  const cols = outcomeColumns(outcome, now);
  const n = await db.$executeRawUnsafe(
    `UPDATE "FrontierUrl" SET "leaseOwner" = NULL, "leaseExpiresAt" = NULL, ${cols.map(([c]) => `"${c}" = ?`).join(", ")}
     WHERE "id" = ? AND "leaseOwner" = ? AND "state" = 'leased'`,
    ...cols.map(([, v]) => v), id, owner,
  );
  return n === 1;
}

/** Give back a URL without using up an attempt (host backed off, worker stopping). */
export async function deferUrl(db: Db, id: number, owner: string, until: Date): Promise<boolean> {
  const n = await db.$executeRawUnsafe(
    `UPDATE "FrontierUrl" SET "state" = 'queued', "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "nextCheckAt" = ?,
       "attempts" = MAX("attempts" - 1, 0), "updatedAt" = ?
     WHERE "id" = ? AND "leaseOwner" = ? AND "state" = 'leased'`,
    iso(until), iso(new Date()), id, owner,
  );
  return n === 1;
}

/** Release every lease `owner` still holds (clean shutdown); returns how many. */
export async function releaseLeases(db: Db, owner: string): Promise<number> {
  return db.$executeRawUnsafe(
    `UPDATE "FrontierUrl" SET "state" = 'queued', "leaseOwner" = NULL, "leaseExpiresAt" = NULL,
       "attempts" = MAX("attempts" - 1, 0), "updatedAt" = ?
     WHERE "leaseOwner" = ? AND "state" = 'leased'`,
    iso(new Date()), owner,
  );
}

/** Page-kind rows of a site in any state: what counts against Site.maxPages. */
export async function countSitePageUrls(db: Db, siteId: number): Promise<number> {
  return db.frontierUrl.count({ where: { siteId, kind: "page" } });
}

/** Rows of one kind of a site in any state (the crawler's caps on feeds and sitemaps per site). */
export async function countSiteUrlsOfKind(db: Db, siteId: number, kind: FrontierKind): Promise<number> {
  return db.frontierUrl.count({ where: { siteId, kind } });
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
  await db.$executeRawUnsafe(
    `INSERT INTO "FetchAttempt" ("siteId", "url", "status", "errorKey", "ms", "bytes", "at") VALUES (?, ?, ?, ?, ?, ?, ?)`,
    a.siteId, a.url, a.status, a.errorKey, Math.round(a.ms), a.bytes, dbTime(now),
  );
}

/** A DateTime as the Prisma SQLite adapter stores it ("…+00:00"), for tables the ORM also writes. */
function dbTime(d: Date): string {
  return d.toISOString().replace(/Z$/, "+00:00");
}

// Fetched pages: stored once per normalised URL, raw body gzip-compressed for re-extraction.
import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import type { Db } from "./client.ts";
import { execute, queryRows } from "./direct.ts";
import { columns, excludedAssignments, join, sql } from "./sql.ts";

/**
 * zlib level of stored bodies: 4 compresses a 330 KB news page in ~4 ms instead of ~8 ms at the
 * default 6, for an archive ~5 % larger (measured on 60 WCXB pages: 18.8 % vs 17.8 % of raw size).
 */
const PAGE_GZIP_LEVEL = 4;

export interface FetchedPage {
  siteId: number;
  frontierId?: number | null;
  /** Normalised request URL (the page's identity). */
  url: string;
  finalUrl: string;
  status: number;
  contentType: string | null;
  /** Decompressed response body. */
  body: Uint8Array;
  /** The body gzip-compressed as the server sent it (complete stream), stored as-is; compressed here when absent. */
  gzipBody?: Uint8Array | null;
  charset?: string | null;
  charsetSource?: string | null;
  fetchedAt?: Date;
}

/** Insert or refresh the page row for this URL; returns its id. One raw upsert: the worker's hot path. */
export async function savePage(db: Db, page: FetchedPage): Promise<{ id: number }> {
  const cols: [string, unknown][] = [
    ["siteId", page.siteId],
    ["frontierId", page.frontierId ?? null],
    ["finalUrl", page.finalUrl],
    ["status", page.status],
    ["contentType", page.contentType],
    ["charset", page.charset ?? null],
    ["charsetSource", page.charsetSource ?? null],
    ["size", page.body.byteLength],
    ["contentHash", createHash("sha256").update(page.body).digest("hex")],
    ["fetchedAt", page.fetchedAt ?? new Date()],
    // The server's own gzip stream when we have it: compressing 240 KB again costs ~4 ms CPU per page.
    ["rawBody", page.gzipBody ? Buffer.from(page.gzipBody) : gzipSync(page.body, { level: PAGE_GZIP_LEVEL })],
  ];
  const names = cols.map(([c]) => c);
  const rows = await queryRows<{ id: number | bigint }[]>(db, sql`
    INSERT INTO "Page" ("url", ${columns(names)}) VALUES (${page.url}, ${join(cols.map(([, v]) => v))})
    ON CONFLICT ("url") DO UPDATE SET ${excludedAssignments(names)}, "outcome" = NULL, "outcomeReason" = NULL
    RETURNING "id"`);
  return { id: Number(rows[0]!.id) };
}

/**
 * Record the page's outcome and its reason; with `templateVersion` (not undefined), also the version of its
 * site's template its extraction used (lib/db/template-pages.ts): one UPDATE, as each UPDATE rewrites the whole
 * page row, compressed body included.
 */
export async function setPageOutcome(db: Db, pageId: number, outcome: string, reason: string | null, templateVersion?: number | null): Promise<void> {
  if (templateVersion === undefined) {
    await execute(db, sql`UPDATE "Page" SET "outcome" = ${outcome}, "outcomeReason" = ${reason} WHERE "id" = ${pageId}`);
    return;
  }
  await execute(db, sql`UPDATE "Page" SET "outcome" = ${outcome}, "outcomeReason" = ${reason}, "templateVersion" = ${templateVersion} WHERE "id" = ${pageId}`);
}

/** A stored page with its body decompressed, for re-extraction. */
export async function loadStoredPage(db: Db, pageId: number) {
  // A direct statement, not the ORM: Prisma's SQLite adapter maps a blob to an array of numbers, one per
  // byte (~50 KB of gzip per page), which cost more CPU than the page's re-extraction on a crawl's first pages.
  const rows = await queryRows<{
    id: number; url: string; finalUrl: string; siteId: number; frontierId: number | null; status: number; contentType: string | null;
    charset: string | null; charsetSource: string | null; fetchedAt: Date; rawBody: Uint8Array;
  }[]>(db, sql`SELECT "id", "url", "finalUrl", "siteId", "frontierId", "status", "contentType", "charset", "charsetSource", "fetchedAt", "rawBody"
    FROM "Page" WHERE "id" = ${pageId}`);
  const p = rows[0];
  if (!p) return null;
  const { rawBody, ...rest } = p;
  return { ...rest, id: Number(rest.id), siteId: Number(rest.siteId), frontierId: rest.frontierId === null ? null : Number(rest.frontierId), body: gunzipSync(rawBody) };
}

export async function listStoredPageIds(db: Db, opts: { siteId?: number; afterId?: number; take?: number } = {}): Promise<number[]> {
  const rows = await db.page.findMany({
    where: { siteId: opts.siteId, id: { gt: opts.afterId ?? 0 } },
    orderBy: { id: "asc" },
    take: opts.take ?? 500,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

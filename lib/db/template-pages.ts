// Pages and their site template (issue #21): which template version each page was extracted with,
// the pages held back until their site's template exists ("awaiting_template"), and the pages whose
// template has changed materially since (stale). The catch-up (lib/pipeline/catch-up.ts) drives them.
// Portable SQL: Prisma.sql with double-quoted identifiers.
import { Prisma } from "../generated/prisma/client.ts";
import type { Db } from "./client.ts";
import { execute, queryRows } from "./direct.ts";
import { empty, join, sql } from "./sql.ts";

/** Page outcome of a page stored but held back until its site has a template. */
export const AWAITING_TEMPLATE = "awaiting_template";
/** Outcomes of extracted pages: these can be re-extracted (skipped and error pages have no extraction). */
const EXTRACTED_OUTCOMES = ["article", "not_news", "duplicate", "too_short"];
/** Frontier kinds whose fetch yields a page of the site (feeds and sitemaps do not). */
const PAGE_KINDS = ["page", "seed"];

/** Hold a page back until its site's template exists; `reason` says how far the template is. */
export async function markAwaitingTemplate(db: Db, pageId: number, reason: string): Promise<void> {
  await execute(db, sql`UPDATE "Page" SET "outcome" = ${AWAITING_TEMPLATE}, "outcomeReason" = ${reason}, "templateVersion" = ${null} WHERE "id" = ${pageId}`);
}

/**
 * Take the site's held-back pages for extraction, oldest first: each is claimed by one conditional
 * update (outcome awaiting_template → null), so two workers never extract one page twice.
 */
export async function claimAwaitingPages(db: Db, siteId: number): Promise<number[]> {
  const rows = await db.page.findMany({ where: { siteId, outcome: AWAITING_TEMPLATE }, orderBy: { id: "asc" }, select: { id: true } });
  const claimed: number[] = [];
  for (const { id } of rows) {
    const { count } = await db.page.updateMany({ where: { id, outcome: AWAITING_TEMPLATE }, data: { outcome: null, outcomeReason: null } });
    if (count === 1) claimed.push(id);
  }
  return claimed;
}

/**
 * Sites with held-back pages that should wait no longer: the oldest waited since before `waitedBefore`,
 * or the site has no page URL left to fetch (it will not reach the pages a template needs soon).
 */
export async function listSitesDoneWaiting(db: Db, waitedBefore: Date, siteIds?: number[]): Promise<number[]> {
  // One direct statement (the worker's catch-up asks every few seconds): each site's oldest held-back
  // page, and whether it has a page URL left to fetch.
  const sites = siteIds ? sql`AND p."siteId" IN (${siteIds.length ? join(siteIds.map(Number)) : sql`NULL`})` : empty;
  const groups = await queryRows<{ siteId: number | bigint; oldest: Date | string | null; pending: unknown }[]>(db, sql`
    SELECT p."siteId", MIN(p."fetchedAt") AS "oldest",
      EXISTS (SELECT 1 FROM "FrontierUrl" f WHERE f."siteId" = p."siteId" AND f."kind" IN (${join(PAGE_KINDS)})
        AND f."state" IN ('queued', 'leased') AND f."lastFetchedAt" IS NULL) AS "pending"
    FROM "Page" p WHERE p."outcome" = ${AWAITING_TEMPLATE} ${sites} GROUP BY p."siteId" ORDER BY p."siteId"`);
  const out: number[] = [];
  for (const g of groups) {
    // MIN() of a DateTime column is an expression: text on SQLite (as the adapter stores the column), a timestamp on PostgreSQL.
    const oldest = g.oldest === null ? null : g.oldest instanceof Date ? g.oldest : new Date(String(g.oldest).replace(" ", "T"));
    const pending = g.pending === true || Number(g.pending) === 1;
    if ((oldest && oldest < waitedBefore) || !pending) out.push(Number(g.siteId));
  }
  return out;
}

export interface StalePage {
  id: number;
  siteId: number;
  /** The version it was extracted with (null: without a template). */
  extractedWith: number | null;
  /** The site template's version now. */
  current: number;
}

/**
 * Pages extracted with an older version of their site's template (or without one) that belong to its
 * current design (id ≥ the template's epochStart). Never-templated pages first, then the oldest
 * versions; newest pages first within each (what readers see first).
 */
export async function listStalePages(db: Db, opts: { take: number; siteIds?: number[] }): Promise<StalePage[]> {
  const sites = opts.siteIds?.length ? Prisma.sql`AND p."siteId" IN (${Prisma.join(opts.siteIds)})` : Prisma.empty;
  const rows = await queryRows<{ id: number | bigint; siteId: number | bigint; templateVersion: number | bigint | null; version: number | bigint }[]>(db, Prisma.sql`
    SELECT p."id", p."siteId", p."templateVersion", t."version" FROM "Page" p JOIN "SiteTemplate" t ON t."siteId" = p."siteId"
    WHERE t."version" > 0 AND p."id" >= t."epochStart" AND p."outcome" IN (${Prisma.join(EXTRACTED_OUTCOMES)})
      AND (p."templateVersion" IS NULL OR p."templateVersion" < t."version") ${sites}
    ORDER BY CASE WHEN p."templateVersion" IS NULL THEN 0 ELSE 1 END, p."templateVersion", p."id" DESC
    LIMIT ${opts.take}`);
  return rows.map((r) => ({
    id: Number(r.id), siteId: Number(r.siteId), extractedWith: r.templateVersion === null ? null : Number(r.templateVersion), current: Number(r.version),
  }));
}

/** Claim a stale page for re-extraction: set its version only if no one else has (returns false then). */
export async function claimStalePage(db: Db, page: StalePage): Promise<boolean> {
  const { count } = await db.page.updateMany({ where: { id: page.id, templateVersion: page.extractedWith }, data: { templateVersion: page.current } });
  return count === 1;
}

/** Pages of one site waiting for (re-)extraction: held back for a template, and stale. */
export async function countTemplateBacklog(db: Db, siteId: number): Promise<{ awaiting: number; stale: number }> {
  const awaiting = await db.page.count({ where: { siteId, outcome: AWAITING_TEMPLATE } });
  const rows = await queryRows<{ n: number | bigint }[]>(db, Prisma.sql`
    SELECT COUNT(*) AS "n" FROM "Page" p JOIN "SiteTemplate" t ON t."siteId" = p."siteId"
    WHERE p."siteId" = ${siteId} AND t."version" > 0 AND p."id" >= t."epochStart" AND p."outcome" IN (${Prisma.join(EXTRACTED_OUTCOMES)})
      AND (p."templateVersion" IS NULL OR p."templateVersion" < t."version")`);
  return { awaiting, stale: Number(rows[0]?.n ?? 0) };
}

/** The stored article text of a page (null: none), to tell whether a re-extraction changed it. */
export async function readArticleText(db: Db, pageId: number): Promise<string | null> {
  return (await db.article.findUnique({ where: { pageId }, select: { text: true } }))?.text ?? null;
}

/**
 * A held-back page whose extraction failed when its site released it: the failure is its own, so it is
 * stored where a failure at fetch time would be — the page's outcome, its fetch attempt's key, its
 * frontier URL queued again after `retryInMs` (or failed for good when null) — and never on the page
 * that released it.
 */
export async function recordReleasedPageFailure(db: Db, pageId: number, key: string, message: string, retryInMs: number | null, now = new Date()): Promise<void> {
  const page = await db.page.findUnique({ where: { id: pageId }, select: { url: true, siteId: true, frontierId: true } });
  if (!page) return;
  await db.page.updateMany({ where: { id: pageId }, data: { outcome: "error", outcomeReason: message.slice(0, 500) } });
  const attempt = await db.fetchAttempt.findFirst({ where: { siteId: page.siteId, url: page.url }, orderBy: { id: "desc" }, select: { id: true } });
  if (attempt) await db.fetchAttempt.updateMany({ where: { id: attempt.id }, data: { errorKey: key } });
  if (page.frontierId !== null) {
    await db.frontierUrl.updateMany({
      where: { id: page.frontierId, state: "done" },
      data: retryInMs === null ? { state: "failed", lastErrorKey: key } : { state: "queued", lastErrorKey: key, nextCheckAt: new Date(now.getTime() + retryInMs) },
    });
  }
}

/** Attempts used so far by the page's frontier URL (0 without one). */
export async function pageAttempts(db: Db, pageId: number): Promise<number> {
  const page = await db.page.findUnique({ where: { id: pageId }, select: { frontier: { select: { attempts: true } } } });
  return page?.frontier?.attempts ?? 0;
}

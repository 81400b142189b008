// A site's template (lib/extract/template.ts) in the SiteTemplate table: one row per site, the state
// as JSON in `data`, `pageCount` mirrored for listings. Updated one page at a time by the worker.
import type { Db } from "./client.ts";
import { execute, queryRows } from "./direct.ts";
import { sql } from "./sql.ts";
import { log } from "../log.ts";
import { countTemplateBacklog } from "./template-pages.ts";
import {
  describeTemplate, newTemplate, parseTemplate, serializeTemplate, updateTemplate,
  type PageEntries, type TemplateDescription, type TemplateOptions, type TemplateState,
} from "../extract/template.ts";

export interface StoredTemplate {
  template: TemplateState;
  updatedAt: Date;
  createdAt: Date;
}

/** The site's stored template; null when it has none or the stored one cannot be read (logged: it restarts). */
export async function getSiteTemplate(db: Db, siteId: number): Promise<StoredTemplate | null> {
  // On the driver adapter: it runs inside a page's transaction (lib/db/direct.ts scopedTransaction) when the cached template expires.
  const [row] = await queryRows<{ data: string; updatedAt: Date; createdAt: Date }[]>(db,
    sql`SELECT "data", "updatedAt", "createdAt" FROM "SiteTemplate" WHERE "siteId" = ${siteId}`);
  if (!row) return null;
  const parsed = parseTemplate(row.data);
  if (!parsed.ok) {
    log.warn({ siteId, reason: parsed.reason }, "stored site template unreadable; starting a new one");
    return null;
  }
  return { template: parsed.template, updatedAt: row.updatedAt, createdAt: row.createdAt };
}

/** Insert or replace the site's template (one raw upsert: the ORM's compiler costs ~2 ms CPU per statement). */
export async function saveSiteTemplate(db: Db, siteId: number, template: TemplateState): Promise<void> {
  const data = serializeTemplate(template);
  const now = new Date();
  // version and epochStart are mirrored in columns: stale pages are found by a join (lib/db/template-pages.ts).
  await execute(db, sql`
    INSERT INTO "SiteTemplate" ("siteId", "pageCount", "data", "updatedAt", "createdAt", "version", "epochStart")
    VALUES (${siteId}, ${template.pageCount}, ${data}, ${now}, ${now}, ${template.version}, ${template.epochStart})
    ON CONFLICT ("siteId") DO UPDATE SET "pageCount" = excluded."pageCount", "data" = excluded."data", "updatedAt" = excluded."updatedAt",
      "version" = excluded."version", "epochStart" = excluded."epochStart"`);
}

/**
 * Stream one page into the site's template: load (or start with `opts`), update, save; returns the
 * new state. Two workers adding pages of the same site at the same instant may lose one page's
 * update (last write wins): harmless for a template built from a window of pages.
 */
export async function addPageToSiteTemplate(db: Db, siteId: number, page: PageEntries, opts: TemplateOptions = {}, ref?: number): Promise<TemplateState> {
  const stored = await getSiteTemplate(db, siteId);
  const next = updateTemplate(stored?.template ?? newTemplate(opts), page, { ref });
  await saveSiteTemplate(db, siteId, next);
  return next;
}

export interface SiteTemplateView extends TemplateDescription {
  updatedAt: string;
  createdAt: string;
  /** Pages held back until the template exists, and pages extracted with an older version of it. */
  backlog: { awaiting: number; stale: number };
}

/** What Sites → site → Template shows: entries, how many pages built it, when it last changed, its redesigns, the re-extraction backlog. */
export async function getSiteTemplateView(db: Db, siteId: number): Promise<SiteTemplateView | null> {
  const stored = await getSiteTemplate(db, siteId);
  if (!stored) return null;
  const backlog = await countTemplateBacklog(db, siteId);
  return { ...describeTemplate(stored.template), updatedAt: stored.updatedAt.toISOString(), createdAt: stored.createdAt.toISOString(), backlog };
}

// Queries for WARC export and import: stored pages in id order, and the site an archived URL belongs to.
import type { Db } from "./client.ts";

export interface ExportPage {
  id: number;
  url: string;
  finalUrl: string;
  status: number;
  contentType: string | null;
  fetchedAt: Date;
  /** gzip-compressed body as stored. */
  rawBody: Uint8Array;
}

/** A batch of stored pages after `afterId`, optionally of some sites. */
export async function listPagesForExport(db: Db, opts: { siteIds?: number[]; afterId: number; take: number }): Promise<ExportPage[]> {
  return db.page.findMany({
    where: { id: { gt: opts.afterId }, ...(opts.siteIds ? { siteId: { in: opts.siteIds } } : {}) },
    orderBy: { id: "asc" },
    take: opts.take,
    select: { id: true, url: true, finalUrl: true, status: true, contentType: true, fetchedAt: true, rawBody: true },
  });
}

/**
 * The site for an archived URL's origin; created PAUSED and without a frontier row when new, so
 * importing an archive never starts crawling the hosts in it.
 */
export async function findOrCreateArchiveSite(db: Db, url: string): Promise<number> {
  const u = new URL(url);
  const seedUrl = new URL("/", u.origin).href;
  const found = await db.site.findUnique({ where: { seedUrl }, select: { id: true } });
  if (found) return found.id;
  const host = u.hostname.toLowerCase();
  const site = await db.site.upsert({
    where: { seedUrl },
    create: { seedUrl, host, name: `${host.replace(/^www\./, "")} (archive)`, status: "paused" },
    update: {},
    select: { id: true },
  });
  return site.id;
}

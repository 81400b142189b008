// Sites: the seed sites admins add, and their status; and, for the crawler, their politeness state
// (robots.txt, host back-off) and last error.
import type { Db } from "./client.ts";
import type { AddSiteInput } from "../schemas/site.ts";
import { normalizeUrl } from "../url/normalize.ts";

export class SiteExistsError extends Error {
  readonly key = "site_exists";
}

/** Store a new site and put its seed URL on the frontier (kind "seed", due now). */
export async function addSite(db: Db, input: AddSiteInput & { allowPrivateNetwork?: boolean }) {
  const url = new URL(input.seedUrl);
  const seedUrl = url.href;
  const existing = await db.site.findUnique({ where: { seedUrl }, select: { id: true } });
  if (existing) throw new SiteExistsError(`${seedUrl} is already a site`);
  return db.$transaction(async (tx) => {
    const site = await tx.site.create({
      data: {
        seedUrl,
        host: url.hostname.toLowerCase(),
        name: input.name?.trim() || url.hostname.replace(/^www\./, ""),
        maxPages: input.maxPages,
        maxDepth: input.maxDepth,
        crawlDelayMs: input.crawlDelayMs,
        allowPrivateNetwork: input.allowPrivateNetwork ?? false,
      },
    });
    // The frontier keys on the normalised URL (lib/url/normalize.ts), like every URL the crawler enqueues.
    const frontierUrl = normalizeUrl(seedUrl) ?? seedUrl;
    await tx.frontierUrl.upsert({
      where: { url: frontierUrl },
      create: { url: frontierUrl, siteId: site.id, depth: 0, kind: "seed" },
      update: { siteId: site.id, kind: "seed", state: "queued", nextCheckAt: new Date() },
    });
    return site;
  });
}

export async function listSites(db: Db) {
  return db.site.findMany({
    orderBy: { createdAt: "desc" },
    select: {
      id: true, seedUrl: true, host: true, name: true, status: true, lastErrorKey: true, lastErrorAt: true,
      robotsState: true, createdAt: true,
      _count: { select: { pages: true, articles: true } },
    },
  });
}

export async function setSiteStatus(db: Db, id: number, status: "active" | "paused") {
  return db.site.update({ where: { id }, data: { status }, select: { id: true, status: true } });
}

// ---- crawler ----

export const crawlSiteSelect = {
  id: true,
  seedUrl: true,
  host: true,
  name: true,
  status: true,
  crawlDelayMs: true,
  maxConcurrency: true,
  maxPages: true,
  maxDepth: true,
  includePattern: true,
  excludePattern: true,
  allowPrivateNetwork: true,
  recheckMinSec: true,
  recheckMaxSec: true,
  robotsState: true,
  robotsTxt: true,
  robotsFetchedAt: true,
  hostBackoffUntil: true,
} as const;

export interface CrawlSite {
  id: number;
  seedUrl: string;
  host: string;
  name: string;
  status: string;
  crawlDelayMs: number;
  maxConcurrency: number;
  maxPages: number;
  maxDepth: number;
  includePattern: string | null;
  excludePattern: string | null;
  allowPrivateNetwork: boolean;
  recheckMinSec: number;
  recheckMaxSec: number;
  robotsState: string | null;
  robotsTxt: string | null;
  robotsFetchedAt: Date | null;
  hostBackoffUntil: Date | null;
}

export async function getCrawlSite(db: Db, id: number): Promise<CrawlSite | null> {
  return db.site.findUnique({ where: { id }, select: crawlSiteSelect });
}

export async function findSiteBySeed(db: Db, seedUrl: string): Promise<CrawlSite | null> {
  return db.site.findUnique({ where: { seedUrl }, select: crawlSiteSelect });
}

/** Active sites whose seed is not in the frontier yet (added on the Sites page since the last look). */
export async function listSitesWithoutSeed(db: Db): Promise<Pick<CrawlSite, "id" | "seedUrl">[]> {
  return db.site.findMany({
    where: { status: "active", urls: { none: { kind: "seed" } } },
    select: { id: true, seedUrl: true },
  });
}

export async function saveRobotsState(
  db: Db,
  siteId: number,
  robots: { state: string; txt: string | null; fetchedAt: Date },
): Promise<void> {
  await db.site.update({
    where: { id: siteId },
    data: { robotsState: robots.state, robotsTxt: robots.txt, robotsFetchedAt: robots.fetchedAt },
  });
}

/** 429/503 with Retry-After: no URL of this site is leased before `until`. */
export async function setHostBackoff(db: Db, siteId: number, until: Date): Promise<void> {
  await db.site.update({ where: { id: siteId }, data: { hostBackoffUntil: until } });
}

export async function recordSiteError(db: Db, siteId: number, errorKey: string, at = new Date()): Promise<void> {
  await db.site.update({ where: { id: siteId }, data: { lastErrorKey: errorKey, lastErrorAt: at } });
}

/** `lede crawl --max-pages N` on an existing site raises (or lowers) its page limit. */
export async function setSiteMaxPages(db: Db, siteId: number, maxPages: number): Promise<void> {
  await db.site.update({ where: { id: siteId }, data: { maxPages } });
}

/** Make a site's seed due now (a one-shot crawl of a site that exists already). */
export async function requeueSeed(db: Db, siteId: number): Promise<void> {
  await db.frontierUrl.updateMany({
    where: { siteId, kind: "seed", state: { not: "leased" } },
    data: { state: "queued", nextCheckAt: new Date() },
  });
}

/** Site ids for a `--site` argument: a numeric id, a host name (with or without www.) or a seed URL. */
export async function findSiteIds(db: Db, ref: string): Promise<number[]> {
  if (/^\d+$/.test(ref)) {
    const s = await db.site.findUnique({ where: { id: Number(ref) }, select: { id: true } });
    return s ? [s.id] : [];
  }
  let host = ref.toLowerCase();
  try {
    if (/^https?:\/\//i.test(ref)) host = new URL(ref).hostname.toLowerCase();
  } catch {
    /* not a URL: treat as a host name */
  }
  const bare = host.replace(/^www\./, "");
  const rows = await db.site.findMany({ where: { host: { in: [bare, `www.${bare}`] } }, select: { id: true } });
  return rows.map((r) => r.id);
}

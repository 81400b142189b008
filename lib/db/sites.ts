// Sites: the seed sites admins add, and their status; and, for the crawler, their politeness state
// (robots.txt, host back-off) and last error.
import type { Db } from "./client.ts";
import { execute, queryRows } from "./direct.ts";
import { columns, sql } from "./sql.ts";
import type { AddSiteInput } from "../schemas/site.ts";
import { normalizeUrl } from "../url/normalize.ts";
import { siteHostKey } from "../frontier/scope.ts";

/** The same site (host, with or without www.) is already there: the admin gets a link to it. */
export class SiteExistsError extends Error {
  readonly key = "site_exists";
  constructor(
    message: string,
    readonly site: { id: number; name: string; seedUrl: string },
    /** the refused address when it names a section (a path below the front page): it can be added to the site instead */
    readonly sectionUrl: string | null,
  ) {
    super(message);
  }
}

/** A section address whose host is not the site's. */
export class SectionHostError extends Error {
  readonly key = "invalid_input";
}

/** discoveredFrom of a feed row that came with the site (an OPML outline's xmlUrl). */
export const OPML_SOURCE = "opml";

/** Index file names that serve a directory's front page: "/index.html" is the site's "/". */
const INDEX_FILE = /\/(?:index|default|home)\.(?:html?|php|aspx?|jsp|shtml)$/i;

/**
 * A seed as the frontier keys it (lib/url/normalize.ts: fragment, tracking parameters, default port,
 * host case dropped), with a trailing index file name cut to its directory. null: not http(s).
 */
export function normalizeSeedUrl(raw: string): string | null {
  const n = normalizeUrl(raw);
  if (!n) return null;
  const u = new URL(n);
  u.pathname = u.pathname.replace(INDEX_FILE, "/");
  return u.href;
}

/** One site per host: "www.example.com" and "example.com" (http or https) are one site (lib/frontier/scope.ts). */
export async function findSiteByHost(db: Db, host: string): Promise<{ id: number; name: string; seedUrl: string } | null> {
  const bare = siteHostKey(host);
  return db.site.findFirst({ where: { host: { in: [bare, `www.${bare}`] } }, orderBy: { id: "asc" }, select: { id: true, name: true, seedUrl: true } });
}

/**
 * Throws SiteExistsError when the seed's host already has a site (checked before any network look-up,
 * so "already added" is the answer even for an address that would not resolve).
 */
export async function assertNewSite(db: Db, rawSeedUrl: string): Promise<void> {
  const seedUrl = normalizeSeedUrl(rawSeedUrl);
  if (!seedUrl) return;
  const url = new URL(seedUrl);
  const existing = await findSiteByHost(db, url.hostname);
  if (existing) {
    const isSection = url.pathname !== "/" && normalizeSeedUrl(existing.seedUrl) !== seedUrl;
    throw new SiteExistsError(`${url.hostname} is already added as “${existing.name}”`, existing, isSection ? seedUrl : null);
  }
}

/**
 * Store a new site and put its seed URL on the frontier (kind "seed", due now). The seed is
 * normalised first; a host that already has a site is refused with SiteExistsError, which names
 * that site and, when the address is a section of it, offers to add it there (addSiteSection).
 */
export async function addSite(db: Db, input: AddSiteInput & { allowPrivateNetwork?: boolean; feedUrl?: string }) {
  const seedUrl = normalizeSeedUrl(input.seedUrl);
  if (!seedUrl) throw new SectionHostError(`${input.seedUrl} is not an http(s) address`);
  const url = new URL(seedUrl);
  await assertNewSite(db, seedUrl);
  return db.$transaction(async (tx) => {
    const site = await tx.site.create({
      data: {
        seedUrl,
        host: url.hostname.toLowerCase(),
        name: input.name?.trim() || defaultSiteName(url.hostname),
        maxPages: input.maxPages,
        maxDepth: input.maxDepth,
        crawlDelayMs: input.crawlDelayMs,
        allowPrivateNetwork: input.allowPrivateNetwork ?? false,
      },
    });
    // The seed page, and the site's feed when one is known (an OPML outline's xmlUrl). A site added
    // from a feed alone has the feed as its seed address and is read through it.
    const feedUrl = input.feedUrl ? normalizeUrl(input.feedUrl) : null;
    const feedOnly = feedUrl !== null && feedUrl === seedUrl;
    const rows = [{ url: seedUrl, kind: feedOnly ? "feed" : "seed" }, ...(feedUrl && !feedOnly ? [{ url: feedUrl, kind: "feed" }] : [])];
    for (const r of rows) {
      await tx.frontierUrl.upsert({
        where: { url: r.url },
        create: { url: r.url, siteId: site.id, depth: 0, kind: r.kind, ...(r.kind === "feed" ? { discoveredFrom: OPML_SOURCE } : {}) },
        update: { siteId: site.id, kind: r.kind, state: "queued", nextCheckAt: new Date() },
      });
    }
    return site;
  });
}

/**
 * Add a section of a site (e.g. https://example.com/health/) as one more seed of it: its links,
 * feeds and sitemaps are crawled like the front page's, within the site's limits.
 */
export async function addSiteSection(db: Db, siteId: number, rawUrl: string): Promise<{ url: string }> {
  const site = await db.site.findUnique({ where: { id: siteId }, select: { host: true } });
  if (!site) throw new SiteNotFoundError(`site ${siteId} not found`);
  const url = normalizeSeedUrl(rawUrl);
  if (!url) throw new SectionHostError(`${rawUrl} is not an http(s) address`);
  if (siteHostKey(new URL(url).hostname) !== siteHostKey(site.host)) throw new SectionHostError(`${url} is not on ${site.host}`);
  await db.frontierUrl.upsert({
    where: { url },
    create: { url, siteId, depth: 0, kind: "seed" },
    update: { siteId, kind: "seed", depth: 0, state: "queued", nextCheckAt: new Date(), attempts: 0 },
  });
  return { url };
}

export class SiteNotFoundError extends Error {
  readonly key = "not_found";
}

/** What an admin may change on a site after adding it (zod-validated in lib/schemas/site.ts). */
export interface SitePatch {
  name?: string;
  status?: "active" | "paused";
  maxPages?: number;
  maxDepth?: number;
  crawlDelayMs?: number;
  includePattern?: string | null;
  excludePattern?: string | null;
  allowPrivateNetwork?: boolean;
}

export async function updateSite(db: Db, id: number, patch: SitePatch) {
  if (!(await db.site.findUnique({ where: { id }, select: { id: true } }))) throw new SiteNotFoundError(`site ${id} not found`);
  return db.site.update({ where: { id }, data: patch, select: { id: true, name: true, status: true } });
}

/** What deleting a site takes with it, for the confirmation page. */
export interface SiteDeletionImpact {
  pages: number;
  articles: number;
  frontierUrls: number;
  /** stories with articles of this site only: they go */
  storiesRemoved: number;
  /** stories that also have other sites' articles: they stay, without this site's */
  storiesKept: number;
  /** admin labels on the site's pages: kept (they are keyed by URL and keep teaching the classifier) */
  labels: number;
}

async function storiesOfSite(db: Db, siteId: number): Promise<{ only: number[]; shared: number[] }> {
  const rows = await db.article.findMany({ where: { siteId, storyId: { not: null } }, distinct: ["storyId"], select: { storyId: true } });
  const ids = rows.map((r) => r.storyId!);
  if (ids.length === 0) return { only: [], shared: [] };
  const others = await db.article.findMany({
    where: { storyId: { in: ids }, siteId: { not: siteId } }, distinct: ["storyId"], select: { storyId: true },
  });
  const shared = new Set(others.map((r) => r.storyId!));
  return { only: ids.filter((i) => !shared.has(i)), shared: [...shared] };
}

export async function describeSiteDeletion(db: Db, siteId: number): Promise<SiteDeletionImpact | null> {
  const site = await db.site.findUnique({ where: { id: siteId }, select: { _count: { select: { pages: true, articles: true, urls: true } } } });
  if (!site) return null;
  const [stories, labels] = await Promise.all([
    storiesOfSite(db, siteId),
    db.label.count({ where: { page: { siteId } } }),
  ]);
  return {
    pages: site._count.pages, articles: site._count.articles, frontierUrls: site._count.urls,
    storiesRemoved: stories.only.length, storiesKept: stories.shared.length, labels,
  };
}

/**
 * Delete a site with its frontier, pages, articles, fetch log and template (foreign-key cascades),
 * the stories made of its articles only, and the counts of the stories it shared. Labels stay.
 */
export async function deleteSite(db: Db, siteId: number): Promise<SiteDeletionImpact> {
  const impact = await describeSiteDeletion(db, siteId);
  if (!impact) throw new SiteNotFoundError(`site ${siteId} not found`);
  const stories = await storiesOfSite(db, siteId);
  await db.$transaction(async (tx) => {
    await tx.site.delete({ where: { id: siteId } });
    if (stories.only.length) await tx.story.deleteMany({ where: { id: { in: stories.only } } });
    for (const storyId of stories.shared) {
      const left = await tx.article.findMany({ where: { storyId }, select: { siteId: true } });
      await tx.story.update({ where: { id: storyId }, data: { articleCount: left.length, sourceCount: new Set(left.map((a) => a.siteId)).size } });
    }
  });
  return impact;
}

/** The name a site gets when the admin gives none: its host without "www.". */
export function defaultSiteName(host: string): string {
  return host.toLowerCase().replace(/^www\./, "");
}

/** Longest publisher name (og:site_name) adopted for a site, characters: longer ones are taglines. */
const MAX_ADOPTED_NAME_CHARS = 60;

/**
 * Does a page's og:site_name read as a publisher's name ("UC Davis Health", "NPR")? Slugs
 * ("cultivating-health"), addresses and taglines do not.
 */
export function looksLikeSiteName(name: string): boolean {
  const n = name.trim();
  if (n.length < 2 || n.length > MAX_ADOPTED_NAME_CHARS) return false;
  if (/^https?:|\/|\.(?:com|org|net|edu|gov)\b/i.test(n)) return false;
  if (/^[a-z0-9]+(?:[-_][a-z0-9]+)+$/.test(n)) return false;
  return /\s/.test(n) || /\p{Lu}/u.test(n);
}

/**
 * One site, one name everywhere: while a site still has its default name (its host), the first
 * publisher name its pages carry becomes the site's name. An admin's name is never replaced.
 */
export async function adoptSiteName(db: Db, siteId: number, pageSiteName: string | null | undefined): Promise<boolean> {
  if (!pageSiteName || !looksLikeSiteName(pageSiteName)) return false;
  // Raw on the driver adapter (lib/db/direct.ts): the crawl asks this for every article it stores.
  const [site] = await queryRows<{ name: string; host: string }[]>(db, sql`SELECT "name", "host" FROM "Site" WHERE "id" = ${siteId}`);
  if (!site || site.name !== defaultSiteName(site.host)) return false;
  const n = await execute(db, sql`UPDATE "Site" SET "name" = ${pageSiteName.trim()}, "updatedAt" = ${new Date()} WHERE "id" = ${siteId} AND "name" = ${site.name}`);
  return n > 0;
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

/** crawlSiteSelect's columns, for the direct SELECT of getCrawlSite. */
const CRAWL_SITE_COLUMNS = columns(Object.keys(crawlSiteSelect));

/** One site as the crawler sees it. A direct statement: the worker re-reads each site every few seconds (lib/crawl/site-cache.ts). */
export async function getCrawlSite(db: Db, id: number): Promise<CrawlSite | null> {
  const [row] = await queryRows<CrawlSite[]>(db, sql`SELECT ${CRAWL_SITE_COLUMNS} FROM "Site" WHERE "id" = ${id}`);
  return row ?? null;
}

export async function findSiteBySeed(db: Db, seedUrl: string): Promise<CrawlSite | null> {
  return db.site.findUnique({ where: { seedUrl }, select: crawlSiteSelect });
}

/** Active sites whose seed is not in the frontier yet (added on the Sites page since the last look). */
export async function listSitesWithoutSeed(db: Db): Promise<Pick<CrawlSite, "id" | "seedUrl">[]> {
  return db.site.findMany({
    // A site added from a feed alone (OPML) has a feed row at depth 0 and no seed: it is not missing one.
    // Two look-ups, not one with OR: each goes straight to the site's rows of its kind (index siteId, kind).
    where: { status: "active", AND: [{ urls: { none: { kind: "seed" } } }, { urls: { none: { kind: "feed", discoveredFrom: OPML_SOURCE } } }] },
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

/**
 * "Retry now": the site's seeds that are not being fetched become due at once with fresh attempts,
 * and its host back-off and last error are cleared. Returns how many seeds were queued.
 */
export async function retrySiteNow(db: Db, siteId: number, now = new Date()): Promise<number> {
  if (!(await db.site.findUnique({ where: { id: siteId }, select: { id: true } }))) throw new SiteNotFoundError(`site ${siteId} not found`);
  const r = await db.frontierUrl.updateMany({
    where: { siteId, kind: "seed", state: { not: "leased" } },
    data: { state: "queued", nextCheckAt: now, attempts: 0 },
  });
  await db.site.update({ where: { id: siteId }, data: { hostBackoffUntil: null, lastErrorKey: null, lastErrorAt: null } });
  return r.count;
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

/** Every site with its first known feed (the one it came with, else the first discovered), for OPML export. */
export async function listSitesForExport(db: Db): Promise<{ name: string; seedUrl: string; feedUrl: string | null }[]> {
  const sites = await db.site.findMany({
    orderBy: { name: "asc" },
    select: { name: true, seedUrl: true, urls: { where: { kind: "feed", state: { not: "skipped" } }, orderBy: { id: "asc" }, take: 1, select: { url: true } } },
  });
  return sites.map((s) => ({ name: s.name, seedUrl: s.seedUrl, feedUrl: s.urls[0]?.url ?? null }));
}

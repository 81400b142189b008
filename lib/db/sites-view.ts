// Read models for the Sites pages: per-site crawl status, and one site's detail (template, recent pages).
import type { Db } from "./client.ts";
import { errorClass } from "../http/errors.ts";

/** Days of fetch attempts counted in "errors by key": recent enough to be actionable. */
export const ERROR_WINDOW_DAYS = 7;
/** Recent pages listed on a site's page. */
const RECENT_PAGES = 30;

export interface SiteStatus {
  id: number;
  name: string;
  seedUrl: string;
  host: string;
  status: string;
  robotsState: string | null;
  robotsFetchedAt: string | null;
  lastErrorKey: string | null;
  lastErrorAt: string | null;
  hostBackoffUntil: string | null;
  pages: number;
  articles: number;
  /** frontier rows per state: queued, leased, done, failed, skipped */
  frontier: Record<string, number>;
  /** fetch failures (network, 5xx, limits, policy) in the last ERROR_WINDOW_DAYS, by stable key, most frequent first */
  errors: { key: string; count: number }[];
  /** dead links (404, 410) in the last ERROR_WINDOW_DAYS: counted apart, they are not the site failing */
  notFound: number;
  /** the site's seeds (front page and added sections), with their last failure and next try */
  seeds: SeedStatus[];
  /** the earliest queued frontier row's due time */
  nextCheckAt: string | null;
}

export interface SeedStatus {
  url: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  /** stable key of the last failure (lib/http/errors.ts); null once a fetch succeeded */
  lastErrorKey: string | null;
  lastFetchedAt: string | null;
  /** when the crawler tries it next (the retry back-off after a failure) */
  nextCheckAt: string | null;
}

function iso(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}

export async function listSiteStatus(db: Db, opts: { siteId?: number; now?: Date } = {}): Promise<SiteStatus[]> {
  const since = new Date((opts.now ?? new Date()).getTime() - ERROR_WINDOW_DAYS * 86_400_000);
  const siteWhere = opts.siteId ? { id: opts.siteId } : {};
  const bySite = opts.siteId ? { siteId: opts.siteId } : {};
  const [sites, frontier, errors, next, seeds] = await Promise.all([
    db.site.findMany({
      where: siteWhere,
      orderBy: { createdAt: "desc" },
      select: {
        id: true, name: true, seedUrl: true, host: true, status: true, robotsState: true, robotsFetchedAt: true,
        lastErrorKey: true, lastErrorAt: true, hostBackoffUntil: true, _count: { select: { pages: true, articles: true } },
      },
    }),
    db.frontierUrl.groupBy({ by: ["siteId", "state"], where: bySite, _count: { _all: true } }),
    db.fetchAttempt.groupBy({ by: ["siteId", "errorKey"], where: { ...bySite, at: { gte: since }, errorKey: { not: null } }, _count: { _all: true } }),
    db.frontierUrl.groupBy({ by: ["siteId"], where: { ...bySite, state: "queued" }, _min: { nextCheckAt: true } }),
    db.frontierUrl.findMany({
      where: { ...bySite, kind: "seed" }, orderBy: { id: "asc" },
      select: { siteId: true, url: true, state: true, attempts: true, lastStatus: true, lastErrorKey: true, lastFetchedAt: true, nextCheckAt: true },
    }),
  ]);
  return sites.map((s) => ({
    id: s.id, name: s.name, seedUrl: s.seedUrl, host: s.host, status: s.status, robotsState: s.robotsState,
    robotsFetchedAt: iso(s.robotsFetchedAt), lastErrorKey: s.lastErrorKey, lastErrorAt: iso(s.lastErrorAt),
    hostBackoffUntil: iso(s.hostBackoffUntil), pages: s._count.pages, articles: s._count.articles,
    frontier: Object.fromEntries(frontier.filter((f) => f.siteId === s.id).map((f) => [f.state, f._count._all])),
    errors: errors.filter((e) => e.siteId === s.id && errorClass(e.errorKey!) === "failure")
      .map((e) => ({ key: e.errorKey!, count: e._count._all })).sort((a, b) => b.count - a.count),
    notFound: errors.filter((e) => e.siteId === s.id && errorClass(e.errorKey!) === "not_found").reduce((n, e) => n + e._count._all, 0),
    seeds: seeds.filter((f) => f.siteId === s.id).map((f) => ({
      url: f.url, state: f.state, attempts: f.attempts, lastStatus: f.lastStatus, lastErrorKey: f.lastErrorKey,
      lastFetchedAt: iso(f.lastFetchedAt), nextCheckAt: f.state === "queued" ? iso(f.nextCheckAt) : null,
    })),
    nextCheckAt: iso(next.find((n) => n.siteId === s.id)?._min.nextCheckAt),
  }));
}

export interface RecentPage {
  id: number;
  url: string;
  status: number;
  outcome: string | null;
  outcomeReason: string | null;
  charset: string | null;
  charsetSource: string | null;
  fetchedAt: string;
  articleId: number | null;
  articleTitle: string | null;
}

export async function listRecentPages(db: Db, siteId: number, take = RECENT_PAGES): Promise<RecentPage[]> {
  const rows = await db.page.findMany({
    where: { siteId },
    orderBy: { fetchedAt: "desc" },
    take,
    select: {
      id: true, url: true, status: true, outcome: true, outcomeReason: true, charset: true, charsetSource: true, fetchedAt: true,
      article: { select: { id: true, title: true } },
    },
  });
  return rows.map((p) => ({
    id: p.id, url: p.url, status: p.status, outcome: p.outcome, outcomeReason: p.outcomeReason, charset: p.charset,
    charsetSource: p.charsetSource, fetchedAt: p.fetchedAt.toISOString(), articleId: p.article?.id ?? null, articleTitle: p.article?.title ?? null,
  }));
}

/** The newest page of a site that yielded an article or was rejected as not news: a page worth marking. */
export async function findSamplePageId(db: Db, siteId: number): Promise<number | null> {
  const p = await db.page.findFirst({
    where: { siteId, status: 200, outcome: { in: ["article", "not_news", "duplicate", "too_short"] } },
    orderBy: { fetchedAt: "desc" },
    select: { id: true },
  });
  return p?.id ?? null;
}

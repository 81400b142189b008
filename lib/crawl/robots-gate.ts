// robots.txt for the crawl loop: one record per origin, kept in memory, stored on the site
// (Site.robotsState / robotsTxt / robotsFetchedAt) so a restarted worker does not re-fetch it, and
// re-fetched when lib/http/robots.ts says it is stale (24 h; 30 min while it blocks everything).
import { saveRobotsState, type CrawlSite } from "../db/sites.ts";
import {
  crawlDelayMs, fetchRobots, isAllowed, isRobotsStale, originOf, sitemaps, type RobotsRecord, type RobotsState,
} from "../http/robots.ts";
import type { CrawlContext } from "./context.ts";

/** A Crawl-delay above this is capped: a URL waiting longer for its host would outlive its lease. */
export const MAX_CRAWL_DELAY_MS = 30_000;

export interface RobotsVerdict {
  allowed: boolean;
  /** Crawl-delay for our user agent, ms (0 when none). */
  delayMs: number;
  /** Sitemap: lines of the file. */
  sitemaps: string[];
  state: RobotsState;
  /** When the record was fetched (a blocked URL waits for the next fetch of it). */
  fetchedAt: Date;
  /** Why robots.txt could not be read (e.g. "http_503", "timeout_read", "ssrf_blocked"); null when read or unknown. */
  errorKey: string | null;
}

export interface RobotsGate {
  check(site: CrawlSite, url: string): Promise<RobotsVerdict>;
}

export function createRobotsGate(ctx: Omit<CrawlContext, "robots">): RobotsGate {
  const records = new Map<string, RobotsRecord>();
  const pending = new Map<string, Promise<RobotsRecord>>();

  /** The record stored on the site, when it is for this origin and still fresh. */
  const fromSite = (site: CrawlSite, origin: string): RobotsRecord | null => {
    if (!site.robotsState || !site.robotsFetchedAt || originOf(site.seedUrl) !== origin) return null;
    const record: RobotsRecord = { origin, state: site.robotsState as RobotsState, txt: site.robotsTxt, fetchedAt: site.robotsFetchedAt, errorKey: null };
    return isRobotsStale(record) ? null : record;
  };

  const refresh = async (site: CrawlSite, origin: string): Promise<RobotsRecord> => {
    const record = await fetchRobots(origin, {
      userAgent: ctx.userAgent,
      allowPrivateNetwork: ctx.allowPrivateNetwork || site.allowPrivateNetwork,
      hostMap: ctx.hostMap,
      connectTimeoutMs: ctx.fetchLimits.connectTimeoutMs,
      readTimeoutMs: ctx.fetchLimits.readTimeoutMs,
      totalTimeoutMs: ctx.fetchLimits.totalTimeoutMs,
      signal: ctx.signal,
    });
    if (originOf(site.seedUrl) === origin) {
      await saveRobotsState(ctx.db, site.id, { state: record.state, txt: record.txt, fetchedAt: record.fetchedAt });
      ctx.sites.invalidate(site.id);
    }
    records.set(origin, record);
    return record;
  };

  const recordFor = async (site: CrawlSite, origin: string): Promise<RobotsRecord> => {
    const cached = records.get(origin);
    if (cached && !isRobotsStale(cached)) return cached;
    const stored = fromSite(site, origin);
    if (stored) {
      records.set(origin, stored);
      return stored;
    }
    // One fetch per origin even when many URLs of the host arrive at once.
    let p = pending.get(origin);
    if (!p) {
      p = refresh(site, origin).finally(() => pending.delete(origin));
      pending.set(origin, p);
    }
    return p;
  };

  return {
    async check(site, url) {
      const record = await recordFor(site, originOf(url));
      return {
        allowed: isAllowed(record, url, ctx.userAgent),
        delayMs: Math.min(MAX_CRAWL_DELAY_MS, crawlDelayMs(record, ctx.userAgent) ?? 0),
        sitemaps: sitemaps(record),
        state: record.state,
        fetchedAt: new Date(record.fetchedAt),
        errorKey: record.errorKey,
      };
    },
  };
}

// What one worker shares between the URLs it processes: database, identity, limits, caches.
import type { Db } from "../db/client.ts";
import type { HostMap } from "../http/hostmap.ts";
import type { Logger } from "../log.ts";
import type { PageClassifier } from "../pipeline/process.ts";
import type { StageClock } from "../pipeline/stage-clock.ts";
import type { HostLimiter } from "./host-limiter.ts";
import type { PagePool } from "./page-processor.ts";
import type { RobotsGate } from "./robots-gate.ts";
import type { SiteCache } from "./site-cache.ts";
import type { CrawlStats } from "./stats.ts";

export interface FetchLimits {
  maxBodyBytes?: number;
  connectTimeoutMs?: number;
  readTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxRedirects?: number;
}

export interface CrawlContext {
  db: Db;
  /** Lease owner: unique per worker process and run. */
  owner: string;
  userAgent: string;
  /**
   * SSRF override (ALLOW_PRIVATE_NETWORK, `lede crawl --allow-private`). Beside it only an admin's explicit
   * opt-in for one site (Site.allowPrivateNetwork, set on the Sites page) allows private addresses; a site
   * merely added while the override was on stores false, so a worker restarted strict refuses it
   * (ssrf_blocked, shown on the site) instead of fetching it on the old word.
   */
  allowPrivateNetwork: boolean;
  hostMap: HostMap;
  fetchLimits: FetchLimits;
  maxAttempts: number;
  limiter: HostLimiter;
  robots: RobotsGate;
  sites: SiteCache;
  stats: CrawlStats;
  log: Logger;
  /** Aborted when the worker is asked to stop: URLs still waiting for their host are handed back. */
  stopping: AbortSignal;
  /** Aborted a grace period later: fetches still in flight are cut off. */
  signal: AbortSignal;
  /** CPU time per stage (benchmark; exact with concurrency 1: lib/pipeline/stage-clock.ts). */
  clock?: StageClock;
  /** Classifier for ingested pages (lib/pipeline/ingest.ts); undefined: the active model. */
  classify?: PageClassifier | null;
  /**
   * The page thread (page-processor.ts) that processes fetched pages under a time budget; null: pages
   * are processed on the crawl loop's thread (a stage clock, or a classifier function handed in).
   */
  pages: PagePool | null;
  /** Hold a new site's pages back until its template is ready (lib/pipeline/ingest.ts awaitTemplate). */
  awaitTemplate?: boolean;
}

// The crawl loop as a library: lease URLs, process them concurrently under per-host limits, stop
// cleanly. workers/crawl.ts runs it as a process; `lede crawl` and tests run it in-process.
import { hostname } from "node:os";
import { z } from "zod";
import { randomBytes } from "node:crypto";
import { crawlDefaults, getEnv } from "../config.ts";
import type { Db } from "../db/client.ts";
import { countPendingWork, enqueueUrls, failExhaustedLeases, leaseUrls, releaseLeases, renewLeases } from "../db/frontier.ts";
import { listSitesWithoutSeed } from "../db/sites.ts";
import type { LeasedUrl } from "../frontier/types.ts";
import type { PageClassifier } from "../pipeline/process.ts";
import type { StageClock } from "../pipeline/stage-clock.ts";
import { readHostMap, type HostMap } from "../http/hostmap.ts";
import { log as rootLog } from "../log.ts";
import { normalizeUrl } from "../url/normalize.ts";
import type { CrawlContext, FetchLimits } from "./context.ts";
import { HostLimiter } from "./host-limiter.ts";
import { PagePool } from "./page-processor.ts";
import { processUrl } from "./process-url.ts";
import { timeStageAsync } from "../pipeline/stage-clock.ts";
import { flushSiteEvidence, flushTemplates } from "../pipeline/context.ts";
import { CpuBudget, releaseHeldPages, TemplateCatchUp } from "../pipeline/catch-up.ts";
import { createRobotsGate } from "./robots-gate.ts";
import { SiteCache } from "./site-cache.ts";
import { createStats, errorTotal, formatProgress, type CrawlStats } from "./stats.ts";
import { countStories } from "../db/stories-view.ts";

/** ms between looks for sites added on the Sites page whose seed is not queued, and for dead leases. */
const HOUSEKEEPING_MS = 5_000;
/** ms in-flight fetches may take to finish after a stop signal before they are aborted. */
const STOP_GRACE_MS = 5_000;
/** URLs a worker holds per site beyond its concurrency: enough to keep the host busy, few enough
 *  that other sites get leased too and that waiting URLs do not outlive their lease. */
const SITE_QUEUE_EXTRA = 2;
/** One-shot runs wait for retries due within this many ms before calling the crawl finished. */
const IDLE_RETRY_HORIZON_MS = 90_000;

export interface WorkerOptions {
  db: Db;
  /** Stops the loop: in-flight URLs finish (up to STOP_GRACE_MS), the rest are released. */
  signal: AbortSignal;
  /** Lease owner name; default host:pid:random. */
  workerId?: string;
  concurrency?: number;
  leaseMs?: number;
  idleMs?: number;
  userAgent?: string;
  allowPrivateNetwork?: boolean;
  hostMap?: HostMap | string;
  fetchLimits?: FetchLimits;
  maxAttempts?: number;
  /** Crawl only these sites (`lede crawl`). */
  siteIds?: number[];
  /** Return when nothing is left to do now (one-shot crawl) instead of polling forever. */
  exitWhenIdle?: boolean;
  /** Called after every processed URL. */
  onProgress?: (stats: CrawlStats) => void;
  /** Pages between "crawl progress" log lines (default PROGRESS_LOG_EVERY_PAGES). */
  progressEveryPages?: number;
  /** CPU time per stage (benchmark; exact with concurrency 1: lib/pipeline/stage-clock.ts). */
  clock?: StageClock;
  /** Classifier for ingested pages; default (undefined): the active model, reloaded as it changes. */
  classify?: PageClassifier | null;
  /** Process pages in a page thread under a time budget (page-processor.ts); default: yes, unless a stage clock is given. */
  pageThread?: boolean;
  /** ms one page's processing may take in the page thread (default crawlDefaults.pageBudgetMs). */
  pageBudgetMs?: number;
  /**
   * New sites' pages held back until their template is ready, and pages whose template changed re-extracted
   * in the background within `budget` (lib/pipeline/catch-up.ts); false: neither (each page is extracted with
   * the template as it is when the page arrives: the behaviour before issue #21, for the benchmark).
   */
  templateCatchUp?: { budget?: CpuBudget } | false;
}

function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

/** A wait that ends after `ms`, on abort, or when cancelled; its abort listener never outlives it. */
function nap(ms: number, signal: AbortSignal): { promise: Promise<void>; cancel: () => void } {
  let cancel = () => {};
  const promise = new Promise<void>((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
    cancel = done;
    signal.addEventListener("abort", done, { once: true });
  });
  return { promise, cancel };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return nap(ms, signal).promise;
}

/**
 * Wait for the first of `tasks` or `ms`. The nap is cancelled when a task wins: left running, each
 * loop turn would leave one more abort listener on the signal until its timer fired
 * (MaxListenersExceededWarning after ten turns within the idle interval).
 */
async function raceNap(tasks: Iterable<Promise<unknown>>, ms: number, signal: AbortSignal): Promise<void> {
  const n = nap(ms, signal);
  try {
    await Promise.race([...tasks, n.promise]);
  } finally {
    n.cancel();
  }
}

/** Pages between two "crawl progress" log lines at the default (info) level. */
export const PROGRESS_LOG_EVERY_PAGES = 100;

/** Queue the seed of every active site that has none in the frontier (sites added by the web app). */
async function queueMissingSeeds(db: Db): Promise<void> {
  const sites = await listSitesWithoutSeed(db);
  const rows = sites.flatMap((s) => {
    const url = normalizeUrl(s.seedUrl);
    return url ? [{ url, siteId: s.id, depth: 0, kind: "seed" as const }] : [];
  });
  if (rows.length) await enqueueUrls(db, rows);
}

/**
 * 1. Housekeeping every few seconds: queue missing seeds, fail URLs whose leases keep expiring,
 *    re-claim expired leases with the next lease.
 * 2. Lease as many URLs as there are free slots, skipping sites this worker already holds enough of.
 * 3. Process each concurrently (process-url.ts); wait for one to finish or for the idle interval;
 *    renew the leases of the URLs still in flight a few times per lease.
 * 4. On stop: let in-flight URLs finish for a grace period, abort the rest, store unsaved site
 *    templates, release every lease.
 */
export async function runWorker(opts: WorkerOptions): Promise<CrawlStats> {
  const env = getEnv();
  const owner = opts.workerId ?? defaultWorkerId();
  const concurrency = opts.concurrency ?? env.WORKER_CONCURRENCY;
  const leaseMs = opts.leaseMs ?? crawlLeaseMs();
  const idleMs = opts.idleMs ?? env.WORKER_IDLE_MS;
  const log = rootLog.child({ c: "crawl", worker: owner });
  const stopping = new AbortController();
  const stopFetches = new AbortController();
  const ctx: CrawlContext = {
    db: opts.db,
    owner,
    userAgent: opts.userAgent ?? env.USER_AGENT,
    allowPrivateNetwork: opts.allowPrivateNetwork ?? env.ALLOW_PRIVATE_NETWORK,
    hostMap: typeof opts.hostMap === "string" || opts.hostMap === undefined ? readHostMap(opts.hostMap ?? env.HOST_MAP) : opts.hostMap,
    fetchLimits: opts.fetchLimits ?? {},
    maxAttempts: opts.maxAttempts ?? crawlDefaults.maxAttempts,
    limiter: new HostLimiter(),
    robots: undefined as unknown as CrawlContext["robots"],
    sites: new SiteCache(opts.db),
    stats: createStats(),
    log,
    stopping: stopping.signal,
    signal: stopFetches.signal,
    clock: opts.clock,
    classify: opts.classify,
    pages: (opts.pageThread ?? opts.clock === undefined)
      ? new PagePool(crawlDefaults.pageThreads, { budgetMs: opts.pageBudgetMs ?? crawlDefaults.pageBudgetMs, heapMb: crawlDefaults.pageThreadHeapMb, log })
      : null,
    awaitTemplate: opts.templateCatchUp !== false,
  };
  ctx.robots = createRobotsGate(ctx);
  const catchUp = opts.templateCatchUp === false ? null
    : new TemplateCatchUp(opts.db, { budget: opts.templateCatchUp?.budget ?? new CpuBudget(), siteIds: opts.siteIds, classify: opts.classify });
  const inFlight = new Map<Promise<void>, LeasedUrl>();
  const perSite = new Map<number, number>();
  let lastHousekeeping = 0;
  // In-flight URLs' leases are renewed a few times per lease: a URL this live worker still works on
  // (a page waiting minutes for CPU on a loaded machine) must not expire and be fetched again. On a
  // timer of its own, not in the loop: one turn of the loop awaits several statements, which take
  // seconds each on a starved database.
  const renewEveryMs = Math.max(50, Math.floor(leaseMs / 3));
  let renewing = false;
  const renewTimer = setInterval(() => {
    if (renewing || inFlight.size === 0) return;
    renewing = true;
    timeStageAsync(ctx.clock, "db: housekeeping", () => renewLeases(opts.db, owner, [...inFlight.values()].map((r) => r.id), leaseMs))
      .catch((err: unknown) => log.warn({ err }, "could not renew the leases of in-flight URLs"))
      .finally(() => { renewing = false; });
  }, renewEveryMs);
  let reclaimDue = true;
  const progressEvery = opts.progressEveryPages ?? PROGRESS_LOG_EVERY_PAGES;
  let nextProgressLog = progressEvery;
  log.info({ concurrency, leaseMs }, "crawl worker started");

  const start = (row: LeasedUrl) => {
    perSite.set(row.siteId, (perSite.get(row.siteId) ?? 0) + 1);
    const task: Promise<void> = processUrl(ctx, row)
      .catch((err) => log.error({ err, url: row.url }, "unexpected failure while settling a URL"))
      .then(() => {
        inFlight.delete(task);
        perSite.set(row.siteId, (perSite.get(row.siteId) ?? 1) - 1);
        opts.onProgress?.(ctx.stats);
        if (ctx.stats.pages >= nextProgressLog) {
          nextProgressLog = (Math.floor(ctx.stats.pages / progressEvery) + 1) * progressEvery;
          void logProgress(ctx, log);
        }
      });
    inFlight.set(task, row);
  };

  try {
    while (!opts.signal.aborted) {
      await yieldToLoop();
      if (Date.now() - lastHousekeeping > HOUSEKEEPING_MS) {
        lastHousekeeping = Date.now();
        // Dead workers' leases are looked for once per tick, with the next lease (one statement less per lease).
        reclaimDue = true;
        await timeStageAsync(ctx.clock, "db: housekeeping", async () => {
          await queueMissingSeeds(opts.db);
          await failExhaustedLeases(opts.db, ctx.maxAttempts);
        });
      }
      catchUp?.tick();
      const room = concurrency - inFlight.size;
      let leased = 0;
      if (room > 0) {
        const skipSiteIds = await timeStageAsync(ctx.clock, "db: site", () => sitesAtCapacity(ctx, perSite));
        const rows = await timeStageAsync(ctx.clock, "db: frontier", () => leaseUrls(opts.db, { owner, limit: room, leaseMs, siteIds: opts.siteIds, skipSiteIds, reclaimExpired: reclaimDue }));
        reclaimDue = false;
        for (const row of rows) start(row);
        leased = rows.length;
      }
      if (leased > 0) continue;
      if (inFlight.size === 0) {
        if (opts.exitWhenIdle && (await isCrawlFinished(opts.db, opts.siteIds))) {
          // No page is coming for the pages still held back for a template: extract them now.
          await catchUp?.stop();
          await releaseHeldPages(opts.db, opts.siteIds, opts.classify);
          break;
        }
        // Idle: what the pages taught their sites is stored now, not when the next page of the site comes
        // (which may be hours away), so the site page shows it (a no-op when nothing is pending).
        await timeStageAsync(ctx.clock, "db: housekeeping", () => flushSiteEvidence(opts.db)).catch((err: unknown) => log.warn({ err }, "could not store the sites' learnt evidence"));
        await sleep(idleMs, opts.signal);
      } else {
        await raceNap(inFlight.keys(), idleMs, opts.signal);
      }
    }
  } finally {
    stopping.abort(new Error("worker stopping"));
    try {
      await stopWorker(ctx, inFlight, stopFetches, log);
    } finally {
      clearInterval(renewTimer);
    }
    await catchUp?.stop();
  }
  log.info({ stats: ctx.stats }, "crawl worker stopped");
  return ctx.stats;
}

/** One "crawl progress" line: pages, articles, stories (in the database), errors, pages per second. */
async function logProgress(ctx: CrawlContext, log: CrawlContext["log"]): Promise<void> {
  try {
    const stories = await countStories(ctx.db);
    const s = ctx.stats;
    log.info({ pages: s.pages, articles: s.outcomes.article ?? 0, stories, errors: errorTotal(s), feeds: s.documents },
      `crawl progress: ${formatProgress(s)}, ${stories} stories in the database`);
  } catch (err) {
    log.warn({ err }, "crawl progress: could not count stories");
  }
}

/** Sites whose URLs this worker already holds as many as it can use (concurrency + SITE_QUEUE_EXTRA). */
async function sitesAtCapacity(ctx: CrawlContext, perSite: Map<number, number>): Promise<number[]> {
  const full: number[] = [];
  for (const [siteId, n] of perSite) {
    if (n <= 0) continue;
    const site = await ctx.sites.get(siteId);
    if (n >= (site?.maxConcurrency ?? 1) + SITE_QUEUE_EXTRA) full.push(siteId);
  }
  return full;
}

async function isCrawlFinished(db: Db, siteIds: number[] | undefined): Promise<boolean> {
  const ids = siteIds ?? (await db.site.findMany({ select: { id: true } })).map((s) => s.id);
  return (await countPendingWork(db, ids, new Date(Date.now() + IDLE_RETRY_HORIZON_MS))) === 0;
}

async function stopWorker(ctx: CrawlContext, inFlight: Map<Promise<void>, LeasedUrl>, stopFetches: AbortController, log: CrawlContext["log"]) {
  if (inFlight.size > 0) {
    log.info({ inFlight: inFlight.size }, "stopping: letting in-flight URLs finish");
    const grace = new AbortController();
    const timer = setTimeout(() => grace.abort(), STOP_GRACE_MS);
    // URLs still waiting for their host's slot are handed back at once; fetches get the grace period.
    await raceNap([Promise.all(inFlight.keys())], STOP_GRACE_MS, grace.signal);
    clearTimeout(timer);
    stopFetches.abort(new Error("worker stopping"));
    await Promise.all(inFlight.keys());
  } else {
    stopFetches.abort(new Error("worker stopping"));
  }
  await ctx.pages?.close();
  await flushTemplates(ctx.db);
  await flushSiteEvidence(ctx.db);
  const released = await releaseLeases(ctx.db, ctx.owner);
  if (released) log.info({ released }, "released leases");
}

const leaseEnv = z.object({ LEASE_MS: z.coerce.number().int().min(100).optional() });

/** Lease length: LEASE_MS from the environment (the durability test uses short leases), else crawlDefaults.leaseMs. */
export function crawlLeaseMs(source: NodeJS.ProcessEnv = process.env): number {
  return leaseEnv.parse({ LEASE_MS: source.LEASE_MS || undefined }).LEASE_MS ?? crawlDefaults.leaseMs;
}

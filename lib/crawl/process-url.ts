// One leased frontier URL, start to end. Never throws: every failure ends as a settled row with its
// stable error key (and the site's last error), a FetchAttempt row and a retry decision.
import { waitForHostSlot } from "./host-slots.ts";
import { holdHost } from "../db/hosts.ts";
import { recordFetchAttempt, deferUrl, settleUrl, type FetchOutcome } from "../db/frontier.ts";
import { recordSiteError, setHostBackoff, type CrawlSite } from "../db/sites.ts";
import { parseDiscoveryDocument } from "../discover/document.ts";
import { gunzipIfNeeded } from "../discover/gzip.ts";
import { commonFeedUrls, defaultSitemapUrl } from "../discover/paths.ts";
import { decodeHtml } from "../encoding/decode.ts";
import { errorClass, FetchError, ThrottledError, toFetchError } from "../http/errors.ts";
import { fetchUrl, type FetchResponse } from "../http/fetch.ts";
import { isTemplateReady } from "../extract/template.ts";
import { ingestPage } from "../pipeline/ingest.ts";
import { getClassifierModel, getPageClassifier, getTemplate, learnFromFeed } from "../pipeline/context.ts";
import { runPageJob, type PageJob, type PageJobResult } from "../pipeline/page-job.ts";
import { inStep, inStepAsync, PipelineError, toPipelineError, type PipelineErrorKey } from "../pipeline/errors.ts";
import { timeStage, timeStageAsync } from "../pipeline/stage-clock.ts";
import { decideRetry, nextRecheckIntervalSec } from "../frontier/schedule.ts";
import { RECHECKED_KINDS, type LeasedUrl } from "../frontier/types.ts";
import type { CrawlContext } from "./context.ts";
import type { RobotsVerdict } from "./robots-gate.ts";
import { robotsRecheckAt } from "../http/robots.ts";
import { enqueueCandidates, MAX_DOCS_PER_SOURCE, type Candidate } from "./enqueue.ts";
import { countError } from "./stats.ts";

/** ms a host rests after 429/503 without a Retry-After header (or with an unreadable one). */
const DEFAULT_THROTTLE_MS = 60_000;
/** ms at most a host rests on a server's word: a Retry-After of a week is not honoured for a week. */
const MAX_THROTTLE_MS = 6 * 60 * 60_000;
/** Where a URL comes from when it was a guess at a common feed path: a miss there is not an error. */
export const PROBE_SOURCE = "probe:common-feed-path";
/** Feeds and sitemaps are XML or JSON: ask for them, with HTML last. */
const DISCOVERY_ACCEPT = "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5";

/** What happened, for the worker's bookkeeping. */
export type UrlResult = "done" | "rechecked" | "retry" | "failed" | "skipped" | "deferred";

/**
 * 1. Load the site; a paused or deleted site hands the URL back.
 * 2. robots.txt (cached, stored on the site): disallowed → skipped.
 * 3. Wait for the host's slot (delay = max(site delay, Crawl-delay); per-host concurrency).
 * 4. Fetch with limits, SSRF guard and conditional GET; log one FetchAttempt.
 * 5. Page or seed → ingest (decode, extract, classify, dedup, store) and enqueue its links and feeds;
 *    feed or sitemap → read its entries and enqueue them.
 * 6. Settle: pages done; seeds, feeds and sitemaps queued again on the adaptive schedule.
 * On failure: throttling backs off the whole host and defers; otherwise retry or give up by error class.
 * Fetch failures carry their FetchError key (lib/http/errors.ts); anything else thrown after the
 * fetch is a pipeline failure with a key of its own (lib/pipeline/errors.ts), retried like a transient one.
 */
export async function processUrl(ctx: CrawlContext, row: LeasedUrl): Promise<UrlResult> {
  const site = await timeStageAsync(ctx.clock, "db: site", () => ctx.sites.get(row.siteId));
  if (!site || site.status !== "active") {
    await deferUrl(ctx.db, row.id, ctx.owner, new Date(Date.now() + 60_000));
    return "deferred";
  }
  const host = new URL(row.url).host;
  let release: (() => void) | null = null;
  let response: FetchResponse | null = null;
  let fetchStartedAt = 0;
  try {
    const robots = await timeStageAsync(ctx.clock, "robots", () => ctx.robots.check(site, row.url));
    if (!robots.allowed) return await skipByRobots(ctx, site, row, robots);
    // In flight per host: this process's limiter; the delay between requests: the database's host slot,
    // shared by every worker process (lib/crawl/host-slots.ts).
    const delayMs = Math.max(site.crawlDelayMs, robots.delayMs);
    release = await ctx.limiter.acquire(host, { delayMs: 0, concurrency: site.maxConcurrency }, ctx.stopping);
    await waitForHostSlot(ctx.db, host, delayMs, ctx.stopping);
    const rechecked = RECHECKED_KINDS.has(row.kind);
    fetchStartedAt = performance.now();
    response = await timeStageAsync(ctx.clock, "fetch", () => fetchUrl(row.url, {
      ...ctx.fetchLimits,
      userAgent: ctx.userAgent,
      // the worker's override, or an admin's explicit opt-in for this site (Site.allowPrivateNetwork)
      allowPrivateNetwork: ctx.allowPrivateNetwork || site.allowPrivateNetwork,
      hostMap: ctx.hostMap,
      signal: ctx.signal,
      requireHtml: row.kind === "page" || row.kind === "seed",
      accept: row.kind === "feed" || row.kind === "sitemap" ? DISCOVERY_ACCEPT : undefined,
      etag: rechecked ? row.etag : null,
      lastModified: rechecked ? row.lastModified : null,
    }).catch((err: unknown) => { throw toFetchError(err, row.url); }));
    release();
    release = null;
    ctx.stats.fetched++;
    const res = response;
    const added = row.kind === "feed" || row.kind === "sitemap"
      ? await readDiscoveryDocument(ctx, site, row, response)
      : await readPage(ctx, site, row, response, robots.sitemaps);
    return await timeStageAsync(ctx.clock, "db: frontier", () => settleSuccess(ctx, site, row, res, added));
  } catch (err) {
    release?.();
    const ms = fetchStartedAt ? performance.now() - fetchStartedAt : 0;
    return await settleFailure(ctx, site, row, err, response, ms);
  }
}

async function skipByRobots(ctx: CrawlContext, site: CrawlSite, row: LeasedUrl, robots: RobotsVerdict): Promise<UrlResult> {
  // "disallow_all" after a 5xx or an unreachable robots.txt is temporary (RFC 9309 §2.3.1.4): the URL
  // waits, re-checked with back-off (robotsRecheckAt), and is never failed for it; the site shows why
  // (lastErrorKey robots_unreachable, a FetchAttempt for robots.txt, robotsState).
  // An address the SSRF guard refuses is no robots.txt outage: the URL fails as its fetch would.
  if (robots.errorKey === "ssrf_blocked") throw new FetchError("ssrf_blocked", `robots.txt of ${row.url}: address refused (private networks are not allowed)`, { url: row.url });
  if (robots.state === "disallow_all" || robots.state === "unreachable") {
    await recordSiteError(ctx.db, site.id, "robots_unreachable");
    countError(ctx.stats, "robots_unreachable");
    await recordFetchAttempt(ctx.db, { siteId: site.id, url: `${new URL(row.url).origin}/robots.txt`, status: null, errorKey: "robots_unreachable", ms: 0, bytes: 0 });
    // Attempts were counted by the lease: the waits before this one.
    const at = robotsRecheckAt({ fetchedAt: robots.fetchedAt }, Math.max(0, row.attempts - 1));
    await settleUrl(ctx.db, row.id, ctx.owner, { state: "queued", nextCheckAt: at, lastErrorKey: "robots_unreachable" });
    return "deferred";
  }
  countError(ctx.stats, "robots_disallowed");
  await settleUrl(ctx.db, row.id, ctx.owner, { state: "skipped", lastErrorKey: "robots_disallowed" });
  return "skipped";
}

/** Ingest an HTML page and enqueue its links (depth + 1) and advertised feeds; returns URLs added. */
async function readPage(ctx: CrawlContext, site: CrawlSite, row: LeasedUrl, res: FetchResponse, robotsSitemaps: string[]): Promise<number> {
  const firstVisit = row.kind === "seed" && row.recheckIntervalSec === null;
  if (res.notModified) return firstVisit ? enqueueSiteDiscovery(ctx, site, row, [], robotsSitemaps) : 0;
  const decoded = timeStage(ctx.clock, "decode", () => inStep("extract_failed", () => decodeHtml(res.body, res.contentType)));
  // Parse, links, template entries, extraction, classifier: in the page thread, under its budget.
  const job = await processFetchedPage(ctx, site, res.finalUrl, decoded.text);
  const candidates: Candidate[] = [];
  for (const link of job.links) {
    if (/\bnofollow\b/.test(link.rel)) continue;
    candidates.push({ url: link.url, kind: "page", depth: row.depth + 1 });
  }
  // A page that advertises hundreds of feeds lists tags or authors: the first few stand for the site.
  const feeds = job.feeds.slice(0, MAX_DOCS_PER_SOURCE.feed);
  for (const url of feeds) candidates.push({ url, kind: "feed", depth: row.depth });
  // enqueueCandidates times its own stages (links: normalise and scope; db: frontier: the INSERTs).
  const added = await inStepAsync("store_failed", () => enqueueCandidates(ctx, site, row.url, candidates));
  // A step that failed in the page's processing fails the page once its links are queued.
  if (job.error || !job.result) throw threadStepError(job.error, row.url);
  const result = await ingestPage(ctx.db, {
    siteId: site.id, frontierId: row.id, url: row.url, finalUrl: res.finalUrl, status: res.status,
    contentType: res.contentType, body: res.body, gzipBody: res.gzipBody, decoded,
    processed: { result: job.result, entries: job.entries, templateVersionBefore: job.templateVersionBefore, usedTemplateVersion: job.usedTemplateVersion },
  }, { clock: ctx.clock, classify: ctx.classify, awaitTemplate: ctx.awaitTemplate ?? true, maxAttempts: ctx.maxAttempts });
  ctx.stats.pages++;
  ctx.stats.outcomes[result.outcome] = (ctx.stats.outcomes[result.outcome] ?? 0) + 1;
  return added + (firstVisit ? await enqueueSiteDiscovery(ctx, site, row, feeds, robotsSitemaps) : 0);
}

/**
 * The page's CPU work (lib/pipeline/page-job.ts) with the site's template: in the page thread with the
 * active classifier (or none), or on this thread when the worker has no page thread or was handed a
 * classifier function (which cannot cross threads).
 */
async function processFetchedPage(
  ctx: CrawlContext, site: CrawlSite, finalUrl: string, html: string,
): Promise<PageJobResult & { templateVersionBefore: number; usedTemplateVersion: number | null }> {
  const template = await inStepAsync("extract_failed", () => getTemplate(ctx.db, site.id));
  const ready = template && isTemplateReady(template) ? template : null;
  const versions = { templateVersionBefore: template?.version ?? 0, usedTemplateVersion: ready?.version ?? null };
  const job: PageJob = { html, finalUrl, template: ready, entries: true };
  if (ctx.pages && typeof ctx.classify !== "function") {
    const model = ctx.classify === null ? null : await inStepAsync("classify_failed", () => getClassifierModel(ctx.db));
    // The thread reads only the template's membership: the page processor sends it that (template.ts packTemplate).
    return { ...(await timeStageAsync(ctx.clock, "page thread", () => ctx.pages!.run(job, model, finalUrl))), ...versions };
  }
  const classify = ctx.classify === undefined ? await inStepAsync("classify_failed", () => getPageClassifier(ctx.db)) : ctx.classify;
  return { ...runPageJob(job, classify, ctx.clock), ...versions };
}

/** The PipelineError of a step that failed in runPageJob (its key and message, across the thread boundary). */
function threadStepError(error: PageJobResult["error"], url: string): PipelineError {
  const key = (error?.key ?? "pipeline_failed") as PipelineErrorKey;
  const message = (error?.message ?? "no result").replace(`${key}: `, "");
  return new PipelineError(key, new Error(message), url);
}

/**
 * On a seed's first visit: the sitemaps robots.txt names (else /sitemap.xml), and — when the page
 * advertises no feed — the common feed paths, marked as probes so that a 404 there is no error.
 */
async function enqueueSiteDiscovery(ctx: CrawlContext, site: CrawlSite, row: LeasedUrl, feeds: string[], robotsSitemaps: string[]): Promise<number> {
  // robots.txt's sitemaps were announced; /sitemap.xml without them is a guess, a probe like the feed paths.
  const [sitemaps, from] = robotsSitemaps.length ? [robotsSitemaps, `robots:${row.url}`] : [[defaultSitemapUrl(row.url)], PROBE_SOURCE];
  let added = await enqueueCandidates(ctx, site, from, sitemaps.map((url) => ({ url, kind: "sitemap", depth: 0 })));
  if (feeds.length === 0) {
    added += await enqueueCandidates(ctx, site, PROBE_SOURCE, commonFeedUrls(row.url).map((url) => ({ url, kind: "feed", depth: 0 })));
  }
  return added;
}

/** Formats whose entries are articles (news feeds), unlike sitemaps that list every kind of page. */
const FEED_FORMATS = new Set(["rss", "rdf", "atom", "json-feed"]);

/** Read a feed or sitemap (gzipped or not) and enqueue its entries; returns URLs added. */
async function readDiscoveryDocument(ctx: CrawlContext, site: CrawlSite, row: LeasedUrl, res: FetchResponse): Promise<number> {
  if (res.notModified) return 0;
  const inflated = gunzipIfNeeded(res.body, ctx.fetchLimits.maxBodyBytes ?? 5 * 1024 * 1024);
  if (!inflated.ok) throw new DiscoveryError(inflated.reason);
  const text = decodeHtml(inflated.body, res.contentType).text;
  const doc = parseDiscoveryDocument(text, res.finalUrl);
  if (!doc.ok) throw new DiscoveryError(doc.reason);
  ctx.stats.documents++;
  const candidates = doc.entries.map((e): Candidate => ({ url: e.url, kind: e.kind, depth: e.kind === "page" ? row.depth + 1 : row.depth }));
  // A feed lists articles: its page entries teach the site's article URL patterns (sitemaps list every kind of page).
  if (FEED_FORMATS.has(doc.format)) await learnFromFeed(ctx.db, site.id, doc.entries.filter((e) => e.kind === "page").map((e) => e.url));
  return enqueueCandidates(ctx, site, row.url, candidates);
}

/** A feed or sitemap URL that answered with something else. Not retried: the next re-check tries again. */
export class DiscoveryError extends FetchError {
  constructor(key: "not_feed_or_sitemap" | "malformed_document" | "body_too_large" | "gzip_corrupt") {
    super(key, `not a readable feed or sitemap: ${key}`, { retryable: false });
  }
}

async function settleSuccess(ctx: CrawlContext, site: CrawlSite, row: LeasedUrl, res: FetchResponse, added: number): Promise<UrlResult> {
  if (res.notModified) ctx.stats.notModified++;
  // One FetchAttempt per fetch, written once the outcome is known (a pipeline failure stores its key on it).
  await recordFetchAttempt(ctx.db, { siteId: site.id, url: row.url, status: res.status, errorKey: null, ms: res.ms, bytes: res.rawBytes });
  if (!RECHECKED_KINDS.has(row.kind)) {
    await settleUrl(ctx.db, row.id, ctx.owner, { state: "done", lastStatus: res.status, lastErrorKey: null, fetched: true });
    return "done";
  }
  // Adaptive re-check (lib/frontier/schedule.ts): "changed" means the document brought new URLs.
  const interval = nextRecheckIntervalSec(row.recheckIntervalSec, added > 0, site);
  const outcome: FetchOutcome = {
    state: "queued",
    nextCheckAt: new Date(Date.now() + interval * 1000),
    recheckIntervalSec: interval,
    attempts: 0,
    lastStatus: res.status,
    lastErrorKey: null,
    fetched: true,
  };
  if (!res.notModified) {
    outcome.etag = res.headers.etag ?? null;
    outcome.lastModified = res.headers["last-modified"] ?? null;
  }
  await settleUrl(ctx.db, row.id, ctx.owner, outcome);
  return "rechecked";
}

async function settleFailure(
  ctx: CrawlContext, site: CrawlSite, row: LeasedUrl, err: unknown, res: FetchResponse | null, ms: number,
): Promise<UrlResult> {
  // Fetch errors arrive as FetchErrors (the fetch call converts them); anything else is the pipeline's.
  const error = toPipelineError(err, "pipeline_failed", row.url);
  // Stopping: hand the URL back untouched for the next worker.
  if (ctx.stopping.aborted && (error.key === "aborted" || err === ctx.stopping.reason || err === ctx.signal.reason)) {
    await deferUrl(ctx.db, row.id, ctx.owner, new Date());
    return "deferred";
  }
  const status = (error as { status?: number }).status ?? res?.status ?? null;
  // A guessed feed path that is not there answered the question it asked: logged without an error key.
  const probeMiss = row.discoveredFrom === PROBE_SOURCE && (status === 404 || status === 410 || error instanceof DiscoveryError || error.key === "not_html");
  if (probeMiss) ctx.stats.fetched++;
  else countError(ctx.stats, error.key);
  if (error instanceof PipelineError) ctx.log.error({ err: error.cause, key: error.key, url: row.url }, "pipeline step failed");
  await recordFetchAttempt(ctx.db, { siteId: site.id, url: row.url, status, errorKey: probeMiss ? null : error.key, ms: res?.ms ?? ms, bytes: res?.rawBytes ?? 0 });

  if (error instanceof ThrottledError) {
    const wait = Math.min(MAX_THROTTLE_MS, error.retryAfterMs ?? DEFAULT_THROTTLE_MS);
    const until = new Date(Date.now() + wait);
    ctx.limiter.blockUntil(new URL(row.url).host, until.getTime());
    await holdHost(ctx.db, new URL(row.url).host, until);
    await setHostBackoff(ctx.db, site.id, until);
    await recordSiteError(ctx.db, site.id, error.key);
    ctx.sites.invalidate(site.id);
    await deferUrl(ctx.db, row.id, ctx.owner, until);
    return "deferred";
  }
  if (probeMiss) {
    await settleUrl(ctx.db, row.id, ctx.owner, { state: "skipped", lastStatus: status, lastErrorKey: error.key, fetched: true });
    return "skipped";
  }
  // A dead link is counted as "not found" on the site, not as the site's error (a missing seed is).
  if (errorClass(error.key) === "failure" || row.kind === "seed") await recordSiteError(ctx.db, site.id, error.key);
  // Not a page we can use (PDF, image, empty): skipped, not failed.
  if (["not_html", "binary_content", "empty_body"].includes(error.key)) {
    await settleUrl(ctx.db, row.id, ctx.owner, { state: "skipped", lastStatus: status, lastErrorKey: error.key, fetched: true });
    return "skipped";
  }
  const decision = decideRetry(error, row.attempts, ctx.maxAttempts);
  if (decision.retry) {
    await settleUrl(ctx.db, row.id, ctx.owner, { state: "queued", nextCheckAt: new Date(Date.now() + decision.delayMs), lastStatus: status, lastErrorKey: error.key });
    return "retry";
  }
  // A seed, feed or sitemap that fails for good is still re-checked at the slowest pace: sites recover.
  if (RECHECKED_KINDS.has(row.kind)) {
    await settleUrl(ctx.db, row.id, ctx.owner, {
      state: "queued", nextCheckAt: new Date(Date.now() + site.recheckMaxSec * 1000), recheckIntervalSec: site.recheckMaxSec,
      attempts: 0, lastStatus: status, lastErrorKey: error.key, fetched: true,
    });
    return "rechecked";
  }
  await settleUrl(ctx.db, row.id, ctx.owner, { state: "failed", lastStatus: status, lastErrorKey: error.key, fetched: true });
  return "failed";
}

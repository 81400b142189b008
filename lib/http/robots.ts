// robots.txt per RFC 9309, parsed by robots-parser. Pure policy over a serialisable record
// (the crawler stores it in Site.robotsTxt / robotsState / robotsFetchedAt) plus one fetcher.
//
//   2xx            → "ok": the rules apply (first 500 KiB parsed)
//   4xx, > 5 redirects → "allow_all" (RFC 9309 §2.3.1.3: unavailable)
//   5xx, 429       → "disallow_all" until a later fetch succeeds (§2.3.1.4: unreachable)
//   network error, timeout, blocked address → "unreachable" (treated as disallow all)
import robotsParser from "robots-parser";
import { fetchUrl, type FetchOptions } from "./fetch.ts";
import { FetchError, HttpError, ThrottledError, toFetchError } from "./errors.ts";

export type RobotsState = "ok" | "allow_all" | "disallow_all" | "unreachable";

export interface RobotsRecord {
  /** scheme://host[:port] the record applies to. */
  origin: string;
  state: RobotsState;
  /** robots.txt text (state "ok" only), at most ROBOTS_MAX_BYTES. */
  txt: string | null;
  fetchedAt: Date;
  /** why it is not "ok" (e.g. "http_5xx", "timeout_connect"), else null. */
  errorKey: string | null;
}

/** Bytes of robots.txt parsed: RFC 9309 §2.5 requires at least 500 KiB; the rest is ignored. */
export const ROBOTS_MAX_BYTES = 500 * 1024;
/** A fetched robots.txt is reused this long: RFC 9309 §2.4 says not longer than 24 hours. */
export const ROBOTS_CACHE_MS = 24 * 60 * 60 * 1000;
/** Redirects followed for robots.txt: RFC 9309 §2.3.1.2 asks for at least five. */
export const ROBOTS_MAX_REDIRECTS = 5;
/** Disallow-all states are re-checked sooner, so a site that recovers is crawled again within the hour. */
export const ROBOTS_RECOVERY_RECHECK_MS = 30 * 60 * 1000;

/** Longest wait between re-checks of a URL whose robots.txt stays unreachable: a site that recovers is crawled again the same day. */
export const ROBOTS_WAIT_MAX_MS = 6 * 60 * 60 * 1000;

export type RobotsFetchOptions = Omit<FetchOptions, "maxRedirects" | "maxBodyBytes" | "truncateAtMax" | "requireHtml" | "accept">;

/** Origin of a URL ("https://ex.com:8443"); throws on unparsable input. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

/** Fetch and classify robots.txt for an origin. Never throws: failures become states. */
export async function fetchRobots(origin: string, opts: RobotsFetchOptions): Promise<RobotsRecord> {
  const fetchedAt = new Date();
  const base = { origin, fetchedAt };
  try {
    const res = await fetchUrl(`${origin}/robots.txt`, {
      ...opts, maxRedirects: ROBOTS_MAX_REDIRECTS, maxBodyBytes: ROBOTS_MAX_BYTES, truncateAtMax: true, accept: "text/plain,*/*;q=0.5",
      etag: null, lastModified: null,
    });
    return { ...base, state: "ok", txt: res.body.toString("utf8").replace(/^\uFEFF/, ""), errorKey: null };
  } catch (err) {
    const e = err instanceof FetchError ? err : toFetchError(err);
    if (e instanceof ThrottledError || (e instanceof HttpError && e.status >= 500)) return { ...base, state: "disallow_all", txt: null, errorKey: e.key };
    if (e instanceof HttpError) return { ...base, state: "allow_all", txt: null, errorKey: e.key };
    if (e.key === "too_many_redirects" || e.key === "redirect_loop") return { ...base, state: "allow_all", txt: null, errorKey: e.key };
    return { ...base, state: "unreachable", txt: null, errorKey: e.key };
  }
}

/** Should the record be fetched again? After 24 h, or after 30 min while it blocks everything. */
export function isRobotsStale(record: Pick<RobotsRecord, "state" | "fetchedAt">, now = new Date()): boolean {
  const age = now.getTime() - new Date(record.fetchedAt).getTime();
  const maxAge = record.state === "disallow_all" || record.state === "unreachable" ? ROBOTS_RECOVERY_RECHECK_MS : ROBOTS_CACHE_MS;
  return age >= maxAge;
}

/**
 * When a URL blocked by an unreachable robots.txt (5xx, 429, network error, timeout) is tried again:
 * "disallow while unreachable" (RFC 9309 §2.3.1.4), never "disallow for ever". The first wait is until
 * the record may be re-fetched (ROBOTS_RECOVERY_RECHECK_MS after it was), each further one twice as
 * long (`waits` before this one), at most ROBOTS_WAIT_MAX_MS.
 */
export function robotsRecheckAt(record: Pick<RobotsRecord, "fetchedAt">, waits: number, now = new Date()): Date {
  const stale = new Date(record.fetchedAt).getTime() + ROBOTS_RECOVERY_RECHECK_MS;
  const backoff = Math.min(ROBOTS_WAIT_MAX_MS, ROBOTS_RECOVERY_RECHECK_MS * 2 ** Math.min(16, Math.max(0, waits)));
  return new Date(Math.max(stale, now.getTime() + backoff - ROBOTS_RECOVERY_RECHECK_MS, now.getTime() + 1000));
}

/** Product token robots.txt groups match against: "LedeBot/0.1 (+https://…)" → "LedeBot". */
export function productToken(userAgent: string): string {
  return userAgent.trim().split(/[\/\s;(]/)[0] || userAgent;
}

type Parsed = ReturnType<typeof robotsParser>;
const parsedCache = new WeakMap<object, Parsed>();

function parsed(record: Pick<RobotsRecord, "origin" | "txt">): Parsed {
  let p = parsedCache.get(record);
  if (!p) {
    p = robotsParser(`${record.origin}/robots.txt`, record.txt ?? "");
    parsedCache.set(record, p);
  }
  return p;
}

/** May this user agent fetch the URL? (/robots.txt itself is always allowed.) */
export function isAllowed(record: Pick<RobotsRecord, "origin" | "state" | "txt">, url: string, userAgent: string): boolean {
  if (record.state === "allow_all") return true;
  if (record.state !== "ok") return false;
  if (new URL(url).pathname === "/robots.txt") return true;
  // robots-parser answers undefined for URLs of another origin: those are not governed by this file.
  return parsed(record).isAllowed(url, productToken(userAgent)) ?? true;
}

/** Crawl-delay for the user agent's group in ms, or null when none is given. */
export function crawlDelayMs(record: Pick<RobotsRecord, "origin" | "state" | "txt">, userAgent: string): number | null {
  if (record.state !== "ok") return null;
  const s = parsed(record).getCrawlDelay(productToken(userAgent));
  return typeof s === "number" && Number.isFinite(s) && s >= 0 ? Math.round(s * 1000) : null;
}

/** Sitemap: URLs listed in the file (absolute, as written). */
export function sitemaps(record: Pick<RobotsRecord, "origin" | "state" | "txt">): string[] {
  if (record.state !== "ok") return [];
  return parsed(record).getSitemaps();
}

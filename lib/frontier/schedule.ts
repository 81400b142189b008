// When a URL is fetched next: adaptive re-checks for seeds, feeds and sitemaps, and retry back-off.
//
// Re-check rule (miniflux's ScheduleNextCheck, made adaptive): a document "changed" when its fetch
// brought at least one URL the frontier did not have. Changed → halve the interval; unchanged
// (304 Not Modified, or nothing new) → double it. The interval always stays within the site's
// [recheckMinSec, recheckMaxSec]. A new document starts at the lower bound, so a fresh feed is read
// often until it proves quiet.

export interface RecheckBounds {
  recheckMinSec: number;
  recheckMaxSec: number;
}

/** Next re-check interval in seconds. */
export function nextRecheckIntervalSec(previousSec: number | null, changed: boolean, bounds: RecheckBounds): number {
  const min = Math.max(1, bounds.recheckMinSec);
  const max = Math.max(min, bounds.recheckMaxSec);
  if (previousSec == null) return min;
  const next = changed ? previousSec / 2 : previousSec * 2;
  return Math.round(Math.min(max, Math.max(min, next)));
}

/** First retry after this many ms; doubles per attempt: 30 s, 60 s, 120 s … */
export const RETRY_BASE_MS = 30_000;
/** Never wait longer than this between retries of one URL: an hour keeps a flaky page in reach. */
export const RETRY_MAX_MS = 60 * 60_000;

export type RetryDecision = { retry: true; delayMs: number } | { retry: false };

/**
 * Retry a failed fetch? Only when its error class says it is worth it and attempts remain. A
 * server-given Retry-After wins over our back-off when it is longer.
 */
export function decideRetry(
  error: { retryable: boolean; retryAfterMs?: number | null },
  attempts: number,
  maxAttempts: number,
): RetryDecision {
  if (!error.retryable || attempts >= maxAttempts) return { retry: false };
  const backoff = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return { retry: true, delayMs: Math.max(backoff, error.retryAfterMs ?? 0) };
}

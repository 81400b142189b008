// Fetch failures as classes that carry behaviour: whether to retry, whether the attempt counts,
// how long the host should rest. `key` is stable: it is stored on the URL and its site and shown.

export interface FetchErrorInit {
  url?: string;
  retryable?: boolean;
  cause?: unknown;
}

export class FetchError extends Error {
  /** stable machine key, e.g. "timeout_read", "http_404", "ssrf_blocked". */
  readonly key: string;
  /** worth trying again later (the condition may pass). */
  readonly retryable: boolean;
  /** whether a retry consumes one of the URL's attempts (throttling does not). */
  readonly costsAttempt: boolean = true;
  readonly url?: string;
  constructor(key: string, message: string, init: FetchErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.key = key;
    this.retryable = init.retryable ?? false;
    this.url = init.url;
  }
}

/** Connect, read or total timeout: the server may be slow only now. */
export class TimeoutError extends FetchError {
  constructor(phase: "connect" | "read" | "total", ms: number, url?: string) {
    super(`timeout_${phase}`, `${phase} timeout after ${ms} ms${url ? ` (${url})` : ""}`, { url, retryable: true });
  }
}

/** DNS, TCP, TLS trouble. DNS failures and refused connections are retried (maxAttempts bounds them); TLS errors are not. */
export class NetworkError extends FetchError {
  constructor(key: "dns_failed" | "connection_refused" | "connection_reset" | "tls_error" | "protocol_error" | "network_error", message: string, init: FetchErrorInit = {}) {
    super(key, message, { retryable: key !== "tls_error" && key !== "protocol_error", ...init });
  }
}

/** Refused by our own rules: SSRF guard, robots.txt, redirect limits, unusable URL. Never retried. */
export class PolicyError extends FetchError {
  constructor(key: "ssrf_blocked" | "robots_disallowed" | "too_many_redirects" | "redirect_loop" | "invalid_url" | "aborted", message: string, init: FetchErrorInit = {}) {
    super(key, message, { ...init, retryable: false });
  }
}

/** The body is not something we can use: not HTML, binary, too large, empty, undecodable. Never retried. */
export class ContentError extends FetchError {
  constructor(key: "not_html" | "binary_content" | "body_too_large" | "empty_body" | "content_decoding_failed", message: string, init: FetchErrorInit = {}) {
    super(key, message, { ...init, retryable: false });
  }
}

/** Statuses whose key names the status itself; other 4xx share "http_4xx", all 5xx share "http_5xx". */
const NAMED_STATUSES = new Set([400, 401, 403, 404, 405, 406, 408, 410, 451]);

/** Key for an HTTP error status. */
export function httpErrorKey(status: number): string {
  if (NAMED_STATUSES.has(status)) return `http_${status}`;
  return status >= 500 ? "http_5xx" : "http_4xx";
}

/** An HTTP error status. 5xx and 408 are retried; other 4xx are final. */
export class HttpError extends FetchError {
  readonly status: number;
  constructor(status: number, url?: string, key = httpErrorKey(status), retryable = status >= 500 || status === 408) {
    super(key, `HTTP ${status}${url ? ` for ${url}` : ""}`, { url, retryable });
    this.status = status;
  }
}

/** 429, or 503 with Retry-After: the whole host should rest; the retry does not count as an attempt. */
export class ThrottledError extends HttpError {
  override readonly costsAttempt = false;
  /** how long the host asked us to wait, ms (null when it did not say). */
  readonly retryAfterMs: number | null;
  constructor(status: number, retryAfterMs: number | null, url?: string) {
    super(status, url, "throttled", true);
    this.retryAfterMs = retryAfterMs;
    this.message = `HTTP ${status} throttled${retryAfterMs !== null ? `, retry after ${retryAfterMs} ms` : ""}${url ? ` (${url})` : ""}`;
  }
}

/** Retry-After header (delta seconds or HTTP date) → ms from now; null when absent or unparsable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : Math.max(0, t - now);
}

const NODE_CODES: Record<string, "dns_failed" | "connection_refused" | "connection_reset" | "tls_error" | "protocol_error"> = {
  ENOTFOUND: "dns_failed", EAI_AGAIN: "dns_failed", EAI_FAIL: "dns_failed", EAI_NODATA: "dns_failed", EAI_NONAME: "dns_failed",
  ECONNREFUSED: "connection_refused", EHOSTUNREACH: "connection_refused", ENETUNREACH: "connection_refused",
  ECONNRESET: "connection_reset", EPIPE: "connection_reset", ECONNABORTED: "connection_reset",
};

/** Any thrown value → a FetchError with a stable key (FetchErrors pass through unchanged). */
export function toFetchError(err: unknown, url?: string): FetchError {
  if (err instanceof FetchError) return err;
  const e = err as NodeJS.ErrnoException & { code?: string };
  const code = e?.code ?? "";
  const msg = e?.message ?? String(err);
  if (NODE_CODES[code]) return new NetworkError(NODE_CODES[code], `${code}: ${msg}`, { url, cause: err });
  if (code === "ETIMEDOUT") return new TimeoutError("connect", 0, url);
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/.test(code) || /ssl|tls|certificate/i.test(msg))
    return new NetworkError("tls_error", msg, { url, cause: err });
  if (code.startsWith("HPE_") || code === "ERR_INVALID_HTTP_TOKEN") return new NetworkError("protocol_error", msg, { url, cause: err });
  if (code.startsWith("Z_") || /incorrect header check|unexpected end of file|Decompression/i.test(msg))
    return new ContentError("content_decoding_failed", msg, { url, cause: err });
  if (msg === "socket hang up") return new NetworkError("connection_reset", msg, { url, cause: err });
  return new NetworkError("network_error", msg, { url, cause: err });
}

/** Keys of an answer that says "no such page": a dead link, not a failure of the site or of Lede. */
export const NOT_FOUND_KEYS: ReadonlySet<string> = new Set(["http_404", "http_410"]);

/** "not_found" for dead links; "failure" for everything else (network, 5xx, limits, policy). */
export function errorClass(key: string): "not_found" | "failure" {
  return NOT_FOUND_KEYS.has(key) ? "not_found" : "failure";
}

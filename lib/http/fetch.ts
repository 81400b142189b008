// fetchUrl: one HTTP(S) GET with every limit a crawler on the open web needs.
// node:http/https with a custom `lookup`, so the SSRF guard judges the address actually connected
// to, on every redirect hop (connections are kept alive per host, pooled per SSRF policy); connect / read / total timeouts; a cap on DECOMPRESSED body bytes
// (gzip, deflate, br: a bomb stops at the cap); redirect limits and loop detection; conditional GET;
// throttling (429, 503 + Retry-After) as ThrottledError; with `requireHtml`, non-HTML is refused by
// Content-Type and by sniffing the first bytes before the rest is downloaded.
import http from "node:http";
import https from "node:https";
import net from "node:net";
import zlib from "node:zlib";
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import { crawlDefaults } from "../config.ts";
import { checkAddress } from "./ssrf.ts";
import type { HostMap } from "./hostmap.ts";
import { classifyContentType, looksLikeHtml, sniffBinary, SNIFF_BYTES } from "./content.ts";
import { ContentError, FetchError, HttpError, PolicyError, ThrottledError, TimeoutError, parseRetryAfter, toFetchError } from "./errors.ts";

export interface FetchOptions {
  userAgent: string;
  /**
   * connect to loopback/private/link-local/... addresses (tests, replay web, intranet sites):
   * true for all of them, or a predicate over the resolved address to allow only some.
   */
  allowPrivateNetwork?: boolean | ((address: string) => boolean);
  /** cap on decompressed body bytes (default crawlDefaults.maxBodyBytes) → "body_too_large". */
  maxBodyBytes?: number;
  connectTimeoutMs?: number;
  readTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxRedirects?: number;
  /** conditional GET validators from the previous fetch; a 304 returns notModified: true. */
  etag?: string | null;
  lastModified?: string | null;
  /** Accept header (default prefers HTML). */
  accept?: string;
  /** host name → address to connect to instead of DNS (replay web); the SSRF guard still applies. */
  hostMap?: HostMap;
  signal?: AbortSignal;
  /** keep the first maxBodyBytes and stop reading instead of failing with "body_too_large" (robots.txt: parse ≤ 500 KiB). */
  truncateAtMax?: boolean;
  /** refuse non-HTML ("not_html", "binary_content") and empty bodies ("empty_body") as early as possible. */
  requireHtml?: boolean;
}

export interface FetchResponse {
  /** the URL asked for. */
  url: string;
  /** the URL after redirects. */
  finalUrl: string;
  status: number;
  /** response headers of the final hop, lower-case names (repeated headers joined with ", "). */
  headers: Record<string, string>;
  contentType: string | null;
  /** decompressed body, at most maxBodyBytes. */
  body: Buffer;
  /** bytes received on the wire for the final hop (before decompression). */
  rawBytes: number;
  /**
   * The body exactly as received when it came as one complete gzip stream (Content-Encoding: gzip):
   * the raw archive stores it as-is instead of compressing the page again. null otherwise.
   */
  gzipBody: Buffer | null;
  /** every redirect target, in order (finalUrl is the last one). */
  redirects: string[];
  notModified: boolean;
  /** wall time of the whole fetch, ms. */
  ms: number;
}

export const DEFAULT_ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";

/** ms an idle kept-alive connection waits for the next request to its host before it is closed. */
const IDLE_SOCKET_TIMEOUT_MS = 4_000;
/** Idle connections kept per host (the host limiter allows a few requests in flight per host). */
const MAX_IDLE_SOCKETS_PER_HOST = 4;

/**
 * Keep-alive agents: consecutive fetches from one host reuse the TCP (and TLS) connection. One pair
 * per SSRF policy, because the guard judges an address when a connection is made: a socket opened
 * under "private networks allowed" must never serve a request that forbids them. A predicate policy
 * (allow only some addresses) gets no pooling.
 */
const agents = {
  strict: { http: newHttpAgent(), https: newHttpsAgent() },
  private: { http: newHttpAgent(), https: newHttpsAgent() },
};

function newHttpAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxFreeSockets: MAX_IDLE_SOCKETS_PER_HOST, timeout: IDLE_SOCKET_TIMEOUT_MS, scheduling: "lifo" });
}
function newHttpsAgent(): https.Agent {
  return new https.Agent({ keepAlive: true, maxFreeSockets: MAX_IDLE_SOCKETS_PER_HOST, timeout: IDLE_SOCKET_TIMEOUT_MS, scheduling: "lifo" });
}

function agentFor(isHttps: boolean, allowPrivate: FetchOptions["allowPrivateNetwork"]): http.Agent | false {
  if (typeof allowPrivate === "function") return false;
  const pair = allowPrivate ? agents.private : agents.strict;
  return isHttps ? pair.https : pair.http;
}
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The SSRF verdict for one resolved address under the caller's allowPrivateNetwork setting. */
function judgeAddress(address: string, allowPrivate: FetchOptions["allowPrivateNetwork"]): ReturnType<typeof checkAddress> {
  if (allowPrivate === true) return { ok: true };
  const v = checkAddress(address);
  if (v.ok || (typeof allowPrivate === "function" && allowPrivate(address))) return { ok: true };
  return v;
}

/** DNS lookup that only returns addresses the SSRF guard allows. */
function guardedLookup(allowPrivate: FetchOptions["allowPrivateNetwork"]): LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses as dns.LookupAddress[];
      const allowed = list.filter((a) => judgeAddress(a.address, allowPrivate).ok);
      if (allowed.length === 0) {
        const why = list.length ? judgeAddress(list[0].address, allowPrivate) : null;
        const reason = why && !why.ok ? why.message : "no address";
        return callback(new PolicyError("ssrf_blocked", `${hostname} resolves to a blocked address: ${reason}`));
      }
      if (options.all) callback(null, allowed);
      else callback(null, allowed[0].address, allowed[0].family);
    });
  }) as LookupFunction;
}

function flattenHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

function parseHttpUrl(url: string): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new PolicyError("invalid_url", `not a valid URL: ${url}`, { url });
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new PolicyError("invalid_url", `not an http(s) URL: ${url}`, { url });
  return u;
}

/** Decompressing stream for a Content-Encoding, or null for identity. Truncated streams end quietly (servers cut them). */
function decoderFor(encoding: string, firstByte: number): zlib.Gunzip | zlib.Inflate | zlib.InflateRaw | zlib.BrotliDecompress | null {
  const e = encoding.trim().toLowerCase();
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  if (e === "" || e === "identity") return null;
  if (e === "gzip" || e === "x-gzip") return zlib.createGunzip(flush);
  // "deflate" is meant to be zlib-wrapped, but some servers send raw deflate: the header byte tells.
  if (e === "deflate") return (firstByte & 0x0f) === 8 ? zlib.createInflate(flush) : zlib.createInflateRaw(flush);
  if (e === "br") return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
  throw new ContentError("content_decoding_failed", `unsupported Content-Encoding: ${encoding}`);
}

interface Hop {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  rawBytes: number;
  gzipBody: Buffer | null;
  location: string | null;
}

/** Bytes of a gzip member's trailer: CRC-32 and ISIZE (uncompressed size mod 2^32), little-endian. */
const GZIP_TRAILER_BYTES = 8;

/**
 * The received gzip bytes, when they are one complete stream for `body`: magic number first, and
 * the trailer's ISIZE equal to the body's length (a stream the server cut, which the decoder ends
 * quietly, or one with trailing bytes fails this). null otherwise.
 */
function completeGzip(raw: Buffer[], body: Buffer): Buffer | null {
  const gz = Buffer.concat(raw);
  if (gz.length < 18 || gz[0] !== 0x1f || gz[1] !== 0x8b) return null;
  return gz.readUInt32LE(gz.length - GZIP_TRAILER_BYTES + 4) === body.length % 2 ** 32 ? gz : null;
}

/** One request/response, no redirect following. Rejects with FetchError only. */
type RequestOptions = Required<Pick<FetchOptions, "userAgent" | "maxBodyBytes" | "connectTimeoutMs" | "readTimeoutMs" | "accept">> & FetchOptions;

/** Socket error codes that mean a kept-alive connection was closed by the server before our request reached it. */
const STALE_SOCKET_CODES = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

/**
 * requestOnce, retried once on a fresh connection when a reused keep-alive connection turns out to
 * have been closed by the server before any response (the idle-timeout race every keep-alive client
 * meets; GET is idempotent, and nothing of the response was seen).
 */
async function requestHop(u: URL, o: RequestOptions, first: boolean, total: AbortSignal): Promise<Hop> {
  try {
    return await requestOnce(u, o, first, total, false);
  } catch (err) {
    if (!(err instanceof StaleSocket)) throw err;
    return requestOnce(u, o, first, total, true);
  }
}

/** Internal: the reused socket was dead (see requestHop). */
class StaleSocket extends Error {}

function requestOnce(u: URL, o: RequestOptions, first: boolean, total: AbortSignal, freshConnection: boolean): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const url = u.toString();
    const mapped = o.hostMap?.get(u.hostname.toLowerCase());
    const connectHost = mapped ? mapped.host : u.hostname.replace(/^\[|\]$/g, "");
    const port = mapped ? mapped.port : Number(u.port || (u.protocol === "https:" ? 443 : 80));
    // 1. IP literals (and mapped addresses) never go through lookup: judge them here.
    if (net.isIP(connectHost)) {
      const v = judgeAddress(connectHost, o.allowPrivateNetwork);
      if (!v.ok) return reject(new PolicyError("ssrf_blocked", `refusing ${url}: ${v.message}`, { url }));
    }
    const headers: Record<string, string> = {
      "user-agent": o.userAgent,
      accept: o.accept,
      "accept-encoding": "gzip, deflate, br",
      host: u.host,
    };
    if (first && o.etag) headers["if-none-match"] = o.etag;
    if (first && o.lastModified) headers["if-modified-since"] = o.lastModified;
    const isHttps = u.protocol === "https:";
    const reqOpts: https.RequestOptions = {
      host: connectHost,
      port,
      path: `${u.pathname}${u.search}`,
      method: "GET",
      headers,
      agent: freshConnection ? false : agentFor(isHttps, o.allowPrivateNetwork),
      lookup: guardedLookup(o.allowPrivateNetwork),
    };
    if (isHttps && !net.isIP(u.hostname.replace(/^\[|\]$/g, ""))) reqOpts.servername = u.hostname;

    let done = false;
    let stream: Readable | null = null;
    const finish = (err: FetchError | null, hop?: Hop) => {
      if (done) return;
      done = true;
      clearTimeout(connectTimer);
      total.removeEventListener("abort", onAbort);
      if (err) {
        req.destroy();
        stream?.destroy();
        reject(err);
      } else resolve(hop!);
    };
    const fail = (err: unknown) => finish(toFetchError(err, url));
    const onAbort = () => fail(total.reason);
    if (total.aborted) return reject(toFetchError(total.reason, url));
    total.addEventListener("abort", onAbort);

    const req = (isHttps ? https : http).request(reqOpts);
    // 2. connect timeout: until TCP (and TLS) is up; then a read timeout on socket silence.
    const connectTimer = setTimeout(() => fail(new TimeoutError("connect", o.connectTimeoutMs, url)), o.connectTimeoutMs);
    req.on("socket", (socket) => {
      const connected = () => {
        clearTimeout(connectTimer);
        // Per request (not per socket): a kept-alive socket carries many requests.
        req.setTimeout(o.readTimeoutMs, () => fail(new TimeoutError("read", o.readTimeoutMs, url)));
      };
      // A reused keep-alive socket is connected already.
      if (req.reusedSocket) connected();
      else socket.once(isHttps ? "secureConnect" : "connect", connected);
    });
    let responded = false;
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (!done && !responded && req.reusedSocket && STALE_SOCKET_CODES.has(err.code ?? "")) {
        done = true;
        clearTimeout(connectTimer);
        total.removeEventListener("abort", onAbort);
        return reject(new StaleSocket(err.message));
      }
      fail(err);
    });
    req.on("response", (res) => {
      responded = true;
      const status = res.statusCode ?? 0;
      const h = flattenHeaders(res.headers);
      const base = { status, headers: h, rawBytes: 0, gzipBody: null };
      // 3. statuses that need no body
      if (REDIRECT_STATUSES.has(status) && h.location) return res.resume(), finish(null, { ...base, body: Buffer.alloc(0), location: h.location });
      if (status === 304) return res.resume(), finish(null, { ...base, body: Buffer.alloc(0), location: null });
      const retryAfter = parseRetryAfter(h["retry-after"]);
      if (status === 429 || (status === 503 && retryAfter !== null)) return finish(new ThrottledError(status, retryAfter, url));
      if (status >= 400) return finish(new HttpError(status, url));
      // 4. content type, before any body byte
      const typeClass = classifyContentType(h["content-type"]);
      if (o.requireHtml && typeClass === "no") return finish(new ContentError("not_html", `Content-Type ${h["content-type"]} is not HTML (${url})`, { url }));
      const declaredLength = Number(h["content-length"] ?? NaN);
      if (!h["content-encoding"] && declaredLength > o.maxBodyBytes && !o.truncateAtMax)
        return finish(new ContentError("body_too_large", `Content-Length ${declaredLength} exceeds ${o.maxBodyBytes} bytes (${url})`, { url }));
      // 5. body: decompress, count, cap, sniff
      const chunks: Buffer[] = [];
      let size = 0;
      let rawBytes = 0;
      // Compressed chunks kept for the raw archive (gzip only; ~1/5 of the body's size).
      const encoding = (h["content-encoding"] ?? "").trim().toLowerCase();
      const gzipChunks: Buffer[] | null = encoding === "gzip" || encoding === "x-gzip" ? [] : null;
      let truncated = false;
      let sniffed = false;
      const sniff = (force: boolean) => {
        if (sniffed || !o.requireHtml || (!force && size < SNIFF_BYTES)) return true;
        sniffed = true;
        const head = Buffer.concat(chunks).subarray(0, SNIFF_BYTES * 4);
        const kind = sniffBinary(head);
        if (kind) return finish(new ContentError("binary_content", `body is ${kind}, not HTML (${url})`, { url })), false;
        if (typeClass === "maybe" && head.length && !looksLikeHtml(head))
          return finish(new ContentError("not_html", `body does not look like HTML (Content-Type ${h["content-type"] ?? "absent"}, ${url})`, { url })), false;
        return true;
      };
      const onData = (chunk: Buffer) => {
        if (done) return;
        size += chunk.length;
        if (size > o.maxBodyBytes && o.truncateAtMax) {
          chunks.push(chunk.subarray(0, chunk.length - (size - o.maxBodyBytes)));
          size = o.maxBodyBytes;
          truncated = true;
          req.destroy();
          return onEnd();
        }
        if (size > o.maxBodyBytes) return finish(new ContentError("body_too_large", `body exceeds ${o.maxBodyBytes} bytes (${url})`, { url }));
        chunks.push(chunk);
        sniff(false);
      };
      const onEnd = () => {
        if (done) return;
        if (!sniff(true)) return;
        const body = Buffer.concat(chunks);
        if (o.requireHtml && body.toString("latin1").trim() === "") return finish(new ContentError("empty_body", `empty body (${url})`, { url }));
        const gzipBody = gzipChunks && !truncated ? completeGzip(gzipChunks, body) : null;
        finish(null, { ...base, rawBytes, body, gzipBody, location: null });
      };
      res.on("error", fail);
      let started = false;
      res.on("data", (chunk: Buffer) => {
        rawBytes += chunk.length;
        gzipChunks?.push(chunk);
        if (!started) {
          started = true;
          let dec;
          try {
            dec = decoderFor(h["content-encoding"] ?? "", chunk[0]);
          } catch (err) {
            return fail(err);
          }
          if (dec) {
            stream = dec;
            dec.on("data", onData);
            dec.on("end", onEnd);
            dec.on("error", fail);
            res.on("end", () => dec.end());
          } else res.on("end", onEnd);
        }
        if (stream) (stream as zlib.Gunzip).write(chunk);
        else onData(chunk);
      });
      res.on("aborted", () => fail(Object.assign(new Error("connection reset while reading the body"), { code: "ECONNRESET" })));
      // An empty body emits no "data": end immediately.
      res.on("end", () => { if (!started) onEnd(); });
    });
    req.end();
  });
}

/** Fetch a URL, following redirects; throws FetchError subclasses (see errors.ts) for every failure. */
export async function fetchUrl(url: string, opts: FetchOptions): Promise<FetchResponse> {
  const o = {
    ...opts,
    maxBodyBytes: opts.maxBodyBytes ?? crawlDefaults.maxBodyBytes,
    connectTimeoutMs: opts.connectTimeoutMs ?? crawlDefaults.connectTimeoutMs,
    readTimeoutMs: opts.readTimeoutMs ?? crawlDefaults.readTimeoutMs,
    accept: opts.accept ?? DEFAULT_ACCEPT,
  };
  const totalTimeoutMs = opts.totalTimeoutMs ?? crawlDefaults.totalTimeoutMs;
  const maxRedirects = opts.maxRedirects ?? crawlDefaults.maxRedirects;
  const started = performance.now();
  const total = new AbortController();
  const totalTimer = setTimeout(() => total.abort(new TimeoutError("total", totalTimeoutMs, url)), totalTimeoutMs);
  const onCallerAbort = () => total.abort(new PolicyError("aborted", `fetch aborted (${url})`, { url }));
  if (opts.signal?.aborted) onCallerAbort();
  opts.signal?.addEventListener("abort", onCallerAbort);
  try {
    const redirects: string[] = [];
    const visited = new Set<string>();
    let current = parseHttpUrl(url);
    for (;;) {
      visited.add(current.toString());
      const hop = await requestHop(current, o, redirects.length === 0, total.signal);
      if (hop.location === null) {
        const contentType = hop.headers["content-type"] ?? null;
        return {
          url, finalUrl: current.toString(), status: hop.status, headers: hop.headers, contentType, body: hop.body,
          rawBytes: hop.rawBytes, gzipBody: hop.gzipBody, redirects, notModified: hop.status === 304, ms: performance.now() - started,
        };
      }
      let next: URL;
      try {
        next = parseHttpUrl(new URL(hop.location, current).toString());
      } catch (err) {
        throw err instanceof FetchError ? err : new PolicyError("invalid_url", `bad redirect target ${hop.location}`, { url });
      }
      next.hash = "";
      if (visited.has(next.toString())) throw new PolicyError("redirect_loop", `redirect loop at ${next} (after ${redirects.length} hops from ${url})`, { url });
      if (redirects.length >= maxRedirects) throw new PolicyError("too_many_redirects", `more than ${maxRedirects} redirects from ${url}`, { url });
      redirects.push(next.toString());
      current = next;
    }
  } finally {
    clearTimeout(totalTimer);
    opts.signal?.removeEventListener("abort", onCallerAbort);
  }
}

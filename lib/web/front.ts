// The web server's front: the first code that sees a request, in the same process as Next.js
// (scripts/web.mjs), before Next.js reads a byte of its body. Next.js reads a request body as fast
// as the client sends it, whether or not anything wants it (its body stream pulls eagerly; a page
// request is read to its end before the proxy answers), so a body must be refused here, not later.
//   - A body is taken only by the routes and methods of the one table (lib/api/body.ts routeBodies):
//     any other method is 405 and a body on a read (GET/HEAD/OPTIONS) is 413, at once.
//   - A declared Content-Length over the route's limit is 413, and a body to a session route from a
//     client without a valid session cookie is 401, at once (no DB: the cookie's signature and expiry).
//   - A body that streams past its limit is cut there: Next.js sees the limit plus the chunk that
//     crossed it (so the route answers its own 413), then the end; nothing more is read.
// Every answer given while the request's body is still unread closes the connection (Node then
// destroys the socket once the answer is flushed, instead of reading the rest of the body to keep
// the connection alive), so a client cannot keep pushing bytes into the server.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { BodyTooLargeError, mediaType, routeBodyFor, routeLimit, type LimitOptions } from "../api/body.ts";
import { checkSameOrigin } from "../auth/csrf.ts";
import { clientKey, COUNTED_HEADER, countedMark, logThrottled, processLoginThrottle, THROTTLED_LOCATION, TooManyAttemptsError, type LoginThrottle } from "../auth/throttle.ts";
import { parseCookies } from "../auth/cookies.ts";
import { serverSecret } from "../auth/secret.ts";
import { getEnv } from "../config.ts";
import { SESSION_COOKIE, verifySessionToken } from "../auth/session.ts";

/** Methods that never carry a body, on any route: pages, feeds and API reads. */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What the front decides before the body: hand the request on (reading at most `limitBytes`), or refuse it. */
export type Admission =
  | { ok: true; limitBytes: number; loginAttempt?: true }
  | { ok: false; status: number; error: string; message: string; allow?: string };

export interface RequestHead {
  method: string;
  /** the path without the query */
  pathname: string;
  contentLength: string | undefined;
  contentType: string | undefined;
  transferEncoding: string | undefined;
  cookie: string | undefined;
}

/** Whether a session cookie's token is one this server signed and has not expired (revocation is the route's check). */
export type SessionCheck = (token: string | undefined) => boolean;

/** A session check against the server's secret; no secret (no admin password) means no session is valid. */
export function sessionCheckWith(secret: () => string | null): SessionCheck {
  return (token) => {
    if (!token) return false;
    const s = secret();
    return s !== null && verifySessionToken(s, token).ok;
  };
}

/** The server's own check: its secret (lib/auth/secret.ts); no session is valid while no admin password is set. */
export function serverSessionCheck(): SessionCheck {
  return sessionCheckWith(() => (getEnv().ADMIN_PASSWORD ? serverSecret() : null));
}

function tooLarge(limit: LimitOptions): Admission {
  return { ok: false, status: 413, error: "body_too_large", message: new BodyTooLargeError(limit.limitBytes, limit.what, limit.hint).message };
}

/** The front's decision on a request, from its method, path and headers only. */
export function admit(head: RequestHead, validSession: SessionCheck): Admission {
  const declared = head.contentLength === undefined ? NaN : Number(head.contentLength);
  const hasBody = head.transferEncoding !== undefined || (Number.isFinite(declared) && declared > 0);
  const route = routeBodyFor(head.pathname);
  if (route && route.methods.includes(head.method)) {
    const limit = routeLimit(route, head.contentType);
    if (Number.isFinite(declared) && declared > limit.limitBytes) return tooLarge(limit);
    if (route.session && !validSession(parseCookies(head.cookie)[SESSION_COOKIE])) {
      return { ok: false, status: 401, error: "unauthorized", message: "log in as admin first" };
    }
    return route.loginAttempt ? { ok: true, limitBytes: limit.limitBytes, loginAttempt: true } : { ok: true, limitBytes: limit.limitBytes };
  }
  if (!READ_METHODS.has(head.method)) {
    return route
      ? { ok: false, status: 405, error: "method_not_allowed", message: `${head.pathname} takes ${route.methods.join(", ")}`, allow: route.methods.join(", ") }
      : { ok: false, status: 405, error: "method_not_allowed", message: "pages and API reads take no request bodies; the API's mutations are listed in lib/api/body.ts", allow: "GET, HEAD" };
  }
  if (hasBody) return tooLarge({ limitBytes: 0, what: `${head.method} requests`, hint: "they take no body" });
  return { ok: true, limitBytes: 0 };
}

/**
 * Cut a request's body at `limitBytes`: the chunks up to and including the one that crosses the
 * limit reach the reader (so the route, reading through lib/api/body.ts, sees it is over and answers
 * 413), later chunks are dropped, and the socket is no longer read (Node's HTTP parser stops reading
 * when a push is refused; the socket is paused too). The body is not ended: an ended but incomplete
 * request makes Node destroy the socket before the answer is out. `onCut` runs once, at the cut;
 * a negative limit drops the body from its first byte. It sits on `push`, where Node's HTTP parser
 * hands each body chunk to the request stream: the only place that sees the bytes before whoever
 * reads the request (Next.js) does.
 */
export function cutBodyAt(req: IncomingMessage, limitBytes: number, onCut: () => void = () => {}): void {
  const push = req.push.bind(req);
  let seen = 0;
  let cut = false;
  req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (chunk === null) return push(null);
    if (cut) return false;
    seen += (chunk as Buffer).length;
    if (seen <= limitBytes) return push(chunk, encoding);
    cut = true;
    req.socket.pause();
    onCut();
    if (limitBytes >= 0) push(chunk, encoding);
    return false;
  };
}

/**
 * ms a refused client has to read its answer before its connection is dropped. Closing a socket
 * that still holds unread body bytes makes the kernel reset the connection, and a client that is
 * still writing then loses the answer it had not read yet; so the answer is followed by a FIN
 * (nothing more is read: the client's writes wait on a full TCP window, in the kernel, not here)
 * and the socket is closed this long after, or sooner when the client closes it.
 */
export const LINGER_MS = 2_000;

/** Answer with `Connection: close`, and close the socket LINGER_MS after the answer is flushed (not at once: see LINGER_MS). */
function closeAfterAnswer(res: ServerResponse): void {
  res.shouldKeepAlive = false;
  const socket = res.socket as (Socket & { destroySoon?: () => void; ledeLingering?: true }) | null;
  if (!socket || socket.ledeLingering) return;
  socket.ledeLingering = true;
  // Node's HTTP server calls destroySoon once a `Connection: close` answer is flushed
  socket.destroySoon = function (this: Socket) {
    if (this.writable) this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}

/** Close the connection when the answer starts while the request's body is not all received (see the top). */
function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete) closeAfterAnswer(this);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

/** Headers on the front's own answers, as next.config.mjs sets them on the API's. */
const REFUSAL_HEADERS = {
  "content-type": "application/json",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
  "cache-control": "no-store",
};

export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** The request's headers as a Fetch Headers (what lib/auth reads). */
function fetchHeaders(req: IncomingMessage): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(", ") : v);
  return h;
}

/**
 * A login attempt is counted here, before Next.js sees it, so a refused guess costs no more than
 * its headers: 429 (a form: back to the login page), logged as the route logs it. A counted attempt
 * is marked for the route (COUNTED_HEADER), which then does not count it again. A cross-origin
 * attempt is left to the route's 403 uncounted, so a foreign page cannot lock the admin out.
 * Returns true when it answered.
 */
function throttleLogin(req: IncomingMessage, res: ServerResponse, throttle: LoginThrottle): boolean {
  const trustProxy = getEnv().TRUST_PROXY;
  // what Next.js would set, so the route names the client as the front did
  if (!req.headers["x-forwarded-for"] && req.socket.remoteAddress) req.headers["x-forwarded-for"] = req.socket.remoteAddress;
  const headers = fetchHeaders(req);
  if (!checkSameOrigin(headers, { trustProxy }).ok) return false;
  const client = clientKey(headers, trustProxy);
  try {
    throttle.take(client);
  } catch (err) {
    if (!(err instanceof TooManyAttemptsError)) throw err;
    logThrottled(client, err);
    if (mediaType(req.headers["content-type"]) === "application/x-www-form-urlencoded") {
      refuse(res, 303, { location: THROTTLED_LOCATION }, "");
    } else {
      refuse(res, 429, { "retry-after": String(err.retryAfterSeconds) }, JSON.stringify({ error: err.key, message: err.message }));
    }
    return true;
  }
  req.headers[COUNTED_HEADER] = countedMark();
  return false;
}

function refuse(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, { ...REFUSAL_HEADERS, ...headers, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** The request listener: admit, refuse or cut each request, and hand the admitted ones to `next`. */
export function createFront(next: Handler, validSession: SessionCheck, throttle: LoginThrottle = processLoginThrottle()): Handler {
  return (req, res) => {
    delete req.headers[COUNTED_HEADER]; // only the front sets it (lib/auth/throttle.ts)
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const verdict = admit({
      method: req.method ?? "GET",
      pathname: q === -1 ? url : url.slice(0, q),
      contentLength: req.headers["content-length"],
      contentType: req.headers["content-type"],
      transferEncoding: req.headers["transfer-encoding"],
      cookie: req.headers.cookie,
    }, validSession);
    closeIfBodyUnread(req, res);
    const refused = !verdict.ok || (verdict.loginAttempt && throttleLogin(req, res, throttle));
    if (refused) {
      cutBodyAt(req, -1);
      // Reading (into the cut) marks the request consumed: otherwise Node, once the answer is out,
      // would "dump" the body — read all of it and throw it away — to keep the connection alive.
      req.resume();
      if (!verdict.ok) refuse(res, verdict.status, verdict.allow ? { allow: verdict.allow } : {}, JSON.stringify({ error: verdict.error, message: verdict.message }));
      return;
    }
    cutBodyAt(req, verdict.limitBytes, () => closeAfterAnswer(res));
    return next(req, res);
  };
}

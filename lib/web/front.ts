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
import { BodyTooLargeError, routeBodyFor, type LimitOptions } from "../api/body.ts";
import { parseCookies } from "../auth/cookies.ts";
import { serverSecret } from "../auth/secret.ts";
import { getEnv } from "../config.ts";
import { SESSION_COOKIE, verifySessionToken } from "../auth/session.ts";

/** Methods that never carry a body, on any route: pages, feeds and API reads. */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What the front decides before the body: hand the request on (reading at most `limitBytes`), or refuse it. */
export type Admission =
  | { ok: true; limitBytes: number }
  | { ok: false; status: number; error: string; message: string; allow?: string };

export interface RequestHead {
  method: string;
  /** the path without the query */
  pathname: string;
  contentLength: string | undefined;
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
    if (Number.isFinite(declared) && declared > route.limit.limitBytes) return tooLarge(route.limit);
    if (route.session && !validSession(parseCookies(head.cookie)[SESSION_COOKIE])) {
      return { ok: false, status: 401, error: "unauthorized", message: "log in as admin first" };
    }
    return { ok: true, limitBytes: route.limit.limitBytes };
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
 * limit reach the reader, then the end of the body; later chunks are dropped and the socket is no
 * longer read (Node's HTTP parser stops reading when a push is refused). `onCut` runs once, at the cut.
 * It sits on `push`, where Node's HTTP parser hands each body chunk to the request stream: the only
 * place that sees the bytes before whoever reads the request (Next.js) does.
 */
export function cutBodyAt(req: IncomingMessage, limitBytes: number, onCut: () => void = () => {}): void {
  const push = req.push.bind(req);
  let seen = 0;
  let cut = false;
  req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (cut) return false;
    if (chunk === null) return push(null);
    seen += (chunk as Buffer).length;
    if (seen <= limitBytes) return push(chunk, encoding);
    cut = true;
    onCut();
    push(chunk, encoding);
    push(null);
    return false;
  };
}

/** Close the connection when the answer starts while the request's body is not all received (see the top). */
function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete) this.shouldKeepAlive = false;
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

/** The request listener: admit, refuse or cut each request, and hand the admitted ones to `next`. */
export function createFront(next: Handler, validSession: SessionCheck): Handler {
  return (req, res) => {
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const verdict = admit({
      method: req.method ?? "GET",
      pathname: q === -1 ? url : url.slice(0, q),
      contentLength: req.headers["content-length"],
      transferEncoding: req.headers["transfer-encoding"],
      cookie: req.headers.cookie,
    }, validSession);
    closeIfBodyUnread(req, res);
    if (!verdict.ok) {
      cutBodyAt(req, -1);
      const body = JSON.stringify({ error: verdict.error, message: verdict.message });
      res.writeHead(verdict.status, { ...REFUSAL_HEADERS, ...(verdict.allow ? { allow: verdict.allow } : {}), "content-length": Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    cutBodyAt(req, verdict.limitBytes, () => { res.shouldKeepAlive = false; });
    return next(req, res);
  };
}

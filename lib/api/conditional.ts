// Conditional GET (RFC 9110 §13): an ETag from the body's hash and a Last-Modified from the newest
// content, answered with 304 Not Modified when the client already has them. Feed readers poll; a
// 304 saves them the body.
import { createHash } from "node:crypto";

/** A strong entity tag: the first 128 bits of the body's SHA-256, base64url. */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}

/** Tags in an If-None-Match header ("*" matches any); weak ones compare by their opaque part (weak comparison, as §13.1.2 asks). */
function matchesTag(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, "");
  return header.split(",").map((t) => t.trim()).some((t) => t === "*" || t.replace(/^W\//, "") === bare);
}

/**
 * True when the client's copy is current: If-None-Match lists the ETag, or (only when there is no
 * If-None-Match, §13.2.2) If-Modified-Since is at or after the last modification (HTTP dates have
 * whole seconds).
 */
export function isNotModified(req: Request, etag: string, lastModified: Date): boolean {
  const inm = req.headers.get("if-none-match");
  if (inm !== null) return matchesTag(inm, etag);
  const ims = req.headers.get("if-modified-since");
  if (!ims) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

/** The response for a cacheable body: 304 without a body when the client's copy is current. */
export function conditionalResponse(req: Request, body: string, opts: { contentType: string; lastModified: Date; cacheControl: string }): Response {
  const etag = etagOf(body);
  const headers = { etag, "last-modified": opts.lastModified.toUTCString(), "cache-control": opts.cacheControl };
  if (isNotModified(req, etag, opts.lastModified)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, "content-type": opts.contentType } });
}

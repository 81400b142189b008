// Mutations arrive as JSON (from the app's scripts) or as plain HTML forms (so admin actions work
// without client JavaScript). readMutation parses either, then checks session and CSRF.
import { NextResponse } from "next/server";
import { requireAdminSession, requireCsrfToken, type AdminContext } from "../auth/guard.ts";
import { CSRF_FIELD, firstForwarded } from "../auth/csrf.ts";
import { getEnv } from "../config.ts";
import { checkDeclaredLength, readLimitedBytes, routeLimits, type LimitOptions } from "./body.ts";

export interface Mutation {
  admin: AdminContext;
  input: Record<string, unknown>;
  /** true for an HTML form post: answer with a redirect, not JSON */
  form: boolean;
}

export function isFormRequest(req: Request): boolean {
  const type = req.headers.get("content-type") ?? "";
  return type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
}

/**
 * The request body as a plain object (form fields as strings, files as File), read with a byte
 * limit (lib/api/body.ts: refused while reading, before parsing). JSON that does not parse is {}.
 */
export async function readBody(req: Request, limit: LimitOptions = routeLimits.mutation): Promise<{ input: Record<string, unknown>; form: boolean }> {
  const bytes = await readLimitedBytes(req, limit);
  const type = req.headers.get("content-type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return { input: Object.fromEntries(new URLSearchParams(bytes.toString("utf8"))), form: true };
  }
  if (type.startsWith("multipart/form-data")) {
    const data = await new Response(new Uint8Array(bytes), { headers: { "content-type": type } }).formData();
    const input: Record<string, unknown> = {};
    for (const [k, v] of data.entries()) input[k] = v;
    return { input, form: true };
  }
  const text = bytes.toString("utf8");
  if (!text) return { input: {}, form: false };
  try {
    const v = JSON.parse(text);
    return { input: v && typeof v === "object" && !Array.isArray(v) ? v : { value: v }, form: false };
  } catch {
    return { input: {}, form: false };
  }
}

/**
 * An admin mutation's input, in the order that reads least from a hostile client: the declared
 * length (413), the session (401) and the origin (403) before a byte of the body is read; then
 * the body, limited; then the CSRF token (header, or the form's _csrf field).
 */
export async function readMutation(req: Request, limit: LimitOptions = routeLimits.mutation): Promise<Mutation> {
  checkDeclaredLength(req, limit);
  const admin = await requireAdminSession(req);
  const { input, form } = await readBody(req, limit);
  const token = typeof input[CSRF_FIELD] === "string" ? (input[CSRF_FIELD] as string) : null;
  requireCsrfToken(req, admin, token);
  delete input[CSRF_FIELD];
  return { admin, input, form };
}

/** Any origin stands for Lede's own while `next` paths are resolved: only its paths are kept. */
const LOCAL_BASE = "http://lede.invalid";

/**
 * A same-site path to go back to. The value is parsed as a URL against Lede's own origin (as a
 * browser would: tabs and newlines dropped, backslashes as slashes) and kept only when it stays
 * on that origin; the path written back is the parsed one, so it holds no control characters.
 * Anything else becomes `fallback`.
 */
export function safeLocalPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, LOCAL_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== LOCAL_BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//host" parses to the path "//host", which a browser would read as another host
  return /^\/(?![/\\])/.test(path) ? path : fallback;
}

/**
 * 303 See Other back into the app. The Location is relative: behind `next start` the request URL
 * names the server's bind host (e.g. localhost) rather than the host the browser used, and a
 * redirect to another host name would drop the session cookie.
 */
export function redirectTo(_req: Request, path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { location: safeLocalPath(path) } });
}

/**
 * The origin the client used, for absolute links in feeds and the cookie's Secure flag: the Host
 * header, or X-Forwarded-Host / -Proto behind a trusted proxy (TRUST_PROXY) only.
 */
export function requestOrigin(req: Request, opts: { trustProxy?: boolean } = {}): string {
  const url = new URL(req.url);
  const trustProxy = opts.trustProxy ?? getEnv().TRUST_PROXY;
  const forwarded = (name: string) => (trustProxy ? firstForwarded(req.headers.get(name)) : null);
  const host = forwarded("x-forwarded-host") ?? req.headers.get("host") ?? url.host;
  const proto = forwarded("x-forwarded-proto") ?? url.protocol.replace(/:$/, "");
  return `${proto}://${host}`;
}

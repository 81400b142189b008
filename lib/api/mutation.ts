// Mutations arrive as JSON (from the app's scripts) or as plain HTML forms (so admin actions work
// without client JavaScript). readMutation parses either, then checks session and CSRF.
import { NextResponse } from "next/server";
import { requireAdmin, type AdminContext } from "../auth/guard.ts";
import { CSRF_FIELD } from "../auth/csrf.ts";

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

/** The request body as a plain object (form fields as strings, files as File). */
export async function readBody(req: Request): Promise<{ input: Record<string, unknown>; form: boolean }> {
  if (isFormRequest(req)) {
    const data = await req.formData();
    const input: Record<string, unknown> = {};
    for (const [k, v] of data.entries()) input[k] = v;
    return { input, form: true };
  }
  const text = await req.text();
  if (!text) return { input: {}, form: false };
  try {
    const v = JSON.parse(text);
    return { input: v && typeof v === "object" && !Array.isArray(v) ? v : { value: v }, form: false };
  } catch {
    return { input: {}, form: false };
  }
}

export async function readMutation(req: Request): Promise<Mutation> {
  const { input, form } = await readBody(req);
  const token = typeof input[CSRF_FIELD] === "string" ? (input[CSRF_FIELD] as string) : null;
  const admin = requireAdmin(req, token);
  delete input[CSRF_FIELD];
  return { admin, input, form };
}

/** A same-site path to go back to: relative, not protocol-relative; anything else becomes `fallback`. */
export function safeLocalPath(value: unknown, fallback = "/"): string {
  return typeof value === "string" && /^\/(?![/\\])/.test(value) ? value : fallback;
}

/**
 * 303 See Other back into the app. The Location is relative: behind `next start` the request URL
 * names the server's bind host (e.g. localhost) rather than the host the browser used, and a
 * redirect to another host name would drop the session cookie.
 */
export function redirectTo(_req: Request, path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { location: safeLocalPath(path) } });
}

/** The origin the client used (Host / X-Forwarded-* headers), for absolute links in feeds. */
export function requestOrigin(req: Request): string {
  const url = new URL(req.url);
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host") ?? url.host;
  const proto = req.headers.get("x-forwarded-proto") ?? url.protocol.replace(/:$/, "");
  return `${proto}://${host}`;
}

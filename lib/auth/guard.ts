// What route handlers call: who is asking (readAdmin), and "this mutation is allowed" (requireAdmin).
import { getEnv } from "../config.ts";
import { parseCookies } from "./cookies.ts";
import { checkSameOrigin, csrfTokenFor, verifyCsrfToken, CSRF_HEADER } from "./csrf.ts";
import { deriveSessionSecret, verifySessionToken, SESSION_COOKIE, type Session } from "./session.ts";

export class UnauthorizedError extends Error {
  readonly key = "unauthorized";
}

export class CsrfError extends Error {
  readonly key = "csrf_failed";
}

export interface AdminContext {
  session: Session;
  csrfToken: string;
}

/** The session secret from the configuration, or null when no admin password is configured. */
export function sessionSecret(): string | null {
  const env = getEnv();
  return deriveSessionSecret({ sessionSecret: env.SESSION_SECRET, adminPassword: env.ADMIN_PASSWORD });
}

/** The admin session behind a session token, or null. */
export function adminFromToken(token: string | undefined | null, secret = sessionSecret()): AdminContext | null {
  if (!secret) return null;
  const check = verifySessionToken(secret, token);
  if (!check.ok) return null;
  return { session: check.session, csrfToken: csrfTokenFor(secret, check.session) };
}

export function readAdmin(req: Request): AdminContext | null {
  return adminFromToken(parseCookies(req.headers.get("cookie"))[SESSION_COOKIE]);
}

/**
 * Every API mutation starts here: a valid session, a same-origin request and the session's CSRF
 * token (from the x-csrf-token header, or `formToken` for plain HTML forms). Throws keyed errors
 * that lib/api/respond.ts maps to 401 and 403.
 */
export function requireAdmin(req: Request, formToken?: string | null): AdminContext {
  const admin = readAdmin(req);
  if (!admin) throw new UnauthorizedError("log in as admin first");
  const origin = checkSameOrigin(req.headers);
  if (!origin.ok) throw new CsrfError(origin.reason);
  const secret = sessionSecret()!;
  if (!verifyCsrfToken(secret, admin.session, req.headers.get(CSRF_HEADER) ?? formToken)) throw new CsrfError("missing or wrong CSRF token");
  return admin;
}

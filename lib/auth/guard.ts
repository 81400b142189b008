// What route handlers call: who is asking (readAdmin), and "this mutation is allowed" (requireAdmin).
import { getEnv } from "../config.ts";
import { getDb } from "../db/client.ts";
import { findAdminSession, revokeAdminSession } from "../db/sessions.ts";
import { parseCookies } from "./cookies.ts";
import { checkSameOrigin, csrfTokenFor, verifyCsrfToken, CSRF_HEADER } from "./csrf.ts";
import { serverSecret } from "./secret.ts";
import { passwordTag, verifySessionToken, SESSION_COOKIE, type Session } from "./session.ts";

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

/** The session secret, or null when no admin password is configured (nobody can log in). */
export function sessionSecret(): string | null {
  if (!getEnv().ADMIN_PASSWORD) return null;
  return serverSecret();
}

/** The current admin password's tag (lib/auth/session.ts passwordTag). */
export function currentPasswordTag(secret: string): string {
  return passwordTag(secret, getEnv().ADMIN_PASSWORD ?? "");
}

/**
 * The admin session behind a session token, or null: the signature must hold, and the session's
 * row must exist, be open, unexpired and belong to the current admin password.
 */
export async function adminFromToken(token: string | undefined | null, secret = sessionSecret()): Promise<AdminContext | null> {
  if (!secret) return null;
  const check = verifySessionToken(secret, token);
  if (!check.ok) return null;
  const db = await getDb();
  const row = await findAdminSession(db, check.session.nonce);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
  if (row.passwordTag !== currentPasswordTag(secret)) {
    await revokeAdminSession(db, row.nonce, "password_changed");
    return null;
  }
  return { session: check.session, csrfToken: csrfTokenFor(secret, check.session) };
}

export function sessionTokenOf(req: Request): string | undefined {
  return parseCookies(req.headers.get("cookie"))[SESSION_COOKIE];
}

export async function readAdmin(req: Request): Promise<AdminContext | null> {
  return adminFromToken(sessionTokenOf(req));
}

/** A valid session and a same-origin request: what a mutation needs before its body is read. */
export async function requireAdminSession(req: Request): Promise<AdminContext> {
  const admin = await readAdmin(req);
  if (!admin) throw new UnauthorizedError("log in as admin first");
  const origin = checkSameOrigin(req.headers);
  if (!origin.ok) throw new CsrfError(origin.reason);
  return admin;
}

/** The session's CSRF token, from the x-csrf-token header or `formToken` (plain HTML forms). */
export function requireCsrfToken(req: Request, admin: AdminContext, formToken?: string | null): void {
  const secret = sessionSecret()!;
  if (!verifyCsrfToken(secret, admin.session, req.headers.get(CSRF_HEADER) ?? formToken)) throw new CsrfError("missing or wrong CSRF token");
}

/**
 * Every API mutation starts here: a valid session, a same-origin request and the session's CSRF
 * token. Throws keyed errors that lib/api/respond.ts maps to 401 and 403.
 */
export async function requireAdmin(req: Request, formToken?: string | null): Promise<AdminContext> {
  const admin = await requireAdminSession(req);
  requireCsrfToken(req, admin, formToken);
  return admin;
}

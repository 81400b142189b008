// Admin sessions on the server: a row per login, so logout, "log out everywhere" and a password
// change end sessions for good (a copied cookie stops working), not just clear one browser's cookie.
import type { Db } from "./client.ts";

export type RevokeReason = "logout" | "logout_everywhere" | "password_changed";

export interface StoredSession {
  nonce: string;
  passwordTag: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

export async function createAdminSession(db: Db, s: { nonce: string; passwordTag: string; expiresAt: Date; userAgent?: string | null }): Promise<void> {
  await db.adminSession.create({ data: { nonce: s.nonce, passwordTag: s.passwordTag, expiresAt: s.expiresAt, userAgent: s.userAgent?.slice(0, 300) ?? null } });
}

export async function findAdminSession(db: Db, nonce: string): Promise<StoredSession | null> {
  return db.adminSession.findUnique({ where: { nonce }, select: { nonce: true, passwordTag: true, expiresAt: true, revokedAt: true } });
}

export async function revokeAdminSession(db: Db, nonce: string, why: RevokeReason = "logout"): Promise<void> {
  await db.adminSession.updateMany({ where: { nonce, revokedAt: null }, data: { revokedAt: new Date(), revokedWhy: why } });
}

/** Revoke every open session (optionally only those opened under another password); returns how many. */
export async function revokeAllAdminSessions(db: Db, why: RevokeReason, opts: { exceptPasswordTag?: string } = {}): Promise<number> {
  const where = { revokedAt: null, ...(opts.exceptPasswordTag ? { passwordTag: { not: opts.exceptPasswordTag } } : {}) };
  const r = await db.adminSession.updateMany({ where, data: { revokedAt: new Date(), revokedWhy: why } });
  return r.count;
}

/** Delete rows of sessions that ended before `before` (expired or revoked): the table stays small. */
export async function pruneAdminSessions(db: Db, before: Date): Promise<number> {
  const r = await db.adminSession.deleteMany({ where: { OR: [{ expiresAt: { lt: before } }, { revokedAt: { lt: before } }] } });
  return r.count;
}

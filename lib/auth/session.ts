// Admin sessions: a signed, expiring token in an HttpOnly cookie. The token is
// "<expiresAtMs>.<nonce>.<signature>", where the signature is an HMAC-SHA256 over expiry and nonce
// with the server secret (lib/auth/secret.ts). The signature stops forged cookies cheaply; the
// session's row (lib/db/sessions.ts, keyed by the nonce) makes it revocable: logout, "log out
// everywhere" and a password change end it on the server.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SESSION_COOKIE = "lede_session";
/** ms a session lasts: a week keeps a daily reader logged in without a forever-token. */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** bytes of randomness per session: the nonce also binds the CSRF token to this session. */
const NONCE_BYTES = 18;

export interface Session {
  nonce: string;
  expiresAt: number;
}

export type SessionCheck = { ok: true; session: Session } | { ok: false; reason: "missing" | "malformed" | "bad_signature" | "expired" };

/** HMAC-SHA256 of `data` under `secret`, base64url. */
export function sign(secret: string, data: string): string {
  return createHmac("sha256", secret).update(data).digest("base64url");
}

/** Constant-time string comparison (false for different lengths without leaking where they differ). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A tag of the admin password a session was opened under (HMAC under the server secret, so the
 * table reveals nothing about the password): a session whose tag differs from the current
 * password's has outlived a password change and no longer counts.
 */
export function passwordTag(secret: string, adminPassword: string): string {
  return sign(secret, `password|${adminPassword}`);
}

export function createSessionToken(secret: string, now = Date.now()): { token: string; session: Session } {
  const session = { nonce: randomBytes(NONCE_BYTES).toString("base64url"), expiresAt: now + SESSION_TTL_MS };
  const body = `${session.expiresAt}.${session.nonce}`;
  return { token: `${body}.${sign(secret, `session|${body}`)}`, session };
}

export function verifySessionToken(secret: string, token: string | undefined | null, now = Date.now()): SessionCheck {
  if (!token) return { ok: false, reason: "missing" };
  const parts = token.split(".");
  if (parts.length !== 3 || !/^\d+$/.test(parts[0]) || !parts[1]) return { ok: false, reason: "malformed" };
  const [exp, nonce, sig] = parts;
  if (!safeEqual(sig, sign(secret, `session|${exp}.${nonce}`))) return { ok: false, reason: "bad_signature" };
  const expiresAt = Number(exp);
  if (expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, session: { nonce, expiresAt } };
}

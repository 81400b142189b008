// Admin sessions: a signed, expiring token in an HttpOnly cookie. The token is
// "<expiresAtMs>.<nonce>.<signature>", where the signature is an HMAC-SHA256 over expiry and nonce
// with the session secret; nothing is stored on the server, and changing the secret (or the admin
// password it derives from) logs every session out.
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

/** The secret that signs sessions: SESSION_SECRET, else derived from the admin password. */
export function deriveSessionSecret(opts: { sessionSecret?: string; adminPassword?: string }): string | null {
  if (opts.sessionSecret) return opts.sessionSecret;
  if (!opts.adminPassword) return null;
  return createHmac("sha256", "lede-session-secret/1").update(opts.adminPassword).digest("base64url");
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

// CSRF protection for every mutation, two checks that must both pass:
//   1. the request comes from our own origin (Origin header, else Sec-Fetch-Site, when the browser sends them);
//   2. it carries the session's CSRF token (header x-csrf-token, or form field _csrf), an HMAC of the
//      session nonce: another site can neither read it nor forge it, and it dies with the session.
import { getEnv } from "../config.ts";
import { safeEqual, sign, type Session } from "./session.ts";

export const CSRF_HEADER = "x-csrf-token";
export const CSRF_FIELD = "_csrf";

export function csrfTokenFor(secret: string, session: Session): string {
  return sign(secret, `csrf|${session.nonce}`);
}

export function verifyCsrfToken(secret: string, session: Session, submitted: string | null | undefined): boolean {
  return !!submitted && safeEqual(submitted, csrfTokenFor(secret, session));
}

export type OriginCheck = { ok: true } | { ok: false; reason: string };

/**
 * Same-origin check from the request headers. Browsers send Origin on every cross-site POST (and
 * Sec-Fetch-Site on modern ones); a request with neither comes from a non-browser client, which
 * cannot ride on a victim's cookies, so it passes here and still needs the token.
 * X-Forwarded-Host names the host only behind a trusted proxy (TRUST_PROXY): otherwise a client
 * could send any value there, so the Host header counts.
 */
export function checkSameOrigin(headers: Headers, opts: { trustProxy?: boolean } = {}): OriginCheck {
  const origin = headers.get("origin");
  const trustProxy = opts.trustProxy ?? getEnv().TRUST_PROXY;
  const host = (trustProxy ? firstForwarded(headers.get("x-forwarded-host")) : null) ?? headers.get("host");
  if (origin && origin !== "null") {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return { ok: false, reason: `malformed Origin ${origin}` };
    }
    return originHost === host ? { ok: true } : { ok: false, reason: `cross-origin request from ${origin}` };
  }
  if (origin === "null") return { ok: false, reason: "opaque Origin" };
  const site = headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return { ok: false, reason: `Sec-Fetch-Site ${site}` };
  return { ok: true };
}

/** The first value of a forwarded header ("a, b" when proxies are chained: the first is the client's side). */
export function firstForwarded(value: string | null): string | null {
  const first = value?.split(",")[0]?.trim();
  return first || null;
}

import { describe, expect, it } from "vitest";
import { createSessionToken, deriveSessionSecret, verifySessionToken, SESSION_TTL_MS } from "../../lib/auth/session.ts";
import { checkSameOrigin, csrfTokenFor, verifyCsrfToken } from "../../lib/auth/csrf.ts";
import { checkPassword } from "../../lib/auth/password.ts";
import { parseCookies, sessionCookie } from "../../lib/auth/cookies.ts";
import { safeLocalPath } from "../../lib/api/mutation.ts";

const secret = deriveSessionSecret({ adminPassword: "correct horse battery" })!;

describe("session tokens", () => {
  it("verifies a fresh token and rejects it after expiry", () => {
    const now = Date.UTC(2026, 0, 1);
    const { token, session } = createSessionToken(secret, now);
    expect(verifySessionToken(secret, token, now + 1000)).toEqual({ ok: true, session });
    expect(verifySessionToken(secret, token, now + SESSION_TTL_MS + 1)).toEqual({ ok: false, reason: "expired" });
  });

  it("rejects a tampered expiry, a token from another secret, and garbage", () => {
    const { token } = createSessionToken(secret);
    const [exp, nonce, sig] = token.split(".");
    expect(verifySessionToken(secret, `${Number(exp) + 10 ** 9}.${nonce}.${sig}`)).toEqual({ ok: false, reason: "bad_signature" });
    const other = deriveSessionSecret({ adminPassword: "another password" })!;
    expect(verifySessionToken(other, token).ok).toBe(false);
    expect(verifySessionToken(secret, "x.y")).toEqual({ ok: false, reason: "malformed" });
    expect(verifySessionToken(secret, undefined)).toEqual({ ok: false, reason: "missing" });
  });

  it("prefers SESSION_SECRET, else derives a stable secret from the password, else has none", () => {
    expect(deriveSessionSecret({ sessionSecret: "s".repeat(20), adminPassword: "p" })).toBe("s".repeat(20));
    expect(deriveSessionSecret({ adminPassword: "correct horse battery" })).toBe(secret);
    expect(deriveSessionSecret({})).toBeNull();
  });
});

describe("CSRF", () => {
  it("accepts only the token of this session", () => {
    const a = createSessionToken(secret).session;
    const b = createSessionToken(secret).session;
    expect(verifyCsrfToken(secret, a, csrfTokenFor(secret, a))).toBe(true);
    expect(verifyCsrfToken(secret, a, csrfTokenFor(secret, b))).toBe(false);
    expect(verifyCsrfToken(secret, a, "")).toBe(false);
    expect(verifyCsrfToken(secret, a, null)).toBe(false);
  });

  it("checks Origin against Host, and Sec-Fetch-Site when Origin is absent", () => {
    const h = (o: Record<string, string>) => new Headers({ host: "lede.local:3000", ...o });
    expect(checkSameOrigin(h({ origin: "http://lede.local:3000" })).ok).toBe(true);
    expect(checkSameOrigin(h({ origin: "https://evil.example" })).ok).toBe(false);
    expect(checkSameOrigin(h({ origin: "null" })).ok).toBe(false);
    expect(checkSameOrigin(h({ "sec-fetch-site": "cross-site" })).ok).toBe(false);
    expect(checkSameOrigin(h({ "sec-fetch-site": "same-origin" })).ok).toBe(true);
    expect(checkSameOrigin(h({})).ok).toBe(true); // curl: no ambient cookies, still needs the token
  });
});

describe("password, cookies, redirects", () => {
  it("compares passwords exactly", () => {
    expect(checkPassword("hunter22", "hunter22")).toBe(true);
    expect(checkPassword("hunter22", "hunter2")).toBe(false);
    expect(checkPassword(undefined, "")).toBe(false);
  });

  it("sets an HttpOnly SameSite cookie and parses it back", () => {
    const c = sessionCookie("a.b.c", { secure: false });
    expect(c).toMatch(/HttpOnly/);
    expect(c).toMatch(/SameSite=Lax/);
    expect(c).not.toMatch(/Secure/);
    expect(sessionCookie("a.b.c", { secure: true })).toMatch(/Secure/);
    expect(parseCookies("x=1; lede_session=a.b.c; y=%zz")).toEqual({ x: "1", lede_session: "a.b.c" });
  });

  it("only redirects to local paths after login", () => {
    expect(safeLocalPath("/review?x=1")).toBe("/review?x=1");
    expect(safeLocalPath("//evil.example/")).toBe("/");
    expect(safeLocalPath("/\\evil.example")).toBe("/");
    expect(safeLocalPath("https://evil.example/")).toBe("/");
    expect(safeLocalPath(undefined, "/sites")).toBe("/sites");
  });
});

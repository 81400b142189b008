import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSessionToken, passwordTag, verifySessionToken, SESSION_TTL_MS } from "../../lib/auth/session.ts";
import { loadOrCreateSecret } from "../../lib/auth/secret.ts";
import { checkSameOrigin, csrfTokenFor, verifyCsrfToken } from "../../lib/auth/csrf.ts";
import { checkPassword } from "../../lib/auth/password.ts";
import { parseCookies, sessionCookie } from "../../lib/auth/cookies.ts";
import { safeLocalPath } from "../../lib/api/mutation.ts";

const secret = "a-test-secret-of-32-characters-or-more";

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
    const other = "another-secret-of-32-characters-or-more";
    expect(verifySessionToken(other, token).ok).toBe(false);
    expect(verifySessionToken(secret, "x.y")).toEqual({ ok: false, reason: "malformed" });
    expect(verifySessionToken(secret, undefined)).toEqual({ ok: false, reason: "missing" });
  });

  it("generates a random secret once, keeps it (mode 0600) and reads it back; a truncated file is replaced", () => {
    const dir = mkdtempSync(join(tmpdir(), "lede-secret-"));
    const file = join(dir, "sub", "session-secret");
    const a = loadOrCreateSecret(file);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(file)).toBe(a);
    expect(loadOrCreateSecret(join(dir, "other"))).not.toBe(a);
    writeFileSync(file, "short\n");
    const b = loadOrCreateSecret(file);
    expect(b).not.toBe("short");
    expect(readFileSync(file, "utf8").trim()).toBe(b);
  });

  it("tags the password under the secret: another password or another secret gives another tag", () => {
    expect(passwordTag(secret, "correct horse battery")).toBe(passwordTag(secret, "correct horse battery"));
    expect(passwordTag(secret, "correct horse battery")).not.toBe(passwordTag(secret, "correct horse batterz"));
    expect(passwordTag("another-secret-of-32-characters-or-more", "correct horse battery")).not.toBe(passwordTag(secret, "correct horse battery"));
    expect(passwordTag(secret, "correct horse battery")).not.toContain("correct");
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

  it("believes X-Forwarded-Host only behind a trusted proxy", () => {
    const h = new Headers({ host: "127.0.0.1:3000", "x-forwarded-host": "evil.example", origin: "https://evil.example" });
    expect(checkSameOrigin(h, { trustProxy: false }).ok).toBe(false);
    expect(checkSameOrigin(h, { trustProxy: true }).ok).toBe(true);
    const behind = new Headers({ host: "127.0.0.1:3000", "x-forwarded-host": "news.example.org", origin: "https://news.example.org" });
    expect(checkSameOrigin(behind, { trustProxy: true }).ok).toBe(true);
    expect(checkSameOrigin(behind, { trustProxy: false }).ok).toBe(false);
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
    // parsed as a browser parses it: tabs and newlines dropped, backslashes are slashes
    expect(safeLocalPath("/\t/other-host/x")).toBe("/");
    expect(safeLocalPath("/\n/other-host/x")).toBe("/");
    expect(safeLocalPath("/\\/other-host")).toBe("/");
    expect(safeLocalPath("/.//other-host/x")).toBe("/");
    expect(safeLocalPath("/sites\r\nSet-Cookie: x=1")).toBe("/sitesSet-Cookie:%20x=1");
    expect(safeLocalPath("/a/../b?q=1#h")).toBe("/b?q=1#h");
    expect(safeLocalPath("javascript:alert(1)")).toBe("/");
  });
});

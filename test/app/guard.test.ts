// requireAdmin / readMutation on real Request objects: what every API mutation goes through.
// Sessions live in a real SQLite file (the AdminSession table), as in the server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMutation, redirectTo, requestOrigin } from "../../lib/api/mutation.ts";
import { readTrainingOutput } from "../../lib/api/run-training.ts";
import { csrfTokenFor } from "../../lib/auth/csrf.ts";
import { currentPasswordTag, readAdmin, requireAdmin, sessionSecret } from "../../lib/auth/guard.ts";
import { createSessionToken } from "../../lib/auth/session.ts";
import { closeDb, getDb } from "../../lib/db/client.ts";
import { createAdminSession, revokeAdminSession, revokeAllAdminSessions } from "../../lib/db/sessions.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";

let token: string;
let csrf: string;
let t: TestDb;

/** A logged-in session as the login route makes it: a signed token and its row. */
async function openSession(): Promise<{ token: string; csrf: string; nonce: string }> {
  const secret = sessionSecret()!;
  const s = createSessionToken(secret);
  await createAdminSession(await getDb(), { nonce: s.session.nonce, passwordTag: currentPasswordTag(secret), expiresAt: new Date(s.session.expiresAt) });
  return { token: s.token, csrf: csrfTokenFor(secret, s.session), nonce: s.session.nonce };
}

beforeAll(async () => {
  t = await createTestDb();
  process.env.DATABASE_URL = t.url; // read once by lib/config.ts, before the first getEnv()
  process.env.ADMIN_PASSWORD ??= "guard-test-password";
  ({ token, csrf } = await openSession());
});
afterAll(async () => {
  await closeDb();
  await t.cleanup();
});

const url = "http://lede.test:3000/api/sites";
const base = (h: Record<string, string> = {}) => ({ host: "lede.test:3000", cookie: `lede_session=${token}`, ...h });

describe("requireAdmin", () => {
  it("passes a same-origin request with the session's token in the header", async () => {
    await expect(requireAdmin(new Request(url, { method: "POST", headers: base({ origin: "http://lede.test:3000", "x-csrf-token": csrf }) }))).resolves.toBeTruthy();
  });

  it("refuses with keyed errors: no session, no token, wrong token, other origin", async () => {
    const keyOf = async (req: Request) => { try { await requireAdmin(req); return "ok"; } catch (e) { return (e as { key: string }).key; } };
    expect(await keyOf(new Request(url, { method: "POST", headers: { host: "lede.test:3000", "x-csrf-token": csrf } }))).toBe("unauthorized");
    expect(await keyOf(new Request(url, { method: "POST", headers: base() }))).toBe("csrf_failed");
    expect(await keyOf(new Request(url, { method: "POST", headers: base({ "x-csrf-token": `${csrf}x` }) }))).toBe("csrf_failed");
    expect(await keyOf(new Request(url, { method: "POST", headers: base({ origin: "https://evil.example", "x-csrf-token": csrf }) }))).toBe("csrf_failed");
    expect(await keyOf(new Request(url, { method: "POST", headers: { host: "lede.test:3000", cookie: "lede_session=1.2.3", "x-csrf-token": csrf } }))).toBe("unauthorized");
  });
});

describe("server-side sessions", () => {
  const asCookie = (tok: string) => new Request(url, { headers: { host: "lede.test:3000", cookie: `lede_session=${tok}` } });

  it("counts a signed token only while its row exists and is open", async () => {
    const secret = sessionSecret()!;
    const orphan = createSessionToken(secret); // validly signed, never stored
    expect(await readAdmin(asCookie(orphan.token))).toBeNull();
    const s = await openSession();
    expect(await readAdmin(asCookie(s.token))).not.toBeNull();
    await revokeAdminSession(await getDb(), s.nonce, "logout");
    expect(await readAdmin(asCookie(s.token))).toBeNull(); // a copied cookie is dead after logout
  });

  it("ends every session on 'log out everywhere'", async () => {
    const a = await openSession();
    const b = await openSession();
    expect(await revokeAllAdminSessions(await getDb(), "logout_everywhere")).toBeGreaterThanOrEqual(2);
    expect(await readAdmin(asCookie(a.token))).toBeNull();
    expect(await readAdmin(asCookie(b.token))).toBeNull();
    ({ token, csrf } = await openSession()); // the other tests' session
  });

  it("ends a session opened under another admin password", async () => {
    const s = await openSession();
    const db = await getDb();
    await db.adminSession.update({ where: { nonce: s.nonce }, data: { passwordTag: "tag-of-the-old-password" } });
    expect(await readAdmin(asCookie(s.token))).toBeNull();
    expect((await db.adminSession.findUnique({ where: { nonce: s.nonce } }))?.revokedWhy).toBe("password_changed");
  });
});

describe("readMutation", () => {
  it("reads a plain HTML form with its _csrf field, and drops the field from the input", async () => {
    const body = new URLSearchParams({ _csrf: csrf, status: "paused" });
    const m = await readMutation(new Request(url, { method: "POST", headers: base({ "content-type": "application/x-www-form-urlencoded" }), body }));
    expect(m.form).toBe(true);
    expect(m.input).toEqual({ status: "paused" });
  });

  it("reads JSON with the header token", async () => {
    const m = await readMutation(new Request(url, { method: "POST", headers: base({ "content-type": "application/json", "x-csrf-token": csrf }), body: JSON.stringify({ a: 1 }) }));
    expect(m).toMatchObject({ form: false, input: { a: 1 } });
  });

  it("redirects only within the app, relatively, and knows the client's origin", () => {
    expect(redirectTo(new Request(url), "/sites").headers.get("location")).toBe("/sites");
    expect(redirectTo(new Request(url), "//evil.example/").headers.get("location")).toBe("/");
    expect(requestOrigin(new Request("http://localhost:3000/x", { headers: { host: "127.0.0.1:4000" } }))).toBe("http://127.0.0.1:4000");
    const forwarded = { host: "127.0.0.1:4000", "x-forwarded-host": "news.example.org", "x-forwarded-proto": "https" };
    expect(requestOrigin(new Request("http://localhost:3000/x", { headers: forwarded }), { trustProxy: false })).toBe("http://127.0.0.1:4000");
    expect(requestOrigin(new Request("http://localhost:3000/x", { headers: forwarded }), { trustProxy: true })).toBe("https://news.example.org");
  });
});

describe("readTrainingOutput", () => {
  it("finds the saved model version, or says why there is none", () => {
    expect(readTrainingOutput(0, "| model |\nmodel version 7 saved and activated\n")).toMatchObject({ ok: true, modelVersionId: 7 });
    expect(readTrainingOutput(1, "lede train: only 3 samples (corpus missing and few labels); nothing trained\n")).toMatchObject({ ok: false, reason: "too_few_samples" });
    expect(readTrainingOutput(1, "lede train: only 8 samples (no corpus and no shipped base set): training on admin labels alone needs at least 10 news and 10 not-news labels; have 3 news and 5 not news, so 7 more news and 5 more not-news labels are needed; nothing trained\n"))
      .toMatchObject({ ok: false, reason: "too_few_samples", needed: { news: 7, notNews: 5 } });
    expect(readTrainingOutput(1, "Error: boom")).toMatchObject({ ok: false, reason: "failed" });
  });
});

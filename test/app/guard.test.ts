// requireAdmin / readMutation on real Request objects: what every API mutation goes through.
import { beforeAll, describe, expect, it } from "vitest";
import { readMutation, redirectTo, requestOrigin } from "../../lib/api/mutation.ts";
import { readTrainingOutput } from "../../lib/api/run-training.ts";
import { csrfTokenFor } from "../../lib/auth/csrf.ts";
import { requireAdmin, sessionSecret } from "../../lib/auth/guard.ts";
import { createSessionToken } from "../../lib/auth/session.ts";

let token: string;
let csrf: string;

beforeAll(() => {
  process.env.ADMIN_PASSWORD ??= "guard-test-password";
  const secret = sessionSecret()!;
  const s = createSessionToken(secret);
  token = s.token;
  csrf = csrfTokenFor(secret, s.session);
});

const url = "http://lede.test:3000/api/sites";
const base = (h: Record<string, string> = {}) => ({ host: "lede.test:3000", cookie: `lede_session=${token}`, ...h });

describe("requireAdmin", () => {
  it("passes a same-origin request with the session's token in the header", () => {
    expect(() => requireAdmin(new Request(url, { method: "POST", headers: base({ origin: "http://lede.test:3000", "x-csrf-token": csrf }) }))).not.toThrow();
  });

  it("refuses with keyed errors: no session, no token, wrong token, other origin", () => {
    const keyOf = (req: Request) => { try { requireAdmin(req); return "ok"; } catch (e) { return (e as { key: string }).key; } };
    expect(keyOf(new Request(url, { method: "POST", headers: { host: "lede.test:3000", "x-csrf-token": csrf } }))).toBe("unauthorized");
    expect(keyOf(new Request(url, { method: "POST", headers: base() }))).toBe("csrf_failed");
    expect(keyOf(new Request(url, { method: "POST", headers: base({ "x-csrf-token": `${csrf}x` }) }))).toBe("csrf_failed");
    expect(keyOf(new Request(url, { method: "POST", headers: base({ origin: "https://evil.example", "x-csrf-token": csrf }) }))).toBe("csrf_failed");
    expect(keyOf(new Request(url, { method: "POST", headers: { host: "lede.test:3000", cookie: "lede_session=1.2.3", "x-csrf-token": csrf } }))).toBe("unauthorized");
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

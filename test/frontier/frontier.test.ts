import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  countPendingWork, deferUrl, enqueueUrls, enqueueUrlsReturning, failExhaustedLeases, leaseUrls, releaseLeases, renewLeases, settleUrl,
} from "../../lib/db/frontier.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";

const run = promisify(execFile);
let t: TestDb;
let siteId: number;

beforeEach(async () => {
  t = await createTestDb();
  siteId = (await t.db.site.create({ data: { seedUrl: "https://a.example/", host: "a.example", name: "a" } })).id;
});
afterEach(async () => t.cleanup());

const pages = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ url: `https://a.example/p/${from + i}`, siteId, depth: 1, kind: "page" as const }));

describe("enqueueUrls", () => {
  it("inserts each normalised URL once and reports only new rows", async () => {
    expect(await enqueueUrls(t.db, pages(3))).toBe(3);
    expect(await enqueueUrls(t.db, pages(4))).toBe(1);
    expect(await t.db.frontierUrl.count()).toBe(4);
  });

  it("handles more rows than one INSERT carries", async () => {
    expect(await enqueueUrls(t.db, pages(5234))).toBe(5234);
  });

  it("stores every field as given, in discovery order, a URL repeated within the batch once", async () => {
    const now = new Date("2026-12-02T09:00:00.123Z");
    const later = new Date("2026-12-02T10:30:00.456Z");
    const batch = [
      { url: "https://a.example/z", siteId, depth: 2, kind: "page" as const, discoveredFrom: "https://a.example/" },
      { url: "https://a.example/feed.xml", siteId, depth: 0, kind: "feed" as const, nextCheckAt: later, discoveredFrom: null },
      { url: "https://a.example/é?q=1", siteId, depth: 3, kind: "page" as const },
      { url: "https://a.example/z", siteId, depth: 9, kind: "page" as const },
    ];
    expect(await enqueueUrls(t.db, batch, now)).toBe(3);
    const rows = await t.db.frontierUrl.findMany({ orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.url, r.siteId, r.depth, r.kind, r.state, r.nextCheckAt, r.discoveredFrom, r.attempts, r.createdAt, r.updatedAt])).toEqual([
      ["https://a.example/z", siteId, 2, "page", "queued", now, "https://a.example/", 0, now, now],
      ["https://a.example/feed.xml", siteId, 0, "feed", "queued", later, null, 0, now, now],
      ["https://a.example/é?q=1", siteId, 3, "page", "queued", now, null, 0, now, now],
    ]);
    expect(await enqueueUrls(t.db, [], now)).toBe(0);
  });
});

describe("enqueueUrlsReturning", () => {
  it("inserts as enqueueUrls does and returns the URLs it inserted, not those already there", async () => {
    expect(await enqueueUrls(t.db, pages(2))).toBe(2);
    const inserted = await enqueueUrlsReturning(t.db, [...pages(4), pages(1, 3)[0]!]);
    expect(inserted.sort()).toEqual(["https://a.example/p/2", "https://a.example/p/3"]);
    const rows = await t.db.frontierUrl.findMany({ orderBy: { id: "asc" }, select: { url: true, state: true, depth: true } });
    expect(rows).toEqual(pages(4).map((p) => ({ url: p.url, state: "queued", depth: 1 })));
    expect(await enqueueUrlsReturning(t.db, pages(4))).toEqual([]);
    expect((await enqueueUrlsReturning(t.db, pages(5234))).length).toBe(5230);
  });
});

describe("leaseUrls", () => {
  it("claims due rows once, oldest first, and counts the attempt", async () => {
    const now = new Date();
    await enqueueUrls(t.db, [{ ...pages(1)[0]!, nextCheckAt: new Date(now.getTime() - 1000) }]);
    await enqueueUrls(t.db, [{ ...pages(1, 1)[0]!, nextCheckAt: new Date(now.getTime() + 60_000) }]);
    const a = await leaseUrls(t.db, { owner: "w1", limit: 10, leaseMs: 1000, now });
    expect(a.map((r) => r.url)).toEqual(["https://a.example/p/0"]);
    expect(a[0]!.attempts).toBe(1);
    expect(await leaseUrls(t.db, { owner: "w2", limit: 10, leaseMs: 1000, now })).toEqual([]);
  });

  it("re-claims an expired lease and ignores the old owner's late result", async () => {
    await enqueueUrls(t.db, pages(1));
    const now = new Date();
    const [row] = await leaseUrls(t.db, { owner: "dead", limit: 1, leaseMs: 1000, now });
    const later = new Date(now.getTime() + 2000);
    const again = await leaseUrls(t.db, { owner: "alive", limit: 1, leaseMs: 1000, now: later });
    expect(again.map((r) => [r.id, r.attempts])).toEqual([[row!.id, 2]]);
    expect(await settleUrl(t.db, row!.id, "dead", { state: "done" })).toBe(false);
    expect(await settleUrl(t.db, row!.id, "alive", { state: "done" })).toBe(true);
    expect((await t.db.frontierUrl.findUniqueOrThrow({ where: { id: row!.id } })).state).toBe("done");
  });

  it("a renewed lease outlives its first expiry: a slow live worker keeps its URL, a silent one loses it", async () => {
    await enqueueUrls(t.db, pages(3));
    const now = new Date();
    const [slow, silent, done] = await leaseUrls(t.db, { owner: "w1", limit: 3, leaseMs: 1000, now });
    expect(await settleUrl(t.db, done!.id, "w1", { state: "done" })).toBe(true);
    // w1 still works on `slow` after 800 ms and renews it (a settled row and another owner's call change nothing).
    const at800 = new Date(now.getTime() + 800);
    expect(await renewLeases(t.db, "w2", [slow!.id], 1000, at800)).toBe(0);
    expect(await renewLeases(t.db, "w1", [slow!.id, done!.id], 1000, at800)).toBe(1);
    // At 1500 ms the first lease would have expired: w2 re-claims only the row nobody renewed.
    const again = await leaseUrls(t.db, { owner: "w2", limit: 10, leaseMs: 1000, now: new Date(now.getTime() + 1500) });
    expect(again.map((r) => [r.id, r.attempts])).toEqual([[silent!.id, 2]]);
    expect(await settleUrl(t.db, slow!.id, "w1", { state: "done" })).toBe(true);
    const rows = await t.db.frontierUrl.findMany({ orderBy: { id: "asc" }, select: { state: true, attempts: true, leaseOwner: true } });
    expect(rows).toEqual([{ state: "done", attempts: 1, leaseOwner: null }, { state: "leased", attempts: 2, leaseOwner: "w2" }, { state: "done", attempts: 1, leaseOwner: null }]);
    // A renewal after the row was lost to a real expiry does not take it back.
    expect(await renewLeases(t.db, "w1", [silent!.id], 1000, new Date(now.getTime() + 1600))).toBe(0);
  });

  it("skips paused sites, sites in back-off and sites the caller excludes", async () => {
    await enqueueUrls(t.db, pages(2));
    await t.db.site.update({ where: { id: siteId }, data: { hostBackoffUntil: new Date(Date.now() + 60_000) } });
    expect(await leaseUrls(t.db, { owner: "w", limit: 5, leaseMs: 1000 })).toHaveLength(0);
    await t.db.site.update({ where: { id: siteId }, data: { hostBackoffUntil: null, status: "paused" } });
    expect(await leaseUrls(t.db, { owner: "w", limit: 5, leaseMs: 1000 })).toHaveLength(0);
    await t.db.site.update({ where: { id: siteId }, data: { status: "active" } });
    expect(await leaseUrls(t.db, { owner: "w", limit: 5, leaseMs: 1000, skipSiteIds: [siteId] })).toHaveLength(0);
    expect(await leaseUrls(t.db, { owner: "w", limit: 5, leaseMs: 1000, siteIds: [siteId] })).toHaveLength(2);
  });

  it("never hands one URL to two worker processes", async () => {
    await enqueueUrls(t.db, pages(150));
    const child = join(import.meta.dirname, "lease-race-child.ts");
    const tsx = join(import.meta.dirname, "..", "..", "node_modules", ".bin", "tsx");
    const barrier = mkdtempSync(join(tmpdir(), "lede-lease-race-"));
    const owners = ["p1", "p2", "p3"];
    const outs = await Promise.all(owners.map((o) => run(tsx, [child, t.url, o, barrier, String(owners.length)], { timeout: 50_000 })));
    rmSync(barrier, { recursive: true, force: true });
    const ids = outs.flatMap((o) => JSON.parse(o.stdout) as number[]);
    expect(ids).toHaveLength(150);
    expect(new Set(ids).size).toBe(150);
    expect(outs.filter((o) => (JSON.parse(o.stdout) as number[]).length > 0).length).toBeGreaterThan(1);
  }, 60_000);
});

describe("releasing and deferring", () => {
  it("gives leases back without using up attempts", async () => {
    await enqueueUrls(t.db, pages(3));
    const rows = await leaseUrls(t.db, { owner: "w", limit: 3, leaseMs: 60_000 });
    expect(await deferUrl(t.db, rows[0]!.id, "w", new Date(Date.now() + 60_000))).toBe(true);
    expect(await releaseLeases(t.db, "w")).toBe(2);
    const all = await t.db.frontierUrl.findMany({ orderBy: { id: "asc" } });
    expect(all.map((r) => [r.state, r.attempts, r.leaseOwner])).toEqual([
      ["queued", 0, null], ["queued", 0, null], ["queued", 0, null],
    ]);
    expect(all[0]!.nextCheckAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("fails a URL whose lease expired after the last attempt", async () => {
    await enqueueUrls(t.db, pages(1));
    const now = new Date();
    await leaseUrls(t.db, { owner: "w", limit: 1, leaseMs: 10, now });
    expect(await failExhaustedLeases(t.db, 2, new Date(now.getTime() + 100))).toBe(0);
    await leaseUrls(t.db, { owner: "w", limit: 1, leaseMs: 10, now: new Date(now.getTime() + 100) });
    expect(await failExhaustedLeases(t.db, 2, new Date(now.getTime() + 200))).toBe(1);
    const row = await t.db.frontierUrl.findFirstOrThrow();
    expect([row.state, row.lastErrorKey]).toEqual(["failed", "lease_expired"]);
  });

  it("counts pending one-shot work but not future re-checks", async () => {
    await enqueueUrls(t.db, pages(2));
    const horizon = new Date(Date.now() + 1000);
    expect(await countPendingWork(t.db, [siteId], horizon)).toBe(2);
    const rows = await leaseUrls(t.db, { owner: "w", limit: 2, leaseMs: 60_000 });
    await settleUrl(t.db, rows[0]!.id, "w", { state: "done", fetched: true });
    await settleUrl(t.db, rows[1]!.id, "w", { state: "queued", recheckIntervalSec: 300, nextCheckAt: new Date(Date.now() + 300_000), fetched: true });
    expect(await countPendingWork(t.db, [siteId], horizon)).toBe(0);
  });
});

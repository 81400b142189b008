// The worker says how it is doing at the default log level (one line per N pages), and a long idle
// interval with many URLs in flight leaves no abort listeners behind (no MaxListenersExceededWarning).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runWorker } from "../../lib/crawl/worker.ts";
import { addSite } from "../../lib/db/sites.ts";
import { log } from "../../lib/log.ts";
import { startReplayWeb, type ReplayWeb } from "../../lib/replay/server.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";

describe("worker progress and listeners", () => {
  let t: TestDb;
  let web: ReplayWeb;
  beforeAll(async () => {
    t = await createTestDb();
    web = await startReplayWeb();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await web.close();
    await t.cleanup();
  });

  it("logs 'crawl progress' lines with pages, articles, stories and errors, and warns about no listener leak", async () => {
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const realChild = log.child.bind(log);
    vi.spyOn(log, "child").mockImplementation(((bindings: Record<string, unknown>) => {
      const child = realChild(bindings);
      vi.spyOn(child, "info").mockImplementation(((obj: Record<string, unknown>, msg?: string) => { lines.push({ obj, msg: msg ?? "" }); }) as never);
      return child;
    }) as never);
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on("warning", onWarning);
    const ids: number[] = [];
    for (const host of [...new Set(web.pages.map((p) => p.host))]) {
      ids.push((await addSite(t.db, { seedUrl: web.seedUrl(host), crawlDelayMs: 0, allowPrivateNetwork: true })).id);
    }
    // A long idle interval: each finished URL ends one wait early; before the fix each left its listener on the signal.
    const stats = await runWorker({
      db: t.db, signal: new AbortController().signal, siteIds: ids, exitWhenIdle: true, hostMap: web.hostMap,
      allowPrivateNetwork: true, concurrency: 8, idleMs: 3_000, maxAttempts: 1, progressEveryPages: 2,
    });
    await new Promise((r) => setTimeout(r, 50));
    process.off("warning", onWarning);
    expect(stats.pages).toBeGreaterThanOrEqual(4);
    const progress = lines.filter((l) => l.msg.startsWith("crawl progress"));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0].obj).toMatchObject({ pages: expect.any(Number), articles: expect.any(Number), stories: expect.any(Number), errors: expect.any(Number) });
    expect(progress[0].msg).toMatch(/\d+ pages \(\d+ articles\).*\d+ errors.*\d+ stories/);
    expect(warnings.filter((w) => /MaxListeners/.test(w))).toEqual([]);
  }, 120_000);
});

// A failure inside the pipeline (not the fetch) gets a key of its own on the URL, the fetch attempt
// and the site, is retried like a transient failure at most maxAttempts times, and the worker keeps
// going. The fault is injected through the worker's classifier option (the ingest context's seam):
// the classifier throws on one URL of a real local server serving real article pages.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWorker } from "../../lib/crawl/worker.ts";
import { addSite } from "../../lib/db/sites.ts";
import { listSiteStatus } from "../../lib/db/sites-view.ts";
import { PipelineError } from "../../lib/pipeline/errors.ts";
import type { PageClassifier } from "../../lib/pipeline/process.ts";
import { defaultReplayDir, loadReplayPages } from "../../lib/replay/server.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { startHttp, type TestServer } from "../http/servers.ts";

const HOST = "broken-pipeline.example";
const articles = loadReplayPages().filter((p) => p.type === "article").slice(0, 3)
  .map((p) => gunzipSync(readFileSync(join(defaultReplayDir, p.file))));

/** Throws on /poison (a classifier bug on one page); every other page is news. */
const faultyClassifier: PageClassifier = ({ url }) => {
  if (url.includes("/poison")) throw new TypeError("Cannot read properties of undefined (reading 'weights')");
  return { isNews: true, score: 1, reason: "test classifier" };
};

describe("pipeline failures", () => {
  let t: TestDb;
  let web: TestServer;
  let siteId: number;
  const requests: string[] = [];

  beforeAll(async () => {
    t = await createTestDb();
    web = await startHttp((req, res) => {
      const path = req.url ?? "/";
      requests.push(path);
      const html = (body: string | Buffer) => { res.writeHead(200, { "content-type": "text/html; charset=utf-8" }); res.end(body); };
      if (path === "/") return html(`<!doctype html><title>home</title><a href="/poison">p</a> <a href="/a">a</a> <a href="/b">b</a>`);
      if (path === "/sitemap.xml") {
        res.writeHead(200, { "content-type": "application/xml" });
        return res.end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://${HOST}/a</loc></url></urlset>`);
      }
      if (path === "/poison") return html(articles[0]!);
      if (path === "/a") return html(articles[1]!);
      if (path === "/b") return html(articles[2]!);
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    });
    siteId = (await addSite(t.db, { seedUrl: `http://${HOST}/`, maxDepth: 1, crawlDelayMs: 0, allowPrivateNetwork: true })).id;
  });
  afterAll(async () => {
    await web.close();
    await t.cleanup();
  });

  /** Crawl until the queue holds nothing due now (the retry waits 30 s: we stop before it). */
  async function crawlUntilQuiet(): Promise<void> {
    const stop = new AbortController();
    await runWorker({
      db: t.db, signal: stop.signal, siteIds: [siteId], hostMap: `${HOST}=127.0.0.1:${web.port}`, allowPrivateNetwork: true,
      concurrency: 1, idleMs: 20, maxAttempts: 2, classify: faultyClassifier,
      onProgress: async () => {
        const due = await t.db.frontierUrl.count({ where: { siteId, OR: [{ state: "leased" }, { state: "queued", nextCheckAt: { lte: new Date() } }] } });
        if (due === 0) stop.abort();
      },
    });
  }

  it("stores classify_failed on the URL, its fetch attempt and the site, and crawls the next URLs", async () => {
    await crawlUntilQuiet();
    const row = (path: string) => t.db.frontierUrl.findUniqueOrThrow({ where: { url: `http://${HOST}${path}` } });
    const poison = await row("/poison");
    // Retried like a transient failure: queued again with back-off, one attempt used.
    expect(poison).toMatchObject({ state: "queued", lastErrorKey: "classify_failed", attempts: 1 });
    expect(poison.nextCheckAt.getTime()).toBeGreaterThan(Date.now());
    // The URLs after it were crawled into articles.
    expect(await row("/a")).toMatchObject({ state: "done", lastErrorKey: null });
    expect(await row("/b")).toMatchObject({ state: "done", lastErrorKey: null });
    const stored = await t.db.page.findMany({ where: { siteId }, select: { url: true, outcome: true } });
    expect(stored.filter((p) => p.outcome === "article").map((p) => p.url).sort()).toEqual([`http://${HOST}/a`, `http://${HOST}/b`]);
    // The fetch attempt carries the key (the dashboard's "errors by key" counts these), and so does the site.
    const attempts = await t.db.fetchAttempt.findMany({ where: { siteId }, orderBy: { id: "asc" } });
    const poisonAttempt = attempts.find((a) => a.url.endsWith("/poison"))!;
    expect(poisonAttempt).toMatchObject({ status: 200, errorKey: "classify_failed" });
    expect(attempts.some((a) => a.id > poisonAttempt.id && a.errorKey === null && /\/(a|b)$/.test(a.url))).toBe(true);
    const [status] = await listSiteStatus(t.db, { siteId });
    expect(status!.errors).toContainEqual({ key: "classify_failed", count: 1 });
    expect((await t.db.site.findUniqueOrThrow({ where: { id: siteId } })).lastErrorKey).toBe("classify_failed");
  }, 40_000);

  it("gives up after maxAttempts and keeps the key", async () => {
    await t.db.frontierUrl.update({ where: { url: `http://${HOST}/poison` }, data: { nextCheckAt: new Date() } });
    await crawlUntilQuiet();
    const poison = await t.db.frontierUrl.findUniqueOrThrow({ where: { url: `http://${HOST}/poison` } });
    expect(poison).toMatchObject({ state: "failed", lastErrorKey: "classify_failed", attempts: 2 });
    expect(requests.filter((p) => p === "/poison")).toHaveLength(2);
  }, 40_000);

  it("keys a failure by the step that threw", () => {
    const err = new PipelineError("store_failed", new Error("SQLITE_FULL"));
    expect([err.key, err.retryable, err.message]).toEqual(["store_failed", true, "store_failed: SQLITE_FULL"]);
  });
});

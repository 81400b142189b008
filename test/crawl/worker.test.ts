// The crawl loop in-process against real local servers: the replay web (real saved pages) and a
// server that misbehaves in the ways the open web does.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWorker } from "../../lib/crawl/worker.ts";
import { addSite } from "../../lib/db/sites.ts";
import { listSiteStatus } from "../../lib/db/sites-view.ts";
import { startReplayWeb, type ReplayWeb } from "../../lib/replay/server.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n" + "x".repeat(600));
const FEED_ETAG = '"feed-v1"';

/** A small site that misbehaves: a PDF served as HTML, a 500, a 404, a 429 that recovers, a robots.txt rule, a feed with an ETag. */
function startFailServer(): Promise<{ server: Server; port: number; requests: { path: string; headers: Record<string, unknown> }[] }> {
  const requests: { path: string; headers: Record<string, unknown> }[] = [];
  let throttled = 0;
  const html = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push({ path, headers: req.headers });
    const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": type, ...headers });
      res.end(body);
    };
    switch (path) {
      case "/robots.txt": return send(200, "text/plain", "User-agent: *\nDisallow: /private/\n");
      case "/": return send(200, "text/html", html(`<link rel="alternate" type="application/rss+xml" href="/news.rss">
        <a href="/report.html">report</a> <a href="/broken">broken</a> <a href="/gone">gone</a>
        <a href="/busy">busy</a> <a href="/private/x">private</a> <a href="/doc.pdf">pdf by suffix</a>
        <a href="https://elsewhere.example/">other site</a> <a href="mailto:x@y.z">mail</a>`));
      case "/report.html": return send(200, "text/html; charset=utf-8", PDF);
      case "/broken": return send(500, "text/html", html("oops"));
      case "/busy":
        if (throttled++ === 0) return send(429, "text/html", html("slow down"), { "retry-after": "1" });
        return send(200, "text/html", html(`<p>${"Recovered after throttling. ".repeat(40)}</p>`));
      case "/news.rss":
        if (req.headers["if-none-match"] === FEED_ETAG) return send(304, "application/rss+xml", "");
        return send(200, "application/rss+xml", `<?xml version="1.0"?><rss version="2.0"><channel><title>n</title>
          <item><title>a</title><link>/from-feed</link></item></channel></rss>`, { etag: FEED_ETAG });
      case "/from-feed": return send(200, "text/html", html(`<article><p>${"A story found through the feed. ".repeat(40)}</p></article>`));
      default: return send(404, "text/html", html("not found"));
    }
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok({ server, port: (server.address() as AddressInfo).port, requests })));
}

describe("runWorker", () => {
  let t: TestDb;
  let web: ReplayWeb;
  let fail: Awaited<ReturnType<typeof startFailServer>>;
  const FAIL_HOST = "flaky.example";

  beforeAll(async () => {
    t = await createTestDb();
    web = await startReplayWeb();
    fail = await startFailServer();
  });
  afterAll(async () => {
    await web.close();
    await new Promise((r) => fail.server.close(r));
    await t.cleanup();
  });

  const crawl = (siteIds: number[], hostMap: string) =>
    runWorker({ db: t.db, signal: new AbortController().signal, siteIds, exitWhenIdle: true, hostMap, allowPrivateNetwork: true, concurrency: 4, idleMs: 50, maxAttempts: 1 });

  it("crawls a replayed site through its seed, robots.txt sitemap and links into stored pages", async () => {
    const host = "www.npr.org";
    const site = await addSite(t.db, { seedUrl: web.seedUrl(host), crawlDelayMs: 0, allowPrivateNetwork: true });
    const stats = await crawl([site.id], web.hostMap);
    const saved = web.pages.filter((p) => p.host === host);
    const pages = await t.db.page.findMany({ where: { siteId: site.id }, select: { url: true, outcome: true } });
    for (const p of saved) expect(pages.map((x) => x.url)).toContain(`http://${host}${p.path}`);
    expect(stats.pages).toBe(pages.length);
    const sitemap = await t.db.frontierUrl.findUniqueOrThrow({ where: { url: `http://${host}/sitemap.xml` } });
    expect([sitemap.kind, sitemap.state, sitemap.recheckIntervalSec]).toEqual(["sitemap", "queued", 300]);
    // No <link rel=alternate>: the common feed paths were probed; their 404s are not site errors.
    const probes = await t.db.frontierUrl.findMany({ where: { siteId: site.id, kind: "feed" } });
    expect(probes.length).toBeGreaterThan(3);
    expect(probes.every((p) => p.state === "skipped" && p.lastErrorKey === "http_404")).toBe(true);
    // … nor errors in the fetch log (the Sites and Quality pages count from it).
    const probeAttempts = await t.db.fetchAttempt.findMany({ where: { siteId: site.id, url: { in: probes.map((p) => p.url) } } });
    expect(probeAttempts.length).toBe(probes.length);
    expect(probeAttempts.every((a) => a.status === 404 && a.errorKey === null)).toBe(true);
    expect((await t.db.site.findUniqueOrThrow({ where: { id: site.id } })).robotsState).toBeTruthy();
    expect(await t.db.fetchAttempt.count({ where: { siteId: site.id } })).toBe(stats.fetched + Object.values(stats.errors).reduce((a, b) => a + b, 0) - (stats.errors.robots_disallowed ?? 0));
  }, 40_000);

  it("stores every failure with its key, backs off a throttling host, and never dies", async () => {
    const hostMap = `${FAIL_HOST}=127.0.0.1:${fail.port}`;
    const site = await addSite(t.db, { seedUrl: `http://${FAIL_HOST}/`, crawlDelayMs: 0, allowPrivateNetwork: true });
    const stats = await crawl([site.id], hostMap);
    const row = async (path: string) => t.db.frontierUrl.findUnique({ where: { url: `http://${FAIL_HOST}${path}` } });
    expect(await row("/report.html")).toMatchObject({ state: "skipped", lastErrorKey: "binary_content" });
    expect(await row("/broken")).toMatchObject({ state: "failed", lastErrorKey: "http_5xx", lastStatus: 500 });
    expect(await row("/gone")).toMatchObject({ state: "failed", lastErrorKey: "http_404" });
    // A dead link is "not found" on the site page, apart from the failures.
    const [status] = await listSiteStatus(t.db, { siteId: site.id });
    expect(status.notFound).toBe(1); // /gone; the guessed /sitemap.xml and feed paths are probes, not dead links
    expect(status.errors.map((e) => e.key)).toEqual(expect.arrayContaining(["http_5xx", "throttled", "binary_content"]));
    expect(status.errors.map((e) => e.key)).not.toContain("http_404");
    expect(await row("/private/x")).toMatchObject({ state: "skipped", lastErrorKey: "robots_disallowed" });
    expect(await row("/busy")).toMatchObject({ state: "done", lastStatus: 200 });
    expect(await row("/doc.pdf")).toBeNull();
    expect(await t.db.frontierUrl.count({ where: { url: { contains: "elsewhere.example" } } })).toBe(0);
    expect(await row("/from-feed")).toMatchObject({ state: "done" });
    const s = await t.db.site.findUniqueOrThrow({ where: { id: site.id } });
    expect(s.hostBackoffUntil).not.toBeNull();
    expect(s.lastErrorKey).toBeTruthy();
    const attempts = await t.db.fetchAttempt.findMany({ where: { siteId: site.id, errorKey: { not: null } }, select: { errorKey: true } });
    expect(attempts.map((a) => a.errorKey)).toEqual(expect.arrayContaining(["throttled", "http_5xx", "http_404", "binary_content"]));
    expect(stats.errors.throttled).toBe(1);
    expect(fail.requests.filter((r) => r.path === "/private/x")).toHaveLength(0);
    expect(fail.requests.find((r) => r.path === "/")!.headers["user-agent"]).toMatch(/LedeBot/);
  }, 40_000);

  it("re-checks a feed with a conditional GET and slows down when it did not change", async () => {
    const feedUrl = `http://${FAIL_HOST}/news.rss`;
    const before = await t.db.frontierUrl.findUniqueOrThrow({ where: { url: feedUrl } });
    expect(before.etag).toBe(FEED_ETAG);
    await t.db.frontierUrl.update({ where: { id: before.id }, data: { nextCheckAt: new Date() } });
    const stats = await crawl([before.siteId], `${FAIL_HOST}=127.0.0.1:${fail.port}`);
    expect(stats.notModified).toBe(1);
    expect(fail.requests.filter((r) => r.path === "/news.rss").at(-1)!.headers["if-none-match"]).toBe(FEED_ETAG);
    const after = await t.db.frontierUrl.findUniqueOrThrow({ where: { id: before.id } });
    expect(after.recheckIntervalSec).toBe(Math.min(2 * before.recheckIntervalSec!, 86400));
    expect(after.state).toBe("queued");
  }, 40_000);
});

// The crawl loop against a hostile web on 127.0.0.1 (issue 19): a page of 100,000 nested <div>s, a seed
// advertising 2,000 feeds and a sitemap index of 5,000 sitemaps, robots.txt answering 503 or never,
// bombs, trickles, loops and binaries, links to another port of the same host, and a private site
// after a strict restart. None of them stops the crawl of a healthy site beside them, none fails a
// site for good, and each URL ends with its reason key.
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWorker, type WorkerOptions } from "../../lib/crawl/worker.ts";
import { MAX_DOCS_PER_SITE, MAX_DOCS_PER_SOURCE } from "../../lib/crawl/enqueue.ts";
import { addSite } from "../../lib/db/sites.ts";
import { listSiteStatus } from "../../lib/db/sites-view.ts";
import { ROBOTS_RECOVERY_RECHECK_MS } from "../../lib/http/robots.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { startHttp, type TestServer } from "../http/servers.ts";

const MiB = 1024 * 1024;
const DEEP = 100_000;
const html = (body: string, title = "t") => `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
const story = (n: string) => html(`<article><h1>Story ${n}</h1>${`<p>${`Healthy reporting on topic ${n} continues here with detail. `.repeat(12)}</p>`.repeat(4)}</article>`, `Story ${n}`);
const deepPage = html(`<article><h1>Deep</h1><p>${"The text of a page whose markup nests far too deep. ".repeat(20)}</p></article>${"<div>".repeat(DEEP)}deep text${"</div>".repeat(DEEP)}`, "Deep");
const bomb = gzipSync(Buffer.alloc(64 * MiB, 0x20));

describe("the crawl loop against a hostile web", () => {
  let t: TestDb;
  let web: TestServer;
  let other: TestServer;
  let robotsMode: "503" | "ok" = "503";
  const requests: string[] = [];
  const hosts = ["healthy", "deep", "feeds", "robots5xx", "robotshang", "hostile", "strict", "budget"].map((h) => `${h}.example`);
  let hostMap = "";
  const site = new Map<string, number>();
  const row = (url: string) => t.db.frontierUrl.findUniqueOrThrow({ where: { url } });
  const crawl = (siteIds: number[], extra: Partial<WorkerOptions> = {}) => runWorker({
    db: t.db, signal: new AbortController().signal, siteIds, exitWhenIdle: true, hostMap, allowPrivateNetwork: true, concurrency: 4, idleMs: 20,
    maxAttempts: 1, fetchLimits: { readTimeoutMs: 1_000, totalTimeoutMs: 5_000, maxBodyBytes: 2 * MiB }, ...extra,
  });

  beforeAll(async () => {
    t = await createTestDb();
    other = await startHttp((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(story("other port")));
    web = await startHttp((req, res) => {
      const host = (req.headers.host ?? "").split(":")[0]!;
      const path = req.url ?? "/";
      requests.push(`${host}${path}`);
      const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => res.writeHead(status, { "content-type": type, ...headers }).end(body);
      if (path === "/robots.txt") {
        if (host === "robots5xx.example" && robotsMode === "503") return send(503, "text/plain", "down");
        if (host === "robotshang.example") return; // never answers
        if (host === "feeds.example") return send(200, "text/plain", `User-agent: *\nAllow: /\nSitemap: http://feeds.example/index.xml\n`);
        return send(200, "text/plain", "User-agent: *\nAllow: /\n");
      }
      if (path === "/ports") return send(200, "text/html", html(`<a href="http://127.0.0.1:${other.port}/x">other port</a> <a href="http://127.0.0.1:${web.port}/a">same port</a>`));
      if (host === "deep.example" && path === "/") return send(200, "text/html", html(`<a href="/deep">deep</a>`));
      if (path === "/deep" || host === "budget.example") return send(200, "text/html", deepPage);
      if (host === "feeds.example" && path === "/") {
        const links = Array.from({ length: 2_000 }, (_, i) => `<link rel="alternate" type="application/rss+xml" href="/feed/${i}.xml">`).join("");
        return send(200, "text/html", `<!doctype html><html><head><title>feeds</title>${links}</head><body>${story("feeds")}</body></html>`);
      }
      if (host === "feeds.example" && path === "/index.xml") {
        const maps = Array.from({ length: 5_000 }, (_, i) => `<sitemap><loc>http://feeds.example/map/${i}.xml</loc></sitemap>`).join("");
        return send(200, "application/xml", `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${maps}</sitemapindex>`);
      }
      if (host === "hostile.example") {
        if (path === "/") return send(200, "text/html", html(["/bomb", "/trickle", "/loop", "/pdf", "/huge"].map((p) => `<a href="${p}">${p}</a>`).join(" ")));
        if (path === "/bomb") return send(200, "text/html", bomb, { "content-encoding": "gzip" });
        if (path === "/trickle") {
          res.writeHead(200, { "content-type": "text/html" });
          const timer = setInterval(() => res.write("<p>a"), 100);
          res.on("close", () => clearInterval(timer));
          return;
        }
        if (path === "/loop") return send(302, "text/html", "", { location: "/loop2" });
        if (path === "/loop2") return send(302, "text/html", "", { location: "/loop" });
        if (path === "/pdf") return send(200, "text/html", Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(4096, 1)]));
        if (path === "/huge") return send(200, "text/html", Buffer.alloc(3 * MiB, 0x61));
      }
      if (path === "/") return send(200, "text/html", html(`<a href="/a">a</a> <a href="/b">b</a>`));
      if (path === "/a" || path === "/b") return send(200, "text/html", story(`${host} ${path}`));
      return send(404, "text/plain", "not found");
    });
    hostMap = hosts.map((h) => `${h}=127.0.0.1:${web.port}`).join(",");
    // strict.example: added while the server allowed private networks, so without a site opt-in (app/api/sites)
    for (const h of hosts) site.set(h, (await addSite(t.db, { seedUrl: `http://${h}/`, crawlDelayMs: 0, maxDepth: 2, allowPrivateNetwork: h !== "strict.example" })).id);
  }, 120_000);
  afterAll(async () => {
    await web.close();
    await other.close();
    await t.cleanup();
  });

  it("crawls the healthy site beside all of them, and settles every hostile URL with its key", async () => {
    const ids = ["healthy", "deep", "feeds", "robots5xx", "robotshang", "hostile"].map((h) => site.get(`${h}.example`)!);
    await crawl(ids);
    for (const p of ["/a", "/b"]) expect(await row(`http://healthy.example${p}`)).toMatchObject({ state: "done", lastErrorKey: null });
    expect(await t.db.article.count({ where: { siteId: site.get("healthy.example") } })).toBe(2);

    // 100,000 nested <div>s: processed (its nesting capped), its text kept, not failed
    expect(await row("http://deep.example/deep")).toMatchObject({ state: "done", lastErrorKey: null });
    const deep = await t.db.article.findFirstOrThrow({ where: { siteId: site.get("deep.example") } });
    expect(deep.text).toContain("nests far too deep");

    // 2,000 advertised feeds and 5,000 sitemaps: the first few stand for the site
    const feedsId = site.get("feeds.example")!;
    const feeds = await t.db.frontierUrl.count({ where: { siteId: feedsId, kind: "feed" } });
    const sitemaps = await t.db.frontierUrl.count({ where: { siteId: feedsId, kind: "sitemap" } });
    expect(feeds).toBeLessThanOrEqual(MAX_DOCS_PER_SOURCE.feed);
    expect(feeds).toBeGreaterThan(0);
    expect(sitemaps).toBeLessThanOrEqual(1 + MAX_DOCS_PER_SOURCE.sitemap);
    expect(sitemaps).toBeLessThanOrEqual(MAX_DOCS_PER_SITE.sitemap);
    expect(sitemaps).toBeGreaterThan(1);

    // robots.txt 503 or silent: the seed waits (queued, re-checked after the robots record may be re-read), never failed
    for (const h of ["robots5xx.example", "robotshang.example"]) {
      const seed = await row(`http://${h}/`);
      expect(seed).toMatchObject({ state: "queued", lastErrorKey: "robots_unreachable" });
      expect(seed.nextCheckAt.getTime()).toBeGreaterThan(Date.now() + ROBOTS_RECOVERY_RECHECK_MS / 2);
      const [status] = await listSiteStatus(t.db, { siteId: site.get(h) });
      expect(status).toMatchObject({ lastErrorKey: "robots_unreachable" });
      expect(status!.robotsState).toMatch(/disallow_all|unreachable/);
      expect(status!.errors.map((e) => e.key)).toContain("robots_unreachable");
    }
    expect(requests.filter((r) => r.startsWith("robots5xx.example/") && r !== "robots5xx.example/robots.txt")).toEqual([]);

    // the faults that already held: each URL settled with its key
    const key = async (p: string) => (await row(`http://hostile.example${p}`)).lastErrorKey;
    expect(await key("/bomb")).toBe("body_too_large");
    expect(await key("/trickle")).toMatch(/^timeout_/);
    expect(await key("/loop")).toMatch(/redirect_loop|too_many_redirects/);
    expect(await key("/pdf")).toBe("binary_content");
    expect(await key("/huge")).toBe("body_too_large");
  });

  it("re-checks a seed whose robots.txt failed until it answers again, then crawls the site", async () => {
    const id = site.get("robots5xx.example")!;
    const seedUrl = "http://robots5xx.example/";
    // Three more outages, each one a robots record gone stale and the seed due: still never failed.
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await t.db.site.update({ where: { id }, data: { robotsFetchedAt: new Date(Date.now() - 2 * ROBOTS_RECOVERY_RECHECK_MS) } });
      await t.db.frontierUrl.update({ where: { url: seedUrl }, data: { nextCheckAt: new Date() } });
      const before = (await row(seedUrl)).attempts;
      await crawl([id]);
      const seed = await row(seedUrl);
      expect(seed).toMatchObject({ state: "queued", lastErrorKey: "robots_unreachable" });
      expect(seed.attempts).toBe(before + 1);
      waits.push(seed.nextCheckAt.getTime() - Date.now());
    }
    // back-off: each wait is longer than the one before
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    expect(waits[2]!).toBeGreaterThan(waits[1]!);
    robotsMode = "ok";
    await t.db.site.update({ where: { id }, data: { robotsFetchedAt: new Date(Date.now() - 2 * ROBOTS_RECOVERY_RECHECK_MS) } });
    await t.db.frontierUrl.update({ where: { url: seedUrl }, data: { nextCheckAt: new Date() } });
    await crawl([id]);
    expect(await row(seedUrl)).toMatchObject({ state: "queued", lastErrorKey: null });
    expect(await row("http://robots5xx.example/a")).toMatchObject({ state: "done", lastErrorKey: null });
  });

  it("fails a page that overruns its processing budget once, with its key, and goes on", async () => {
    const id = site.get("budget.example")!;
    // 5 ms: no thread parses 1.1 MB of markup that fast
    await crawl([id, site.get("healthy.example")!], { pageBudgetMs: 5 });
    const seed = await row("http://budget.example/");
    expect(seed.lastErrorKey).toBe("page_budget_exceeded");
    expect(seed.state).toBe("queued"); // a seed is re-checked at the slowest pace, its attempts reset
    expect(seed.nextCheckAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    const [status] = await listSiteStatus(t.db, { siteId: id });
    expect(status!.lastErrorKey).toBe("page_budget_exceeded");
  });

  it("keeps a site to its seed's port", async () => {
    const seed = `http://127.0.0.1:${web.port}/ports`;
    const local = await addSite(t.db, { seedUrl: seed, crawlDelayMs: 0, maxDepth: 1, allowPrivateNetwork: true });
    // the page links to another port of the same address, and to its own (handler: /ports)
    await crawl([local.id], { hostMap: "" });
    const urls = (await t.db.frontierUrl.findMany({ where: { siteId: local.id, kind: "page" }, select: { url: true } })).map((r) => r.url);
    expect(urls).toContain(`http://127.0.0.1:${web.port}/a`);
    expect(urls.filter((u) => u.includes(`:${other.port}/`))).toEqual([]);
    expect(await row(`http://127.0.0.1:${web.port}/a`)).toMatchObject({ state: "done" });
  });

  it("refuses a site added while private networks were allowed once the worker runs strict", async () => {
    const id = site.get("strict.example")!;
    const before = requests.filter((r) => r.startsWith("strict.example")).length;
    await crawl([id], { allowPrivateNetwork: false });
    expect(requests.filter((r) => r.startsWith("strict.example")).length).toBe(before);
    const seed = await row("http://strict.example/");
    expect(seed.lastErrorKey).toBe("ssrf_blocked");
    expect(seed.state).toBe("queued");
    const [status] = await listSiteStatus(t.db, { siteId: id });
    expect(status!.lastErrorKey).toBe("ssrf_blocked");
  });
});

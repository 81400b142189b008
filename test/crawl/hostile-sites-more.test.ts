// A fresh trial of the crawl loop against a hostile web on 127.0.0.1 (issue 19, second round): a server
// that sends headers for ever, a 10,000-hop redirect chain across 20 hosts, a sitemap index that lists
// itself, a feed of 1,000,000 entries, a 100 MB robots.txt, and charsets that are lies or garbage.
// Each ends with its reason key (or is read within its caps), and the healthy site beside them is crawled.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWorker } from "../../lib/crawl/worker.ts";
import { MAX_DOCS_PER_SITE } from "../../lib/crawl/enqueue.ts";
import { addSite } from "../../lib/db/sites.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { startHttp, type TestServer } from "../http/servers.ts";

const MiB = 1024 * 1024;
const CHAIN_HOSTS = 20;
const CHAIN_HOPS = 10_000;
const html = (body: string, title = "t", head = "") => `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;
const story = (n: string) => html(`<article><h1>Story ${n}</h1>${`<p>${`Healthy reporting on topic ${n} continues here with detail. `.repeat(12)}</p>`.repeat(4)}</article>`, `Story ${n}`);

describe("the crawl loop against a hostile web, second round", () => {
  let t: TestDb;
  let web: TestServer;
  let headersForever: import("node:net").Server;
  let headersPort = 0;
  const requests: string[] = [];
  const hosts = ["healthy", "headers", "chain", "selfmap", "bigfeed", "bigrobots", "charset"].map((h) => `${h}.example`);
  const chainHosts = Array.from({ length: CHAIN_HOSTS }, (_, i) => `hop${i}.example`);
  const site = new Map<string, number>();
  const row = (url: string) => t.db.frontierUrl.findUniqueOrThrow({ where: { url } });

  beforeAll(async () => {
    t = await createTestDb();
    // headers for ever: a status line, then a header line every 5 ms until the client hangs up
    headersForever = (await import("node:net")).createServer((sock) => {
      sock.on("error", () => {});
      sock.once("data", (d) => {
        const target = d.toString("latin1").split(" ")[1] ?? "";
        const answer = (type: string, body: string) => sock.end(`HTTP/1.1 200 OK\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
        if (target === "/robots.txt") return answer("text/plain", "User-agent: *\nAllow: /\n");
        if (target === "/") return answer("text/html", html(`<a href="/forever">forever</a> ${story("headers seed")}`));
        sock.write("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n");
        let i = 0;
        const timer = setInterval(() => { if (!sock.destroyed) sock.write(`X-Forever-${i++}: ${"v".repeat(100)}\r\n`); }, 5);
        sock.on("close", () => clearInterval(timer));
      });
    });
    await new Promise<void>((ok) => headersForever.listen(0, "127.0.0.1", () => ok()));
    headersPort = (headersForever.address() as { port: number }).port;

    web = await startHttp((req, res) => {
      const host = (req.headers.host ?? "").split(":")[0]!;
      const path = req.url ?? "/";
      requests.push(`${host}${path}`);
      const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => res.writeHead(status, { "content-type": type, ...headers }).end(body);
      if (path === "/robots.txt") {
        if (host === "selfmap.example") return send(200, "text/plain", "User-agent: *\nAllow: /\nSitemap: http://selfmap.example/index.xml\n");
        if (host === "bigrobots.example") {
          // 100 MB of comments, then rules nobody should reach; written as the client reads
          res.writeHead(200, { "content-type": "text/plain" });
          let sent = 0;
          const line = Buffer.from(`# ${"x".repeat(1020)}\n`);
          const pump = () => {
            while (sent < 100 * MiB) {
              sent += line.length;
              if (!res.write(line)) { res.once("drain", pump); return; }
            }
            res.end("User-agent: *\nDisallow: /\n");
          };
          res.on("close", () => { sent = Infinity; });
          return pump();
        }
        return send(200, "text/plain", "User-agent: *\nAllow: /\n");
      }
      if (host === "chain.example" && path === "/") return send(200, "text/html", html(`<a href="/r/0">chain</a> ${story("chain seed")}`));
      if ((host.startsWith("hop") || host === "chain.example") && path.startsWith("/r/")) {
        const n = Number(path.slice(3));
        return send(302, "text/html", "", { location: `http://hop${(n + 1) % CHAIN_HOSTS}.example/r/${Math.min(n + 1, CHAIN_HOPS)}` });
      }
      if (host === "selfmap.example" && path === "/index.xml") {
        return send(200, "application/xml", `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>http://selfmap.example/index.xml</loc></sitemap><sitemap><loc>http://selfmap.example/index.xml?again=1</loc></sitemap><sitemap><loc>http://selfmap.example/map.xml</loc></sitemap></sitemapindex>`);
      }
      if (host === "selfmap.example" && path === "/index.xml?again=1") return send(301, "text/html", "", { location: "http://selfmap.example/index.xml" });
      if (host === "selfmap.example" && path === "/map.xml") {
        return send(200, "application/xml", `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://selfmap.example/a</loc></url></urlset>`);
      }
      if (host === "bigfeed.example" && path === "/") {
        return send(200, "text/html", html(story("bigfeed seed"), "bigfeed", `<link rel="alternate" type="application/rss+xml" href="/feed.xml">`));
      }
      if (host === "bigfeed.example" && path === "/feed.xml") {
        // 1,000,000 items (~80 MB), written as the client reads
        res.writeHead(200, { "content-type": "application/rss+xml" });
        res.write(`<?xml version="1.0"?><rss version="2.0"><channel><title>big</title>`);
        let i = 0;
        const pump = () => {
          while (i < 1_000_000) {
            const item = `<item><title>Item ${i}</title><link>http://bigfeed.example/item/${i}</link></item>`;
            i++;
            if (!res.write(item)) { res.once("drain", pump); return; }
          }
          res.end("</channel></rss>");
        };
        res.on("close", () => { i = Infinity; });
        return pump();
      }
      if (host === "charset.example") {
        if (path === "/") return send(200, "text/html", html(["/lie", "/garbage", "/meta", "/utf16"].map((p) => `<a href="${p}">${p}</a>`).join(" ")));
        const text = story(`charset ${path} café naïve`);
        if (path === "/lie") return send(200, "text/html; charset=utf-16", Buffer.from(text, "utf8"));
        if (path === "/garbage") return send(200, "text/html; charset=x-\u00ff\u00fe; charset=\"\"", Buffer.from(text, "utf8"));
        if (path === "/meta") return send(200, "text/html", Buffer.from(text.replace("<head>", `<head><meta charset="utf-8&quot;><script>alert(1)</script>"><meta http-equiv="content-type" content="text/html; charset=${"x".repeat(5000)}">`), "latin1"));
        if (path === "/utf16") return send(200, "text/html", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
      }
      if (path === "/") return send(200, "text/html", html(`<a href="/a">a</a> <a href="/b">b</a>`));
      if (path === "/a" || path === "/b") return send(200, "text/html", story(`${host} ${path}`));
      return send(404, "text/plain", "not found");
    });
    for (const h of hosts) site.set(h, (await addSite(t.db, { seedUrl: `http://${h}/`, crawlDelayMs: 0, maxDepth: 2, allowPrivateNetwork: true })).id);
  }, 120_000);
  afterAll(async () => {
    await web.close();
    await new Promise<void>((ok) => headersForever.close(() => ok()));
    await t.cleanup();
  });

  it("crawls the healthy site beside all of them, and each hostile URL ends with its key or within its caps", async () => {
    const hostMap = [...hosts, ...chainHosts].map((h) => `${h}=127.0.0.1:${h === "headers.example" ? headersPort : web.port}`).join(",");
    const t0 = Date.now();
    await runWorker({
      db: t.db, signal: new AbortController().signal, siteIds: [...site.values()], exitWhenIdle: true, hostMap, allowPrivateNetwork: true,
      concurrency: 4, idleMs: 20, maxAttempts: 1, fetchLimits: { readTimeoutMs: 1_000, totalTimeoutMs: 5_000, maxBodyBytes: 2 * MiB },
    });
    expect(Date.now() - t0).toBeLessThan(120_000);
    for (const p of ["/a", "/b"]) expect(await row(`http://healthy.example${p}`)).toMatchObject({ state: "done", lastErrorKey: null });

    // headers for ever: the parser's header limit (or the total timeout) ends it, with its key
    const forever = await row("http://headers.example/forever");
    expect(forever.state).toBe("failed");
    expect(forever.lastErrorKey).toMatch(/protocol_error|timeout_total|timeout_read|network_error/);
    // seeds are re-checked on a schedule, so a crawled seed is queued again, without an error
    expect(await row("http://headers.example/")).toMatchObject({ lastErrorKey: null, attempts: expect.any(Number) });
    expect(await t.db.article.count({ where: { siteId: site.get("headers.example") } })).toBe(1);

    // 10,000 hops across 20 hosts: one URL, ended by the redirect cap; the chain's URLs are not queued
    const chain = await row("http://chain.example/r/0");
    expect(chain).toMatchObject({ state: "failed", lastErrorKey: "too_many_redirects" });
    expect(requests.filter((r) => r.startsWith("hop")).length).toBeLessThan(50);
    expect(await t.db.frontierUrl.count({ where: { url: { contains: "/r/" } } })).toBeLessThanOrEqual(1);

    // a sitemap index that lists itself (and an alias redirecting back to it): fetched once, plus once through
    // the alias (a URL is queued once; its redirect target is not deduplicated against it), no loop
    expect(requests.filter((r) => r === "selfmap.example/index.xml").length).toBeLessThanOrEqual(2);
    expect(await row("http://selfmap.example/a")).toMatchObject({ state: "done", lastErrorKey: null });
    expect(await t.db.frontierUrl.count({ where: { siteId: site.get("selfmap.example"), kind: "sitemap" } })).toBeLessThanOrEqual(MAX_DOCS_PER_SITE.sitemap);

    // a feed of 1,000,000 entries: stopped at the body cap, with its key; the seed's own story stored
    expect((await row("http://bigfeed.example/feed.xml")).lastErrorKey).toBe("body_too_large");
    expect(await t.db.frontierUrl.count({ where: { siteId: site.get("bigfeed.example") } })).toBeLessThan(100);
    expect(await row("http://bigfeed.example/")).toMatchObject({ lastErrorKey: null });
    expect(await t.db.article.count({ where: { siteId: site.get("bigfeed.example") } })).toBe(1);

    // 100 MB robots.txt: read up to its cap (the rules past it never seen), the site crawled
    expect(await row("http://bigrobots.example/a")).toMatchObject({ state: "done", lastErrorKey: null });

    // charsets that lie or are garbage: every page read, none failed, its text readable
    for (const p of ["/lie", "/garbage", "/meta", "/utf16"]) {
      const r = await row(`http://charset.example${p}`);
      expect({ p, state: r.state }).toEqual({ p, state: "done" });
    }
    const texts = await t.db.article.findMany({ where: { siteId: site.get("charset.example") }, select: { url: true, text: true } });
    for (const a of texts) expect({ url: a.url, ok: /Healthy reporting on topic charset/.test(a.text) }).toEqual({ url: a.url, ok: true });
    expect(texts.length).toBeGreaterThanOrEqual(3);
  }, 180_000);
});

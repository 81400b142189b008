import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crawlDelayMs, fetchRobots, isAllowed, isRobotsStale, productToken, sitemaps, ROBOTS_MAX_BYTES } from "../../lib/http/robots.ts";
import { startHttp, startSilent, type TestServer } from "./servers.ts";

const UA = "LedeBot/0.1 (+https://example.org/bot)";
const opts = { userAgent: UA, allowPrivateNetwork: true, connectTimeoutMs: 1000, readTimeoutMs: 500, totalTimeoutMs: 3000 };

const ROBOTS = `# news site
User-agent: *
Disallow: /private/
Allow: /private/open
Crawl-delay: 1

User-agent: LedeBot
Disallow: /no-lede/
Crawl-delay: 2.5

Sitemap: https://ex.com/sitemap.xml
Sitemap: https://ex.com/news-sitemap.xml.gz
`;

let mode = "ok";
let srv: TestServer;
beforeAll(async () => {
  srv = await startHttp((req, res) => {
    if (mode === "ok") return res.writeHead(200, { "content-type": "text/plain" }).end(ROBOTS);
    if (mode === "404") return res.writeHead(404).end();
    if (mode === "403") return res.writeHead(403).end();
    if (mode === "500") return res.writeHead(500).end();
    if (mode === "429") return res.writeHead(429).end();
    if (mode === "redirect-forever") return res.writeHead(302, { location: `/r${Math.random()}` }).end();
    if (mode === "redirect-once") return req.url === "/robots.txt" ? res.writeHead(301, { location: "/real-robots.txt" }).end() : res.writeHead(200).end(ROBOTS);
    if (mode === "huge") {
      // 600 KiB of comments, then a rule past the 500 KiB limit.
      return res.writeHead(200).end(`User-agent: *\nDisallow: /early/\n${"# filler line\n".repeat(Math.ceil((600 * 1024) / 14))}Disallow: /late/\n`);
    }
  });
});
afterAll(async () => { await srv?.close(); });

describe("fetchRobots", () => {
  it("parses rules for our product token, crawl delay and sitemaps", async () => {
    mode = "ok";
    const r = await fetchRobots(srv.origin, opts);
    expect(r.state).toBe("ok");
    expect(isAllowed(r, `${srv.origin}/news/1`, UA)).toBe(true);
    expect(isAllowed(r, `${srv.origin}/no-lede/x`, UA)).toBe(false);
    // our group replaces the * group (RFC 9309 §2.2.1)
    expect(isAllowed(r, `${srv.origin}/private/x`, UA)).toBe(true);
    expect(isAllowed(r, `${srv.origin}/private/x`, "OtherBot/1.0")).toBe(false);
    expect(isAllowed(r, `${srv.origin}/private/open`, "OtherBot/1.0")).toBe(true);
    expect(isAllowed(r, `${srv.origin}/robots.txt`, UA)).toBe(true);
    expect(crawlDelayMs(r, UA)).toBe(2500);
    expect(crawlDelayMs(r, "OtherBot")).toBe(1000);
    expect(sitemaps(r)).toEqual(["https://ex.com/sitemap.xml", "https://ex.com/news-sitemap.xml.gz"]);
    expect(productToken(UA)).toBe("LedeBot");
  });
  it("4xx means allow all", async () => {
    for (const m of ["404", "403"]) {
      mode = m;
      const r = await fetchRobots(srv.origin, opts);
      expect(r.state).toBe("allow_all");
      expect(isAllowed(r, `${srv.origin}/anything`, UA)).toBe(true);
      expect(crawlDelayMs(r, UA)).toBeNull();
    }
  });
  it("5xx and 429 mean disallow all until it recovers", async () => {
    for (const m of ["500", "429"]) {
      mode = m;
      const r = await fetchRobots(srv.origin, opts);
      expect(r.state).toBe("disallow_all");
      expect(isAllowed(r, `${srv.origin}/news/1`, UA)).toBe(false);
    }
    mode = "500";
    const down = await fetchRobots(srv.origin, opts);
    expect(isRobotsStale(down, new Date(down.fetchedAt.getTime() + 31 * 60_000))).toBe(true);
    mode = "ok";
    const up = await fetchRobots(srv.origin, opts);
    expect(isAllowed(up, `${srv.origin}/news/1`, UA)).toBe(true);
    expect(isRobotsStale(up, new Date(up.fetchedAt.getTime() + 60 * 60_000))).toBe(false);
    expect(isRobotsStale(up, new Date(up.fetchedAt.getTime() + 24 * 60 * 60_000))).toBe(true);
  });
  it("an unreachable server disallows all", async () => {
    const silent = await startSilent();
    try {
      const r = await fetchRobots(silent.origin, opts);
      expect(r.state).toBe("unreachable");
      expect(r.errorKey).toBe("timeout_read");
      expect(isAllowed(r, `${silent.origin}/x`, UA)).toBe(false);
    } finally {
      await silent.close();
    }
  });
  it("follows up to five redirects; more count as unavailable (allow all)", async () => {
    mode = "redirect-once";
    expect((await fetchRobots(srv.origin, opts)).state).toBe("ok");
    mode = "redirect-forever";
    const r = await fetchRobots(srv.origin, opts);
    expect([r.state, r.errorKey]).toEqual(["allow_all", "too_many_redirects"]);
  });
  it("parses only the first 500 KiB", async () => {
    mode = "huge";
    const r = await fetchRobots(srv.origin, opts);
    expect(r.state).toBe("ok");
    expect(Buffer.byteLength(r.txt!)).toBeLessThanOrEqual(ROBOTS_MAX_BYTES);
    expect(isAllowed(r, `${srv.origin}/early/x`, UA)).toBe(false);
    expect(isAllowed(r, `${srv.origin}/late/x`, UA)).toBe(true);
  });
  it("refuses a private origin unless allowed", async () => {
    mode = "ok";
    const r = await fetchRobots(srv.origin, { ...opts, allowPrivateNetwork: false });
    expect([r.state, r.errorKey]).toEqual(["unreachable", "ssrf_blocked"]);
  });
});

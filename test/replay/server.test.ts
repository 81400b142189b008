import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import { startReplayWeb, type ReplayWeb } from "../../lib/replay/server.ts";

function get(port: number, host: string, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => ok({ status: res.statusCode!, type: String(res.headers["content-type"]), body }));
    });
    req.on("error", fail);
    req.end();
  });
}

describe("replay web", () => {
  let web: ReplayWeb;
  beforeAll(async () => { web = await startReplayWeb(); });
  afterAll(async () => { await web.close(); });

  it("serves saved pages under their own host and path", async () => {
    const page = web.pages.find((p) => p.host === "www.npr.org" && p.type === "article")!;
    const res = await get(web.port, "www.npr.org", page.path);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/text\/html/);
    expect(res.body.length).toBeGreaterThan(5000);
    expect(res.body).not.toMatch(/https:\/\/www\.npr\.org\//);
  });

  it("serves robots.txt with a sitemap line and a sitemap of the host's pages", async () => {
    const robots = await get(web.port, "health.ucdavis.edu", "/robots.txt");
    expect(robots.body).toMatch(/^Sitemap: http:\/\/health\.ucdavis\.edu\/sitemap\.xml$/m);
    const sitemap = await get(web.port, "health.ucdavis.edu", "/sitemap.xml");
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(web.pages.filter((p) => p.host === "health.ucdavis.edu").length);
    expect(locs.every((u) => u.startsWith("http://health.ucdavis.edu/"))).toBe(true);
  });

  it("answers 404 for unknown paths and hosts", async () => {
    expect((await get(web.port, "www.npr.org", "/no/such/page")).status).toBe(404);
    expect((await get(web.port, "unknown.example", "/")).status).toBe(404);
    expect(web.hostMap).toContain(`www.npr.org=127.0.0.1:${web.port}`);
  });
});

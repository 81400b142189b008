import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { parseOpml } from "../../lib/opml/parse-opml.ts";
import { importSites } from "../../lib/opml/import-sites.ts";

const OPML = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head><title>My feeds</title></head>
  <body>
    <outline text="News">
      <outline type="rss" text="Example &amp; Co" title="Example &amp; Co" xmlUrl="https://www.example.com/feed.xml" htmlUrl="https://www.example.com/"/>
      <outline type="rss" text="Feed only" xmlUrl="https://feeds.example.org/news/rss"/>
      <outline type="rss" text="Same site again" xmlUrl="https://www.example.com/other.xml" htmlUrl="https://www.example.com/"/>
    </outline>
    <outline text="Broken" xmlUrl="javascript:alert(1)"/>
    <outline text="Empty folder"/>
  </body>
</opml>`;

describe("parseOpml", () => {
  it("reads nested outlines, prefers htmlUrl, falls back to the feed's origin, skips duplicates and non-http URLs", () => {
    const r = parseOpml(OPML);
    expect(r).toEqual({
      ok: true,
      skipped: 3,
      sites: [
        { name: "Example & Co", seedUrl: "https://www.example.com/", feedUrl: "https://www.example.com/feed.xml" },
        { name: "Feed only", seedUrl: "https://feeds.example.org/", feedUrl: "https://feeds.example.org/news/rss" },
      ],
    });
  });

  it("rejects what is not OPML", () => {
    expect(parseOpml("<rss><channel/></rss>")).toEqual({ ok: false, reason: "not_opml" });
    expect(parseOpml("x".repeat(6 * 1024 * 1024))).toEqual({ ok: false, reason: "too_large" });
  });

  it("does not expand external entities", () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <opml><body><outline text="&xxe;" htmlUrl="https://a.example/"/></body></opml>`;
    const r = parseOpml(xxe);
    expect(JSON.stringify(r)).not.toContain("root:");
  });
});

describe("importSites", () => {
  let t: TestDb;
  let server: Server;
  let local: string;
  beforeAll(async () => {
    t = await createTestDb();
    server = createServer((_q, s) => s.end("ok"));
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    local = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  });
  afterAll(async () => {
    await new Promise((ok) => server.close(ok));
    await t.cleanup();
  });

  it("adds each site through the SSRF guard, one result per site, and never adds one twice", async () => {
    const sites = [{ name: "Local", seedUrl: local, feedUrl: undefined }];
    const blocked = await importSites(t.db, sites, { allowPrivateNetwork: false });
    expect(blocked).toMatchObject([{ ok: false, reason: "ssrf_blocked" }]);
    const added = await importSites(t.db, sites, { allowPrivateNetwork: true });
    expect(added).toMatchObject([{ ok: true }]);
    const again = await importSites(t.db, sites, { allowPrivateNetwork: true });
    expect(again).toMatchObject([{ ok: false, reason: "site_exists" }]);
    expect(await t.db.site.count()).toBe(1);
    expect(await t.db.frontierUrl.count({ where: { kind: "seed" } })).toBe(1);
  });
});

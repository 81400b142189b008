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
  it("reads nested outlines, keeps htmlUrl and feed, makes a feed-only outline a site of that feed, and reports every unusable outline", () => {
    const r = parseOpml(OPML);
    expect(r).toEqual({
      ok: true,
      skipped: 3,
      sites: [
        { name: "Example & Co", seedUrl: "https://www.example.com/", feedUrl: "https://www.example.com/feed.xml" },
        { name: "Feed only", seedUrl: "https://feeds.example.org/news/rss", feedUrl: "https://feeds.example.org/news/rss" },
      ],
      problems: [
        { outline: "Same site again", reason: "https://www.example.com/ is already listed above" },
        { outline: "Broken", reason: "“javascript:alert(1)” is not an http(s) address" },
        { outline: "Empty folder", reason: "no xmlUrl or htmlUrl, and no outlines inside" },
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

  it("adds a feed-only outline as a site read through its feed, an outline's feed beside its home page, and exports both as OPML", async () => {
    const { buildOpml } = await import("../../lib/opml/export-opml.ts");
    const { listSitesForExport, listSitesWithoutSeed } = await import("../../lib/db/sites.ts");
    const feedOnly = `${local}rss/news.xml`;
    const results = await importSites(t.db, [{ name: "Feed Only", seedUrl: feedOnly, feedUrl: feedOnly }], { allowPrivateNetwork: true });
    // 127.0.0.1 already has a site from the test above: the feed-only outline is refused as that site…
    expect(results).toMatchObject([{ ok: false, reason: "site_exists" }]);
    // … so check on a host of its own (localhost resolves to the same server).
    const other = feedOnly.replace("127.0.0.1", "localhost");
    const [added] = await importSites(t.db, [{ name: "Feed Only", seedUrl: other, feedUrl: other }], { allowPrivateNetwork: true });
    expect(added.ok).toBe(true);
    const rows = await t.db.frontierUrl.findMany({ where: { siteId: (added as { siteId: number }).siteId } });
    expect(rows.map((r) => [r.url, r.kind])).toEqual([[other, "feed"]]);
    expect((await listSitesWithoutSeed(t.db)).map((s) => s.seedUrl)).not.toContain(other);
    const opml = buildOpml(await listSitesForExport(t.db));
    const back = parseOpml(opml);
    expect(back.ok && back.sites.map((s) => s.seedUrl).sort()).toEqual([local, other].sort());
    expect(back.ok && back.sites.find((s) => s.seedUrl === other)?.feedUrl).toBe(other);
    expect(buildOpml([{ name: `A "quoted" <b>&</b>`, seedUrl: "https://a.example/?x=1&y=2", feedUrl: null }])).toContain(`text="A &quot;quoted&quot; &lt;b&gt;&amp;&lt;/b&gt;" title="A &quot;quoted&quot; &lt;b&gt;&amp;&lt;/b&gt;" htmlUrl="https://a.example/?x=1&amp;y=2"`);
  });
});

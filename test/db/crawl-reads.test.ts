// The worker's periodic reads as direct statements (lib/db/direct.ts), on both engines: a crawl site
// as the ORM returns it, a site's frontier rows of one kind, and the sites whose held-back pages should
// wait no longer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { crawlSiteSelect, getCrawlSite, listSitesWithoutSeed, OPML_SOURCE } from "../../lib/db/sites.ts";
import { countSitePageUrls, countSiteUrlsOfKind, enqueueUrls } from "../../lib/db/frontier.ts";
import { listSitesDoneWaiting } from "../../lib/db/template-pages.ts";
import { loadStoredPage, savePage } from "../../lib/db/pages.ts";

let t: TestDb;
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestDb();
  for (const h of ["a", "b", "c"]) {
    ids.push((await t.db.site.create({ data: { seedUrl: `https://${h}.example/`, host: `${h}.example`, name: h, allowPrivateNetwork: h === "a" } })).id);
  }
  await t.db.site.update({
    where: { id: ids[0] },
    data: { robotsState: "ok", robotsTxt: "User-agent: *", robotsFetchedAt: new Date("2026-12-01T08:00:00.250Z"), hostBackoffUntil: new Date("2026-12-03T00:00:00Z"), includePattern: "/news/" },
  });
});
afterAll(async () => t.cleanup());

describe("getCrawlSite", () => {
  it("returns the site as the ORM's select does (booleans, times, nulls), and null for no site", async () => {
    for (const id of ids) {
      expect(await getCrawlSite(t.db, id)).toEqual(await t.db.site.findUnique({ where: { id }, select: crawlSiteSelect }));
    }
    const a = (await getCrawlSite(t.db, ids[0]!))!;
    expect(a.allowPrivateNetwork).toBe(true);
    expect(a.robotsFetchedAt).toEqual(new Date("2026-12-01T08:00:00.250Z"));
    expect((await getCrawlSite(t.db, ids[1]!))!.robotsTxt).toBeNull();
    expect(await getCrawlSite(t.db, -1)).toBeNull();
  });
});

describe("countSiteUrlsOfKind", () => {
  it("counts one site's rows of one kind, in any state", async () => {
    const at = (n: number, kind: "page" | "feed", site = ids[0]!) => ({ url: `https://x.example/${kind}/${site}/${n}`, siteId: site, depth: 1, kind });
    await enqueueUrls(t.db, [at(1, "page"), at(2, "page"), at(3, "feed"), at(4, "page", ids[1]!)]);
    await t.db.frontierUrl.updateMany({ where: { url: at(2, "page").url }, data: { state: "done" } });
    expect(await countSitePageUrls(t.db, ids[0]!)).toBe(2);
    expect(await countSiteUrlsOfKind(t.db, ids[0]!, "feed")).toBe(1);
    expect(await countSiteUrlsOfKind(t.db, ids[2]!, "page")).toBe(0);
  });
});

describe("listSitesDoneWaiting", () => {
  it("lists sites whose oldest held-back page waited long enough, or that have no page URL left to fetch", async () => {
    const old = new Date("2026-12-01T10:00:00.000Z");
    const recent = new Date("2026-12-02T10:00:00.000Z");
    const page = (site: number, n: number, fetchedAt: Date) => t.db.page.create({
      data: { url: `https://p.example/${site}/${n}`, siteId: site, finalUrl: `https://p.example/${site}/${n}`, status: 200, size: 1, contentHash: "h", rawBody: Buffer.from([1]), fetchedAt, outcome: "awaiting_template" },
    });
    // a: waited since `old`, still has URLs to fetch; b: recent, still has URLs; c: recent, nothing left.
    await page(ids[0]!, 1, recent);
    await page(ids[0]!, 2, old);
    await page(ids[1]!, 1, recent);
    await page(ids[2]!, 1, recent);
    await enqueueUrls(t.db, [{ url: "https://c.example/fetched", siteId: ids[2]!, depth: 1, kind: "page" }]);
    await t.db.frontierUrl.updateMany({ where: { siteId: ids[2]! }, data: { lastFetchedAt: recent } });
    const cut = new Date("2026-12-02T00:00:00.000Z");
    expect(await listSitesDoneWaiting(t.db, cut)).toEqual([ids[0], ids[2]]);
    expect(await listSitesDoneWaiting(t.db, new Date("2026-12-03T00:00:00.000Z"))).toEqual(ids);
    expect(await listSitesDoneWaiting(t.db, cut, [ids[1]!, ids[2]!])).toEqual([ids[2]]);
    expect(await listSitesDoneWaiting(t.db, cut, [])).toEqual([]);
  });
});

describe("listSitesWithoutSeed", () => {
  it("lists the active sites with neither a seed row nor a feed row from an OPML import", async () => {
    const made: number[] = [];
    for (const h of ["seeded", "opml", "ownfeed", "pages", "bare", "paused"]) {
      made.push((await t.db.site.create({ data: { seedUrl: `https://${h}.seeds.example/`, host: `${h}.seeds.example`, name: h, status: h === "paused" ? "paused" : "active" } })).id);
    }
    const [seeded, opml, ownfeed, pages] = made;
    await enqueueUrls(t.db, [
      { url: "https://seeded.seeds.example/", siteId: seeded!, depth: 0, kind: "seed" },
      { url: "https://opml.seeds.example/feed", siteId: opml!, depth: 0, kind: "feed", discoveredFrom: OPML_SOURCE },
      { url: "https://ownfeed.seeds.example/feed", siteId: ownfeed!, depth: 0, kind: "feed", discoveredFrom: "https://ownfeed.seeds.example/" },
      { url: "https://pages.seeds.example/a", siteId: pages!, depth: 1, kind: "page" },
    ]);
    const missing = (await listSitesWithoutSeed(t.db)).filter((s) => made.includes(s.id)).map((s) => s.seedUrl).sort();
    expect(missing).toEqual(["https://bare.seeds.example/", "https://ownfeed.seeds.example/", "https://pages.seeds.example/"]);
  });
});

describe("loadStoredPage", () => {
  it("returns a stored page as the ORM would, with its body inflated, and null for no page", async () => {
    const body = Buffer.from("<html><body><p>Grüße aus Köln</p></body></html>".repeat(200));
    const fetchedAt = new Date("2026-12-02T09:30:00.125Z");
    const { id } = await savePage(t.db, {
      siteId: ids[1]!, url: "https://b.example/stored", finalUrl: "https://b.example/stored?x=1", status: 203,
      contentType: "text/html; charset=utf-8", body, charset: "utf-8", charsetSource: "header", fetchedAt,
    });
    const orm = await t.db.page.findUnique({
      where: { id },
      select: { id: true, url: true, finalUrl: true, siteId: true, frontierId: true, status: true, contentType: true, charset: true, charsetSource: true, fetchedAt: true },
    });
    const stored = (await loadStoredPage(t.db, id))!;
    const { body: inflated, ...rest } = stored;
    expect(rest).toEqual(orm);
    expect(Buffer.from(inflated).equals(body)).toBe(true);
    expect(await loadStoredPage(t.db, id + 1000)).toBeNull();
  });
});

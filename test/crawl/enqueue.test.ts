import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { enqueueCandidates } from "../../lib/crawl/enqueue.ts";
import type { CrawlContext } from "../../lib/crawl/context.ts";
import { SiteCache } from "../../lib/crawl/site-cache.ts";
import { createStats } from "../../lib/crawl/stats.ts";
import { enqueueUrls } from "../../lib/db/frontier.ts";
import { getCrawlSite, type CrawlSite } from "../../lib/db/sites.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";

let t: TestDb;
let ctx: CrawlContext;
let n = 0;

beforeEach(async () => {
  t = await createTestDb();
  ctx = { db: t.db, sites: new SiteCache(t.db), stats: createStats() } as unknown as CrawlContext;
});
afterEach(async () => t.cleanup());

/** A site of its own per test (the added-URL memo is per process, keyed by site). */
async function newSite(maxPages = 1_000): Promise<CrawlSite> {
  const host = `s${++n}-${Date.now()}.example`;
  const site = await t.db.site.create({ data: { seedUrl: `https://${host}/`, host, name: host, maxPages } });
  return (await getCrawlSite(t.db, site.id))!;
}

const links = (site: CrawlSite, paths: string[]) => paths.map((p) => ({ url: `https://${site.host}/${p}`, kind: "page" as const, depth: 1 }));
const frontier = async () => (await t.db.frontierUrl.findMany({ orderBy: { id: "asc" }, select: { url: true, siteId: true, depth: true, discoveredFrom: true } }));

describe("enqueueCandidates", () => {
  it("stores a page's links as enqueueUrls does, and does not send again the links this process added", async () => {
    const site = await newSite();
    expect(await enqueueCandidates(ctx, site, `https://${site.host}/`, links(site, ["a", "b", "c"]))).toBe(3);
    // Rows vanish only with their site; one removed behind the worker's back shows which links were sent again.
    await t.db.frontierUrl.delete({ where: { url: `https://${site.host}/a` } });
    expect(await enqueueCandidates(ctx, site, `https://${site.host}/x`, links(site, ["a", "b", "d", "c"]))).toBe(1);
    expect((await frontier()).map((r) => [r.url.split("/").pop(), r.depth, r.discoveredFrom])).toEqual([
      ["b", 1, `https://${site.host}/`], ["c", 1, `https://${site.host}/`], ["d", 1, `https://${site.host}/x`],
    ]);
    expect(ctx.stats.enqueued).toBe(4);
  });

  it("sends links another process added, and links of a deleted site again for the site that replaces it", async () => {
    const site = await newSite();
    await enqueueUrls(t.db, [{ url: `https://${site.host}/a`, siteId: site.id, depth: 1, kind: "page" }]);
    expect(await enqueueCandidates(ctx, site, `https://${site.host}/`, links(site, ["a", "b"]))).toBe(1);
    await t.db.site.delete({ where: { id: site.id } });
    const again = (await getCrawlSite(t.db, (await t.db.site.create({ data: { seedUrl: site.seedUrl, host: site.host, name: site.name } })).id))!;
    expect(await enqueueCandidates(ctx, again, `https://${site.host}/`, links(site, ["a", "b"]))).toBe(2);
    expect((await frontier()).map((r) => r.siteId)).toEqual([again.id, again.id]);
  });

  it("keeps to the site's page budget when the links do not all fit", async () => {
    const site = await newSite(3);
    expect(await enqueueCandidates(ctx, site, `https://${site.host}/`, links(site, ["a", "b"]))).toBe(2);
    expect(await enqueueCandidates(ctx, site, `https://${site.host}/x`, links(site, ["a", "b", "c", "d"]))).toBe(1);
    expect((await frontier()).map((r) => r.url.split("/").pop())).toEqual(["a", "b", "c"]);
  });
});

// Sites for admins: one site per host (seeds normalised like frontier URLs), sections added to a
// site, editing, deleting with what goes and what stays, a failing seed with its retry, and dead
// links counted apart from failures. Real SQLite through Prisma.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import {
  addSite, addSiteSection, deleteSite, describeSiteDeletion, normalizeSeedUrl, retrySiteNow, SiteExistsError, updateSite,
} from "../../lib/db/sites.ts";
import { listSiteStatus } from "../../lib/db/sites-view.ts";
import { getQualityReport } from "../../lib/db/quality.ts";
import { editSiteSchema } from "../../lib/schemas/site.ts";
import { seedArticle, seedStory } from "./seed.ts";

let t: TestDb;
beforeEach(async () => { t = await createTestDb(); });
afterEach(async () => t.cleanup());

describe("one site, one row", () => {
  it("normalises seeds like frontier URLs, with index files cut to their directory", () => {
    expect(normalizeSeedUrl("https://WWW.npr.org")).toBe("https://www.npr.org/");
    expect(normalizeSeedUrl("http://www.npr.org/index.html")).toBe("http://www.npr.org/");
    expect(normalizeSeedUrl("https://www.npr.org/?utm_source=x")).toBe("https://www.npr.org/");
    expect(normalizeSeedUrl("https://www.npr.org/#top")).toBe("https://www.npr.org/");
    expect(normalizeSeedUrl("https://www.npr.org/sections/health/index.php")).toBe("https://www.npr.org/sections/health/");
    expect(normalizeSeedUrl("ftp://npr.org/")).toBeNull();
  });

  it("refuses the same host again, whatever the spelling, and names the site", async () => {
    const site = await addSite(t.db, { seedUrl: "https://www.npr.org" });
    for (const again of ["http://www.npr.org/index.html", "https://www.npr.org/?utm_source=x", "https://www.npr.org/#top", "https://npr.org/"]) {
      const err = await addSite(t.db, { seedUrl: again }).catch((e) => e);
      expect(err).toBeInstanceOf(SiteExistsError);
      expect(err.site).toMatchObject({ id: site.id, name: "npr.org" });
      expect(err.sectionUrl).toBeNull();
      expect(err.message).toMatch(/already added/);
    }
    expect(await t.db.site.count()).toBe(1);
    expect(await t.db.frontierUrl.count({ where: { kind: "seed" } })).toBe(1);
  });

  it("offers a section path to the existing site, and adds it there as one more seed", async () => {
    const site = await addSite(t.db, { seedUrl: "https://www.npr.org/" });
    const err = await addSite(t.db, { seedUrl: "https://www.npr.org/sections/health/?utm_medium=rss" }).catch((e) => e);
    expect(err.sectionUrl).toBe("https://www.npr.org/sections/health/");
    await addSiteSection(t.db, site.id, err.sectionUrl);
    const seeds = await t.db.frontierUrl.findMany({ where: { siteId: site.id, kind: "seed" }, orderBy: { id: "asc" } });
    expect(seeds.map((s) => s.url)).toEqual(["https://www.npr.org/", "https://www.npr.org/sections/health/"]);
    await expect(addSiteSection(t.db, site.id, "https://www.bbc.co.uk/news/")).rejects.toThrow(/not on www.npr.org/);
    const [status] = await listSiteStatus(t.db, { siteId: site.id });
    expect(status.seeds.map((s) => s.url)).toHaveLength(2);
  });
});

describe("edit and delete", () => {
  it("validates and applies an edit from a form (strings, empty patterns, the private-network checkbox)", async () => {
    const site = await addSite(t.db, { seedUrl: "https://edit.example/" });
    const patch = editSiteSchema.parse({ name: " Edit News ", maxPages: "50", maxDepth: "2", crawlDelayMs: "2500", includePattern: "/news/", excludePattern: "", allowPrivateNetwork: "on", status: "paused" });
    await updateSite(t.db, site.id, patch);
    const row = await t.db.site.findUniqueOrThrow({ where: { id: site.id } });
    expect(row).toMatchObject({ name: "Edit News", maxPages: 50, maxDepth: 2, crawlDelayMs: 2500, includePattern: "/news/", excludePattern: null, allowPrivateNetwork: true, status: "paused" });
    await updateSite(t.db, site.id, editSiteSchema.parse({ allowPrivateNetwork: "false" }));
    expect((await t.db.site.findUniqueOrThrow({ where: { id: site.id } })).allowPrivateNetwork).toBe(false);
    expect(editSiteSchema.safeParse({ includePattern: "([" }).success).toBe(false);
    expect(editSiteSchema.safeParse({ name: "" }).success).toBe(false);
    await expect(updateSite(t.db, 9999, { name: "x" })).rejects.toMatchObject({ key: "not_found" });
  });

  it("deletes a site with its pages and articles, its own stories, and fixes the counts of shared stories; labels stay", async () => {
    const shared = await seedStory(t.db, { headline: "Shared", articleCount: 2 });
    const own = await seedStory(t.db, { headline: "Own" });
    const a1 = await seedArticle(t.db, { host: "gone.example", title: "A", text: "a ".repeat(200), storyId: shared });
    await seedArticle(t.db, { host: "gone.example", title: "B", text: "b ".repeat(200), storyId: own });
    await seedArticle(t.db, { host: "stays.example", title: "C", text: "c ".repeat(200), storyId: shared });
    await t.db.story.update({ where: { id: shared }, data: { sourceCount: 2 } });
    const page = await t.db.article.findUniqueOrThrow({ where: { id: a1 }, select: { pageId: true, url: true, siteId: true } });
    await t.db.label.create({ data: { url: page.url, pageId: page.pageId, isNews: true } });

    const impact = await describeSiteDeletion(t.db, page.siteId);
    expect(impact).toMatchObject({ pages: 2, articles: 2, storiesRemoved: 1, storiesKept: 1, labels: 1 });
    await deleteSite(t.db, page.siteId);
    expect(await t.db.site.count({ where: { id: page.siteId } })).toBe(0);
    expect(await t.db.page.count({ where: { siteId: page.siteId } })).toBe(0);
    expect(await t.db.story.findUnique({ where: { id: own } })).toBeNull();
    expect(await t.db.story.findUniqueOrThrow({ where: { id: shared } })).toMatchObject({ articleCount: 1, sourceCount: 1 });
    expect(await t.db.label.findFirstOrThrow({ where: { url: page.url } })).toMatchObject({ pageId: null, isNews: true });
    // The search index follows (FTS triggers): the deleted articles are not found any more.
    const hits = await t.db.$queryRawUnsafe<{ n: number }[]>(`SELECT COUNT(*) AS n FROM "ArticleFts" WHERE "ArticleFts" MATCH 'a'`);
    expect(Number(hits[0].n)).toBe(0);
  });
});

describe("a failing site says so", () => {
  it("shows the seed's error key, attempts and next retry; retry now makes it due with fresh attempts", async () => {
    const site = await addSite(t.db, { seedUrl: "http://refused.example/" });
    const later = new Date(Date.now() + 120_000);
    await t.db.frontierUrl.updateMany({ where: { siteId: site.id, kind: "seed" }, data: { state: "queued", attempts: 2, lastErrorKey: "connection_refused", nextCheckAt: later } });
    await t.db.site.update({ where: { id: site.id }, data: { lastErrorKey: "connection_refused", lastErrorAt: new Date(), hostBackoffUntil: later } });
    const [s] = await listSiteStatus(t.db, { siteId: site.id });
    expect(s.seeds).toEqual([expect.objectContaining({ url: "http://refused.example/", lastErrorKey: "connection_refused", attempts: 2, nextCheckAt: later.toISOString() })]);
    const now = new Date();
    expect(await retrySiteNow(t.db, site.id, now)).toBe(1);
    const seed = await t.db.frontierUrl.findFirstOrThrow({ where: { siteId: site.id, kind: "seed" } });
    expect(seed).toMatchObject({ state: "queued", attempts: 0 });
    expect(seed.nextCheckAt.getTime()).toBe(now.getTime());
    expect(await t.db.site.findUniqueOrThrow({ where: { id: site.id } })).toMatchObject({ hostBackoffUntil: null, lastErrorKey: null });
  });
});

describe("not found is not failure", () => {
  it("counts 404 and 410 as not found, apart from failures, on the site and on the Quality page", async () => {
    const site = await addSite(t.db, { seedUrl: "https://dead.example/" });
    const at = new Date();
    await t.db.fetchAttempt.createMany({
      data: [
        { siteId: site.id, url: "https://dead.example/a", status: 404, errorKey: "http_404", ms: 1, at },
        { siteId: site.id, url: "https://dead.example/b", status: 410, errorKey: "http_410", ms: 1, at },
        { siteId: site.id, url: "https://dead.example/c", status: 503, errorKey: "http_5xx", ms: 1, at },
        { siteId: site.id, url: "https://dead.example/feed", status: 404, errorKey: null, ms: 1, at }, // a probe that missed
        { siteId: site.id, url: "https://dead.example/", status: 200, errorKey: null, ms: 1, at },
      ],
    });
    const [s] = await listSiteStatus(t.db, { siteId: site.id });
    expect(s.notFound).toBe(2);
    expect(s.errors).toEqual([{ key: "http_5xx", count: 1 }]);
    const q = await getQualityReport(t.db);
    expect(q.throughput.reduce((n, r) => n + r.notFound, 0)).toBe(2);
    expect(q.throughput.reduce((n, r) => n + r.errors, 0)).toBe(1);
    expect(q.throughput.reduce((n, r) => n + r.fetches, 0)).toBe(5);
    expect(q.errorKeys).toEqual(["http_5xx"]);
  });
});

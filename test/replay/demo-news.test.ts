// The demo's news sites: three newspapers reporting the same ECB+ events. Crawled in-process through
// the real pipeline, the first run shows what Lede is for: stories with several sources, a
// duplicate, entities to filter by, a site template.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWorker } from "../../lib/crawl/worker.ts";
import { addSite } from "../../lib/db/sites.ts";
import { buildDemoNews, DEMO_SITES, articleParts, detokenize } from "../../lib/replay/demo-news.ts";
import { startReplayWeb, type ReplayWeb } from "../../lib/replay/server.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";

describe("demo news sites", () => {
  let t: TestDb;
  let web: ReplayWeb;
  beforeAll(async () => {
    t = await createTestDb();
    web = await startReplayWeb({ generated: buildDemoNews() });
  });
  afterAll(async () => {
    await web.close();
    await t.cleanup();
  });

  it("turns ECB+ text into readable pages that say where the text comes from", () => {
    expect(detokenize("Alaska ’ s history , he said `` no '' .")).toBe("Alaska’s history, he said “no”.");
    const parts = articleParts("http : / / www . x . org / a\nMatanuska Maid Dairy Building Was Uninsured\nAugust 8 , 2012 - 4 : 43 pm\nThe fire destroyed it .");
    expect(parts).toEqual({ title: "Matanuska Maid Dairy Building Was Uninsured", paragraphs: ["The fire destroyed it."] });
    const pages = buildDemoNews(new Date("2026-12-01T12:00:00Z"));
    expect(new Set(pages.map((p) => p.host))).toEqual(new Set(DEMO_SITES.map((s) => s.host)));
    expect(pages.every((p) => /ECB\+ corpus/.test(p.html) && /CC BY 3\.0/.test(p.html))).toBe(true);
    // One article is syndicated to two sites: the same title on two hosts.
    const byTitle = new Map<string, Set<string>>();
    for (const p of pages) byTitle.set(p.title, new Set([...(byTitle.get(p.title) ?? []), p.host]));
    expect([...byTitle.values()].filter((h) => h.size > 1)).toHaveLength(1);
  });

  it("crawled, gives multi-source stories, a duplicate, entities and a template", async () => {
    const ids: number[] = [];
    for (const s of DEMO_SITES) ids.push((await addSite(t.db, { seedUrl: web.seedUrl(s.host), crawlDelayMs: 0, allowPrivateNetwork: true })).id);
    await runWorker({ db: t.db, signal: new AbortController().signal, siteIds: ids, exitWhenIdle: true, hostMap: web.hostMap, allowPrivateNetwork: true, concurrency: 6, idleMs: 50, maxAttempts: 1, classify: null });
    const multi = await t.db.story.count({ where: { mergedIntoId: null, sourceCount: { gte: 2 } } });
    expect(multi).toBeGreaterThanOrEqual(3);
    expect(await t.db.article.count({ where: { duplicateOfId: { not: null } } })).toBeGreaterThanOrEqual(1);
    expect(await t.db.entity.count({ where: { type: "PERSON" } })).toBeGreaterThan(3);
    const templates = await t.db.siteTemplate.findMany({ where: { siteId: { in: ids } } });
    expect(templates.length).toBe(3);
    // The sites took their mastheads' names (og:site_name), one name everywhere.
    expect((await t.db.site.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } })).map((s) => s.name)).toEqual(DEMO_SITES.map((s) => s.name));
  }, 180_000);
});

// The site-level evidence built the way production builds it: the real worker crawls a replay web of
// two news sites (real saved pages; one site has a feed, the other none), and the URL patterns it
// learns are stored per site, shown for the site page, and corrected by the admin in one action.
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWorker } from "../../lib/crawl/worker.ts";
import { addSite } from "../../lib/db/sites.ts";
import { startReplayWeb, type ReplayWeb } from "../../lib/replay/server.ts";
import { getSiteEvidence, getSiteEvidenceView, markSitePattern } from "../../lib/db/site-evidence.ts";
import { reprocessPage } from "../../lib/pipeline/ingest.ts";
import { forgetSiteEvidence } from "../../lib/pipeline/context.ts";
import { urlPatterns } from "../../lib/classify/site-evidence.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";

const NPR = "www.npr.org";
const UCD = "health.ucdavis.edu";

let t: TestDb;
let web: ReplayWeb;
let nprArticles: string[] = [];

beforeAll(async () => {
  t = await createTestDb();
  // Only NPR has a feed: an RSS document listing its two saved articles (the replay web serves it at a common feed path).
  const probe = await startReplayWeb({ requestLog: 0 });
  nprArticles = probe.pages.filter((p) => p.host === NPR && p.type === "article").map((p) => `http://${NPR}${p.path}`);
  await probe.close();
  const rss = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { "content-type": "application/rss+xml" });
    res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>NPR</title>${nprArticles.map((u) => `<item><title>t</title><link>${u}</link></item>`).join("")}</channel></rss>`);
  };
  web = await startReplayWeb({ extraRoutes: { [NPR]: { "/feed": rss, "/rss": rss, "/feed.xml": rss, "/rss.xml": rss, "/atom.xml": rss, "/index.xml": rss, "/feed/": rss } } });
});
afterAll(async () => { await web.close(); await t.cleanup(); });

describe("site evidence on a replay web of two news sites", () => {
  it("learns each site's URL patterns while crawling: from the feed (NPR) and from sure pages alone (no feed)", async () => {
    const npr = await addSite(t.db, { seedUrl: web.seedUrl(NPR), crawlDelayMs: 0, allowPrivateNetwork: true });
    const ucd = await addSite(t.db, { seedUrl: web.seedUrl(UCD), crawlDelayMs: 0, allowPrivateNetwork: true });
    await runWorker({ db: t.db, signal: new AbortController().signal, siteIds: [npr.id, ucd.id], exitWhenIdle: true, hostMap: web.hostMap, allowPrivateNetwork: true, concurrency: 2, idleMs: 50, maxAttempts: 1 });

    const nprEvidence = await getSiteEvidence(t.db, npr.id);
    expect(nprEvidence).not.toBeNull();
    // Both feed entries counted as news under their patterns (plus whatever the sure pages added).
    for (const url of nprArticles) {
      const [coarse] = urlPatterns(url);
      expect(nprEvidence!.patterns[coarse]!.news).toBeGreaterThanOrEqual(1);
    }
    const ucdEvidence = await getSiteEvidence(t.db, ucd.id);
    const ucdPages = await t.db.page.count({ where: { siteId: ucd.id, article: { isNot: null } } });
    expect(ucdPages).toBeGreaterThan(0);
    // No feed there: whatever it learnt came from pages the classifier was sure about (each counted once per pattern level).
    if (ucdEvidence) expect(ucdEvidence.pages).toBeLessThanOrEqual(ucdPages);

    const view = await getSiteEvidenceView(t.db, npr.id);
    expect(view!.patterns.length).toBeGreaterThan(0);
    const row = view!.patterns.find((p) => p.pattern === urlPatterns(nprArticles[0]!)[0])!;
    expect(row.news).toBeGreaterThanOrEqual(1);
    expect(row.example).toMatch(/^http:\/\/www\.npr\.org\//);
  }, 180_000); // a crawl of two replay sites through the whole pipeline

  it("the admin's 'not news' mark on a pattern takes its stored articles off News and decides its pages when re-processed", async () => {
    const site = await t.db.site.findFirstOrThrow({ where: { host: NPR }, select: { id: true } });
    const url = nprArticles[0]!;
    const [coarse] = urlPatterns(url);
    const page = await t.db.page.findFirstOrThrow({ where: { finalUrl: url }, select: { id: true, article: { select: { id: true, isNews: true } } } });
    const result = await markSitePattern(t.db, site.id, coarse, true);
    expect(result).toMatchObject({ ok: true, pattern: coarse, notNews: true });
    const after = await t.db.article.findUniqueOrThrow({ where: { pageId: page.id }, select: { isNews: true, decisionReason: true } });
    expect(after.isNews).toBe(false);
    expect(after.decisionReason).toContain("marked not news by an admin");

    forgetSiteEvidence(t.db);
    const again = await reprocessPage(t.db, page.id);
    expect(again?.outcome).toBe("not_news");
    expect(again?.reason).toContain(`URL pattern "${coarse}" marked not news by an admin`);

    expect(await markSitePattern(t.db, site.id, "no such pattern", true)).toEqual({ ok: false, reason: "unknown_pattern" });
    expect(await markSitePattern(t.db, site.id + 99, coarse, true)).toEqual({ ok: false, reason: "site_not_found" });
  }, 180_000);
});

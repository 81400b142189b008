// News cards that read well: titles without suffixes, teasers that do not repeat them, one name per
// site, undated pages below the day's dated news. Real SQLite through Prisma.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { listNews } from "../../lib/db/news.ts";
import { adoptSiteName, looksLikeSiteName } from "../../lib/db/sites.ts";
import { compareCards } from "../../lib/present/card-order.ts";
import { seedArticle } from "./seed.ts";

let t: TestDb;
beforeAll(async () => { t = await createTestDb(); });
afterAll(async () => t.cleanup());

describe("news cards", () => {
  it("shows a clean title, a teaser without it, and the site's one name", async () => {
    const id = await seedArticle(t.db, { host: "health.ucdavis.edu", title: "Heart health tips | Patient Education | UC Davis Health", text: "x" });
    const lead = "Heart health tips | Patient Education | UC Davis Health. Eat well, sleep enough and walk every day: the cardiologists' advice for the winter months, when the risk of heart attacks is higher than in any other season of the year for most adults, and when colds, flu and short days keep many people indoors and still.";
    await t.db.article.update({ where: { id }, data: { lead, siteName: "cultivating-health" } });
    const card = (await listNews(t.db)).find((c) => c.articles[0]?.id === id)!;
    expect(card.headline).toBe("Heart health tips");
    expect(card.articles[0].siteName).toBe("health.ucdavis.edu");
    expect(card.articles[0].lead.startsWith("Eat well, sleep enough")).toBe(true);
    expect(card.articles[0].lead.endsWith("…")).toBe(true);
  });

  it("adopts a publisher name for a site that still has its default name, never a slug, never over an admin's", async () => {
    const site = await t.db.site.findFirstOrThrow({ where: { host: "health.ucdavis.edu" } });
    expect(looksLikeSiteName("cultivating-health")).toBe(false);
    expect(await adoptSiteName(t.db, site.id, "cultivating-health")).toBe(false);
    expect(await adoptSiteName(t.db, site.id, "UC Davis Health")).toBe(true);
    expect(await adoptSiteName(t.db, site.id, "Another Name")).toBe(false);
    const cards = await listNews(t.db);
    expect(cards.flatMap((c) => c.articles).filter((a) => a.url.includes("ucdavis")).map((a) => a.siteName)).toEqual(["UC Davis Health"]);
  });

  it("orders an undated page by first-seen, never above the same day's dated news", async () => {
    const today = new Date();
    const morning = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 0, 30));
    const dated = await seedArticle(t.db, { host: "dated.example", title: "Dated news from this morning", text: "d", createdAt: morning });
    await t.db.article.update({ where: { id: dated }, data: { publishedAt: morning } });
    const undated = await seedArticle(t.db, { host: "undated.example", title: "An undated page found just now", text: "u", createdAt: new Date() });
    const order = (await listNews(t.db)).map((c) => c.articles[0].id);
    expect(order.indexOf(dated)).toBeLessThan(order.indexOf(undated));
    // An undated page seen today still goes above yesterday's dated news.
    const y = (iso: string, publishedAt: string | null) => ({ lastSeenAt: iso, firstSeenAt: iso, articleCount: 1, articles: [{ publishedAt }] });
    const yesterday = new Date(morning.getTime() - 3_600_000).toISOString();
    const cards = [y(yesterday, yesterday), y(new Date().toISOString(), null), y(morning.toISOString(), morning.toISOString())];
    expect(cards.sort(compareCards).map((c) => c.articles[0].publishedAt)).toEqual([morning.toISOString(), null, yesterday]);
  });
});

// The review loop closes (#15 item 4): a "not news" label takes a page off every reader output at
// once — News, its story (counts, headline, the story itself when it has no other article), the Atom
// feed, search and the JSON API — and a "news" label puts it back. Real SQLite file, real pipeline
// (ingestPage with story grouping), real route handlers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { ingestPage, reprocessPage } from "../../lib/pipeline/ingest.ts";
import { applyImportedLabel, labelPage } from "../../lib/pipeline/apply-label.ts";
import { listNews } from "../../lib/db/news.ts";
import { getStoryOrThrow } from "../../lib/db/stories-view.ts";
import { searchArticles } from "../../lib/db/search.ts";
import { listRecentArticles } from "../../lib/db/articles-view.ts";
import { buildAtomFeed } from "../../lib/api/atom.ts";
import { importLabelsJsonl, listDisagreements } from "../../lib/db/labels.ts";
import { quakePages as pages } from "../helpers/news-pages.ts";
import { storyEvidenceOf } from "../../lib/stories/evidence.ts";
import { parseProfile } from "../../lib/stories/profile.ts";

let t: TestDb;
const ids: Record<keyof typeof pages, { pageId: number; articleId: number }> = {} as never;

async function ingest(host: string, path: string, body: Buffer) {
  const site = await t.db.site.upsert({ where: { seedUrl: `https://${host}/` }, create: { seedUrl: `https://${host}/`, host, name: host }, update: {} });
  const url = `https://${host}${path}`;
  const res = await ingestPage(t.db, { siteId: site.id, url, finalUrl: url, status: 200, contentType: "text/html; charset=utf-8", body }, { classify: null, templates: false });
  expect(res.outcome).toBe("article");
  return { pageId: res.pageId, articleId: res.articleId! };
}

const storyOf = async (articleId: number) => (await t.db.article.findUniqueOrThrow({ where: { id: articleId } })).storyId;
const newsIds = async () => (await listNews(t.db)).flatMap((c) => c.articles.map((a) => a.id));

beforeAll(async () => {
  t = await createTestDb();
  ids.herald = await ingest("herald.example", "/2026/12/01/lisbon-quake", pages.herald);
  ids.courier = await ingest("courier.example", "/world/lisbon-earthquake-alfama", pages.courier);
  ids.gallery = await ingest("photos.example", "/galleries/lisbon-quake", pages.gallery);
  ids.budget = await ingest("herald.example", "/2026/12/01/harbour-budget", pages.budget);
});
afterAll(async () => t.cleanup());

describe("the review loop", () => {
  it("groups the three quake pages into one story (the starting point)", async () => {
    const story = await storyOf(ids.herald.articleId);
    expect(story).not.toBeNull();
    expect(await storyOf(ids.courier.articleId)).toBe(story);
    expect(await storyOf(ids.gallery.articleId)).toBe(story);
    expect((await getStoryOrThrow(t.db, story!)).articleCount).toBe(3);
  });

  it("'not news' takes a page off News, its story, the feed, search and the articles API at once", async () => {
    const storyId = (await storyOf(ids.gallery.articleId))!;
    const res = await labelPage(t.db, ids.gallery.pageId, false);
    expect(res.ok && res.effect).toEqual({ articleId: ids.gallery.articleId, change: "removed", storyId, storyDeleted: false });

    expect(await newsIds()).not.toContain(ids.gallery.articleId);
    const story = await getStoryOrThrow(t.db, storyId);
    expect(story.articles.map((a) => a.id).sort()).toEqual([ids.herald.articleId, ids.courier.articleId].sort());
    expect(story.articleCount).toBe(2);
    expect(story.sourceCount).toBe(2);
    expect(story.sources.map((s) => s.siteName).sort()).toEqual(["courier.example", "herald.example"]);
    expect(story.headline).not.toMatch(/^Photos/);
    const card = (await listNews(t.db)).find((c) => c.storyId === storyId)!;
    expect(card.articleCount).toBe(2);
    expect(card.articles.map((a) => a.id)).not.toContain(ids.gallery.articleId);

    const feed = buildAtomFeed(await listNews(t.db, { limit: 50 }), { baseUrl: "http://lede.test" });
    expect(feed).not.toContain(`/articles/${ids.gallery.articleId}`);
    expect(feed).not.toContain("photos.example");

    expect((await searchArticles(t.db, "pictures photographed")).map((h) => h.id)).toEqual([]);
    expect((await searchArticles(t.db, "Alfama")).map((h) => h.id)).not.toContain(ids.gallery.articleId);
    expect((await listRecentArticles(t.db)).map((a) => a.id)).not.toContain(ids.gallery.articleId);

    const article = await t.db.article.findUniqueOrThrow({ where: { id: ids.gallery.articleId } });
    expect([article.isNews, article.modelIsNews, article.storyId]).toEqual([false, true, null]);
    const stored = await t.db.page.findUniqueOrThrow({ where: { id: ids.gallery.pageId } });
    expect([stored.outcome, stored.outcomeReason]).toEqual(["not_news", "admin label: not news"]);
    // the review queue still lists it: the label disagrees with the model, which is what retraining learns from
    expect((await listDisagreements(t.db)).map((d) => d.articleId)).toContain(ids.gallery.articleId);
  });

  it("refolds the story from the story evidence the pipeline grouped by (the tagger's mentions in each title and lead)", async () => {
    const storyId = (await storyOf(ids.herald.articleId))!;
    const kept = await t.db.article.findMany({ where: { storyId }, select: { title: true, text: true, lang: true } });
    const expected = new Map<string, number>();
    for (const a of kept) for (const e of storyEvidenceOf(a)) expected.set(e.key, (expected.get(e.key) ?? 0) + e.mentions);
    expect(expected.size).toBeGreaterThan(0);
    const profile = parseProfile((await t.db.story.findUniqueOrThrow({ where: { id: storyId } })).profile);
    expect(new Map(Object.entries(profile.entities).map(([k, e]) => [k, e.count]))).toEqual(expected);
  });

  it("'news' puts the page back on every output", async () => {
    const res = await labelPage(t.db, ids.gallery.pageId, true);
    expect(res.ok && res.effect.change).toBe("restored");
    const storyId = await storyOf(ids.gallery.articleId);
    expect(storyId).toBe(await storyOf(ids.herald.articleId));
    expect((await getStoryOrThrow(t.db, storyId!)).articleCount).toBe(3);
    expect(await newsIds()).toContain(ids.gallery.articleId);
    expect(buildAtomFeed(await listNews(t.db), { baseUrl: "http://lede.test" })).toContain("photos.example");
    expect((await searchArticles(t.db, "pictures photographed")).map((h) => h.id)).toEqual([ids.gallery.articleId]);
    expect((await listRecentArticles(t.db)).map((a) => a.id)).toContain(ids.gallery.articleId);
    expect((await listDisagreements(t.db)).map((d) => d.articleId)).not.toContain(ids.gallery.articleId);
  });

  it("deletes a story left without a news article, and a 'news' label groups the page again", async () => {
    const storyId = (await storyOf(ids.budget.articleId))!;
    expect(storyId).not.toBe(await storyOf(ids.herald.articleId));
    const res = await labelPage(t.db, ids.budget.pageId, false);
    expect(res.ok && res.effect).toMatchObject({ change: "removed", storyId, storyDeleted: true });
    await expect(getStoryOrThrow(t.db, storyId)).rejects.toThrow(/not found/);
    expect(await t.db.storyTerm.count({ where: { storyId } })).toBe(0);
    expect((await listNews(t.db)).map((c) => c.storyId)).not.toContain(storyId);
    expect((await searchArticles(t.db, "harbour budget")).length).toBe(0);

    await labelPage(t.db, ids.budget.pageId, true);
    const again = await storyOf(ids.budget.articleId);
    expect(again).not.toBeNull();
    const card = (await listNews(t.db)).find((c) => c.storyId === again)!;
    expect(card.headline).toMatch(/harbour budget/);
    expect((await searchArticles(t.db, "harbour budget")).map((h) => h.id)).toEqual([ids.budget.articleId]);
  });

  it("a label outlives re-processing: the stored page is re-extracted and stays off News", async () => {
    await labelPage(t.db, ids.gallery.pageId, false);
    const res = await reprocessPage(t.db, ids.gallery.pageId, { classify: null, templates: false });
    expect(res?.outcome).toBe("not_news");
    expect(res?.reason).toBe("admin label: not news");
    const article = await t.db.article.findUniqueOrThrow({ where: { id: ids.gallery.articleId } });
    expect([article.isNews, article.modelIsNews, article.storyId]).toEqual([false, true, null]);
    expect(await newsIds()).not.toContain(ids.gallery.articleId);
    await labelPage(t.db, ids.gallery.pageId, true);
  });

  it("imported labels take effect in file order (the newest one wins)", async () => {
    const url = `https://courier.example/world/lisbon-earthquake-alfama`;
    const jsonl = `${JSON.stringify({ url, isNews: false })}\n${JSON.stringify({ url, isNews: true })}\n${JSON.stringify({ url, isNews: false })}\n`;
    const r = await importLabelsJsonl(t.db, jsonl, (label) => applyImportedLabel(t.db, label));
    expect(r.imported).toBe(3);
    expect(await newsIds()).not.toContain(ids.courier.articleId);
    expect((await t.db.article.findUniqueOrThrow({ where: { id: ids.courier.articleId } })).isNews).toBe(false);
  });
});

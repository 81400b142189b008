import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { listNews, listNewsFacets } from "../../lib/db/news.ts";
import { getStoryOrThrow } from "../../lib/db/stories-view.ts";
import { seedArticle, seedStory } from "./seed.ts";

let t: TestDb;
let quakeStory: number;
let oldStory: number;
let looseId: number;
const hour = 3_600_000;
const now = Date.now();

beforeAll(async () => {
  t = await createTestDb();
  const db = t.db;
  const e = await db.entity.create({ data: { key: "place:lisbon", name: "Lisbon", type: "PLACE" } });
  quakeStory = await seedStory(db, { headline: "Earthquake in Lisbon", lastSeenAt: new Date(now - hour), entityKeys: ["place:lisbon", "person:nobody"], articleCount: 3 });
  oldStory = await seedStory(db, { headline: "Old budget debate", lastSeenAt: new Date(now - 48 * hour), articleCount: 1 });
  const q1 = await seedArticle(db, { host: "a.example", title: "Quake hits Lisbon", text: "A quake hit Lisbon.", storyId: quakeStory, createdAt: new Date(now - 3 * hour) });
  await seedArticle(db, { host: "b.example", title: "Lisbon shaken", text: "Le séisme a frappé Lisbonne.", lang: "fr", storyId: quakeStory, createdAt: new Date(now - 2 * hour) });
  await seedArticle(db, { host: "c.example", title: "Not news about Lisbon", text: "Cookie policy", storyId: quakeStory, isNews: false, createdAt: new Date(now - hour) });
  await seedArticle(db, { host: "a.example", title: "Budget debate", text: "Parliament debated.", storyId: oldStory, createdAt: new Date(now - 48 * hour) });
  looseId = await seedArticle(db, { host: "c.example", title: "Fresh loose article", text: "Just in.", createdAt: new Date(now - 10 * 60_000) });
  await db.articleEntity.create({ data: { articleId: q1, entityId: e.id } });
});
afterAll(async () => t.cleanup());

describe("listNews", () => {
  it("lists stories and loose news articles, freshest first, without not-news articles", async () => {
    const cards = await listNews(t.db);
    expect(cards.map((c) => c.id)).toEqual([`a${looseId}`, `s${quakeStory}`, `s${oldStory}`]);
    const quake = cards[1];
    expect(quake.articles.map((a) => a.title)).toEqual(["Lisbon shaken", "Quake hits Lisbon"]);
    expect(quake.articles[0].siteName).toBe("b.example");
    expect(quake.entities).toEqual([
      { key: "place:lisbon", name: "Lisbon", type: "PLACE" },
      { key: "person:nobody", name: "nobody", type: "PERSON" },
    ]);
    expect(quake.lastSeenAt).toBe(new Date(now - hour).toISOString());
  });

  it("filters by site, language and entity", async () => {
    expect((await listNews(t.db, { siteId: (await t.db.site.findFirstOrThrow({ where: { host: "a.example" } })).id })).map((c) => c.id))
      .toEqual([`s${quakeStory}`, `s${oldStory}`]);
    const fr = await listNews(t.db, { lang: "fr" });
    expect(fr.map((c) => c.id)).toEqual([`s${quakeStory}`]);
    expect(fr[0].articles.map((a) => a.title)).toEqual(["Lisbon shaken"]);
    expect((await listNews(t.db, { entity: "place:lisbon" })).map((c) => c.id)).toEqual([`s${quakeStory}`]);
    expect(await listNews(t.db, { entity: "place:atlantis" })).toEqual([]);
  });

  it("keeps the page to `limit` cards and drops loose articles older than the last story shown", async () => {
    const one = await listNews(t.db, { limit: 1 });
    expect(one.map((c) => c.id)).toEqual([`a${looseId}`]);
    const two = await listNews(t.db, { limit: 2 });
    expect(two.map((c) => c.id)).toEqual([`a${looseId}`, `s${quakeStory}`]);
  });
});

describe("listNewsFacets", () => {
  it("offers the sites by name and the languages of news articles only, each once, sorted", async () => {
    // A language only a not-news article has, and a news article without a language: neither is offered.
    await seedArticle(t.db, { host: "d.example", title: "Datenschutz", text: "Cookies.", lang: "de", isNews: false, createdAt: new Date(now - 5 * hour) });
    await seedArticle(t.db, { host: "d.example", title: "Undetected", text: "Short.", lang: null, createdAt: new Date(now - 6 * hour) });
    const facets = await listNewsFacets(t.db, Number.MAX_SAFE_INTEGER);
    const langs = (await t.db.article.findMany({ where: { isNews: true, lang: { not: null } }, select: { lang: true }, distinct: ["lang"] })).map((a) => a.lang);
    expect(facets.langs).toEqual([...langs].sort());
    expect(facets.langs).toContain("fr");
    expect(facets.langs).not.toContain("de");
    expect(facets.sites.map((s) => s.name)).toEqual([...facets.sites.map((s) => s.name)].sort());
  });
});

describe("getStoryOrThrow", () => {
  it("returns articles, sources and a day-by-day timeline, oldest first", async () => {
    const s = await getStoryOrThrow(t.db, quakeStory);
    expect(s.articles.map((a) => a.title)).toEqual(["Lisbon shaken", "Quake hits Lisbon"]);
    expect(s.sources.map((x) => x.siteName).sort()).toEqual(["a.example", "b.example"]);
    expect(s.timeline.flatMap((d) => d.articles.map((a) => a.title))).toEqual(["Quake hits Lisbon", "Lisbon shaken"]);
  });

  it("follows a merged story to the story that absorbed it, and throws a keyed error for unknown ids", async () => {
    const merged = await t.db.story.create({ data: { headline: "dup", firstSeenAt: new Date(), lastSeenAt: new Date(), mergedIntoId: quakeStory } });
    const s = await getStoryOrThrow(t.db, merged.id);
    expect(s.id).toBe(quakeStory);
    expect(s.mergedFrom).toBe(merged.id);
    await expect(getStoryOrThrow(t.db, 999_999)).rejects.toMatchObject({ key: "not_found" });
  });
});

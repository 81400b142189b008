// Paging (#18 item 6): more than a page of stories on News, with filters and search, in the read
// models and in the JSON API (route handlers called as functions on a real SQLite file).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { decodeNewsCursor, encodeNewsCursor, listNews, listNewsPage, type ListNewsOptions, type NewsStory } from "../../lib/db/news.ts";
import { searchPage } from "../../lib/db/search.ts";
import { seedArticle, seedSite, seedStory } from "./seed.ts";

let t: TestDb;
const STORIES = 70;
const LOOSE = 12;
const base = Date.parse("2026-12-01T12:00:00.000Z");
const minute = 60_000;
let lisbon: number;
let siteB: number;

beforeAll(async () => {
  t = await createTestDb();
  process.env.DATABASE_URL = t.url;
  const db = t.db;
  lisbon = (await db.entity.create({ data: { key: "place:lisbon", name: "Lisbon", type: "PLACE" } })).id;
  for (let i = 0; i < STORIES; i++) {
    // every fifth story shares its time with the one before: ties must neither repeat nor vanish
    const at = new Date(base - (i - (i % 5 === 4 ? 1 : 0)) * minute);
    const story = await seedStory(db, { headline: `Story ${i}`, lastSeenAt: at });
    const id = await seedArticle(db, { host: i % 2 ? "b.example" : "a.example", title: `Harbour story ${i}`, text: `The harbour report number ${i}.`, storyId: story, createdAt: at });
    if (i % 3 === 0) await db.articleEntity.create({ data: { articleId: id, entityId: lisbon } });
  }
  for (let i = 0; i < LOOSE; i++) {
    // loose articles at the same times as stories, and between them
    const at = new Date(base - (i * 6 + (i % 2 ? 0.5 : 0)) * minute);
    await seedArticle(db, { host: "b.example", title: `Loose harbour note ${i}`, text: `A loose harbour note ${i}.`, createdAt: at });
  }
  siteB = await seedSite(db, "b.example");
});
afterAll(async () => t.cleanup());

async function walk(opts: ListNewsOptions): Promise<NewsStory[][]> {
  const pages: NewsStory[][] = [];
  let before: string | null = null;
  for (let i = 0; i < 50; i++) {
    const page = await listNewsPage(t.db, { ...opts, before: before ? decodeNewsCursor(before)! : undefined });
    pages.push(page.stories);
    if (!page.next) break;
    before = page.next;
  }
  return pages;
}

describe("News paging", () => {
  it.each([
    ["no filter", {}],
    ["a site", { get siteId() { return siteB; } }],
    ["an entity", { entity: "place:lisbon" }],
  ] as [string, ListNewsOptions][])("walks every card once, in order, with %s", async (_name, filter) => {
    const all = await listNews(t.db, { ...filter, limit: 100 });
    const pages = await walk({ ...filter, limit: 30 });
    expect(all.length).toBeGreaterThan(0);
    expect(pages.flat().map((c) => c.id)).toEqual(all.map((c) => c.id));
    for (const p of pages.slice(0, -1)) expect(p).toHaveLength(30);
  });

  it("has more than 30 cards in all, so the first page has an older page", async () => {
    const first = await listNewsPage(t.db);
    expect(first.stories).toHaveLength(30);
    expect(first.next).toBe(encodeNewsCursor(first.stories[29]!));
    const total = (await listNews(t.db, { limit: 100 })).length;
    expect(total).toBe(STORIES + LOOSE);
  });

  it("rejects a cursor that is not one", () => {
    expect(decodeNewsCursor("yesterday")).toBeNull();
    expect(decodeNewsCursor("2026-12-01T12:00:00.000Z_x3")).toBeNull();
    expect(decodeNewsCursor("2026-12-01T12:00:00.000Z_s3")).toEqual({ at: new Date("2026-12-01T12:00:00.000Z"), kind: "s", id: 3 });
  });
});

describe("search paging", () => {
  it("pages through every match once", async () => {
    const seen: number[] = [];
    let page: number | null = 1;
    let pages = 0;
    while (page) {
      const r = await searchPage(t.db, "harbour", { limit: 25, page });
      seen.push(...r.hits.map((h) => h.id));
      page = r.next;
      pages++;
    }
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(STORIES + LOOSE);
  });
});

describe("the JSON API pages", () => {
  it("GET /api/news and /api/stories return next, and ?before= continues", async () => {
    const { GET: news } = await import("../../app/api/news/route.ts");
    const first = await (await news(new Request("http://lede.test/api/news?limit=50"))).json();
    expect(first.stories).toHaveLength(50);
    const second = await (await news(new Request(`http://lede.test/api/news?limit=50&before=${encodeURIComponent(first.next)}`))).json();
    expect(second.stories).toHaveLength(STORIES + LOOSE - 50);
    expect(second.next).toBeNull();
    expect(new Set([...first.stories, ...second.stories].map((s: NewsStory) => s.id)).size).toBe(STORIES + LOOSE);
    const bad = await news(new Request("http://lede.test/api/news?before=tomorrow"));
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.before).toMatch(/next/);

    const { GET: stories } = await import("../../app/api/stories/route.ts");
    const s1 = await (await stories(new Request("http://lede.test/api/stories?limit=50"))).json();
    const s2 = await (await stories(new Request(`http://lede.test/api/stories?limit=50&before=${encodeURIComponent(s1.next)}`))).json();
    expect([...s1.stories, ...s2.stories].every((s: NewsStory) => s.storyId !== null)).toBe(true);
    expect(s1.stories.length + s2.stories.length).toBe(STORIES);
  });

  it("GET /api/articles pages the list with ?before= and a search with ?page=", async () => {
    const { GET } = await import("../../app/api/articles/route.ts");
    const a1 = await (await GET(new Request("http://lede.test/api/articles?limit=50"))).json();
    const a2 = await (await GET(new Request(`http://lede.test/api/articles?limit=50&before=${a1.next}`))).json();
    expect(a1.articles).toHaveLength(50);
    expect(a2.next).toBeNull();
    expect(new Set([...a1.articles, ...a2.articles].map((a: { id: number }) => a.id)).size).toBe(STORIES + LOOSE);
    const q1 = await (await GET(new Request("http://lede.test/api/articles?q=loose&limit=5"))).json();
    expect(q1).toMatchObject({ page: 1, next: 2 });
    const q3 = await (await GET(new Request("http://lede.test/api/articles?q=loose&limit=5&page=3"))).json();
    expect(q3.articles).toHaveLength(LOOSE - 10);
    expect(q3.next).toBeNull();
  });
});

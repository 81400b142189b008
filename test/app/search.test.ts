import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { searchArticles, toFtsQuery, MARK_START, MARK_END } from "../../lib/db/search.ts";
import { seedArticle } from "./seed.ts";

let t: TestDb;
let quake: number;
let election: number;

beforeAll(async () => {
  t = await createTestDb();
  quake = await seedArticle(t.db, { host: "a.example", title: "Earthquake shakes the coast", text: "A strong earthquake struck near the coast on Tuesday, damaging roads and bridges." });
  election = await seedArticle(t.db, { host: "b.example", title: "Municipal élection results", text: "Voters in the city elected a new mayor after a long count.", lang: "fr" });
  await seedArticle(t.db, { host: "c.example", title: "Cookie policy", text: "Earthquake insurance terms and cookies.", isNews: false });
});
afterAll(async () => t.cleanup());

describe("toFtsQuery", () => {
  it("quotes every word, prefixes the last, and neutralises FTS syntax", () => {
    expect(toFtsQuery("earth quake")).toBe(`"earth" "quake"*`);
    expect(toFtsQuery(`title:x OR "y" NEAR(z) -w *`)).toBe(`"title" "x" "OR" "y" "NEAR" "z" "w"*`);
    expect(toFtsQuery("  ;;; ")).toBeNull();
  });
});

describe("searchArticles (FTS5)", () => {
  it("finds news articles by words in title or text, with a highlighted snippet", async () => {
    const hits = await searchArticles(t.db, "earthquake coast");
    expect(hits.map((h) => h.id)).toEqual([quake]); // the not-news page is left out
    expect(hits[0].snippet).toContain(`${MARK_START}earthquake${MARK_END}`);
    expect(hits[0].siteName).toBe("a.example");
  });

  it("matches prefixes while typing and ignores diacritics", async () => {
    expect((await searchArticles(t.db, "earthq")).map((h) => h.id)).toEqual([quake]);
    expect((await searchArticles(t.db, "election")).map((h) => h.id)).toEqual([election]);
  });

  it("filters by site and language, and follows updates and deletes through the triggers", async () => {
    expect(await searchArticles(t.db, "mayor", { lang: "en" })).toEqual([]);
    expect((await searchArticles(t.db, "mayor", { lang: "fr" })).length).toBe(1);
    await t.db.article.update({ where: { id: election }, data: { text: "The volcano erupted overnight." } });
    expect(await searchArticles(t.db, "mayor")).toEqual([]);
    expect((await searchArticles(t.db, "volcano")).map((h) => h.id)).toEqual([election]);
    await t.db.article.delete({ where: { id: election } });
    expect(await searchArticles(t.db, "volcano")).toEqual([]);
  });

  it("survives hostile input", async () => {
    for (const q of [`"`, `*`, `a" OR 1=1 --`, `NEAR(`, "\u0000", "x".repeat(5000)]) {
      await expect(searchArticles(t.db, q)).resolves.toBeInstanceOf(Array);
    }
  });
});

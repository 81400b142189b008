import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { ftsSnippet, searchArticles, toFtsQuery, MARK_START, MARK_END } from "../../lib/db/search.ts";
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

describe("ftsSnippet (SQLite's snippets, made from the page's rows)", () => {
  const words = (terms: string[], prefix: string | null) => ({ terms, prefix });
  it("marks every query word and the last one as a prefix, folding case and diacritics as the index does", () => {
    const s = ftsSnippet("The Élection board said the electorate was calm.", words(["election"], "elect"));
    expect(s).toContain(`${MARK_START}Élection${MARK_END}`);
    expect(s).toContain(`${MARK_START}electorate${MARK_END}`);
    expect(s).not.toContain(`${MARK_START}board`);
  });
  it("picks the window with the most distinct query words, and marks where the text was cut", () => {
    const filler = Array.from({ length: 60 }, (_, i) => `w${i}`).join(" ");
    const text = `minister alone here. ${filler} the earthquake minister spoke. ${filler}`;
    const s = ftsSnippet(text, words(["earthquake"], "minister"));
    expect(s.startsWith("…")).toBe(true);
    expect(s.endsWith("…")).toBe(true);
    expect(s).toContain(`${MARK_START}earthquake${MARK_END} ${MARK_START}minister${MARK_END}`);
    expect(s.split(/\s+/).length).toBeLessThanOrEqual(26);
  });
  it("gives the text's start when only the title matched", () => {
    expect(ftsSnippet("Nothing relevant in the body.", words([], "quake"))).toBe("Nothing relevant in the body.");
  });
});

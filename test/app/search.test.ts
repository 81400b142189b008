import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { ftsSnippet, pgCandidatePlan, searchArticles, toFtsQuery, toTsQuery, MARK_START, MARK_END, SEARCH_CANDIDATES } from "../../lib/db/search.ts";
import { engineOf } from "../../lib/db/engine.ts";
import { queryRows } from "../../lib/db/direct.ts";
import { sql } from "../../lib/db/sql.ts";
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
    expect(toFtsQuery(`title:x OR "y" NEAR(z) -wo *`)).toBe(`"title" "x" "OR" "y" "NEAR" "z" "wo"*`);
    expect(toFtsQuery("  ;;; ")).toBeNull();
  });
  it("matches a one-character last word whole (a one-letter prefix would merge a large share of the index)", () => {
    expect(toFtsQuery("earthquake a")).toBe(`"earthquake" "a"`);
    expect(toTsQuery("earthquake a")).toBe("earthquake & a");
    expect(toFtsQuery("earthquake ab")).toBe(`"earthquake" "ab"*`);
    expect(toTsQuery("Earthquake AB")).toBe("earthquake & ab:*");
  });
});

describe("pgCandidatePlan", () => {
  it("walks the newest ids when most articles match, takes the GIN bitmap when few do or nothing is known", () => {
    expect(pgCandidatePlan(100_000, 100_000)).toBe("walk"); // the commonest word: 500 vectors tested
    expect(pgCandidatePlan(30_000, 100_000)).toBe("walk"); // ~1,700 tested against 30,000 heap visits
    expect(pgCandidatePlan(9_000, 100_000)).toBe("bitmap"); // two topic words: ~5,600 tested against 9,000 visits
    expect(pgCandidatePlan(3, 3)).toBe("bitmap"); // a small table: everything is cheap, the bitmap is exact
    expect(pgCandidatePlan(0, 100_000)).toBe("bitmap");
    expect(pgCandidatePlan(50, -1)).toBe("bitmap"); // never analysed
    expect(SEARCH_CANDIDATES).toBeGreaterThan(0);
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

  it("finds a two-letter prefix (FTS5's prefix index on SQLite) and a one-letter word whole", async () => {
    expect((await searchArticles(t.db, "ea")).map((h) => h.id)).toEqual([quake]);
    expect((await searchArticles(t.db, "earthquake co")).map((h) => h.id)).toEqual([quake]);
    expect(await searchArticles(t.db, "e")).toEqual([]); // no word "e"; as a prefix it would match "earthquake"
  });

  it("gives the same hits whichever way PostgreSQL finds the candidates", async () => {
    if (engineOf(t.db) !== "postgresql") return;
    for (const q of ["earthquake", "coast earth", "the"]) {
      const walk = await searchArticles(t.db, q, { candidatePlan: "walk" });
      expect(walk.length).toBeGreaterThan(0);
      expect(await searchArticles(t.db, q, { candidatePlan: "bitmap" })).toEqual(walk);
      expect(await searchArticles(t.db, q)).toEqual(walk);
    }
  });

  it("keeps SQLite's search index with prefix indexes of 2 and 3 characters (migration *_article_fts_prefix)", async () => {
    if (engineOf(t.db) !== "sqlite") return;
    const [row] = await queryRows<{ sql: string }[]>(t.db, sql`SELECT "sql" AS "sql" FROM sqlite_master WHERE "name" = 'ArticleFts'`);
    expect(row!.sql).toMatch(/prefix\s*=\s*'2 3'/);
  });

  it("rebuilds the index of a database that already holds articles (the migration run again on this one)", async () => {
    if (engineOf(t.db) !== "sqlite") return;
    const migration = readFileSync(join(import.meta.dirname, "..", "..", "prisma", "migrations", "20261202150000_article_fts_prefix", "migration.sql"), "utf8");
    await t.db.$executeRawUnsafe(`DROP TABLE "ArticleFts"`);
    await t.db.$executeRawUnsafe(`CREATE VIRTUAL TABLE "ArticleFts" USING fts5(title, text, content="Article", content_rowid="id", tokenize="unicode61 remove_diacritics 2")`);
    await t.db.$executeRawUnsafe(`INSERT INTO "ArticleFts"("ArticleFts") VALUES ('rebuild')`);
    for (const statement of migration.replace(/--[^\n]*\n/g, "").split(";").map((x) => x.trim()).filter(Boolean)) await t.db.$executeRawUnsafe(statement);
    expect((await searchArticles(t.db, "ea")).map((h) => h.id)).toEqual([quake]);
    const quakeAgain = await seedArticle(t.db, { host: "a.example", title: "Aftershock", text: "Another earthquake hit the coast." });
    expect((await searchArticles(t.db, "earthq")).map((h) => h.id).sort()).toEqual([quake, quakeAgain].sort()); // the triggers still feed it
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
  it("gives the snippet of the straightforward algorithm (every token folded, every window counted) on random texts", () => {
    const vocab = ["élection", "Election", "ELECT", "electorate", "the", "Straße", "İstanbul", "istanbul", "café", "cafe", "naïve",
      "w0", "w01", "x", "Ölçek", "ölçek", "minister", "Ministers", "earthquake", "a", "ﬁne", "e\u0301lan", "ÉLAN", "1999", "ΣΟΦΙΑ", "σοφια", "日本語"];
    let seed = 7;
    const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const pick = () => vocab[Math.floor(rand() * vocab.length)]!;
    let compared = 0;
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: Math.floor(rand() * 80) }, () => pick() + (rand() < 0.1 ? ", " : rand() < 0.1 ? ". " : " ")).join("");
      const q = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick().normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase());
      const last = q[q.length - 1]!;
      const w = words(q.slice(0, -1), last.slice(0, 1 + Math.floor(rand() * last.length)));
      expect(ftsSnippet(text, w)).toBe(referenceSnippet(text, w));
      compared++;
    }
    expect(compared).toBe(3000);
  });
});

/** ftsSnippet's definition, written plainly (the code before its one-pass rewrite): the reference it must match. */
function referenceSnippet(text: string, words: { terms: string[]; prefix: string | null }): string {
  const fold = (t: string) => t.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
  const tokens = [...text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)].map((m) => ({ start: m.index, end: m.index + m[0].length, folded: fold(m[0]) }));
  if (tokens.length === 0) return "";
  const termOf = (f: string) => {
    const i = words.terms.indexOf(f);
    return i >= 0 ? i : words.prefix !== null && f.startsWith(words.prefix) ? words.terms.length : -1;
  };
  const hit = tokens.map((t) => termOf(t.folded));
  const size = Math.min(24, tokens.length);
  let best = 0, bestDistinct = -1, bestCount = -1;
  for (let start = 0; start + size <= tokens.length; start++) {
    if (hit[start]! < 0 && start > 0) continue;
    const seen = new Set<number>();
    let count = 0;
    for (let k = start; k < start + size; k++) if (hit[k]! >= 0) { seen.add(hit[k]!); count++; }
    if (seen.size > bestDistinct || (seen.size === bestDistinct && count > bestCount)) { best = start; bestDistinct = seen.size; bestCount = count; }
  }
  const lead = bestCount > 0 && best > 0 ? Math.min(best, Math.floor(size / 4)) : 0;
  const from = best - lead, to = Math.min(tokens.length, from + size);
  let out = from > 0 ? "…" : "";
  let at = tokens[from]!.start;
  for (let k = from; k < to; k++) {
    out += text.slice(at, tokens[k]!.start);
    out += hit[k]! >= 0 ? `${MARK_START}${text.slice(tokens[k]!.start, tokens[k]!.end)}${MARK_END}` : text.slice(tokens[k]!.start, tokens[k]!.end);
    at = tokens[k]!.end;
  }
  return to < tokens.length ? `${out}…` : out + text.slice(at).trimEnd();
}

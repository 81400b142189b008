import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createTestDb, testEngine, type TestDb } from "../helpers/db.ts";
import { fingerprint } from "../../lib/dedup/fingerprint.ts";
import { ArticleNotFoundError, findDuplicate, indexSimhash, listAlsoPublishedBy, saveDedupResult } from "../../lib/db/dedup.ts";
import { seedArticle } from "./seed.ts";

const docs = readFileSync(join(import.meta.dirname, "..", "fixtures", "stories", "ecbplus-sample.jsonl"), "utf8")
  .trim().split("\n").map((l) => JSON.parse(l) as { doc_id: string; text: string });

let t: TestDb;
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestDb();
  for (const [i, d] of docs.slice(0, 40).entries()) {
    const id = await seedArticle(t.db, { url: `https://news${i % 5}.example/${d.doc_id}`, text: d.text });
    await saveDedupResult(t.db, id, fingerprint(d.text).simhash, null);
    ids.push(id);
  }
});
afterAll(async () => t.cleanup());

describe("findDuplicate on a real database", () => {
  it("finds nothing for a new, different article", async () => {
    const text = docs[50].text;
    expect(await findDuplicate(t.db, { url: "https://other.example/x", ...fingerprint(text) })).toBeNull();
  });

  it("finds a canonical-URL duplicate through URL variants", async () => {
    const m = await findDuplicate(t.db, { url: `http://www.news0.example/${docs[0].doc_id}/?utm_source=rss`, ...fingerprint("unrelated") });
    expect(m).toEqual({ kind: "canonical", originalId: ids[0], distance: 0 });
  });

  it("finds an exact copy with different white space and case", async () => {
    const text = `\n${docs[7].text.toUpperCase()}  `;
    const m = await findDuplicate(t.db, { url: "https://mirror.example/a", ...fingerprint(text) });
    expect(m).toEqual({ kind: "exact", originalId: ids[7], distance: 0 });
  });

  it("finds a syndicated near-duplicate of a real article through the band index, links it, lists it", async () => {
    const original = docs[22].text; // a 727-word article
    const copy = `${original.replace(/\s*$/, "")}\nReporting by the Example Wire desk.`;
    const fp = fingerprint(copy);
    const m = await findDuplicate(t.db, { url: "https://syndicate.example/copy", ...fp });
    expect(m?.kind).toBe("near");
    expect(m?.originalId).toBe(ids[22]);
    expect(m?.distance).toBeLessThanOrEqual(3);

    const copyId = await seedArticle(t.db, { url: "https://syndicate.example/copy", text: copy, host: "syndicate.example" });
    await saveDedupResult(t.db, copyId, fp.simhash, m);
    const also = await listAlsoPublishedBy(t.db, copyId);
    expect(also.map((a) => [a.articleId, a.kind])).toEqual([[ids[22], "original"]]);
    const fromOriginal = await listAlsoPublishedBy(t.db, ids[22]);
    expect(fromOriginal.map((a) => [a.articleId, a.kind, a.siteName])).toEqual([[copyId, "near", "syndicate.example"]]);
    // A duplicate was not indexed; the original stays the root for the next copy.
    const again = await findDuplicate(t.db, { url: "https://third.example/c", ...fingerprint(`${copy} `) });
    expect(again).toMatchObject({ kind: "exact", originalId: ids[22] });
  });

  // SQLite's plan; PostgreSQL's planner picks a scan for tables this small, whatever the indexes.
  it.skipIf(testEngine() === "postgresql")("uses the band index rather than a scan", async () => {
    const plan = await t.db.$queryRawUnsafe<{ detail: string }[]>(
      "EXPLAIN QUERY PLAN SELECT articleId FROM SimhashBand WHERE band = 0 AND value = 1 LIMIT 200",
    );
    expect(plan.map((p) => p.detail).join(" ")).toMatch(/USING (COVERING )?INDEX/);
  });
  it("raw writes read back through the ORM: bands re-indexed in place, a duplicate joins its original's story", async () => {
    const fp = fingerprint(docs[3].text);
    await indexSimhash(t.db, ids[3], fp.simhash);
    const bands = await t.db.simhashBand.findMany({ where: { articleId: ids[3] }, orderBy: { band: "asc" } });
    expect(bands.map((b) => b.band)).toEqual([0, 1, 2, 3]);
    // excludeArticleId: the stored article itself is not its own duplicate
    expect(await findDuplicate(t.db, { url: "https://elsewhere.example/3", ...fp, excludeArticleId: ids[3] })).toBeNull();
    const byUrl = await findDuplicate(t.db, { url: `https://news3.example/${docs[3].doc_id}`, ...fp });
    expect(byUrl).toEqual({ kind: "canonical", originalId: ids[3], distance: 0 });

    const story = await t.db.story.create({ data: { headline: "h", firstSeenAt: new Date(), lastSeenAt: new Date() } });
    await t.db.article.update({ where: { id: ids[4] }, data: { storyId: story.id } });
    const copyId = await seedArticle(t.db, { url: "https://copy.example/4", text: docs[4].text, host: "copy.example" });
    const match = await findDuplicate(t.db, { url: "https://copy.example/4", ...fingerprint(docs[4].text), excludeArticleId: copyId });
    expect(match).toEqual({ kind: "exact", originalId: ids[4], distance: 0 });
    await saveDedupResult(t.db, copyId, fingerprint(docs[4].text).simhash, match);
    const copy = await t.db.article.findUniqueOrThrow({ where: { id: copyId }, select: { duplicateOfId: true, duplicateKind: true, storyId: true } });
    expect(copy).toEqual({ duplicateOfId: ids[4], duplicateKind: "exact", storyId: story.id });
    expect(await t.db.simhashBand.count({ where: { articleId: copyId } })).toBe(0);

    const missing = saveDedupResult(t.db, 999_999, fingerprint(docs[4].text).simhash, match);
    await expect(missing).rejects.toBeInstanceOf(ArticleNotFoundError);
    await expect(missing).rejects.toMatchObject({ key: "article_not_found" });
  });
});

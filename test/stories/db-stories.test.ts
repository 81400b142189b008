import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createTestDb, type TestDb, testEngine } from "../helpers/db.ts";
import { assignStory, countDocuments, getStory, listStories, mergeStories } from "../../lib/db/stories.ts";
import { saveArticleEntities, listArticleEntities } from "../../lib/db/entities.ts";
import { extractEntities } from "../../lib/entities/extract-entities.ts";
import { seedArticle } from "../dedup/seed.ts";

interface Doc { doc_id: string; story_cluster: string; text: string }
const docs = readFileSync(join(import.meta.dirname, "..", "fixtures", "stories", "ecbplus-sample.jsonl"), "utf8")
  .trim().split("\n").map((l) => JSON.parse(l) as Doc);

let t: TestDb;
beforeAll(async () => { t = await createTestDb(); });
afterAll(async () => t.cleanup());

describe("assignStory and mergeStories on a real database", () => {
  it("groups two clusters' articles into their own stories, with entities, sources and index rows", async () => {
    const a = docs.filter((d) => d.story_cluster === "3_ecb").slice(0, 4);
    const b = docs.filter((d) => d.story_cluster === "13_ecb").slice(0, 4);
    const storyOf = new Map<string, number>();
    for (const [i, d] of [...a, ...b].entries()) {
      const id = await seedArticle(t.db, { url: `https://site${i % 3}.example/${d.doc_id}`, text: d.text });
      const entities = await saveArticleEntities(t.db, id, extractEntities(d.text.slice(0, 1200)));
      const storyId = await assignStory(t.db, { id, text: d.text, url: `https://site${i % 3}.example/${d.doc_id}`, entities });
      storyOf.set(d.doc_id, storyId);
      expect((await t.db.article.findUnique({ where: { id }, select: { storyId: true } }))?.storyId).toBe(storyId);
      expect((await listArticleEntities(t.db, id)).length).toBeGreaterThan(0);
    }
    await mergeStories(t.db);
    const resolved = async (docId: string) => (await getStory(t.db, storyOf.get(docId)!))!.id;
    const aStories = new Set(await Promise.all(a.map((d) => resolved(d.doc_id))));
    const bStories = new Set(await Promise.all(b.map((d) => resolved(d.doc_id))));
    expect([...aStories].some((s) => bStories.has(s))).toBe(false);
    expect(Math.min(aStories.size, bStories.size)).toBeLessThanOrEqual(2);

    const list = await listStories(t.db);
    const big = list.sort((x, y) => y.articleCount - x.articleCount)[0];
    expect(big.articleCount).toBeGreaterThanOrEqual(3);
    expect(big.sourceCount).toBeGreaterThanOrEqual(2);
    expect(big.entityKeys.length).toBeGreaterThan(0);
    const story = await getStory(t.db, big.id);
    expect(story?.articles.length).toBe(big.articleCount);
    expect(await t.db.storyTerm.count({ where: { storyId: big.id } })).toBeGreaterThan(5);
    expect(await countDocuments(t.db)).toBe(8);
  }, 60_000);

  it("reads a candidate's profile as stored now, when it was rewritten since this process last read it", async () => {
    const d = docs.find((x) => x.story_cluster === "9_ecbplus")!;
    const assign = async (n: number) => {
      const url = `https://copy${n}.example/${d.doc_id}`;
      const id = await seedArticle(t.db, { url, text: d.text });
      return assignStory(t.db, { id, text: d.text, url, entities: [] });
    };
    const storyId = await assign(1);
    // The second and third copies join, reading the profile (the third reads the one the second wrote).
    expect(await assign(2)).toBe(storyId);
    expect(await assign(3)).toBe(storyId);
    // Another process rewrites the profile (here: its article count) after this one read and wrote it.
    const { profile } = (await t.db.story.findUnique({ where: { id: storyId }, select: { profile: true } }))!;
    const rewritten = JSON.stringify({ ...JSON.parse(profile), articles: 40 });
    await t.db.story.update({ where: { id: storyId }, data: { profile: rewritten } });
    expect(await assign(4)).toBe(storyId);
    const after = JSON.parse((await t.db.story.findUnique({ where: { id: storyId }, select: { profile: true } }))!.profile) as { articles: number };
    expect(after.articles).toBe(41);
  });

  // SQLite: the look-up walks the index, so postings of equal lastSeenAt come in its order (PostgreSQL sorts small tables).
  it.skipIf(testEngine() === "postgresql")("gives postings of equal lastSeenAt newest write first, as rowids did", async () => {
    const at = new Date("2026-11-01T00:00:00Z");
    const story = async () => (await t.db.story.create({ data: { headline: "h", firstSeenAt: at, lastSeenAt: at, profile: "{}" } })).id;
    const [a, b] = [await story(), await story()];
    const write = (storyId: number) => t.db.storyTerm.create({ data: { term: "tie-term", storyId, weight: 1, lastSeenAt: at } });
    const newest = async () => (await t.db.$queryRawUnsafe<{ storyId: number }[]>(
      `SELECT "term", "storyId" FROM "StoryTerm" WHERE "term" = 'tie-term' AND "lastSeenAt" >= ? ORDER BY "lastSeenAt" DESC LIMIT 1`, at.toISOString().replace("Z", "+00:00"),
    ))[0]!.storyId;
    await write(a);
    await write(b);
    expect(await newest()).toBe(b);
    // Story a's index rewritten (writeStoryIndex: delete, insert): its posting is now the latest write.
    await t.db.storyTerm.deleteMany({ where: { storyId: a } });
    await write(a);
    expect(await newest()).toBe(a);
  });

  // SQLite's plan; PostgreSQL's planner picks a scan for tables this small, whatever the indexes.
  it.skipIf(testEngine() === "postgresql")("looks candidates up in the (term, lastSeenAt, id, storyId) index alone", async () => {
    const plan = await t.db.$queryRawUnsafe<{ detail: string }[]>(
      "EXPLAIN QUERY PLAN SELECT term, storyId FROM StoryTerm WHERE term = 'x' AND lastSeenAt >= 0 ORDER BY lastSeenAt DESC LIMIT 200",
    );
    expect(plan.map((p) => p.detail).join(" ")).toMatch(/COVERING INDEX StoryTerm_term_lastSeenAt_id_storyId_idx/);
  });
});

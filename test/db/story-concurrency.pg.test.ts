// PostgreSQL: story assignment from several clients at once (as several worker processes run it, each
// with its own connections, so the assignments really overlap): copies of one new event's article,
// assigned concurrently, open one story, never two; nothing deadlocks; every assignment counts one
// document. (SQLite serialises assignments with its write lock; several SQLite clients in one process
// would block each other's event loop, so there the multi-process durability test covers it.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDb, tuneConnection, type Db } from "../../lib/db/client.ts";
import { assignStory, countDocuments } from "../../lib/db/stories.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { seedArticle } from "../dedup/seed.ts";

interface Doc { doc_id: string; story_cluster: string; text: string }
const docs = readFileSync(join(import.meta.dirname, "..", "fixtures", "stories", "ecbplus-sample.jsonl"), "utf8")
  .trim().split("\n").map((l) => JSON.parse(l) as Doc);

/** Clients assigning at once (worker processes), and copies of each event's article (sites reporting it). */
const CLIENTS = 4;
const COPIES = 4;

let t: TestDb;
const clients: Db[] = [];
beforeAll(async () => {
  t = await createTestDb();
  for (let i = 0; i < CLIENTS; i++) {
    const db = openDb(t.url);
    await tuneConnection(db);
    clients.push(db);
  }
});
afterAll(async () => {
  for (const c of clients) await c.$disconnect();
  await t.cleanup();
});

it("copies of one new event's article assigned from 4 clients at once share one story", async () => {
  // One article from each of 3 different events, COPIES copies of each on different sites.
  const events = [...new Map(docs.map((d) => [d.story_cluster, d])).values()].slice(0, 3);
  expect(events).toHaveLength(3);
  const articles: { id: number; url: string; text: string; event: string }[] = [];
  for (const d of events) {
    for (let c = 0; c < COPIES; c++) {
      const url = `https://copy${c}.example/${d.doc_id}`;
      articles.push({ id: await seedArticle(t.db, { url, text: d.text }), url, text: d.text, event: d.story_cluster });
    }
  }
  // Interleave events so that copies of one event are assigned by different clients at the same time.
  const storyIds = await Promise.all(articles.map((a, i) => assignStory(clients[i % CLIENTS]!, { id: a.id, text: a.text, url: a.url })));
  const byEvent = new Map<string, Set<number>>();
  articles.forEach((a, i) => byEvent.set(a.event, (byEvent.get(a.event) ?? new Set()).add(storyIds[i]!)));
  for (const [event, stories] of byEvent) expect(stories.size, `event ${event}: one story`).toBe(1);
  expect(await t.db.story.count()).toBe(events.length);
  expect(await countDocuments(t.db)).toBe(articles.length);
  const linked = await t.db.article.findMany({ where: { id: { in: articles.map((a) => a.id) } }, select: { id: true, storyId: true } });
  for (const [i, a] of articles.entries()) expect(linked.find((l) => l.id === a.id)?.storyId).toBe(storyIds[i]);
}, 120_000);

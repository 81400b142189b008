// lib/db/client.ts tuneConnection on a real SQLite file: the connection's pragmas, and what they change —
// a committed write stays in the WAL until ~10,000 pages have gathered there (SQLite's default copies them
// into the database file every 1,000). PostgreSQL has nothing to tune: tuneConnection leaves it as it is.
import { afterAll, beforeAll, expect, it } from "vitest";
import { existsSync, statSync } from "node:fs";
import { createTestDb, testEngine, type TestDb } from "../helpers/db.ts";
import { tuneConnection } from "../../lib/db/client.ts";
import { execute } from "../../lib/db/direct.ts";
import { sql } from "../../lib/db/sql.ts";

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.cleanup();
});

const pragma = async (name: string) => {
  const rows = await t.db.$queryRawUnsafe<Record<string, unknown>[]>(`PRAGMA ${name}`);
  return Number(Object.values(rows[0]!)[0]);
};

it.runIf(testEngine() === "sqlite")("sets WAL, NORMAL sync, temporary storage in memory, a 10,000-page auto-checkpoint and a 64 MiB WAL limit", async () => {
  expect(await pragma("synchronous")).toBe(1);
  expect(await pragma("temp_store")).toBe(2);
  expect(await pragma("wal_autocheckpoint")).toBe(10_000);
  expect(await pragma("journal_size_limit")).toBe(64 * 2 ** 20);
  const [mode] = await t.db.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
  expect(mode!.journal_mode).toBe("wal");
});

it.runIf(testEngine() === "sqlite")("keeps ~2,000 committed pages in the WAL instead of checkpointing them at 1,000", async () => {
  const site = await t.db.site.create({ data: { seedUrl: "https://tune.example/", host: "tune.example", name: "Tune" } });
  const dbSize = statSync(t.file).size;
  // 40 commits of 200 KB each: ~2,000 pages of 4 KB (bodies do not compress in SQLite).
  for (let i = 0; i < 40; i++) {
    const body = Buffer.alloc(200_000, i);
    await execute(t.db, sql`INSERT INTO "Page" ("url", "siteId", "finalUrl", "status", "size", "contentHash", "rawBody", "fetchedAt")
      VALUES (${`https://tune.example/${i}`}, ${site.id}, ${`https://tune.example/${i}`}, 200, ${body.length}, ${`h${i}`}, ${body}, ${new Date()})`);
  }
  expect(await t.db.page.count({ where: { siteId: site.id } })).toBe(40);
  expect(existsSync(`${t.file}-wal`)).toBe(true);
  expect(statSync(`${t.file}-wal`).size).toBeGreaterThan(1_500 * 4096);
  // Nothing copied into the database file yet: it has its size from before the writes.
  expect(statSync(t.file).size).toBe(dbSize);
});

it("tuneConnection can run again on a tuned connection (either engine)", async () => {
  await expect(tuneConnection(t.db)).resolves.toBeUndefined();
});

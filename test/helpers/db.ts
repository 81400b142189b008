// A real, throw-away SQLite database with every migration applied, for one test file.
import Database from "better-sqlite3";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb, tuneConnection, type Db } from "../../lib/db/client.ts";

const migrationsDir = join(import.meta.dirname, "..", "..", "prisma", "migrations");

export function applyMigrations(file: string): void {
  const sqlite = new Database(file);
  for (const dir of readdirSync(migrationsDir).filter((d) => /^\d/.test(d)).sort()) {
    sqlite.exec(readFileSync(join(migrationsDir, dir, "migration.sql"), "utf8"));
  }
  sqlite.close();
}

export interface TestDb {
  url: string;
  file: string;
  dir: string;
  db: Db;
  cleanup(): Promise<void>;
}

export async function createTestDb(): Promise<TestDb> {
  const dir = mkdtempSync(join(tmpdir(), "lede-test-"));
  const file = join(dir, "test.db");
  applyMigrations(file);
  const url = `file:${file}`;
  const db = openDb(url);
  await tuneConnection(db);
  return {
    url, file, dir, db,
    async cleanup() {
      await db.$disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

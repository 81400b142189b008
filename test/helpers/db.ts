// A real, throw-away database with every migration applied, for one test file. SQLite by default;
// PostgreSQL when LEDE_TEST_DB=postgresql (the vitest "postgresql" project, whose globalSetup
// test/setup/postgres.ts provides LEDE_TEST_PG_URL and a migrated template database).
import Database from "better-sqlite3";
import pg from "pg";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb, tuneConnection, type Db } from "../../lib/db/client.ts";
import { withDatabase } from "../../lib/db/pg-adapter.ts";
import type { Engine } from "../../lib/db/engine.ts";

const prismaDir = join(import.meta.dirname, "..", "..", "prisma");
const migrationsDir = join(prismaDir, "migrations");
const pgMigrationsDir = join(prismaDir, "postgres", "migrations");
/** The migrated database each PostgreSQL test database is a copy of. */
export const PG_TEMPLATE_DB = "lede_test_template";

const migrationFiles = (dir: string) =>
  readdirSync(dir).filter((d) => /^\d/.test(d)).sort().map((d) => readFileSync(join(dir, d, "migration.sql"), "utf8"));

/**
 * Every SQLite migration, recorded in Prisma's own _prisma_migrations table as `prisma migrate deploy`
 * records them (name, checksum), so commands that migrate a database missing migrations
 * (lib/db/migrate.ts migrateIfNeeded) see this one as up to date.
 */
export function applyMigrations(file: string): void {
  const sqlite = new Database(file);
  sqlite.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME, "migration_name" TEXT NOT NULL,
    "logs" TEXT, "rolled_back_at" DATETIME, "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`);
  const record = sqlite.prepare(`INSERT INTO "_prisma_migrations" ("id", "checksum", "finished_at", "migration_name", "applied_steps_count")
    VALUES (?, ?, current_timestamp, ?, 1)`);
  for (const name of readdirSync(migrationsDir).filter((d) => /^\d/.test(d)).sort()) {
    const sql = readFileSync(join(migrationsDir, name, "migration.sql"), "utf8");
    sqlite.exec(sql);
    record.run(randomUUID(), createHash("sha256").update(sql).digest("hex"), name);
  }
  sqlite.close();
}

export async function applyPgMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const sql of migrationFiles(pgMigrationsDir)) await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The engine the tests of this process run on. */
export function testEngine(): Engine {
  return process.env.LEDE_TEST_DB === "postgresql" ? "postgresql" : "sqlite";
}

export interface TestDb {
  url: string;
  /** The SQLite file (PostgreSQL: a path in `dir` that does not exist). */
  file: string;
  dir: string;
  db: Db;
  engine: Engine;
  cleanup(): Promise<void>;
}

async function createPgTestDb(dir: string): Promise<TestDb> {
  const base = process.env.LEDE_TEST_PG_URL;
  if (!base) throw new Error("LEDE_TEST_DB=postgresql needs LEDE_TEST_PG_URL (the vitest postgresql project's globalSetup sets it)");
  const name = `lede_test_${randomUUID().replace(/-/g, "")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${PG_TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(base, name);
  const db = openDb(url);
  return {
    url, file: join(dir, "test.db"), dir, db, engine: "postgresql",
    async cleanup() {
      await db.$disconnect();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function createTestDb(): Promise<TestDb> {
  const dir = mkdtempSync(join(tmpdir(), "lede-test-"));
  if (testEngine() === "postgresql") return createPgTestDb(dir);
  const file = join(dir, "test.db");
  applyMigrations(file);
  const url = `file:${file}`;
  const db = openDb(url);
  await tuneConnection(db);
  return {
    url, file, dir, db, engine: "sqlite",
    async cleanup() {
      await db.$disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Apply pending migrations with Prisma's CLI (bundled WASM schema engine, works offline).
// Must run before any process opens the database: the schema engine takes an exclusive lock.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import Database from "better-sqlite3";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { getEnv, sqlitePath } from "../config.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export class MigrationError extends Error {
  readonly key = "migration_failed";
}

export function migrateDatabase(url = getEnv().DATABASE_URL): string {
  const file = sqlitePath(url);
  if (file) mkdirSync(dirname(file), { recursive: true });
  const res = spawnSync(join(root, "node_modules", ".bin", "prisma"), ["migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    encoding: "utf8",
  });
  const out = `${res.stdout ?? ""}${res.stderr ?? ""}`;
  if (res.status !== 0) throw new MigrationError(`prisma migrate deploy failed:\n${out.trim()}`);
  return out;
}

const migrationsDir = join(root, "prisma", "migrations");

/**
 * Migrations in prisma/migrations that the database has not applied (all of them for a new file);
 * null when the database is not a SQLite file (ask `prisma migrate status` there). Reads the
 * _prisma_migrations table read-only, so it is safe while other processes use the database.
 */
export function pendingMigrations(url = getEnv().DATABASE_URL): string[] | null {
  const file = sqlitePath(url);
  if (!file) return null;
  const all = readdirSync(migrationsDir).filter((d) => /^\d/.test(d)).sort();
  if (!existsSync(file)) return all;
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`).get();
    if (!table) return all;
    const done = new Set((sqlite.prepare(`SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`).all() as { name: string }[]).map((r) => r.name));
    return all.filter((m) => !done.has(m));
  } finally {
    sqlite.close();
  }
}

/**
 * Before a command opens the database: a database that is missing migrations (a new file, or an
 * older Lede's) is migrated first, saying so, instead of failing with a Prisma stack trace.
 */
export function migrateIfNeeded(url = getEnv().DATABASE_URL, say: (msg: string) => void = () => {}): number {
  const pending = pendingMigrations(url);
  if (!pending || pending.length === 0) return 0;
  say(`the database ${url} is missing ${pending.length} migration${pending.length === 1 ? "" : "s"}; applying them (as \`lede migrate\` does)…`);
  migrateDatabase(url);
  return pending.length;
}

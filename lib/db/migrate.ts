// Apply pending migrations with Prisma's CLI (bundled WASM schema engine, works offline).
// Must run before any process opens the database: the schema engine takes an exclusive lock.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
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

// Run the Prisma CLI for one engine: prisma.config.ts picks the schema, migrations and driver adapter
// from DATABASE_URL, so the engine is chosen by the URL handed to the child.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "./pg-schema.mjs";

/** A URL that only selects PostgreSQL in prisma.config.ts (commands that never connect). */
export const PG_OFFLINE_URL = "postgresql://lede@127.0.0.1:1/lede";
/** A scratch SQLite file: the schema engine opens the configured database even to diff migrations. */
export const SQLITE_OFFLINE_URL = `file:${join(mkdtempSync(join(tmpdir(), "lede-prisma-")), "scratch.db")}`;

export function prisma(args, { url, capture = false } = {}) {
  const res = spawnSync(join(root, "node_modules", ".bin", "prisma"), args, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    encoding: "utf8",
    stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  if (res.status !== 0) {
    throw new Error(`prisma ${args.join(" ")} failed (exit ${res.status ?? res.signal})${capture ? `:\n${res.stdout}${res.stderr}` : ""}`);
  }
  return res.stdout ?? "";
}

/** Both generated clients: lib/generated/prisma (SQLite) and lib/generated/prisma-pg (PostgreSQL). */
export function generateClients() {
  prisma(["generate"], { url: SQLITE_OFFLINE_URL });
  prisma(["generate"], { url: PG_OFFLINE_URL });
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === "generate") generateClients();

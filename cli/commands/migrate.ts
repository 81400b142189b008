import { migrateDatabase } from "../../lib/db/migrate.ts";
import { getEnv } from "../../lib/config.ts";
import { redactUrl } from "../../lib/db/engine.ts";

export const summary = "apply pending database migrations";

export async function run(argv: string[]): Promise<number> {
  if (argv.includes("--help")) {
    process.stdout.write("Usage: lede migrate\nApplies the migrations of DATABASE_URL's engine (SQLite: prisma/migrations, PostgreSQL: prisma/postgres/migrations).\n");
    return 0;
  }
  const out = migrateDatabase();
  const applied = /No pending migrations/.test(out) ? "up to date" : "migrations applied";
  process.stderr.write(`lede migrate: ${redactUrl(getEnv().DATABASE_URL)} ${applied}\n`);
  return 0;
}

import { migrateDatabase } from "../../lib/db/migrate.ts";
import { getEnv } from "../../lib/config.ts";

export const summary = "apply pending database migrations";

export async function run(argv: string[]): Promise<number> {
  if (argv.includes("--help")) {
    process.stdout.write("Usage: lede migrate\nApplies prisma/migrations to DATABASE_URL.\n");
    return 0;
  }
  const out = migrateDatabase();
  const applied = /No pending migrations/.test(out) ? "up to date" : "migrations applied";
  process.stderr.write(`lede migrate: ${getEnv().DATABASE_URL} ${applied}\n`);
  return 0;
}

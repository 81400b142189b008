#!/usr/bin/env node
// `npm run db:migration -- <name>`: one command that keeps both engines' migrations in step.
//   1. SQLite: the diff from prisma/migrations to prisma/schema.prisma becomes
//      prisma/migrations/<timestamp>_<name>/migration.sql (skipped when there is none: the SQLite
//      migration was written already, e.g. by another branch);
//   2. PostgreSQL: prisma/postgres/schema.prisma is derived again from prisma/schema.prisma, and the diff
//      from the previous PostgreSQL schema to the new one becomes
//      prisma/postgres/migrations/<timestamp>_<name>/migration.sql (schema to schema: no database needed);
//   3. both Prisma clients are generated.
// Prisma's schema engine opens a PostgreSQL connection even to diff two schema files: LEDE_PG_URL names
// a server to use, else a throw-away cluster is started for the diff (test/helpers/pg-cluster.ts).
// After merging branches that added SQLite migrations only, run it with no name: step 2 ports their
// schema changes (named after the newest SQLite migration). Raw SQL in a SQLite migration beyond what
// the schema says (triggers, virtual tables) is listed: it needs a hand-written PostgreSQL counterpart.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PG_SCHEMA, SQLITE_SCHEMA, root, writePgSchema } from "./pg-schema.mjs";
import { generateClients, prisma, SQLITE_OFFLINE_URL } from "./prisma.mjs";
import { register } from "tsx/esm/api";

const SQLITE_MIGRATIONS = join(root, "prisma", "migrations");
const PG_MIGRATIONS = join(root, "prisma", "postgres", "migrations");
const say = (m) => process.stderr.write(`db:migration: ${m}\n`);

const stamp = () => new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const folders = (dir) => readdirSync(dir).filter((d) => /^\d{14}_/.test(d)).sort();
/** True when a migration script has a statement (not only comments and blank lines). */
const hasStatements = (sql) => sql.split("\n").some((l) => l.trim() && !l.trim().startsWith("--"));

async function withPostgres(fn) {
  if (process.env.LEDE_PG_URL) return fn(process.env.LEDE_PG_URL);
  register();
  const { startCluster } = await import("../../test/helpers/pg-cluster.ts");
  const cluster = await startCluster();
  try {
    return fn(cluster.url);
  } finally {
    cluster.stop();
  }
}

async function main() {
  const arg = process.argv[2];
  if (arg && !/^[a-z0-9_]+$/.test(arg)) {
    say(`the name must be lower-case letters, digits and _ (got ${JSON.stringify(arg)})`);
    process.exit(2);
  }
  const ts = stamp();
  // 1. SQLite.
  const sqliteSql = prisma(["migrate", "diff", "--from-migrations", SQLITE_MIGRATIONS, "--to-schema-datamodel", SQLITE_SCHEMA, "--script"], { url: SQLITE_OFFLINE_URL, capture: true });
  let name = arg;
  if (hasStatements(sqliteSql)) {
    if (!name) { say("prisma/schema.prisma has changes without a migration: give the migration a name"); process.exit(2); }
    const dir = join(SQLITE_MIGRATIONS, `${ts}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "migration.sql"), sqliteSql);
    say(`wrote ${dir}/migration.sql`);
  } else {
    say("SQLite: migrations already match prisma/schema.prisma");
  }
  // 2. PostgreSQL.
  const before = readFileSync(PG_SCHEMA, "utf8");
  const tmp = mkdtempSync(join(tmpdir(), "lede-pg-schema-"));
  const previous = join(tmp, "schema.prisma");
  writeFileSync(previous, before);
  writePgSchema();
  try {
    const pgSql = await withPostgres((url) =>
      prisma(["migrate", "diff", "--from-schema-datamodel", previous, "--to-schema-datamodel", PG_SCHEMA, "--script"], { url, capture: true }));
    if (hasStatements(pgSql)) {
      const newestPg = folders(PG_MIGRATIONS).at(-1) ?? "";
      const ported = folders(SQLITE_MIGRATIONS).filter((d) => d > newestPg);
      name ??= ported.at(-1)?.slice(15) ?? "schema_change";
      const dir = join(PG_MIGRATIONS, `${ts}_${name}`);
      mkdirSync(dir, { recursive: true });
      const header = ported.length ? `-- PostgreSQL counterpart of SQLite's ${ported.join(", ")} (npm run db:migration).\n` : "";
      writeFileSync(join(dir, "migration.sql"), header + pgSql);
      say(`wrote ${dir}/migration.sql`);
      for (const d of ported) {
        const text = readFileSync(join(SQLITE_MIGRATIONS, d, "migration.sql"), "utf8");
        if (/CREATE\s+(VIRTUAL\s+TABLE|TRIGGER)|INSERT\s+INTO|UPDATE\s+"/i.test(text)) {
          say(`review ${d}: it has SQL beyond the schema (triggers, virtual tables, data changes); write its PostgreSQL counterpart by hand in ${dir}`);
        }
      }
    } else {
      say("PostgreSQL: migrations already match prisma/postgres/schema.prisma");
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  // 3. Clients.
  generateClients();
}

await main();

// prisma/postgres/schema.prisma is derived from prisma/schema.prisma (the one schema engineers edit):
// the same models, fields and indexes, with PostgreSQL's datasource and its own generated client.
// `node scripts/db/pg-schema.mjs` rewrites it; test/db/schema-sync.test.ts fails when it is stale.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const root = join(import.meta.dirname, "..", "..");
export const SQLITE_SCHEMA = join(root, "prisma", "schema.prisma");
export const PG_SCHEMA = join(root, "prisma", "postgres", "schema.prisma");

const HEADER = `// GENERATED from prisma/schema.prisma by scripts/db/pg-schema.mjs — do not edit by hand: edit
// prisma/schema.prisma and run \`npm run db:migration -- <name>\` (README "Migrations").
`;

/** The PostgreSQL schema text for a SQLite schema text. */
export function pgSchemaFrom(sqlite) {
  let out = sqlite;
  const swap = (from, to, what) => {
    if (!from.test(out)) throw new Error(`prisma/schema.prisma: cannot find ${what} to derive the PostgreSQL schema`);
    out = out.replace(from, to);
  };
  swap(/output\s*=\s*"\.\.\/lib\/generated\/prisma"/, 'output       = "../../lib/generated/prisma-pg"', "the generator output");
  swap(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"', 'provider = "sqlite"');
  swap(/url\s*=\s*"file:[^"]*"/, 'url      = "postgresql://localhost/lede"', "the datasource url");
  // Every DateTime is stored with its time zone (timestamptz), so raw comparisons with parameters are exact.
  out = out.replace(/^([ \t]+\w+[ \t]+DateTime\??)([ \t].*)?$/gm, (_m, head, rest = "") => {
    if (rest.includes("@db.")) return head + rest;
    const comment = rest.indexOf("//");
    return comment >= 0
      ? `${head}${rest.slice(0, comment).replace(/\s+$/, "")} @db.Timestamptz(3) ${rest.slice(comment)}`
      : `${head}${rest.replace(/\s+$/, "")} @db.Timestamptz(3)`;
  });
  return HEADER + out;
}

export function writePgSchema() {
  const text = pgSchemaFrom(readFileSync(SQLITE_SCHEMA, "utf8"));
  writeFileSync(PG_SCHEMA, text);
  return text;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writePgSchema();
  process.stdout.write(`wrote ${PG_SCHEMA}\n`);
}

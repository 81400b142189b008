// The two engines' schemas stay in step: prisma/postgres/schema.prisma is what scripts/db/pg-schema.mjs
// derives from prisma/schema.prisma (same models, fields and indexes), and every SQLite migration's
// tables exist in the PostgreSQL migrations. Fix a failure with `npm run db:migration` (README "Migrations").
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { PG_SCHEMA, SQLITE_SCHEMA, pgSchemaFrom } from "../../scripts/db/pg-schema.mjs";

const prismaDir = join(import.meta.dirname, "..", "..", "prisma");

/** model name → sorted field and block-attribute lines, without comments, @db types and spacing. */
function shape(schema: string): Map<string, string[]> {
  const models = new Map<string, string[]>();
  for (const m of schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const lines = m[2]!.split("\n")
      .map((l) => l.replace(/\/\/.*$/, "").replace(/@db\.\w+(\([^)]*\))?/g, "").trim().replace(/\s+/g, " "))
      .filter(Boolean);
    models.set(m[1]!, lines.sort());
  }
  return models;
}

it("prisma/postgres/schema.prisma is derived from prisma/schema.prisma (npm run db:migration rewrites it)", () => {
  const sqlite = readFileSync(SQLITE_SCHEMA, "utf8");
  expect(readFileSync(PG_SCHEMA, "utf8")).toBe(pgSchemaFrom(sqlite));
  expect(shape(readFileSync(PG_SCHEMA, "utf8"))).toEqual(shape(sqlite));
});

it("every table and index the SQLite migrations create, the PostgreSQL migrations create too", () => {
  const created = (dir: string) => {
    const sql = readdirSync(dir).filter((d) => /^\d/.test(d)).map((d) => readFileSync(join(dir, d, "migration.sql"), "utf8")).join("\n");
    const names = [...sql.matchAll(/CREATE (?:UNIQUE )?(?:TABLE|INDEX) "(\w+)"/g)].map((m) => m[1]!);
    const dropped = new Set([...sql.matchAll(/DROP (?:TABLE|INDEX) (?:IF EXISTS )?"(\w+)"/g)].map((m) => m[1]!));
    return new Set(names.filter((n) => !dropped.has(n)));
  };
  const pg = created(join(prismaDir, "postgres", "migrations"));
  // ArticleFts* is SQLite's FTS5 index (PostgreSQL: Article.searchVector); new_* are SQLite's table-rebuild copies.
  const missing = [...created(join(prismaDir, "migrations"))].filter((n) => !pg.has(n) && !/^(ArticleFts|new_)/.test(n));
  expect(missing, "run npm run db:migration to port them").toEqual([]);
});

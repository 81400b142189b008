// Portable SQL for both engines, in one place: every raw statement in lib/db is a Prisma.sql tagged
// template (values become bound parameters: `?` on SQLite, `$n` on PostgreSQL), never a string built
// from values. Rules that keep a statement valid on both (README "Portable SQL"):
//   - double-quote every camelCase identifier and alias ("publishedAt"): PostgreSQL lower-cases bare ones;
//   - compare booleans with true/false; pass Date objects (each adapter writes its own format);
//   - cast a parameter whose type PostgreSQL cannot infer (VALUES lists, GREATEST, bare SELECT);
//   - alias every subquery; no engine-only functions here: those live behind lib/db/dialect.ts.
import { Prisma } from "../generated/prisma/client.ts";

export type Sql = Prisma.Sql;
export const sql = Prisma.sql;
export const empty = Prisma.empty;

/** Fragments joined by a separator (default ", "). */
export function join(parts: readonly (Sql | unknown)[], separator = ", "): Sql {
  return Prisma.join(parts as unknown[], separator);
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A quoted identifier from the code's own constant lists (never from input: checked, throws). */
export function ident(name: string): Sql {
  if (!IDENTIFIER.test(name)) throw new Error(`not an SQL identifier: ${JSON.stringify(name)}`);
  return Prisma.raw(`"${name}"`);
}

/** A subquery alias from the code's own names (checked like ident). */
export function alias(name: string): Sql {
  return ident(name);
}

/** `"a" = ${va}, "b" = ${vb}` for an UPDATE's SET list. */
export function assignments(cols: readonly (readonly [string, unknown])[]): Sql {
  return join(cols.map(([c, v]) => sql`${ident(c)} = ${v}`));
}

/** `"a", "b"` for a column list. */
export function columns(names: readonly string[]): Sql {
  return join(names.map(ident));
}

/** `"a" = excluded."a", …` for an upsert's DO UPDATE SET list. */
export function excludedAssignments(names: readonly string[]): Sql {
  return join(names.map((n) => sql`${ident(n)} = excluded.${ident(n)}`));
}

/** `(v1, v2), (v3, v4)` for a multi-row VALUES list. */
export function valueRows(rows: readonly (readonly unknown[])[]): Sql {
  return join(rows.map((r) => sql`(${join(r)})`));
}

/** Number from a COUNT/id column (bigint on PostgreSQL, number or bigint on SQLite). */
export function num(v: unknown): number {
  return typeof v === "bigint" ? Number(v) : Number(v);
}

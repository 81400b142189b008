// The few SQL fragments that differ between SQLite and PostgreSQL, in one place. Statements that
// differ as a whole (search, host slots, singletons) have their own module with one implementation
// per engine; everything else in lib/db is the same text on both (lib/db/sql.ts).
import type { Db } from "./client.ts";
import { engineOf, type Engine } from "./engine.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { empty, ident, join, sql, type Sql } from "./sql.ts";

const raw = (text: string): Sql => Prisma.raw(text);

export interface Dialect {
  engine: Engine;
  /** Appended to a sub-select that claims rows: concurrent claims skip locked rows (PostgreSQL). */
  skipLocked: Sql;
  /** Appended to a SELECT inside a transaction that will update the rows it read (PostgreSQL). */
  forUpdate: Sql;
  /** SQLite planner hint `INDEXED BY "name"` after a table (PostgreSQL's planner needs none). */
  indexedBy(index: string): Sql;
  /** SQLite planner hint `NOT INDEXED` after a table: its rows are found by rowid (an `"id" IN (…)`), not through an index (PostgreSQL: none). */
  notIndexed: Sql;
  /** A DateTime column as its UTC hour, "YYYY-MM-DDTHH" (text). */
  utcHour(column: Sql): Sql;
  /**
   * A JSON array of strings, bound as ONE parameter, as a one-column sub-select ("value"): a batch
   * of keys for `IN (…)` without a bound parameter per key (bulk imports: far less per-row garbage
   * in Prisma's query path, and no 999-parameter limit on SQLite).
   */
  jsonTexts(json: string): Sql;
  /** A JSON array of objects, bound as one parameter, as rows with the named, typed columns (bulk INSERT … SELECT). */
  jsonRecords(json: string, cols: readonly JsonColumn[]): Sql;
}

/** A column of jsonRecords: its name (the JSON key) and type. Timestamps are ISO text ("…+00:00", as the SQLite adapter stores them). */
export interface JsonColumn {
  name: string;
  type: "text" | "int" | "bool" | "timestamp";
}

const PG_TYPES: Record<JsonColumn["type"], string> = { text: "text", int: "integer", bool: "boolean", timestamp: "timestamp(3)" };

const SQLITE: Dialect = {
  engine: "sqlite", skipLocked: empty, forUpdate: empty, indexedBy: (index) => sql`INDEXED BY ${ident(index)}`, notIndexed: sql`NOT INDEXED`,
  // The adapter stores DateTimes as ISO text ("2026-12-01T10:00:00.000+00:00"; older rows with a space).
  utcHour: (column) => sql`replace(substr(${column}, 1, 13), ' ', 'T')`,
  jsonTexts: (json) => sql`SELECT "value" FROM json_each(${json})`,
  // json_extract gives JSON true/false as 1/0, as the adapter stores booleans
  jsonRecords: (json, cols) => sql`(SELECT ${join(cols.map((c) => sql`json_extract("value", ${`$.${c.name}`}) AS ${ident(c.name)}`))} FROM json_each(${json})) AS "r"`,
};
const POSTGRESQL: Dialect = {
  engine: "postgresql", skipLocked: sql`FOR UPDATE SKIP LOCKED`, forUpdate: sql`FOR UPDATE`, indexedBy: () => empty, notIndexed: empty,
  utcHour: (column) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24')`,
  jsonTexts: (json) => sql`SELECT json_array_elements_text(CAST(${json} AS json)) AS "value"`,
  // a zone in the text is ignored by the cast to timestamp: the values are UTC, as Prisma stores them
  jsonRecords: (json, cols) => sql`json_to_recordset(CAST(${json} AS json)) AS ${ident("r")}(${join(cols.map((c) => sql`${ident(c.name)} ${raw(PG_TYPES[c.type])}`))})`,
};

export function dialect(db: Db): Dialect {
  return engineOf(db) === "postgresql" ? POSTGRESQL : SQLITE;
}

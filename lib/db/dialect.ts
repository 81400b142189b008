// The few SQL fragments that differ between SQLite and PostgreSQL, in one place. Statements that
// differ as a whole (search, host slots, singletons) have their own module with one implementation
// per engine; everything else in lib/db is the same text on both (lib/db/sql.ts).
import type { Db } from "./client.ts";
import { engineOf, type Engine } from "./engine.ts";
import { empty, ident, sql, type Sql } from "./sql.ts";

export interface Dialect {
  engine: Engine;
  /** Appended to a sub-select that claims rows: concurrent claims skip locked rows (PostgreSQL). */
  skipLocked: Sql;
  /** Appended to a SELECT inside a transaction that will update the rows it read (PostgreSQL). */
  forUpdate: Sql;
  /** SQLite planner hint `INDEXED BY "name"` after a table (PostgreSQL's planner needs none). */
  indexedBy(index: string): Sql;
  /** A DateTime column as its UTC hour, "YYYY-MM-DDTHH" (text). */
  utcHour(column: Sql): Sql;
}

const SQLITE: Dialect = {
  engine: "sqlite", skipLocked: empty, forUpdate: empty, indexedBy: (index) => sql`INDEXED BY ${ident(index)}`,
  // The adapter stores DateTimes as ISO text ("2026-12-01T10:00:00.000+00:00"; older rows with a space).
  utcHour: (column) => sql`replace(substr(${column}, 1, 13), ' ', 'T')`,
};
const POSTGRESQL: Dialect = {
  engine: "postgresql", skipLocked: sql`FOR UPDATE SKIP LOCKED`, forUpdate: sql`FOR UPDATE`, indexedBy: () => empty,
  utcHour: (column) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24')`,
};

export function dialect(db: Db): Dialect {
  return engineOf(db) === "postgresql" ? POSTGRESQL : SQLITE;
}

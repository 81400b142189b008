// The crawl path's statements on SQLite, run on the better-sqlite3 connection behind Prisma's adapter
// (lib/db/direct.ts decides when; this module only runs them). The adapter prepares every statement
// anew — SQLite parses and plans its text each time, ~34 parses per crawled page — and maps each result
// through three passes (declared types, row arrays, values). Here a statement text is prepared once per
// connection and kept in a bounded LRU cache, its column names and declared types are read once, and
// each row becomes its object in one pass. Values are bound and returned exactly as through the adapter
// (Date → ISO text "…+00:00", boolean → 1/0; rows as Prisma's $queryRaw types them), and errors mean what
// they meant: sqliteErrorCause gives a SQLite error the kind the adapter gives it (lib/db/direct.ts
// throws it as a DirectStatementError).
import { ColumnTypeEnum, type ColumnType } from "@prisma/driver-adapter-utils";
import type { Database, Statement } from "better-sqlite3";

/**
 * Prepared statements kept per connection. The crawl path runs ~40 distinct texts; texts that vary
 * with a list's length (IN lists, multi-row VALUES: one text per length) take the rest. A prepared
 * statement holds its compiled program (a few KB), so 500 stay within a few MB, and the least recently
 * used is finalised when a new text would exceed them.
 */
export const SQLITE_STATEMENT_CACHE_SIZE = 500;

interface Prepared {
  stmt: Statement;
  /** Returns rows (a SELECT, or a statement with RETURNING). */
  reader: boolean;
  names: string[];
  /** Column types from the declared types; null for an expression (inferred from its values, as the adapter does). */
  types: (ColumnType | null)[];
}

const caches = new WeakMap<Database, Map<string, Prepared>>();

function prepared(client: Database, sql: string): Prepared {
  let cache = caches.get(client);
  if (!cache) caches.set(client, (cache = new Map()));
  const hit = cache.get(sql);
  if (hit) {
    // Most recently used last: Map keeps insertion order.
    cache.delete(sql);
    cache.set(sql, hit);
    return hit;
  }
  const stmt = client.prepare(sql);
  const entry: Prepared = { stmt, reader: stmt.reader, names: [], types: [] };
  if (stmt.reader) {
    stmt.raw(true);
    for (const c of stmt.columns()) {
      entry.names.push(c.name);
      entry.types.push(declaredType(c.type));
    }
  }
  if (cache.size >= SQLITE_STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(sql, entry);
  return entry;
}

/** A parameter as the adapter binds it (its timestampFormat is the default, iso8601). */
function bindable(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString().replace("Z", "+00:00");
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof Uint8Array && !Buffer.isBuffer(v)) return Buffer.from(v);
  return v;
}

/** Rows of a statement, as objects typed as $queryRaw types them; [] for a statement that returns none. */
export function sqliteQuery<T>(client: Database, sql: string, values: readonly unknown[]): T {
  const p = prepared(client, sql);
  const args = values.map(bindable);
  if (!p.reader) {
    p.stmt.run(args);
    return [] as T;
  }
  const rows = p.stmt.all(args) as unknown[][];
  const types = p.types.map((t, i) => t ?? inferredType(rows, i));
  const { names } = p;
  const out = new Array<Record<string, unknown>>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const o: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) o[names[i]!] = fromSqlite(row[i], types[i]!);
    out[r] = o;
  }
  return out as T;
}

/** Rows changed by a statement. */
export function sqliteExecute(client: Database, sql: string, values: readonly unknown[]): number {
  return prepared(client, sql).stmt.run(values.map(bindable)).changes;
}

// ---- values, as @prisma/adapter-better-sqlite3 (mapDeclType, inferColumnType, mapRow) and lib/db/direct.ts (deserialise) give them ----

function declaredType(decl: string | null): ColumnType | null {
  switch (decl?.toUpperCase()) {
    case undefined: case "": return null;
    case "DECIMAL": return ColumnTypeEnum.Numeric;
    case "FLOAT": return ColumnTypeEnum.Float;
    case "DOUBLE": case "DOUBLE PRECISION": case "NUMERIC": case "REAL": return ColumnTypeEnum.Double;
    case "TINYINT": case "SMALLINT": case "MEDIUMINT": case "INT": case "INTEGER": case "SERIAL": case "INT2": return ColumnTypeEnum.Int32;
    case "BIGINT": case "UNSIGNED BIG INT": case "INT8": return ColumnTypeEnum.Int64;
    case "DATETIME": case "TIMESTAMP": return ColumnTypeEnum.DateTime;
    case "TIME": return ColumnTypeEnum.Time;
    case "DATE": return ColumnTypeEnum.Date;
    case "TEXT": case "CLOB": case "CHARACTER": case "VARCHAR": case "VARYING CHARACTER": case "NCHAR": case "NATIVE CHARACTER": case "NVARCHAR":
      return ColumnTypeEnum.Text;
    case "BLOB": return ColumnTypeEnum.Bytes;
    case "BOOLEAN": return ColumnTypeEnum.Boolean;
    case "JSONB": return ColumnTypeEnum.Json;
    default: return null;
  }
}

/** An expression column's type: from its first non-null value (integers arrive as bigint: the adapter's connection uses safe integers). */
function inferredType(rows: unknown[][], i: number): ColumnType {
  for (const row of rows) {
    const v = row[i];
    if (v === null) continue;
    if (typeof v === "string") return ColumnTypeEnum.Text;
    if (typeof v === "bigint") return ColumnTypeEnum.Int64;
    if (typeof v === "number") return ColumnTypeEnum.UnknownNumber;
    if (typeof v === "boolean") return ColumnTypeEnum.Boolean;
    return ColumnTypeEnum.Bytes;
  }
  return ColumnTypeEnum.Int32;
}

function fromSqlite(v: unknown, type: ColumnType): unknown {
  if (v === null || v === undefined) return null;
  switch (type) {
    case ColumnTypeEnum.Text: case ColumnTypeEnum.Json: case ColumnTypeEnum.UnknownNumber: case ColumnTypeEnum.Time:
      return typeof v === "bigint" ? v.toString() : Buffer.isBuffer(v) ? Array.from(v) : v;
    case ColumnTypeEnum.Int32:
      return typeof v === "number" && !Number.isInteger(v) ? Math.trunc(v) : Number(v);
    case ColumnTypeEnum.Int64:
      return typeof v === "bigint" ? v : BigInt(typeof v === "number" ? Math.trunc(v) : (v as string));
    case ColumnTypeEnum.Float: case ColumnTypeEnum.Double: case ColumnTypeEnum.Numeric:
      return Number(v);
    case ColumnTypeEnum.Boolean:
      return typeof v === "boolean" ? v : v === 1n || v === 1 || v === "1" || v === "t" || v === "true";
    case ColumnTypeEnum.DateTime:
      return typeof v === "number" || typeof v === "bigint" ? new Date(Number(v)) : new Date(String(v).replace(" ", "T"));
    case ColumnTypeEnum.Date:
      return typeof v === "number" ? new Date(v) : new Date(String(v).replace(" ", "T"));
    case ColumnTypeEnum.Bytes:
      return new Uint8Array(v as Uint8Array);
    default:
      return v;
  }
}

// ---- errors, as @prisma/adapter-better-sqlite3 (convertDriverError) reports them ----

const constraintFields = (message: string) => message.split("constraint failed: ").at(1)?.split(", ").map((f) => f.split(".").pop()!);

/** The adapter's kind for a SQLite error code; an unknown code keeps SQLite's code as kind "sqlite". */
function errorKind(code: string, message: string): Record<string, unknown> {
  switch (code) {
    case "SQLITE_BUSY":
      return { kind: "SocketTimeout" };
    case "SQLITE_CONSTRAINT_UNIQUE": case "SQLITE_CONSTRAINT_PRIMARYKEY": {
      const fields = constraintFields(message);
      return { kind: "UniqueConstraintViolation", constraint: fields ? { fields } : undefined };
    }
    case "SQLITE_CONSTRAINT_NOTNULL": {
      const fields = constraintFields(message);
      return { kind: "NullConstraintViolation", constraint: fields ? { fields } : undefined };
    }
    case "SQLITE_CONSTRAINT_FOREIGNKEY": case "SQLITE_CONSTRAINT_TRIGGER":
      return { kind: "ForeignKeyConstraintViolation", constraint: { foreignKey: {} } };
  }
  if (message.startsWith("no such table")) return { kind: "TableDoesNotExist", table: message.split(": ").at(1) };
  if (message.startsWith("no such column")) return { kind: "ColumnNotFound", column: message.split(": ").at(1) };
  if (message.includes("has no column named ")) return { kind: "ColumnNotFound", column: message.split("has no column named ").at(1) };
  return { kind: "sqlite", code };
}

/**
 * What the adapter puts in a DriverAdapterError's `cause` for a SQLite error ({ originalCode,
 * originalMessage, kind, … }); null for anything else (a value better-sqlite3 cannot bind: a bug).
 */
export function sqliteErrorCause(err: unknown): { originalCode: string; originalMessage: string; kind: string } | null {
  const e = err as { code?: unknown; message?: unknown };
  if (typeof e?.code !== "string" || typeof e.message !== "string" || !e.code.startsWith("SQLITE_")) return null;
  return { originalCode: e.code, originalMessage: e.message, ...errorKind(e.code, e.message) } as { originalCode: string; originalMessage: string; kind: string };
}

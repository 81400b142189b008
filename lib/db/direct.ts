// The crawl path's statements, run on the client's own driver adapter (issue #17 item 4). Prisma's
// $queryRaw / $executeRaw send even a raw Prisma.sql statement through the client's query compiler
// (WebAssembly) and its result serialiser: 0.5 ms CPU for a one-row SELECT and 2–9 ms for a 1–200 row
// INSERT on this machine, against 0.02 ms and 0.1–3 ms for the same statement on the adapter
// (measured side by side, 200 runs each). queryRows and execute take the same Prisma.sql statements and
// run them on the same connection or pool the client uses, and return rows typed as $queryRaw types
// them. SQLite: on the adapter's better-sqlite3 connection itself, each text prepared once
// (lib/db/sqlite-statements.ts: the adapter would parse it anew every time), through the transaction
// gate (lib/db/transaction-gate.ts), so a statement still waits while another URL's transaction is
// open. PostgreSQL: on the adapter's pool, or on a transaction's own pooled connection (repeated texts
// become named statements there: lib/db/pg-adapter.ts). This is not a second data layer: the SQL is the
// same lib/db text, Prisma opens, migrates and owns the connection, and a client without a registered
// adapter (an interactive transaction's `tx`) falls back to $queryRaw / $executeRaw.
import { ColumnTypeEnum, type ColumnType, type SqlDriverAdapter, type SqlQuery, type SqlQueryable, type Transaction } from "@prisma/driver-adapter-utils";
import type { Db } from "./client.ts";
import { engineOf } from "./engine.ts";
import type { Sql } from "./sql.ts";
import { sqliteErrorCause, sqliteExecute, sqliteQuery } from "./sqlite-statements.ts";
import { SQLITE_CONNECTION, type SqliteConnection } from "./transaction-gate.ts";
import { Prisma } from "../generated/prisma/client.ts";

/** The driver adapter behind each client opened by openDb (lib/db/client.ts), once Prisma has connected it. */
const adapters = new WeakMap<object, { current: SqlDriverAdapter | null }>();

/** openDb registers the slot its adapter factory fills on connect (and empties on dispose). */
export function registerAdapterSlot(client: object, slot: { current: SqlDriverAdapter | null }): void {
  adapters.set(client, slot);
}

/**
 * A database error from a direct statement: the driver's own message, and its kind in `cause` as the
 * adapter reports it (UniqueConstraintViolation, SocketTimeout for SQLITE_BUSY, …; an error code the
 * adapter does not map keeps its engine's code: kind "sqlite" or "postgres").
 */
export class DirectStatementError extends Error {
  readonly key = "store_failed";
  constructor(message: string, readonly cause: unknown) {
    super(message);
  }
}

async function adapterOf(db: Db): Promise<SqlDriverAdapter | null> {
  const slot = adapters.get(db);
  if (!slot) return null;
  if (!slot.current) await db.$connect();
  return slot.current;
}

/** A Prisma.sql statement in the adapter's form: `?` placeholders on SQLite, `$n` on PostgreSQL. */
function toQuery(db: Db, statement: Sql): SqlQuery {
  const args = statement.values.map((v) => (v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v) : v));
  return {
    sql: engineOf(db) === "postgresql" ? statement.text : statement.sql,
    args,
    argTypes: args.map((v) => ({ scalarType: v instanceof Date ? "datetime" : Buffer.isBuffer(v) ? "bytes" : "unknown", arity: "scalar" })),
  } as SqlQuery;
}

/** The better-sqlite3 connection behind a (gated) SQLite adapter; null on PostgreSQL. */
function sqliteOf(adapter: SqlDriverAdapter): SqliteConnection | null {
  return (adapter as unknown as Record<symbol, SqliteConnection | null | undefined>)[SQLITE_CONNECTION] ?? null;
}

/** `run` on the SQLite connection, its SQLite errors thrown as DirectStatementError. */
function onSqlite<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    const cause = sqliteErrorCause(err);
    if (cause) throw new DirectStatementError(cause.originalMessage, cause);
    throw err;
  }
}

/** Wait while a transaction is open on the connection (the gate), then return at once: the statement runs synchronously next. */
async function outsideTransactions(lite: SqliteConnection): Promise<void> {
  for (let idle = lite.idle(); idle; idle = lite.idle()) await idle;
}

function rethrow(err: unknown): never {
  const cause = (err as { cause?: { originalMessage?: string; kind?: string } })?.cause;
  if ((err as Error)?.name === "DriverAdapterError" && cause) {
    throw new DirectStatementError(cause.originalMessage ?? cause.kind ?? String(err), cause);
  }
  throw err;
}

/** A value as $queryRaw returns it for its column type (Int64 as bigint, DateTime as Date, Bytes as Uint8Array). */
function deserialise(value: unknown, type: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case ColumnTypeEnum.Int32: return Number(value);
    case ColumnTypeEnum.Int64: return BigInt(typeof value === "number" ? Math.trunc(value) : (value as string | bigint));
    case ColumnTypeEnum.Float: case ColumnTypeEnum.Double: case ColumnTypeEnum.Numeric: return Number(value);
    case ColumnTypeEnum.Boolean: return typeof value === "boolean" ? value : value === 1 || value === "1" || value === "t" || value === "true";
    case ColumnTypeEnum.DateTime: case ColumnTypeEnum.Date: return new Date(typeof value === "number" ? value : String(value).replace(" ", "T"));
    case ColumnTypeEnum.Bytes: return new Uint8Array(value as number[] | Uint8Array);
    default: return value;
  }
}

async function queryOn<T>(q: SqlQueryable, query: SqlQuery): Promise<T> {
  const res = await q.queryRaw(query).catch(rethrow);
  const { columnNames, columnTypes } = res;
  return res.rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < columnNames.length; i++) out[columnNames[i]!] = deserialise(row[i], columnTypes[i]!);
    return out;
  }) as T;
}

/** Rows of a SELECT (or a statement with RETURNING), as db.$queryRaw<T> would return them (T: the row array type). */
export async function queryRows<T = unknown[]>(db: Db, statement: Sql): Promise<T> {
  const scope = scopes.get(db);
  if (scope) return scope.tx.queryRows<T>(statement);
  const adapter = await adapterOf(db);
  if (!adapter) return db.$queryRaw<T>(statement);
  const lite = sqliteOf(adapter);
  if (lite) {
    await outsideTransactions(lite);
    return onSqlite(() => sqliteQuery<T>(lite.client, statement.sql, statement.values));
  }
  return queryOn<T>(adapter, toQuery(db, statement));
}

/** Rows changed by an INSERT, UPDATE or DELETE, as db.$executeRaw would count them. */
export async function execute(db: Db, statement: Sql): Promise<number> {
  const scope = scopes.get(db);
  if (scope) return scope.tx.execute(statement);
  const adapter = await adapterOf(db);
  if (!adapter) return db.$executeRaw(statement);
  const lite = sqliteOf(adapter);
  if (lite) {
    await outsideTransactions(lite);
    return onSqlite(() => sqliteExecute(lite.client, statement.sql, statement.values));
  }
  return adapter.executeRaw(toQuery(db, statement)).catch(rethrow);
}

/** Statements run inside one direct transaction. */
export interface DirectTx {
  queryRows<T = unknown[]>(statement: Sql): Promise<T>;
  execute(statement: Sql): Promise<number>;
}

/** A Prisma interactive transaction's client as a DirectTx (for helpers shared with ORM transactions). */
export function prismaTx(tx: { $queryRaw: Db["$queryRaw"]; $executeRaw: Db["$executeRaw"] }): DirectTx {
  return { queryRows: <R>(s: Sql) => tx.$queryRaw<R>(s), execute: (s: Sql) => tx.$executeRaw(s) };
}

/**
 * Time limits of a direct transaction on PostgreSQL (set_config(…, true): this transaction only, as SET
 * LOCAL; one statement for the three). 20 s waiting for a row lock (story terms queue behind each other
 * under load) and 60 s for one statement or idle inside the transaction: the limits the story assignment
 * had as Prisma transaction options (maxWait 20 s, timeout 60 s).
 */
const PG_TRANSACTION_LIMITS = `SELECT set_config('lock_timeout', '20s', true), set_config('statement_timeout', '60s', true),
  set_config('idle_in_transaction_session_timeout', '60s', true)`;

/**
 * Run `fn` in one transaction on the adapter (BEGIN IMMEDIATE on SQLite, through the gate; a pooled
 * connection on PostgreSQL): committed when it returns, rolled back when it throws. Without a registered
 * adapter, Prisma's interactive transaction does the same.
 */
export async function transaction<T>(db: Db, fn: (tx: DirectTx) => Promise<T>): Promise<T> {
  // Inside a page's transaction (scopedTransaction): part of it, committed or rolled back with it.
  const scope = scopes.get(db);
  if (scope) return fn(scope.tx);
  const adapter = await adapterOf(db);
  if (!adapter) {
    return db.$transaction(async (tx) => fn(prismaTx(tx)));
  }
  // SQLite: the adapter's transaction holds its lock (and the gate) until commit() or rollback(); its
  // statements run on the one connection, so on it directly.
  const tx: Transaction = await adapter.startTransaction().catch(rethrow);
  const lite = sqliteOf(adapter);
  let run: DirectTx;
  let end: (sql: "COMMIT" | "ROLLBACK") => Promise<unknown>;
  if (lite) {
    run = {
      queryRows: async <R>(s: Sql) => onSqlite(() => sqliteQuery<R>(lite.client, s.sql, s.values)),
      execute: async (s: Sql) => onSqlite(() => sqliteExecute(lite.client, s.sql, s.values)),
    };
    end = async (sql) => onSqlite(() => sqliteExecute(lite.client, sql, []));
  } else {
    // Bounds a stuck transaction as Prisma's interactive-transaction timeout did: a lock queue or a
    // statement past its limit fails this page (retried by the frontier) instead of holding a pooled
    // connection and its row locks for ever.
    await tx.executeRaw({ sql: PG_TRANSACTION_LIMITS, args: [], argTypes: [] }).catch(async (err: unknown) => {
      await tx.executeRaw({ sql: "ROLLBACK", args: [], argTypes: [] }).catch(() => undefined);
      await tx.rollback();
      rethrow(err);
    });
    run = {
      queryRows: <R>(s: Sql) => queryOn<R>(tx, toQuery(db, s)),
      execute: (s: Sql) => tx.executeRaw(toQuery(db, s)).catch(rethrow),
    };
    end = (sql) => tx.executeRaw({ sql, args: [], argTypes: [] });
  }
  let result: T;
  try {
    result = await fn(run);
  } catch (err) {
    try {
      await end("ROLLBACK");
    } finally {
      await tx.rollback();
    }
    throw err;
  }
  try {
    await end("COMMIT");
  } catch (err) {
    await end("ROLLBACK").catch(() => undefined);
    await tx.rollback();
    rethrow(err);
  }
  await tx.commit();
  return result;
}

/** An open scopedTransaction: its statements, the client it was opened on, and what runs once it has committed. */
interface Scope {
  tx: DirectTx;
  base: Db;
  afterCommit: Array<(db: Db) => Promise<unknown>>;
}

/** Clients handed out by scopedTransaction, each bound to its open transaction. */
const scopes = new WeakMap<object, Scope>();

/** A Prisma client call (model or raw) made on a scoped client: it would run outside the transaction (and, on SQLite, wait for it for ever behind the gate). */
export class ClientCallInTransactionError extends Error {
  readonly key = "store_failed";
}

/** Properties of the client a scoped client passes through: the engine (engineOf) and nothing that runs a statement. */
const SCOPE_PASSTHROUGH = new Set<PropertyKey>(["_activeProvider"]);

/**
 * Run `fn` in one transaction (issue #17 item 4: one transaction per page) with a client of its own:
 * every lib/db function that runs its statements through queryRows / execute / transaction runs them
 * inside this transaction when handed that client (a nested transaction joins it), so a page's writes,
 * spread over lib/db's modules, commit together or not at all. The client refuses Prisma's own calls
 * (ClientCallInTransactionError) — they would run beside the transaction, not in it; work that needs them
 * or that is long, goes to afterCommit. Callers keep CPU work out of `fn`: on SQLite the write lock is
 * held from BEGIN IMMEDIATE to COMMIT, and this process's other statements wait at the gate meanwhile.
 */
export async function scopedTransaction<T>(db: Db, fn: (scoped: Db) => Promise<T>): Promise<T> {
  if (scopes.has(db)) return fn(db);
  const afterCommit: Scope["afterCommit"] = [];
  const result = await transaction(db, async (tx) => {
    const scoped = new Proxy(db, {
      get(target, prop) {
        if (typeof prop === "symbol" || SCOPE_PASSTHROUGH.has(prop)) return Reflect.get(target, prop, target);
        // Not a thenable: an async function may return the client.
        if (prop === "then") return undefined;
        throw new ClientCallInTransactionError(`db.${String(prop)} inside a scoped transaction: use queryRows / execute, or afterCommit`);
      },
    });
    scopes.set(scoped, { tx, base: db, afterCommit });
    return fn(scoped);
  });
  for (const run of afterCommit) await run(db);
  return result;
}

/**
 * `run` with the plain client once the scoped transaction `db` belongs to has committed (not at all when it
 * rolls back); at once when `db` is a plain client.
 */
export async function afterCommit(db: Db, run: (db: Db) => Promise<unknown>): Promise<void> {
  const scope = scopes.get(db);
  if (scope) scope.afterCommit.push(run);
  else await run(db);
}

/** The plain client behind a scoped one (itself otherwise). */
export function plainClient(db: Db): Db {
  return scopes.get(db)?.base ?? db;
}

/**
 * The one savepoint name: savepoints nest, and RELEASE / ROLLBACK TO a repeated name take the most recent
 * one (both engines), so nested withSavepoint calls need no names of their own; one text is prepared once.
 */
const SAVEPOINT = Prisma.raw(`"lede_sp"`);

/**
 * `fn` behind a savepoint when `db` is scoped: when it throws, its statements are rolled back and the
 * transaction goes on (PostgreSQL refuses every statement after a failed one until ROLLBACK TO). Plain
 * `fn()` otherwise.
 */
export async function withSavepoint<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const scope = scopes.get(db);
  if (!scope) return fn();
  const name = SAVEPOINT;
  await scope.tx.execute(Prisma.sql`SAVEPOINT ${name}`);
  try {
    const out = await fn();
    await scope.tx.execute(Prisma.sql`RELEASE SAVEPOINT ${name}`);
    return out;
  } catch (err) {
    await scope.tx.execute(Prisma.sql`ROLLBACK TO SAVEPOINT ${name}`);
    await scope.tx.execute(Prisma.sql`RELEASE SAVEPOINT ${name}`);
    throw err;
  }
}

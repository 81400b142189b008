// One SQLite connection per process, shared by every caller: better-sqlite3 runs each statement
// synchronously on it, and an interactive transaction (db.$transaction(async (tx) => …)) is just BEGIN …
// COMMIT on that same connection. The adapter serialises transactions among themselves, but a statement
// issued outside the transaction while it awaits (another URL's settleUrl, savePage, …) would run inside
// it — and vanish with it if it rolls back. The gate makes such statements wait until the open
// transaction has committed or rolled back, so a failed transaction loses only its own writes.
//
// Consequence for callers: inside a transaction callback use `tx`, never the outer client (it would wait
// for the very transaction it runs in).
//
// Transactions also begin IMMEDIATE (the write lock at BEGIN, waiting up to busy_timeout for it): under
// WAL a deferred transaction whose first write finds another process's newer commit fails at once with
// SQLITE_BUSY (its read snapshot is stale, and the busy handler is not consulted), which made
// concurrent story assignments from several worker processes fail.
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import type { Database } from "better-sqlite3";

/**
 * The better-sqlite3 connection behind a gated adapter, for lib/db/direct.ts to run the crawl path's
 * statements on it: `idle()` is null when no transaction is open (a statement may run now), else a
 * promise that resolves when none is (the gate's wait, as for the adapter's own statements).
 */
export interface SqliteConnection {
  client: Database;
  idle(): Promise<void> | null;
}

/** Property of a gated adapter that answers its SqliteConnection. */
export const SQLITE_CONNECTION = Symbol("lede.sqliteConnection");

/** Wrap an adapter factory so that statements outside a transaction wait while one is open. */
export function gateTransactions(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => gateAdapter(beginImmediate(await factory.connect())),
  };
}

/**
 * The better-sqlite3 adapter runs `BEGIN` through its client's prepare(): make it `BEGIN IMMEDIATE`,
 * prepared once (it takes no parameters, so the one statement serves every transaction; the adapter
 * prepares every other statement anew, because it binds its parameters to the statement).
 */
function beginImmediate(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const client = (adapter as unknown as { client?: { prepare?: (sql: string) => unknown } }).client;
  if (client && typeof client.prepare === "function") {
    const prepare = client.prepare.bind(client);
    let begin: unknown = null;
    client.prepare = (sql: string) => (sql === "BEGIN" ? (begin ??= prepare("BEGIN IMMEDIATE")) : prepare(sql));
  }
  return adapter;
}

function gateAdapter(adapter: SqlDriverAdapter): SqlDriverAdapter {
  /** Transactions started (or waiting for the adapter's own lock) and not yet ended. */
  let open = 0;
  let waiters: Array<() => void> = [];
  const whenIdle = async (): Promise<void> => {
    while (open > 0) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  const end = () => {
    open -= 1;
    if (open > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  const endOnce = () => {
    let ended = false;
    return () => { if (!ended) { ended = true; end(); } };
  };

  const client = (adapter as unknown as { client?: Database }).client;
  const connection: SqliteConnection | null = client ? { client, idle: () => (open > 0 ? whenIdle() : null) } : null;

  return new Proxy(adapter, {
    get(target, prop) {
      if (prop === SQLITE_CONNECTION) return connection;
      if (prop === "queryRaw") return async (q: SqlQuery) => { await whenIdle(); return target.queryRaw(q); };
      if (prop === "executeRaw") return async (q: SqlQuery) => { await whenIdle(); return target.executeRaw(q); };
      if (prop === "executeScript") return async (s: string) => { await whenIdle(); return target.executeScript(s); };
      if (prop === "startTransaction") {
        return async (...args: Parameters<SqlDriverAdapter["startTransaction"]>) => {
          open += 1;
          const finish = endOnce();
          let tx: Transaction;
          try {
            tx = await target.startTransaction(...args);
          } catch (err) {
            finish();
            throw err;
          }
          return new Proxy(tx, {
            get(t, p) {
              if (p === "commit") return async () => { try { return await t.commit(); } finally { finish(); } };
              if (p === "rollback") return async () => { try { return await t.rollback(); } finally { finish(); } };
              const v = Reflect.get(t, p, t);
              return typeof v === "function" ? v.bind(t) : v;
            },
          });
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

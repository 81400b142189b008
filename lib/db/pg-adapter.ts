// The PostgreSQL driver adapter, with three fixes to @prisma/adapter-pg 6.19.3 that Prisma's schema
// engine (migrations) needs, and the session settings every connection of Lede's gets:
//   1. introspection reads columns of PostgreSQL's `name` and `"char"` types, which the adapter cannot
//      map (prisma/orm#27403): they arrive as text;
//   2. the adapter runs a script statement by statement after splitting it on every `;` (inside
//      comments and `$$` bodies too): a script is sent whole, in one simple-protocol query;
//   3. the shadow database, given a connectionString, connected to the real database (the
//      connectionString wins over `database`), and was dropped before its pool closed.
// Every session runs in UTC, so timestamps written without a zone by the adapter mean UTC.
// A statement text sent again becomes a named prepared statement (statementName): the server parses
// and plans it once per connection instead of every time.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { COUNT_STATEMENTS, countStatement } from "./statement-count.ts";

const OID_TEXT = 25;
/** PostgreSQL's `name` (identifiers) and single-byte `"char"` (e.g. pg_class.relkind). */
const TEXT_LIKE_OIDS = new Set([19, 18]);

type Fields = { fields?: { dataTypeID: number }[] };
function asText<T>(result: T): T {
  for (const r of (Array.isArray(result) ? result : [result]) as Fields[]) {
    for (const f of r?.fields ?? []) if (TEXT_LIKE_OIDS.has(f.dataTypeID)) f.dataTypeID = OID_TEXT;
  }
  return result;
}

/**
 * Statement texts given a name, per process (names are never reused for another text). A named
 * statement lives on each connection that ran it until the connection closes — pg has no way to drop
 * it — so past 200 names further texts run unnamed instead of evicting a name: the crawl path's
 * repeated texts (~40) are named long before, while texts that vary with a list's length may never be.
 */
export const PG_NAMED_STATEMENTS_MAX = 200;
/** Texts seen once, not yet named (bounded, oldest forgotten first): a text sent only once is never named. */
const SEEN_TEXTS_MAX = 2_000;
const names = new Map<string, string>();
const seenOnce = new Set<string>();

/** The name for a query's text when it was sent before (and names are left); undefined: run it unnamed. */
function statementName(text: string): string | undefined {
  const name = names.get(text);
  if (name || names.size >= PG_NAMED_STATEMENTS_MAX) return name;
  if (!seenOnce.delete(text)) {
    if (seenOnce.size >= SEEN_TEXTS_MAX) seenOnce.delete(seenOnce.values().next().value!);
    seenOnce.add(text);
    return undefined;
  }
  const named = `lede_${names.size + 1}`;
  names.set(text, named);
  return named;
}

type QueryConfig = { text?: unknown; name?: string; values?: unknown[] };

/** pg.Client whose results report `name` and `"char"` columns as text, and whose repeated statements are named. */
class LedePgClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(...args: any[]): any {
    const config = args[0] as QueryConfig | string;
    // The adapter's statements: a config object with parameters (the extended protocol, which a name needs).
    if (typeof config === "object" && config && typeof config.text === "string" && config.name === undefined && Array.isArray(config.values)) {
      const name = statementName(config.text);
      if (name) args[0] = { ...config, name };
    }
    if (COUNT_STATEMENTS) {
      const name = (args[0] as QueryConfig).name;
      const parsed = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;
      countStatement(!name || parsed[name] === undefined);
    }
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const cb = args[last];
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      args[last] = (err: unknown, res: any) => cb(err, err ? res : asText(res));
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const res = (super.query as any)(...args);
    return res && typeof res.then === "function" ? res.then(asText) : res;
  }
}

/** Pool settings for a postgresql:// URL. */
export function pgPoolConfig(url: string, max?: number): pg.PoolConfig {
  return { connectionString: url, Client: LedePgClient, options: "-c TimeZone=UTC", ...(max ? { max } : {}) };
}

async function wholeScripts(adapter: SqlDriverAdapter): Promise<SqlDriverAdapter> {
  const pool = (adapter as unknown as { client: pg.Pool }).client;
  adapter.executeScript = async (script: string) => {
    await pool.query(script);
  };
  return adapter;
}

/** A database URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export class LedePg extends PrismaPg implements SqlMigrationAwareDriverAdapterFactory {
  constructor(private readonly url: string, max?: number) {
    super(pgPoolConfig(url, max));
  }

  // @ts-expect-error the base class declares its own adapter class, which is not exported
  async connect(): Promise<SqlDriverAdapter> {
    return wholeScripts(await super.connect() as unknown as SqlDriverAdapter);
  }

  // @ts-expect-error as connect()
  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const database = `prisma_migrate_shadow_db_${globalThis.crypto.randomUUID().replace(/-/g, "")}`;
    const admin = new pg.Pool(pgPoolConfig(this.url, 1));
    await admin.query(`CREATE DATABASE "${database}"`);
    const shadow = new LedePg(withDatabase(this.url, database));
    const adapter = await shadow.connect();
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await admin.query(`DROP DATABASE IF EXISTS "${database}"`);
      await admin.end();
    };
    return adapter;
  }
}

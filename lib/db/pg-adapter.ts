// The PostgreSQL driver adapter, with three fixes to @prisma/adapter-pg 6.19.3 that Prisma's schema
// engine (migrations) needs, and the session settings every connection of Lede's gets:
//   1. introspection reads columns of PostgreSQL's `name` and `"char"` types, which the adapter cannot
//      map (prisma/orm#27403): they arrive as text;
//   2. the adapter runs a script statement by statement after splitting it on every `;` (inside
//      comments and `$$` bodies too): a script is sent whole, in one simple-protocol query;
//   3. the shadow database, given a connectionString, connected to the real database (the
//      connectionString wins over `database`), and was dropped before its pool closed.
// Every session runs in UTC, so timestamps written without a zone by the adapter mean UTC.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

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

/** pg.Client whose results report `name` and `"char"` columns as text. */
class LedePgClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(...args: any[]): any {
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

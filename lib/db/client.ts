// The Prisma client singleton: the only place that opens the database. Only lib/db/* imports it.
// SQLite (file: URLs) goes through better-sqlite3 and the transaction gate; PostgreSQL
// (postgresql:// URLs) through a pg pool (lib/db/pg-adapter.ts) and its own generated client, which
// has the same models and fields (prisma/postgres/schema.prisma is derived from prisma/schema.prisma),
// so it is typed as the SQLite one.
import { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { PrismaClient as PgPrismaClient } from "../generated/prisma-pg/client.ts";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { getEnv } from "../config.ts";
import { gateTransactions } from "./transaction-gate.ts";
import { engineOf, engineOfUrl } from "./engine.ts";
import { LedePg } from "./pg-adapter.ts";
import { registerAdapterSlot } from "./direct.ts";
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";

/** ms a writer waits for SQLite's lock before SQLITE_BUSY ("Operation has timed out"). */
const BUSY_TIMEOUT_MS = 10_000;
/**
 * PostgreSQL connections per process: a worker's fetches in flight settle concurrently, and an
 * interactive transaction holds its connection until it ends; 10 is pg's default and leaves a
 * 100-connection server room for ~8 processes.
 */
const PG_POOL_SIZE = 10;

export type Db = PrismaClient;

const globalForPrisma = globalThis as unknown as { ledePrisma?: PrismaClient; ledePrismaReady?: Promise<void> };

/**
 * The factory as Prisma gets it, with the adapter it connects kept in `slot`: the crawl path runs its
 * statements on that adapter directly (lib/db/direct.ts).
 */
function keepAdapter<F extends SqlDriverAdapterFactory>(factory: F, slot: { current: SqlDriverAdapter | null }): F {
  return new Proxy(factory, {
    get(target, prop) {
      if (prop === "connect") {
        return async () => {
          const adapter = await target.connect();
          const dispose = adapter.dispose.bind(adapter);
          slot.current = adapter;
          return new Proxy(adapter, {
            get(a, p) {
              if (p === "dispose") return async () => { if (slot.current === adapter) slot.current = null; await dispose(); };
              const v = Reflect.get(a, p, a);
              return typeof v === "function" ? v.bind(a) : v;
            },
          });
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

/** Open a new client on a database URL (tests open one per temporary database). */
export function openDb(url = getEnv().DATABASE_URL): PrismaClient {
  const slot: { current: SqlDriverAdapter | null } = { current: null };
  if (engineOfUrl(url) === "postgresql") {
    const client = new PgPrismaClient({ adapter: keepAdapter(new LedePg(url, PG_POOL_SIZE) as unknown as SqlDriverAdapterFactory, slot) }) as unknown as PrismaClient;
    registerAdapterSlot(client, slot);
    return client;
  }
  // Statements outside an open interactive transaction wait for it to end (lib/db/transaction-gate.ts).
  const adapter = keepAdapter(gateTransactions(new PrismaBetterSQLite3({ url, timeout: BUSY_TIMEOUT_MS })), slot);
  const client = new PrismaClient({ adapter });
  registerAdapterSlot(client, slot);
  return client;
}

/**
 * WAL pages a committing writer lets the WAL reach before it copies them into the database file
 * (SQLite's auto-checkpoint; its default is 1,000 pages, ~4 MB). A crawled page appends ~200 pages to the
 * WAL (its body, its article, the index leaves its links, terms and entities touch), so at 1,000 every
 * fifth page's COMMIT ran a checkpoint that copied the same hot index pages again and fsynced twice.
 * 10,000 pages (~40 MB) copies each hot page once per ~50 crawled pages (docs/benchmarks.md, session 15:
 * the page's statements replayed with each setting). A process that dies (kill -9) loses nothing it
 * committed, as before: a commit is in the WAL when COMMIT returns, and a checkpoint only moves committed
 * pages. Power loss is what synchronous NORMAL has always traded: it syncs the WAL at checkpoints, so
 * the commits since the last one can vanish together — now up to ~50 crawled pages instead of ~5 (the
 * kernel's own write-back, ~30 s on Linux by default, bounds it in time either way) — a consistent suffix
 * whose URLs are leased again once their leases expire.
 */
const WAL_AUTOCHECKPOINT_PAGES = 10_000;
/**
 * Bytes the WAL file is cut back to when a checkpoint lets it start over: a WAL that grew past the
 * auto-checkpoint (a reader held it, a bulk import) does not keep its size on disk for ever.
 */
const WAL_SIZE_LIMIT_BYTES = 64 * 2 ** 20;

/**
 * SQLite: WAL lets readers (the dashboard) run while a worker writes; NORMAL sync is safe under WAL.
 * Temporary storage in memory: a statement inside a transaction that may change several rows (a page's
 * terms, entities, links) and the page's savepoint keep the original content of the pages they change
 * in a sub-journal, which SQLite moves to a temporary FILE (open, write, unlink) past 64 KB — on most
 * crawled pages. In memory it stays as large as the pages one statement or savepoint changes (tens of
 * KB to a few MB for a bulk enqueue); temporary tables and sorts that spill live there too, and the
 * statements run here sort by an index or with a LIMIT.
 */
export async function tuneConnection(db: PrismaClient): Promise<void> {
  if (engineOf(db) !== "sqlite") return;
  await db.$queryRaw`PRAGMA journal_mode = WAL`;
  await db.$queryRaw`PRAGMA synchronous = NORMAL`;
  // A PRAGMA takes no parameters.
  await db.$queryRaw(Prisma.raw(`PRAGMA busy_timeout = ${Number(BUSY_TIMEOUT_MS)}`));
  await db.$queryRaw`PRAGMA temp_store = MEMORY`;
  await db.$queryRaw(Prisma.raw(`PRAGMA wal_autocheckpoint = ${Number(WAL_AUTOCHECKPOINT_PAGES)}`));
  await db.$queryRaw(Prisma.raw(`PRAGMA journal_size_limit = ${Number(WAL_SIZE_LIMIT_BYTES)}`));
}

/** The process-wide client, tuned once. */
export async function getDb(): Promise<PrismaClient> {
  if (!globalForPrisma.ledePrisma) {
    const db = openDb();
    globalForPrisma.ledePrisma = db;
    globalForPrisma.ledePrismaReady = tuneConnection(db);
  }
  await globalForPrisma.ledePrismaReady;
  return globalForPrisma.ledePrisma;
}

export async function closeDb(): Promise<void> {
  if (globalForPrisma.ledePrisma) {
    await globalForPrisma.ledePrisma.$disconnect();
    globalForPrisma.ledePrisma = undefined;
    globalForPrisma.ledePrismaReady = undefined;
  }
}

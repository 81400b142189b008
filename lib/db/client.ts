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

/** Open a new client on a database URL (tests open one per temporary database). */
export function openDb(url = getEnv().DATABASE_URL): PrismaClient {
  if (engineOfUrl(url) === "postgresql") {
    return new PgPrismaClient({ adapter: new LedePg(url, PG_POOL_SIZE) }) as unknown as PrismaClient;
  }
  // Statements outside an open interactive transaction wait for it to end (lib/db/transaction-gate.ts).
  const adapter = gateTransactions(new PrismaBetterSQLite3({ url, timeout: BUSY_TIMEOUT_MS }));
  return new PrismaClient({ adapter });
}

/** SQLite: WAL lets readers (the dashboard) run while a worker writes; NORMAL sync is safe under WAL. */
export async function tuneConnection(db: PrismaClient): Promise<void> {
  if (engineOf(db) !== "sqlite") return;
  await db.$queryRaw`PRAGMA journal_mode = WAL`;
  await db.$queryRaw`PRAGMA synchronous = NORMAL`;
  await db.$queryRaw(Prisma.raw(`PRAGMA busy_timeout = ${Number(BUSY_TIMEOUT_MS)}`)); // a PRAGMA takes no parameters
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

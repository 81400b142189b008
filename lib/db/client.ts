// The Prisma client singleton: the only place that opens the database. Only lib/db/* imports it.
import { PrismaClient } from "../generated/prisma/client.ts";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { getEnv } from "../config.ts";
import { gateTransactions } from "./transaction-gate.ts";

/** ms a writer waits for SQLite's lock before SQLITE_BUSY ("Operation has timed out"). */
const BUSY_TIMEOUT_MS = 10_000;

export type Db = PrismaClient;

const globalForPrisma = globalThis as unknown as { ledePrisma?: PrismaClient; ledePrismaReady?: Promise<void> };

/** Open a new client on a database URL (tests open one per temporary database). */
export function openDb(url = getEnv().DATABASE_URL): PrismaClient {
  // Statements outside an open interactive transaction wait for it to end (lib/db/transaction-gate.ts).
  const adapter = gateTransactions(new PrismaBetterSQLite3({ url, timeout: BUSY_TIMEOUT_MS }));
  return new PrismaClient({ adapter });
}

/** WAL lets readers (the dashboard) run while a worker writes; NORMAL sync is safe under WAL. */
export async function tuneConnection(db: PrismaClient): Promise<void> {
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await db.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
  await db.$queryRawUnsafe(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
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

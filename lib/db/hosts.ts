// Per-host politeness shared through the database (table CrawlHost): one row per host with the earliest
// time the next request may start. Every worker process, on any machine, claims the slot before it
// fetches, so a site's crawl delay holds across all of them. The claim is one atomic upsert on both
// engines: it moves nextFetchAt forward only when it is due (SQLite: under the write lock; PostgreSQL:
// the conflicting row is locked and its WHERE re-checked), so two claims can never both win one slot.
// Times are the workers' clocks: machines sharing a database should keep them in sync (NTP).
import type { Db } from "./client.ts";
import { execute, queryRows } from "./direct.ts";
import { sql } from "./sql.ts";

export type HostSlotClaim = { claimed: true } | { claimed: false; nextFetchAt: Date };

/** Claim `host`'s next request slot for now, holding the following one `delayMs` away. */
export async function claimHostSlot(db: Db, host: string, delayMs: number, now = new Date()): Promise<HostSlotClaim> {
  const next = new Date(now.getTime() + Math.max(0, delayMs));
  const won = await queryRows<{ host: string }[]>(db, sql`
    INSERT INTO "CrawlHost" ("host", "nextFetchAt", "updatedAt") VALUES (${host}, ${next}, ${now})
    ON CONFLICT ("host") DO UPDATE SET "nextFetchAt" = excluded."nextFetchAt", "updatedAt" = excluded."updatedAt"
    WHERE "CrawlHost"."nextFetchAt" <= ${now}
    RETURNING "host"`);
  if (won.length > 0) return { claimed: true };
  const row = await db.crawlHost.findUnique({ where: { host }, select: { nextFetchAt: true } });
  // The row always exists here; a slot freed meanwhile is simply due now.
  return { claimed: false, nextFetchAt: row?.nextFetchAt ?? now };
}

/** No request to `host` starts before `until` (429/503 Retry-After), in every process. */
export async function holdHost(db: Db, host: string, until: Date, now = new Date()): Promise<void> {
  await execute(db, sql`
    INSERT INTO "CrawlHost" ("host", "nextFetchAt", "updatedAt") VALUES (${host}, ${until}, ${now})
    ON CONFLICT ("host") DO UPDATE SET "nextFetchAt" = excluded."nextFetchAt", "updatedAt" = excluded."updatedAt"
    WHERE "CrawlHost"."nextFetchAt" < excluded."nextFetchAt"`);
}

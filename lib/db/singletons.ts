// Jobs that must run in one process at a time across the installation (the story merge pass), through
// a lease row in SingletonLease on both engines: a worker claims the row when its lease has expired and
// the job is due, runs the job, and records the run. A worker that dies mid-run loses the lease after
// its ttl. (On PostgreSQL the merge itself also runs under an advisory lock: lib/db/stories.ts.)
import type { Db } from "./client.ts";
import { execute, queryRows } from "./direct.ts";
import { sql } from "./sql.ts";

export interface SingletonOptions {
  /** Job name, e.g. "story-merge". */
  name: string;
  /** This process's id (worker owner string). */
  owner: string;
  /** ms the claim holds: longer than one run of the job. */
  ttlMs: number;
  /** ms between two runs, whichever process runs them. */
  everyMs: number;
  now?: Date;
}

/** Claim the job if it is due and nobody holds it; true when this process should run it now. */
export async function claimSingleton(db: Db, o: SingletonOptions): Promise<boolean> {
  const now = o.now ?? new Date();
  const until = new Date(now.getTime() + o.ttlMs);
  const due = new Date(now.getTime() - o.everyMs);
  const won = await queryRows<{ name: string }[]>(db, sql`
    INSERT INTO "SingletonLease" ("name", "owner", "expiresAt", "lastRunAt") VALUES (${o.name}, ${o.owner}, ${until}, NULL)
    ON CONFLICT ("name") DO UPDATE SET "owner" = excluded."owner", "expiresAt" = excluded."expiresAt"
    WHERE "SingletonLease"."expiresAt" <= ${now}
      AND ("SingletonLease"."lastRunAt" IS NULL OR "SingletonLease"."lastRunAt" <= ${due})
    RETURNING "name"`);
  return won.length > 0;
}

/** Record a finished run and release the claim (only the owner's). */
export async function finishSingleton(db: Db, name: string, owner: string, now = new Date()): Promise<void> {
  await execute(db, sql`
    UPDATE "SingletonLease" SET "expiresAt" = ${now}, "lastRunAt" = ${now} WHERE "name" = ${name} AND "owner" = ${owner}`);
}

/** Run `job` if this process wins the claim; returns whether it ran. A failed run is recorded as a run. */
export async function runSingleton(db: Db, o: SingletonOptions, job: () => Promise<void>): Promise<boolean> {
  if (!(await claimSingleton(db, o))) return false;
  try {
    await job();
  } finally {
    await finishSingleton(db, o.name, o.owner);
  }
  return true;
}

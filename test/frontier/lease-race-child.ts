// Child process for frontier.test.ts: lease from a shared database (SQLite file or PostgreSQL) until nothing is left,
// settle each claimed row, print the claimed ids as JSON. The children start leasing together: each
// marks itself ready in the barrier folder and waits for the others (process start-up under load
// differs by seconds, and a child that starts alone would drain the frontier with no race to test).
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDb, tuneConnection } from "../../lib/db/client.ts";
import { leaseUrls, settleUrl } from "../../lib/db/frontier.ts";

const [url, owner, barrier, count] = process.argv.slice(2);
const db = openDb(url);
await tuneConnection(db);
// Connect (and let Prisma load) before the barrier: on PostgreSQL the first statement opens a
// connection, and a child still connecting would find the frontier drained.
await leaseUrls(db, { owner: owner!, limit: 0, leaseMs: 60_000 });
/** How long a child waits for the others before it leases anyway. */
const BARRIER_TIMEOUT_MS = 40_000;
writeFileSync(join(barrier!, owner!), "");
for (const start = Date.now(); readdirSync(barrier!).length < Number(count) && Date.now() - start < BARRIER_TIMEOUT_MS; ) {
  await new Promise((r) => setTimeout(r, 10));
}
const claimed: number[] = [];
for (let empty = 0; empty < 3; ) {
  const rows = await leaseUrls(db, { owner: owner!, limit: 3, leaseMs: 60_000 });
  if (rows.length === 0) { empty++; await new Promise((r) => setTimeout(r, 20)); continue; }
  for (const r of rows) {
    claimed.push(r.id);
    await settleUrl(db, r.id, owner!, { state: "done", fetched: true });
  }
}
process.stdout.write(JSON.stringify(claimed));
await db.$disconnect();

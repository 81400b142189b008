// Child process for frontier.test.ts: lease from a shared SQLite file until nothing is left,
// settle each claimed row, print the claimed ids as JSON.
import { openDb, tuneConnection } from "../../lib/db/client.ts";
import { leaseUrls, settleUrl } from "../../lib/db/frontier.ts";

const [url, owner] = process.argv.slice(2);
const db = openDb(url);
await tuneConnection(db);
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

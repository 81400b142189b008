// A write made outside an interactive transaction while it is open must survive the transaction's
// rollback (lib/db/transaction-gate.ts): without the gate, better-sqlite3's single connection ran it
// inside the open transaction and the rollback took it away.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db.ts";

let t: TestDb;
beforeEach(async () => { t = await createTestDb(); });
afterEach(async () => { await t.cleanup(); });

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("transaction gate", () => {
  it("keeps a concurrent outside write when the open transaction rolls back", async () => {
    await t.db.site.create({ data: { seedUrl: "https://b.example/", host: "b.example", name: "b" } });
    let inside!: () => void;
    const started = new Promise<void>((r) => { inside = r; });
    const failing = t.db.$transaction(async (tx) => {
      await tx.site.create({ data: { seedUrl: "https://a.example/", host: "a.example", name: "a" } });
      inside();
      await pause(100);
      throw new Error("the transaction fails after another caller wrote");
    });
    await started;
    // A single raw statement (as settleUrl and saveArticle issue): Prisma runs it without a transaction of its
    // own. Prisma's promises are lazy: .then() sends it now, while the transaction is open.
    const outside = t.db.$executeRawUnsafe("UPDATE Site SET name = 'renamed' WHERE host = 'b.example'").then((n) => n);
    await expect(failing).rejects.toThrow(/transaction fails/);
    expect(await outside).toBe(1);
    const sites = await t.db.site.findMany({ select: { host: true, name: true } });
    expect(sites).toEqual([{ host: "b.example", name: "renamed" }]);
  });

  it("lets the outside write run after a committed transaction, in order", async () => {
    const order: string[] = [];
    const tx = t.db.$transaction(async (q) => {
      await q.site.create({ data: { seedUrl: "https://a.example/", host: "a.example", name: "a" } });
      await pause(50);
      order.push("tx");
    });
    await pause(10);
    const outside = t.db.site.count().then((n) => { order.push(`count:${n}`); });
    await Promise.all([tx, outside]);
    expect(order).toEqual(["tx", "count:1"]);
  });

  it("serves raw statements and batch transactions as before", async () => {
    await t.db.$transaction([
      t.db.site.create({ data: { seedUrl: "https://c.example/", host: "c.example", name: "c" } }),
      t.db.site.create({ data: { seedUrl: "https://d.example/", host: "d.example", name: "d" } }),
    ]);
    const rows = await t.db.$queryRawUnsafe<{ n: bigint | number }[]>("SELECT COUNT(*) AS n FROM Site");
    expect(Number(rows[0].n)).toBe(2);
  });
});

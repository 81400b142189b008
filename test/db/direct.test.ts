// lib/db/direct.ts on a real database (both engines): statements on the client's driver adapter return what
// Prisma's $queryRaw returns, count what $executeRaw counts, transactions commit or roll back as a whole,
// and on SQLite a direct statement still waits for another caller's open transaction (the gate).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testEngine, type TestDb } from "../helpers/db.ts";
import { afterCommit, ClientCallInTransactionError, DirectStatementError, execute, queryRows, scopedTransaction, transaction, withSavepoint } from "../../lib/db/direct.ts";
import { ident, sql } from "../../lib/db/sql.ts";
import { SQLITE_STATEMENT_CACHE_SIZE } from "../../lib/db/sqlite-statements.ts";

let t: TestDb;
let siteId: number;

beforeAll(async () => {
  t = await createTestDb();
  siteId = (await t.db.site.create({ data: { seedUrl: "https://direct.example/", host: "direct.example", name: "Direct", allowPrivateNetwork: true } })).id;
  await t.db.page.create({
    data: { url: "https://direct.example/a", siteId, finalUrl: "https://direct.example/a", status: 200, size: 3, contentHash: "h", rawBody: Buffer.from([1, 2, 3]), fetchedAt: new Date("2026-12-01T10:00:00.123Z") },
  });
});
afterAll(async () => t.cleanup());

describe("queryRows and execute", () => {
  it("return rows typed as $queryRaw types them: integers, counts, text, booleans, times, bytes and nulls", async () => {
    const statement = sql`SELECT p."id" AS "id", p."status" AS "status", p."url" AS "url", p."fetchedAt" AS "fetchedAt", p."rawBody" AS "rawBody",
        p."outcome" AS "outcome", s."allowPrivateNetwork" AS "allowPrivateNetwork", (SELECT COUNT(*) FROM "Page") AS "n"
      FROM "Page" p JOIN "Site" s ON s."id" = p."siteId" WHERE p."siteId" = ${siteId}`;
    const direct = await queryRows<Record<string, unknown>[]>(t.db, statement);
    const prisma = await t.db.$queryRaw<Record<string, unknown>[]>(statement);
    expect(direct).toEqual(prisma);
    expect(direct[0]!.fetchedAt).toEqual(new Date("2026-12-01T10:00:00.123Z"));
    expect(direct[0]!.allowPrivateNetwork).toBe(true);
    expect(direct[0]!.outcome).toBeNull();
    expect(Buffer.from(direct[0]!.rawBody as Uint8Array)).toEqual(Buffer.from([1, 2, 3]));
  });

  it("binds dates, booleans, bytes and nulls, and counts changed rows", async () => {
    const at = new Date("2026-12-02T08:30:00.000Z");
    const n = await execute(t.db, sql`UPDATE "Site" SET "lastErrorAt" = ${at}, "allowPrivateNetwork" = ${false}, "lastErrorKey" = ${null} WHERE "id" = ${siteId}`);
    expect(n).toBe(1);
    const site = await t.db.site.findUniqueOrThrow({ where: { id: siteId } });
    expect(site.lastErrorAt).toEqual(at);
    expect(site.allowPrivateNetwork).toBe(false);
    expect(await execute(t.db, sql`UPDATE "Site" SET "name" = ${"x"} WHERE "id" = ${-1}`)).toBe(0);
    await execute(t.db, sql`UPDATE "Page" SET "rawBody" = ${Buffer.from([9, 8])} WHERE "siteId" = ${siteId}`);
    expect(Buffer.from((await t.db.page.findFirstOrThrow({ where: { siteId } })).rawBody)).toEqual(Buffer.from([9, 8]));
  });

  it("raises a DirectStatementError that carries the driver's message and kind", async () => {
    const err = await execute(t.db, sql`INSERT INTO "Site" ("seedUrl", "host", "name", "updatedAt") VALUES (${"https://direct.example/"}, ${"h"}, ${"n"}, ${new Date()})`)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DirectStatementError);
    expect((err as DirectStatementError).cause).toMatchObject({ kind: "UniqueConstraintViolation" });
    expect((err as Error).message).toMatch(/seedUrl|Site_seedUrl_key/);
  });

  it("raises an error the adapter has no kind for as a DirectStatementError keeping the engine's code", async () => {
    const err = await queryRows(t.db, sql`SELECT "nosuch" FROM "Site" WHERE`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DirectStatementError);
    expect((err as DirectStatementError).cause).toMatchObject(
      testEngine() === "postgresql" ? { kind: "postgres", code: "42601" } : { kind: "sqlite", originalCode: "SQLITE_ERROR" },
    );
  });

  it("runs a repeated statement with each call's own values, also after more texts than its cache keeps", async () => {
    const name = (id: number) => queryRows<{ name: string }[]>(t.db, sql`SELECT "name" FROM "Site" WHERE "id" = ${id}`);
    const before = await name(siteId);
    expect(await name(-1)).toEqual([]);
    for (let i = 0; i < SQLITE_STATEMENT_CACHE_SIZE + 20; i++) {
      const rows = await queryRows<Record<string, unknown>[]>(t.db, sql`SELECT COUNT(*) AS ${ident(`n${i}`)} FROM "Site"`);
      expect(Object.keys(rows[0]!)).toEqual([`n${i}`]);
    }
    expect(await name(siteId)).toEqual(before);
  });
});

describe("transaction", () => {
  it("commits every statement together, or none when the callback throws", async () => {
    const got = await transaction(t.db, async (tx) => {
      await tx.execute(sql`UPDATE "Site" SET "name" = ${"Committed"} WHERE "id" = ${siteId}`);
      return tx.queryRows<{ name: string }[]>(sql`SELECT "name" FROM "Site" WHERE "id" = ${siteId}`);
    });
    expect(got).toEqual([{ name: "Committed" }]);
    await expect(transaction(t.db, async (tx) => {
      await tx.execute(sql`UPDATE "Site" SET "name" = ${"Lost"} WHERE "id" = ${siteId}`);
      throw new Error("the page failed");
    })).rejects.toThrow("the page failed");
    expect((await t.db.site.findUniqueOrThrow({ where: { id: siteId } })).name).toBe("Committed");
    // A failing statement inside rolls back the ones before it.
    await expect(transaction(t.db, async (tx) => {
      await tx.execute(sql`UPDATE "Site" SET "name" = ${"Half"} WHERE "id" = ${siteId}`);
      await tx.execute(sql`INSERT INTO "Site" ("seedUrl", "host", "name", "updatedAt") VALUES (${"https://direct.example/"}, ${"h"}, ${"n"}, ${new Date()})`);
    })).rejects.toBeInstanceOf(DirectStatementError);
    expect((await t.db.site.findUniqueOrThrow({ where: { id: siteId } })).name).toBe("Committed");
  });

  it("keeps a direct statement out of another caller's open interactive transaction, which then rolls back alone", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const story = t.db.$transaction(async (tx) => {
      await tx.$executeRaw(sql`UPDATE "Site" SET "name" = ${"Rolled back"} WHERE "id" = ${siteId}`);
      entered();
      await held;
      throw new Error("story failed");
    }).catch((e: unknown) => e);
    await inside;
    // Issued while the transaction is open; on SQLite it must wait and then run on its own.
    const direct = execute(t.db, sql`UPDATE "Site" SET "maxPages" = ${77} WHERE "id" = ${siteId}`);
    setTimeout(release, 100);
    expect(await direct).toBe(1);
    expect(await story).toBeInstanceOf(Error);
    const site = await t.db.site.findUniqueOrThrow({ where: { id: siteId } });
    expect(site.maxPages).toBe(77);
    expect(site.name).toBe("Committed");
  });
});

describe("scopedTransaction (one transaction per page)", () => {
  const siteName = async () => (await t.db.site.findUniqueOrThrow({ where: { id: siteId } })).name;

  it("runs lib/db statements made with the scoped client, and nested transactions, in the one transaction", async () => {
    const committed: string[] = [];
    await scopedTransaction(t.db, async (tx) => {
      await execute(tx, sql`UPDATE "Site" SET "name" = ${"Scoped"} WHERE "id" = ${siteId}`);
      await transaction(tx, async (inner) => inner.execute(sql`UPDATE "Site" SET "maxPages" = ${11} WHERE "id" = ${siteId}`));
      // Seen inside, through the scoped client.
      expect(await queryRows<{ name: string }[]>(tx, sql`SELECT "name" FROM "Site" WHERE "id" = ${siteId}`)).toEqual([{ name: "Scoped" }]);
      await afterCommit(tx, async (plain) => { committed.push(await siteName()); expect(plain).toBe(t.db); });
      expect(committed).toEqual([]);
    });
    expect(committed).toEqual(["Scoped"]);
    expect((await t.db.site.findUniqueOrThrow({ where: { id: siteId } })).maxPages).toBe(11);
  });

  it("rolls back every statement, nested ones included, when the callback throws, and skips its afterCommit work", async () => {
    let ran = false;
    await expect(scopedTransaction(t.db, async (tx) => {
      await execute(tx, sql`UPDATE "Site" SET "name" = ${"Lost"} WHERE "id" = ${siteId}`);
      await transaction(tx, async (inner) => inner.execute(sql`UPDATE "Site" SET "maxPages" = ${12} WHERE "id" = ${siteId}`));
      await afterCommit(tx, async () => { ran = true; });
      throw new Error("crash between the page's writes");
    })).rejects.toThrow("crash between");
    expect(await siteName()).toBe("Scoped");
    expect((await t.db.site.findUniqueOrThrow({ where: { id: siteId } })).maxPages).toBe(11);
    expect(ran).toBe(false);
  });

  it("refuses Prisma's own calls on the scoped client (they would run beside the transaction)", async () => {
    await expect(scopedTransaction(t.db, async (tx) => tx.site.findMany())).rejects.toBeInstanceOf(ClientCallInTransactionError);
    await expect(scopedTransaction(t.db, async (tx) => tx.$queryRaw(sql`SELECT 1`))).rejects.toBeInstanceOf(ClientCallInTransactionError);
  });

  it("withSavepoint undoes only its own statements when they fail, and the transaction goes on (PostgreSQL aborts it otherwise)", async () => {
    await scopedTransaction(t.db, async (tx) => {
      await execute(tx, sql`UPDATE "Site" SET "name" = ${"Before savepoint"} WHERE "id" = ${siteId}`);
      const err = await withSavepoint(tx, async () => {
        await execute(tx, sql`UPDATE "Site" SET "maxPages" = ${13} WHERE "id" = ${siteId}`);
        await execute(tx, sql`INSERT INTO "Site" ("seedUrl", "host", "name", "updatedAt") VALUES (${"https://direct.example/"}, ${"h"}, ${"n"}, ${new Date()})`);
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DirectStatementError);
      await execute(tx, sql`UPDATE "Site" SET "name" = ${"After savepoint"} WHERE "id" = ${siteId}`);
    });
    const site = await t.db.site.findUniqueOrThrow({ where: { id: siteId } });
    expect(site.name).toBe("After savepoint");
    expect(site.maxPages).toBe(11);
  });
});

// Prisma CLI configuration. Prisma 6.19.3 with a driver adapter runs its bundled WASM schema
// engine, so migrations work with no internet (see README "Migrations"). The engine follows
// DATABASE_URL: postgresql:// URLs use prisma/postgres/ (schema and migrations), others SQLite's prisma/.
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { LedePg } from "./lib/db/pg-adapter.ts";

// 6.19.3 replays multi-statement migrations into the shadow database through a one-statement
// call, so every later `migrate dev` fails with P3006; run statement-less SQL through exec().
class ShadowSafeBetterSQLite3 extends PrismaBetterSQLite3 {
  async connectToShadowDb() {
    const adapter = await super.connectToShadowDb();
    const db = (adapter as any).client;
    const run = adapter.executeRaw.bind(adapter);
    adapter.executeRaw = async (q) => {
      if (q.args.length === 0) { db.exec(q.sql); return 0; }
      return run(q);
    };
    return adapter;
  }
}

const url = process.env.DATABASE_URL ?? "file:./data/lede.db";
const postgres = /^postgres(ql)?:\/\//.test(url);

export default defineConfig(postgres
  ? {
    experimental: { adapter: true },
    schema: "prisma/postgres/schema.prisma",
    engine: "js",
    adapter: async () => new LedePg(url),
  }
  : {
    experimental: { adapter: true, externalTables: true },
    // The FTS5 index over articles (migration *_article_fts, lib/db/search.ts) is a virtual table
    // with shadow tables; Prisma cannot model them, so they are external: never diffed or dropped.
    tables: { external: ["ArticleFts", "ArticleFts_config", "ArticleFts_data", "ArticleFts_docsize", "ArticleFts_idx"] },
    schema: "prisma/schema.prisma",
    engine: "js",
    adapter: async () => new ShadowSafeBetterSQLite3({ url }),
  });

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const env = { DOTENV_CONFIG_QUIET: "true", LOG_LEVEL: "silent" };

/**
 * Suites that run a second time on PostgreSQL (project "postgresql"): lib/db's own suites and the crawl
 * integration tests. A throw-away cluster is started for them (test/setup/postgres.ts) when
 * /usr/lib/postgresql/<version>/bin exists, or LEDE_TEST_PG_URL names a server.
 */
export const BOTH_ENGINES = [
  "test/db/**/*.test.ts",
  "test/frontier/frontier.test.ts",
  "test/dedup/find-duplicate.test.ts",
  "test/stories/db-stories.test.ts",
  "test/pipeline/ingest.test.ts",
  "test/pipeline/save-entities.test.ts",
  "test/app/news.test.ts",
  "test/app/search.test.ts",
  "test/app/views.test.ts",
  "test/classify/db.test.ts",
  "test/crawl/worker.test.ts",
  "test/crawl/durability.test.ts",
  "test/crawl/politeness.test.ts",
  "test/crawl/cli.test.ts",
  "test/stories/cli.test.ts",
];

export default defineConfig({
  // The app's "@/..." imports, so route handlers can be tested as functions (test/app/*-routes.test.ts).
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: ["test/**/*.test.ts"],
          exclude: ["test/e2e/**", "node_modules/**", "test/**/*.pg.test.ts"],
          env,
        },
      },
      {
        extends: true,
        test: {
          name: "postgresql",
          include: [...BOTH_ENGINES, "test/**/*.pg.test.ts"],
          exclude: ["test/db/transaction-gate.test.ts", "test/db/schema-sync.test.ts"],
          env: { ...env, LEDE_TEST_DB: "postgresql" },
          globalSetup: ["test/setup/postgres.ts"],
        },
      },
    ],
  },
});

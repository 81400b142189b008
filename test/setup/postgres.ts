// vitest globalSetup of the "postgresql" project: a PostgreSQL server for the suites that run on both
// engines. LEDE_TEST_PG_URL names one to use; otherwise a throw-away cluster is started (and stopped
// after the run) when the server binaries are installed. The template database every test database
// is copied from is migrated here, once.
import pg from "pg";
import { startCluster, type Cluster } from "../helpers/pg-cluster.ts";
import { applyPgMigrations, PG_TEMPLATE_DB } from "../helpers/db.ts";
import { withDatabase } from "../../lib/db/pg-adapter.ts";

let cluster: Cluster | null = null;

export default async function setup(): Promise<() => Promise<void>> {
  let url = process.env.LEDE_TEST_PG_URL;
  if (!url) {
    cluster = await startCluster();
    url = cluster.url;
  }
  process.env.LEDE_TEST_PG_URL = url;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${PG_TEMPLATE_DB}"`);
    await admin.query(`CREATE DATABASE "${PG_TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  await applyPgMigrations(withDatabase(url, PG_TEMPLATE_DB));
  return async () => {
    cluster?.stop();
    cluster = null;
  };
}

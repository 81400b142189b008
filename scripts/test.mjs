#!/usr/bin/env node
// `npm test`: every test Lede has.
//   1. vitest: unit and integration tests (real SQLite files, real HTTP servers on 127.0.0.1), and the
//      database and crawl suites again on PostgreSQL (a throw-away cluster: test/setup/postgres.ts);
//   2. the end-to-end tests: build the app, then drive Debian's Chromium through playwright-core.
// Chromium and PostgreSQL are installed with apt-get when missing and we are root; otherwise we stop and say how.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const CHROMIUM = process.env.LEDE_CHROMIUM ?? "/usr/bin/chromium";
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1", DOTENV_CONFIG_QUIET: "true" };

function run(cmd, args, what) {
  process.stderr.write(`\n[lede test] ${what}\n`);
  const res = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (res.status !== 0) {
    process.stderr.write(`[lede test] ${what} failed (exit ${res.status ?? res.signal})\n`);
    process.exit(res.status || 1);
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    process.stderr.write(`[lede test] Chromium is missing at ${CHROMIUM}. Install Debian's package (sudo apt-get install -y chromium) or set LEDE_CHROMIUM to a Chromium binary, then run npm test again.\n`);
    process.exit(1);
  }
  run("apt-get", ["update", "-qq"], "apt-get update (Chromium is missing)");
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], "installing Debian's Chromium for the end-to-end tests");
}

function ensurePostgres() {
  if (process.env.LEDE_TEST_PG_URL) return;
  const base = "/usr/lib/postgresql";
  if (existsSync(base) && readdirSync(base).some((v) => existsSync(resolve(base, v, "bin", "pg_ctl")))) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    process.stderr.write("[lede test] PostgreSQL server binaries are missing (/usr/lib/postgresql/*/bin). Install Debian's package (sudo apt-get install -y postgresql) or set LEDE_TEST_PG_URL to a server the tests may create databases on, then run npm test again.\n");
    process.exit(1);
  }
  run("apt-get", ["update", "-qq"], "apt-get update (PostgreSQL is missing)");
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "postgresql"], "installing Debian's PostgreSQL for the tests on both engines");
}

const bin = (name) => resolve(root, "node_modules", ".bin", name);
const only = process.argv[2];
if (!only) run(bin("tsc"), ["--noEmit", "-p", "."], "type check (tsc)");
if (only !== "e2e") {
  ensurePostgres();
  run(bin("vitest"), ["run"], "unit and integration tests (vitest), the database and crawl suites on SQLite and PostgreSQL");
}
if (only !== "unit") {
  ensureChromium();
  run(bin("next"), ["build"], "building the web app for the end-to-end tests");
  run(bin("vitest"), ["run", "--config", "vitest.e2e.config.ts"], "end-to-end tests in Chromium");
}

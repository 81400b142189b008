#!/usr/bin/env node
// `npm test`: every test Lede has.
//   1. vitest: unit and integration tests (real SQLite files, real HTTP servers on 127.0.0.1);
//   2. the end-to-end tests: build the app, then drive Debian's Chromium through playwright-core.
// Chromium is installed with apt-get when it is missing and we are root; otherwise we stop and say how.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
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

const bin = (name) => resolve(root, "node_modules", ".bin", name);
const only = process.argv[2];
if (!only) run(bin("tsc"), ["--noEmit", "-p", "."], "type check (tsc)");
if (only !== "e2e") run(bin("vitest"), ["run"], "unit and integration tests (vitest)");
if (only !== "unit") {
  ensureChromium();
  run(bin("next"), ["build"], "building the web app for the end-to-end tests");
  run(bin("vitest"), ["run", "--config", "vitest.e2e.config.ts"], "end-to-end tests in Chromium");
}

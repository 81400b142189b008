#!/usr/bin/env node
// `npm start`: run Lede on one machine.
//   1. apply database migrations (before any process opens the database);
//   2. build the web app when the build is missing or older than the sources;
//   3. run the web server (scripts/web.mjs: Next.js behind a front that limits request bodies) and WORKER_PROCESSES crawl workers (default 1) side by side; the
//      workers share the database through leases, per-host slots and the story merge pass's lease row;
//   4. on Ctrl-C / SIGTERM stop them all and wait for them, so no process is left behind.
// A child that dies on its own (a crash, the heap, kill -9) is restarted after a back-off that
// doubles while it keeps dying (1 s, 2 s, … up to 60 s); the others keep running.
// `npm start -- --workers-only` (an extra machine sharing a PostgreSQL database): no web app, only workers.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { register } from "tsx/esm/api";
import { ensureAdminPassword } from "./admin-password.mjs";

const root = resolve(import.meta.dirname, "..");
/** ms children get to finish after SIGTERM before they are killed. */
const STOP_GRACE_MS = 10_000;
/** Source paths whose change makes the build stale. */
const BUILD_INPUTS = ["app", "lib", "public", "proxy.ts", "next.config.mjs", "package-lock.json", "tsconfig.json", "prisma/schema.prisma"];
const BUILD_STAMP = join(root, ".next", "lede-build-stamp");

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  CHECKPOINT_DISABLE: "1",
  DOTENV_CONFIG_QUIET: "true",
  DATABASE_URL: process.env.DATABASE_URL ?? `file:${join(root, "data", "lede.db")}`,
};
const port = env.PORT ?? "3000";
const host = env.HOST ?? "127.0.0.1";

function say(msg) {
  process.stderr.write(`lede: ${msg}\n`);
}

function runOrExit(cmd, args, what) {
  const res = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (res.status !== 0) {
    say(`${what} failed (exit ${res.status ?? res.signal}); not starting.`);
    process.exit(res.status || 1);
  }
}

/** A signature of the build inputs: path, size and mtime of every file (fast, no reads). */
function sourceStamp() {
  const hash = createHash("sha256");
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      if (p.endsWith(join("lib", "generated"))) return;
      for (const name of readdirSync(p).sort()) walk(join(p, name));
    } else {
      hash.update(`${p}\0${st.size}\0${st.mtimeMs}\n`);
    }
  };
  for (const input of BUILD_INPUTS) walk(join(root, input));
  return hash.digest("hex");
}

function buildIfStale() {
  const stamp = sourceStamp();
  const built = existsSync(join(root, ".next", "BUILD_ID")) && existsSync(BUILD_STAMP) && readFileSync(BUILD_STAMP, "utf8") === stamp;
  if (built) return;
  say("building the web app (first start or sources changed)…");
  runOrExit(join(root, "node_modules", ".bin", "next"), ["build"], "next build");
  writeFileSync(BUILD_STAMP, stamp);
}

// 1. Migrations first: Prisma's schema engine needs the database to itself.
runOrExit(process.execPath, [join(root, "bin", "lede.mjs"), "migrate"], "database migration");
ensureAdminPassword(env, say);
// The settings come from lib/config.ts, the one place that reads and checks the environment.
register();
const { getEnv } = await import("../lib/config.ts");
let config;
try {
  config = getEnv(env);
} catch (err) {
  say(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
// 2. Build.
const workersOnly = process.argv.includes("--workers-only");
if (!workersOnly && !process.argv.includes("--no-build")) buildIfStale();

// 3. Children.
/** ms before the first restart of a crashed child; doubled per crash in a row, up to RESTART_MAX_MS. */
const RESTART_BASE_MS = 1_000;
const RESTART_MAX_MS = 60_000;
/** ms a child must run to count as healthy again: its next crash restarts after RESTART_BASE_MS. */
const HEALTHY_RUN_MS = 60_000;
const children = new Map();
/** name → pending restart timer */
const restarts = new Map();
/** name → crashes in a row */
const crashes = new Map();
let stopping = false;
let exitCode = 0;

function startChild(name, cmd, args, extraEnv = {}) {
  const child = spawn(cmd, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: "inherit" });
  const startedAt = Date.now();
  children.set(name, child);
  child.on("error", (err) => say(`${name} could not start: ${err.message}`));
  child.on("exit", (code, signal) => {
    children.delete(name);
    if (!stopping) {
      const inARow = Date.now() - startedAt >= HEALTHY_RUN_MS ? 1 : (crashes.get(name) ?? 0) + 1;
      crashes.set(name, inARow);
      const delay = Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** (inARow - 1));
      say(`${name} exited (${signal ?? code}); restarting it in ${delay / 1000} s (crash ${inARow} in a row); the others keep running.`);
      restarts.set(name, setTimeout(() => {
        restarts.delete(name);
        if (!stopping) startChild(name, cmd, args, extraEnv);
      }, delay));
      return;
    }
    if (children.size === 0) process.exit(exitCode);
  });
  return child;
}

function stop() {
  if (stopping) return;
  stopping = true;
  for (const timer of restarts.values()) clearTimeout(timer);
  restarts.clear();
  for (const child of children.values()) child.kill("SIGTERM");
  setTimeout(() => {
    for (const child of children.values()) child.kill("SIGKILL");
  }, STOP_GRACE_MS).unref();
  if (children.size === 0) process.exit(exitCode);
}

process.on("SIGINT", stop);
process.on("SIGTERM", stop);
process.on("SIGHUP", stop);

// If whoever started us dies without passing the signal on (a shell wrapper killed, npm killed
// hard), we are re-parented: stop too, rather than leave the server and worker running.
/** ms between checks that our parent process is still the one that started us. */
const PARENT_CHECK_MS = 1_000;
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) {
    say("parent process went away; stopping.");
    stop();
  }
}, PARENT_CHECK_MS).unref();

// The web server: the built app behind the front that refuses unwanted bodies before Next.js reads them (scripts/web.mjs).
if (!workersOnly) startChild("web", process.execPath, [join(root, "scripts", "web.mjs")], { PORT: port, HOST: host, NODE_ENV: "production" });
const workers = config.WORKER_PROCESSES;
for (let i = 1; i <= workers; i++) {
  const name = workers === 1 ? "worker" : `worker ${i}`;
  // The story merge pass runs in one worker at a time, whichever claims it (lib/db/singletons.ts).
  startChild(name, process.execPath, ["--import", "tsx", join(root, "workers", "crawl.ts")]);
}
// The URL's password is not printed.
const shownUrl = env.DATABASE_URL.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:…@");
say(workersOnly
  ? `running ${workers} crawl worker${workers === 1 ? "" : "s"} (database ${shownUrl}); Ctrl-C stops.`
  : `running at http://${host}:${port}/ with ${workers} crawl worker${workers === 1 ? "" : "s"} (database ${shownUrl}); Ctrl-C stops.`);

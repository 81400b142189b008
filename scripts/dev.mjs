#!/usr/bin/env node
// `npm run dev`: migrations, then `next dev` and the crawl worker (restarted by tsx on changes).
import { spawn, spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { ensureAdminPassword } from "./admin-password.mjs";

const root = resolve(import.meta.dirname, "..");
const env = {
  ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1", DOTENV_CONFIG_QUIET: "true",
  DATABASE_URL: process.env.DATABASE_URL ?? `file:${join(root, "data", "lede.db")}`,
};
const say = (m) => process.stderr.write(`lede dev: ${m}\n`);
if (spawnSync(process.execPath, [join(root, "bin", "lede.mjs"), "migrate"], { cwd: root, env, stdio: "inherit" }).status !== 0) process.exit(1);
ensureAdminPassword(env, say);
const children = [
  spawn(join(root, "node_modules", ".bin", "next"), ["dev", "-p", env.PORT ?? "3000", "-H", env.HOST ?? "127.0.0.1"], { cwd: root, env, stdio: "inherit" }),
  spawn(join(root, "node_modules", ".bin", "tsx"), ["watch", join(root, "workers", "crawl.ts")], { cwd: root, env, stdio: "inherit" }),
];
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill("SIGTERM");
};
for (const c of children) c.on("exit", () => { stop(); if (children.every((x) => x.exitCode !== null || x.signalCode)) process.exit(0); });
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

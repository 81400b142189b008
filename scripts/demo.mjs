#!/usr/bin/env node
// `npm run demo`: Lede against the replay web — real saved news sites served on 127.0.0.1 — so a
// person without internet can watch it crawl, extract and group. Uses its own database
// (data/demo.db) and seeds the replayed sites; then runs exactly what `npm start` runs.
import { spawn, spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { register } from "tsx/esm/api";

register();
const root = resolve(import.meta.dirname, "..");
const { startReplayWeb } = await import("../lib/replay/server.ts");
const { buildDemoNews } = await import("../lib/replay/demo-news.ts");
// Beside the saved real pages: three demo newspapers reporting the same events (ECB+ text, CC BY 3.0).
const web = await startReplayWeb({ port: Number(process.env.REPLAY_PORT ?? 0), generated: buildDemoNews() });
const env = {
  ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1", DOTENV_CONFIG_QUIET: "true",
  DATABASE_URL: process.env.DATABASE_URL ?? `file:${join(root, "data", "demo.db")}`,
  HOST_MAP: web.hostMap, ALLOW_PRIVATE_NETWORK: "true",
};
process.stderr.write(`lede demo: replay web on 127.0.0.1:${web.port} serving ${web.hosts.join(", ")}\n`);

if (spawnSync(process.execPath, [join(root, "bin", "lede.mjs"), "migrate"], { cwd: root, env, stdio: "inherit" }).status !== 0) process.exit(1);
process.env.DATABASE_URL = env.DATABASE_URL;
const { openDb } = await import("../lib/db/client.ts");
const { addSite, SiteExistsError } = await import("../lib/db/sites.ts");
const db = openDb(env.DATABASE_URL);
for (const host of web.hosts) {
  try {
    await addSite(db, { seedUrl: web.seedUrl(host), crawlDelayMs: 200, allowPrivateNetwork: true });
  } catch (err) {
    if (!(err instanceof SiteExistsError)) throw err;
  }
}
await db.$disconnect();

const lede = spawn(process.execPath, [join(root, "scripts", "start.mjs")], { cwd: root, env, stdio: "inherit" });
const stop = () => lede.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
lede.on("exit", async (code) => {
  await web.close();
  process.exit(code ?? 0);
});

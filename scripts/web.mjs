#!/usr/bin/env node
// The web server `npm start` runs (scripts/start.mjs): the built Next.js app behind the front
// (lib/web/front.ts) in one process. The front sees each request before Next.js does and refuses
// bodies a route does not take, or takes only up to its limit, before they are read; Next.js's
// custom-server API (`next({ ... }).getRequestHandler()`) answers everything it admits.
// Needs a built app (`next build`). PORT and HOST as for `next start`.
import { createServer } from "node:http";
import { resolve } from "node:path";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, stop as stopEsbuild } from "esbuild";

process.env.NODE_ENV ??= "production";
const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? "3000");
const hostname = process.env.HOST ?? "127.0.0.1";
/** ms to let answers in flight finish after SIGTERM before the process exits. */
const STOP_GRACE_MS = 5_000;

/**
 * The front, compiled from lib/web/front.ts with esbuild (its packages stay imports). Not loaded
 * through tsx: its loader hooks run on a thread of their own that would stay for the process's
 * life, +100 MiB of RSS (measured: 302 vs 196 MiB for the same server with a one-line front).
 * Compiled at every start (tens of ms) to a file of this process's own, so servers started side
 * by side from one tree do not share one.
 */
async function loadFront() {
  const dir = join(root, ".next", "cache", "lede-web");
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `front-${process.pid}.mjs`);
  try {
    await build({ entryPoints: [join(root, "lib", "web", "front.ts")], outfile, bundle: true, packages: "external", platform: "node", format: "esm", target: "node20", logLevel: "warning" });
    await stopEsbuild();
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outfile, { force: true });
  }
}

const { createFront, serverSessionCheck } = await loadFront();
const { default: next } = await import("next");

const server = createServer();
const app = next({ dev: false, dir: root, hostname, port, httpServer: server });
await app.prepare();
const handle = app.getRequestHandler();
server.on("request", createFront((req, res) => handle(req, res), serverSessionCheck()));
server.listen(port, hostname, () => process.stderr.write(`lede web: listening on http://${hostname}:${port}/\n`));

function stop() {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), STOP_GRACE_MS).unref();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

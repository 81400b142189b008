#!/usr/bin/env node
// The web server `npm start` runs (scripts/start.mjs): the built Next.js app behind the front
// (lib/web/front.ts) in one process. The front sees each request before Next.js does and refuses
// bodies a route does not take, or takes only up to its limit, before they are read; Next.js's
// custom-server API (`next({ ... }).getRequestHandler()`) answers everything it admits.
// Needs a built app (`next build`). PORT and HOST as for `next start`.
import { createServer } from "node:http";
import { resolve } from "node:path";
import { tsImport } from "tsx/esm/api";

process.env.NODE_ENV ??= "production";
const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? "3000");
const hostname = process.env.HOST ?? "127.0.0.1";
/** ms to let answers in flight finish after SIGTERM before the process exits. */
const STOP_GRACE_MS = 5_000;

const { createFront, serverSessionCheck } = await tsImport("../lib/web/front.ts", import.meta.url);
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

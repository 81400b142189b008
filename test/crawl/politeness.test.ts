// Per-host politeness across worker processes: 4 workers crawl one host whose site asks for a delay
// between requests; the host's slot lives in the database (lib/db/hosts.ts), so the requests the server
// sees are spaced by the delay whichever worker sends them (with separate in-process limiters they
// would arrive 4 at a time). Runs on SQLite and on PostgreSQL.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { enqueueUrls } from "../../lib/db/frontier.ts";
import { addSite, setSiteStatus } from "../../lib/db/sites.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";

const root = join(import.meta.dirname, "..", "..");
const WORKERS = 4;
const PAGES = 8;
/** ms the site asks between two requests. */
const DELAY_MS = 800;
/**
 * What the server may see. A request's trip from its slot claim to the server varies with load (a
 * connection opened on a busy machine: one arrival 540 ms late, the next on time, was seen), so single
 * gaps can be shorter than the delay; but the median gap holds it, and no delay-long window holds more
 * than two arrivals. With a limiter per process, 4 workers would arrive 4 at a time (median gap ~0).
 */
/**
 * URLs each worker holds at once. One: four processes, each with one URL of the host waiting for the
 * shared slot, so what spaces the requests is the slot in the database, not a limiter inside a process.
 */
const CONCURRENCY = 1;
const MEDIAN_GAP_MIN_MS = DELAY_MS * 0.9;
const MAX_PER_WINDOW = 2;

const arrivals: { path: string; at: number }[] = [];
let server: Server;
let port = 0;
let t: TestDb;
const children: ChildProcess[] = [];
let siteId = 0;

const article = (i: number) => `<!doctype html><html lang="en"><head><title>Harbour report ${i}</title></head><body><article><h1>Harbour report ${i}</h1>
${Array.from({ length: 8 }, (_, p) => `<p>The harbour authority said on Tuesday that ship number ${i * 10 + p} had docked after a storm delayed traffic along the northern coast for several days, and officials expect more arrivals.</p>`).join("\n")}
</article></body></html>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    arrivals.push({ path, at: Date.now() });
    if (path === "/robots.txt") { res.writeHead(200, { "content-type": "text/plain" }); res.end("User-agent: *\nAllow: /\n"); return; }
    if (path === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html><head><title>Harbour news</title></head><body>${Array.from({ length: PAGES }, (_, i) => `<a href="/news/${i}">Report ${i}</a>`).join(" ")}</body></html>`);
      return;
    }
    const m = /^\/news\/(\d+)$/.exec(path);
    if (m) { res.writeHead(200, { "content-type": "text/html; charset=utf-8" }); res.end(article(Number(m[1]))); return; }
    res.writeHead(404); res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  port = (server.address() as { port: number }).port;
  t = await createTestDb();
  const site = await addSite(t.db, { seedUrl: `http://127.0.0.1:${port}/`, maxPages: 100, maxDepth: 1, crawlDelayMs: DELAY_MS, allowPrivateNetwork: true });
  siteId = site.id;
  // Paused until every worker has started (see the test): a worker that boots seconds before the others on a
  // loaded machine would otherwise crawl all the pages alone, and the test would check one process, not four.
  await setSiteStatus(t.db, site.id, "paused");
  // The pages are queued before any worker starts (the seed would list them too), so every worker finds
  // work for the one host as soon as it is up: otherwise the worker that boots first and takes the seed
  // could crawl all of them before the others poll, and the test would check one process, not four.
  await enqueueUrls(t.db, Array.from({ length: PAGES }, (_, i) => ({ url: `http://127.0.0.1:${port}/news/${i}`, siteId: site.id, depth: 1, kind: "page" as const })));
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await new Promise((r) => server?.close(r));
  await t?.cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const exited = (p: ChildProcess) => new Promise<number | null>((r) => (p.exitCode !== null ? r(p.exitCode) : p.once("exit", (code) => r(code))));

it(`${WORKERS} workers on one host keep the site's ${DELAY_MS} ms delay between requests`, async () => {
  let stderr = "";
  const started = new Set<number>();
  for (let i = 0; i < WORKERS; i++) {
    const child = spawn(process.execPath, ["--import", "tsx", join(root, "workers", "crawl.ts")], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: t.url, ALLOW_PRIVATE_NETWORK: "true", WORKER_CONCURRENCY: String(CONCURRENCY), WORKER_IDLE_MS: "100", LOG_LEVEL: "info", VITEST: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stderr!.on("data", (d) => (stderr += d));
    let stdout = "";
    child.stdout!.on("data", (d) => { stdout += d; if (stdout.includes("crawl worker started")) started.add(child.pid!); });
    children.push(child);
  }
  for (const end = Date.now() + 120_000; started.size < WORKERS && Date.now() < end; ) await sleep(50);
  expect(started.size, `workers that logged their start; stderr: ${stderr}`).toBe(WORKERS);
  await setSiteStatus(t.db, siteId, "active");
  const owners = new Set<string>();
  const pagesFetched = () => arrivals.filter((a) => a.path.startsWith("/news/")).length;
  // The seed is one more request to space: a slot goes to whichever waiting worker asks first, so the
  // worker holding the seed may lose every race until the pages are done; the crawl is watched until both are.
  const seedFetched = () => arrivals.some((a) => a.path === "/");
  for (const end = Date.now() + 180_000; Date.now() < end && (pagesFetched() < PAGES || !seedFetched()); ) {
    const leased = await t.db.frontierUrl.findMany({ where: { state: "leased" }, select: { leaseOwner: true } });
    for (const l of leased) if (l.leaseOwner) owners.add(l.leaseOwner);
    await sleep(50);
  }
  for (const c of children) c.kill("SIGTERM");
  for (const c of children) expect(await exited(c), stderr).toBe(0);
  expect(pagesFetched(), stderr).toBe(PAGES);
  expect(owners.size, "several workers took part").toBeGreaterThan(1);
  // robots.txt is read once per worker process, outside the slot (it decides whether to fetch at all).
  const times = arrivals.filter((a) => a.path !== "/robots.txt").map((a) => a.at).sort((a, b) => a - b);
  const gaps = times.slice(1).map((at, i) => at - times[i]!);
  expect(gaps.length).toBeGreaterThanOrEqual(PAGES);
  const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
  expect(median, `gaps ${gaps.join(", ")} ms`).toBeGreaterThanOrEqual(MEDIAN_GAP_MIN_MS);
  const busiest = Math.max(...times.map((at) => times.filter((u) => u >= at && u < at + DELAY_MS).length));
  expect(busiest, `gaps ${gaps.join(", ")} ms`).toBeLessThanOrEqual(MAX_PER_WINDOW);
}, 300_000);

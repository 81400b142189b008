// kill -9 the real worker process mid-crawl, restart it as several processes sharing the database (as
// WORKER_PROCESSES=N runs them: 2 on SQLite, 4 on PostgreSQL): no URL lost, no page stored twice, no
// URL fetched twice by them, expired leases re-claimed.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addSite } from "../../lib/db/sites.ts";
import { startReplayWeb, type ReplayWeb } from "../../lib/replay/server.ts";
import { createTestDb, testEngine, type TestDb } from "../helpers/db.ts";
import { makeReplayDir } from "./replay-many.ts";

const root = join(import.meta.dirname, "..", "..");
const PAGES_PER_HOST = 15;
/** Short leases so the restarted worker re-claims the dead one's rows within the test. */
const LEASE_MS = 1500;
/** Worker processes after the restart: PostgreSQL's row locks let more of them lease side by side. */
const RESTARTED_WORKERS = testEngine() === "postgresql" ? 4 : 2;
/** ms the restarted workers get to finish: each process loads the pipeline's models (~1 s CPU) on 2 shared cores. */
const FINISH_WAIT_MS = 40_000 * RESTARTED_WORKERS;

let t: TestDb;
let web: ReplayWeb;
let replay: ReturnType<typeof makeReplayDir>;

beforeAll(async () => {
  replay = makeReplayDir(PAGES_PER_HOST);
  web = await startReplayWeb({ dir: replay.dir, requestLog: 100_000 });
  t = await createTestDb();
  for (const host of web.hosts) {
    await addSite(t.db, { seedUrl: web.seedUrl(host), maxPages: 1000, maxDepth: 1, crawlDelayMs: 0, allowPrivateNetwork: true });
  }
});

const children: ChildProcess[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await web?.close();
  await t?.cleanup();
  rmSync(replay.dir, { recursive: true, force: true });
});

function startWorker(extraEnv: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "workers", "crawl.ts")], {
    cwd: root,
    env: {
      ...process.env, DATABASE_URL: t.url, HOST_MAP: web.hostMap, ALLOW_PRIVATE_NETWORK: "true", LEASE_MS: String(LEASE_MS),
      WORKER_CONCURRENCY: "4", WORKER_IDLE_MS: "100", LOG_LEVEL: "silent", VITEST: "", ...extraEnv,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  return child;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(cond: () => Promise<boolean>, timeoutMs: number, explain: () => Promise<string>): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await cond()) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting: ${await explain()}`);
}

async function frontierSummary(): Promise<string> {
  const rows = await t.db.frontierUrl.groupBy({ by: ["kind", "state", "lastErrorKey"], _count: { _all: true } });
  return JSON.stringify(rows.map((r) => [r.kind, r.state, r.lastErrorKey, r._count._all]));
}

const exited = (p: ChildProcess) => new Promise<number | null>((r) => (p.exitCode !== null ? r(p.exitCode) : p.once("exit", (code) => r(code))));

it(`survives kill -9 mid-crawl: nothing lost, nothing stored twice, dead leases re-claimed by ${RESTARTED_WORKERS} workers that share the work`, async () => {
  const total = web.hosts.length * PAGES_PER_HOST;
  // 1. First worker: kill -9 once it has stored some pages and holds leases.
  const first = startWorker();
  let stderr = "";
  first.stderr!.on("data", (d) => (stderr += d));
  await waitFor(async () => (await t.db.page.count()) >= 8 && (await t.db.frontierUrl.count({ where: { state: "leased" } })) > 0, 40_000, async () => `${await frontierSummary()} ${stderr}`);
  first.kill("SIGKILL");
  await exited(first);
  const orphaned = await t.db.frontierUrl.findMany({ where: { state: "leased" }, select: { id: true, leaseOwner: true } });
  expect(orphaned.length).toBeGreaterThan(0);
  const pagesAtKill = await t.db.page.count();
  expect(pagesAtKill).toBeLessThan(total);

  // 2. RESTARTED_WORKERS workers (the story merge pass claimed by one at a time): they finish the
  //    crawl, re-claiming the dead worker's leases once they expire, and split the work between them.
  const requestsBefore = web.requests.length;
  const fetchLogBefore = (await t.db.fetchAttempt.aggregate({ _max: { id: true } }))._max.id ?? 0;
  //    The dead worker's leases expire after LEASE_MS; theirs are longer, and each worker renews the
  //    leases of the URLs it is still working on, so a page that waits for CPU on a loaded machine is
  //    not re-claimed (and fetched again) while it is being processed.
  const second = Array.from({ length: RESTARTED_WORKERS }, () => startWorker({ LEASE_MS: "60000" }));
  for (const w of second) w.stderr!.on("data", (d) => (stderr += d));
  const owners = new Set<string>();
  const deadOwners = new Set(orphaned.map((o) => o.leaseOwner));
  const pageRows = () => t.db.frontierUrl.count({ where: { kind: "page", url: { contains: "/story/" } } });
  await waitFor(async () => {
    const leased = await t.db.frontierUrl.findMany({ where: { state: "leased" }, select: { leaseOwner: true } });
    for (const l of leased) if (l.leaseOwner && !deadOwners.has(l.leaseOwner)) owners.add(l.leaseOwner);
    const open = await t.db.frontierUrl.count({ where: { kind: "page", state: { in: ["queued", "leased"] } } });
    return open === 0 && (await pageRows()) === total;
  }, FINISH_WAIT_MS, async () => `${await frontierSummary()} ${stderr.slice(-3000)}`);
  for (const w of second) w.kill("SIGTERM");
  for (const w of second) expect(await exited(w), stderr).toBe(0);
  // Shared: more than one worker held leases (on a loaded machine the last one started may find the work taken).
  expect(owners.size, "several workers held leases").toBeGreaterThanOrEqual(2);
  expect(owners.size).toBeLessThanOrEqual(RESTARTED_WORKERS);
  // No story page was fetched twice by the workers after the restart unless the earlier fetch failed
  // and was retried: every fetch but the last of a URL is a failed FetchAttempt (on a starved machine a
  // store can time out and be retried), at most one is a success. Two workers holding one URL, or a
  // live worker's lease expiring under it, shows as a second successful fetch, or a fetch with no
  // failure before it.
  const fetchedAfter = web.requests.slice(requestsBefore).filter((r) => r.path.startsWith("/story/")).map((r) => `${r.host}${r.path}`);
  expect(fetchedAfter.length).toBeGreaterThan(0);
  const loggedAfter = await t.db.fetchAttempt.findMany({ where: { id: { gt: fetchLogBefore }, url: { contains: "/story/" } }, select: { url: true, errorKey: true } });
  const fetches = new Map<string, number>();
  for (const u of fetchedAfter) fetches.set(u, (fetches.get(u) ?? 0) + 1);
  const unexplained = [...fetches].flatMap(([key, n]) => {
    const logged = loggedAfter.filter((a) => { const u = new URL(a.url); return `${u.host}${u.pathname}` === key; });
    const ok = logged.filter((a) => a.errorKey === null).length;
    const failed = logged.filter((a) => a.errorKey !== null).map((a) => a.errorKey);
    return ok > 1 || n - 1 > failed.length ? [{ url: key, fetches: n, successes: ok, failed }] : [];
  });
  expect(unexplained, `story pages fetched again without a failed attempt before (${fetches.size} unique of ${fetchedAfter.length} fetches)`).toEqual([]);

  // 3. Every story URL of every host was fetched and stored exactly once; the dead leases were re-claimed.
  const stories = await t.db.frontierUrl.findMany({ where: { url: { contains: "/story/" } }, select: { url: true, state: true, attempts: true } });
  expect(stories).toHaveLength(total);
  expect(stories.filter((s) => s.state !== "done")).toEqual([]);
  const pages = await t.db.page.findMany({ select: { url: true } });
  expect(new Set(pages.map((p) => p.url)).size).toBe(pages.length);
  for (const s of stories) expect(pages.some((p) => p.url === s.url), s.url).toBe(true);
  const reclaimed = await t.db.frontierUrl.findMany({ where: { id: { in: orphaned.map((o) => o.id) } }, select: { state: true, leaseOwner: true } });
  expect(reclaimed.every((r) => r.leaseOwner === null && r.state !== "leased")).toBe(true);
  // 4. The clean stop released everything.
  expect(await t.db.frontierUrl.count({ where: { state: "leased" } })).toBe(0);
}, 70_000 + FINISH_WAIT_MS);

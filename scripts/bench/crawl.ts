// npm run bench:crawl — the crawler end to end (lease → robots → host limiter → fetch → decode →
// links → extract → classify → dedup → entities → story → store → settle) against a local web of
// many hosts with no politeness delay, with 10k and 100k URLs in the frontier. Reports pages/s,
// CPU ms per page, peak RSS per worker process and a CPU breakdown by stage.
//
// The local web (this process) serves real article pages from the corpus (WCXB dev split, "article"
// pages, each a different article) gzip-compressed, under BENCH_HOSTS host names; page n of a host
// is corpus page (n × hosts + host) mod pages. Each run crawls a sample of BENCH_SAMPLE_PAGES pages
// out of the full frontier with BENCH_WORKERS worker processes sharing one SQLite file through
// leases (as `lede worker` processes do): throughput depends on the frontier's size through the lease
// query and the indexes, not on how long we let it run. The sample is smaller than the number of
// distinct pages, so most pages are new articles that go through entities and story grouping.
//
// CPU ms/page (process.cpuUsage of the worker processes, user + system, counted from after start-up:
// classifier and entity lexicon loaded) is what a busy shared machine distorts least; pages/s is wall-clock and falls when other jobs hold the cores. The
// projection "2 cores / CPU per page" is the rate the workers could reach on an otherwise idle
// machine if they kept both cores busy.
//
// The stage pass runs one worker with one URL in flight and a StageClock (lib/pipeline/stage-clock.ts),
// so that async database stages are attributed exactly. It runs every page in the worker's own thread;
// `npm start`'s workers run a page's CPU work in page threads (lib/crawl/page-processor.ts: a budget per
// page, a heap limit per thread) and hand each page and its result across threads. The thread pass
// measures that: one worker as `lede worker` runs it (page threads, WORKER_CONCURRENCY in flight, no
// clock), on an identical database, CPU counted after the same warm-up pages, so its threads are warm.
//
// Floors, measured in the stage pass's own worker process on the pages it crawls (one at a time, no
// database), once before and once after the crawl to bracket load drift: CPU per page for the
// htmlparser2 parse alone, and for fetch + decode + parse + extract alone. 2 cores ÷ a floor is the
// most pages/s any pipeline containing that work could reach.
//
// Options (env): BENCH_SAMPLE_PAGES (default 600; 0 runs the stage and floor passes only), BENCH_SIZES ("10000,100000"; sizes left out
// keep their previous rows, marked "(earlier run)"), BENCH_WORKERS (2),
// WORKER_CONCURRENCY (4 per worker), BENCH_STAGE_PAGES (150; 0 skips the stage and floor passes), BENCH_CHILD_NODE_ARGS
// (node flags for the worker processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"), BENCH_STAGE_PROFILE=DIR (a CPU
// profile of the stage pass's worker only, written to DIR), BENCH_THREAD_PASS=0 (skip the thread pass), BENCH_STAGE_GAPS=1 (the stage pass also lists the CPU
// spent outside every stage, by the stages around it: what "other" is made of).
import { fork, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus } from "node:os";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { openDb, tuneConnection } from "../../lib/db/client.ts";
import { enqueueUrls } from "../../lib/db/frontier.ts";
import { runWorker } from "../../lib/crawl/worker.ts";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { parseHtml } from "../../lib/extract/dom.ts";
import { extractArticle } from "../../lib/extract/index.ts";
import { fetchUrl } from "../../lib/http/fetch.ts";
import { readHostMap } from "../../lib/http/hostmap.ts";
import { errorTotal } from "../../lib/crawl/stats.ts";
import { COUNT_STATEMENTS, statementCount, type StatementCount } from "../../lib/db/statement-count.ts";
import { StageClock, timeStage } from "../../lib/pipeline/stage-clock.ts";
import { getPageClassifier } from "../../lib/pipeline/context.ts";
import { extractEntities } from "../../lib/entities/extract-entities.ts";
import { MIN_TEMPLATE_PAGES } from "../../lib/extract/template.ts";
import { applyMigrations, applyPgMigrations } from "../../test/helpers/db.ts";
import { startCluster, type Cluster } from "../../test/helpers/pg-cluster.ts";
import { withDatabase } from "../../lib/db/pg-adapter.ts";
import pg from "pg";
import { corpusDir, machineLine, mdTable, previousSizeRows, writeBenchSection } from "./report.ts";

/** Host names in the local web: enough that per-host limits never bind, as on a real multi-site crawl. */
const BENCH_HOSTS = 50;
/** Distinct corpus pages served at most (WCXB dev has ~700 article pages). */
const CORPUS_PAGES = 800;
const SAMPLE_PAGES = Number(process.env.BENCH_SAMPLE_PAGES ?? 600);
/** Frontier sizes of a full run; BENCH_SIZES measures a subset, and the other rows are carried over (marked). */
const ALL_SIZES = [10_000, 100_000];
const SIZES = (process.env.BENCH_SIZES ?? ALL_SIZES.join(",")).split(",").map(Number);
const EARLIER = " (earlier run)";

const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
/** docs/benchmarks.md section: one per engine. */
const SECTION = process.env.BENCH_DATABASE === "postgresql" ? "crawl-postgresql" : "crawl";
/** URLs in flight per worker: the pipeline is CPU-bound, so a few hide fetch latency; more only queue
 *  finished downloads behind CPU work (their total-timeout clock keeps running). */
const CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 4);
const STAGE_PAGES = Number(process.env.BENCH_STAGE_PAGES ?? 150);
/**
 * Pages the stage pass crawls before its clock starts: MIN_TEMPLATE_PAGES per host, so every host's
 * template is ready and the measured pages are extracted, classified and stored as a running crawl's
 * are (without it, 150 pages over 50 hosts were mostly held back waiting for their template).
 */
const STAGE_WARMUP_PAGES = BENCH_HOSTS * MIN_TEMPLATE_PAGES;
const TARGET_PAGES_PER_S = 150;
const TARGET_RSS_MB = 500;
/** The whole pipeline's CPU per page at most this many times the floor (fetch + decode + parse + extract): issue 17. */
const TARGET_FLOOR_RATIO = 2.0;
/** Extra node flags for the worker processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (NODE_OPTIONS refuses --cpu-prof). */
const CHILD_NODE_ARGS = (process.env.BENCH_CHILD_NODE_ARGS ?? "").split(" ").filter(Boolean);
/** BENCH_STAGE_PROFILE=DIR: --cpu-prof of the stage pass's worker, into DIR. */
const STAGE_PROFILE_DIR = process.env.BENCH_STAGE_PROFILE ?? "";
/** BENCH_THREAD_PASS=0 skips the thread pass (the pipeline in page threads, as `npm start` runs it). */
const THREAD_PASS = process.env.BENCH_THREAD_PASS !== "0";
/** BENCH_STAGE_GAPS=1: the stage pass lists the CPU between stages (StageClock gaps). */
const STAGE_GAPS = process.env.BENCH_STAGE_GAPS === "1";
/** Gaps listed (largest first). */
const GAPS_LISTED = 25;
/** ms between RSS samples in a worker process. */
const RSS_SAMPLE_MS = 50;

const hostName = (i: number) => `site${i}.bench.test`;
/** The i-th URL of the frontier: hosts interleaved, so the first rows leased serve corpus pages 0, 1, 2, … */
const frontierUrl = (i: number) => `http://${hostName(i % BENCH_HOSTS)}/p/${Math.floor(i / BENCH_HOSTS)}`;
/** Pages the floor pass runs unmeasured first (JIT warm-up). */
const FLOOR_WARMUP_PAGES = 10;
const MB = 2 ** 20;

// ---- messages between the bench and its worker processes ----

interface ChildJob {
  dbUrl: string; hostMap: string; concurrency: number; stageClock: boolean; floorUrls?: string[]; warmupPages?: number;
  /** The thread pass: page threads, and the warm-up inside the same run (the threads stay warm); CPU counted after it. */
  pageThreads?: boolean;
}
type ChildMessage =
  | { type: "ready" }
  | { type: "page" }
  | { type: "done"; pages: number; outcomes: Record<string, number>; errors: Record<string, number>; cpuMs: number; peakRssMb: number; stages: [string, number][]; gaps: [string, number, number][]; floors: FloorResult[]; statements: StatementCount };
interface FloorResult { pages: number; parseMs: number; fetchMs: number; decodeMs: number; extractMs: number }

// ---- worker process ----

async function childMain(): Promise<void> {
  const job = JSON.parse(process.env.BENCH_CRAWL_CHILD!) as ChildJob;
  process.env.LOG_LEVEL ??= "warn";
  const db = openDb(job.dbUrl);
  await tuneConnection(db);
  const stop = new AbortController();
  process.on("message", (m: { type: string }) => { if (m.type === "stop") stop.abort(); });
  const clock = job.stageClock ? new StageClock({ gaps: STAGE_GAPS }) : undefined;
  // One-off start-up work is not per-page cost: a worker runs for hours. Load the classifier
  // (~1 s CPU for the default model) and the entity tagger's model before the clock starts.
  await getPageClassifier(db);
  extractEntities("Warm-up: Emmanuel Macron met the United Nations in Geneva.");
  // The stage pass measures a crawl in its steady state: every host's template ready (a crawl's first
  // MIN_TEMPLATE_PAGES pages of a site wait for it, then are extracted together), so it crawls
  // warmupPages first, unmeasured.
  if (job.pageThreads) return threadPass(db, job, stop.signal);
  if (job.warmupPages) await warmUp(db, job, job.warmupPages);
  const floors: FloorResult[] = [];
  if (job.floorUrls) floors.push(await measureFloor(job.floorUrls, job.hostMap, FLOOR_WARMUP_PAGES));
  global.gc?.();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), RSS_SAMPLE_MS);
  process.send!({ type: "ready" } satisfies ChildMessage);
  const cpu0 = process.cpuUsage();
  const count0 = statementCount();
  let seen = 0;
  const stats = await runWorker({
    db, signal: stop.signal, hostMap: job.hostMap, allowPrivateNetwork: true, concurrency: job.concurrency, idleMs: 20, clock,
    // Failed URLs count towards the sample too, so a broken pipeline ends the run (with its errors) instead of looping.
    onProgress: (s) => timeStage(clock, "bench: progress messages", () => {
      while (seen < s.pages + errorTotal(s)) { seen++; process.send!({ type: "page" } satisfies ChildMessage); }
    }),
  });
  const cpu = process.cpuUsage(cpu0);
  const count1 = statementCount();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (job.floorUrls) floors.push(await measureFloor(job.floorUrls, job.hostMap, 0));
  await db.$disconnect();
  process.send!({
    type: "done", pages: stats.pages, outcomes: stats.outcomes, errors: stats.errors,
    cpuMs: (cpu.user + cpu.system) / 1000, peakRssMb: peak / MB, stages: clock ? [...clock.totals].map(([k, v]) => [k, v.cpuMs]) : [],
    gaps: clock?.gaps ? [...clock.gaps].map(([k, v]) => [k, v.cpuMs, v.count]) : [], floors,
    statements: { statements: count1.statements - count0.statements, parses: count1.parses - count0.parses },
  } satisfies ChildMessage);
  process.disconnect();
}

/**
 * The thread pass's worker: one run with page threads, as `lede worker` runs; the first warmupPages pages
 * are not counted (they make the templates ready and warm the threads' code), the CPU and pages after
 * them are. Page threads' CPU is the process's (process.cpuUsage counts every thread).
 */
async function threadPass(db: ReturnType<typeof openDb>, job: ChildJob, signal: AbortSignal): Promise<void> {
  const warmup = job.warmupPages ?? 0;
  let peak = 0;
  let sampler: ReturnType<typeof setInterval> | undefined;
  let cpu0: NodeJS.CpuUsage | null = null;
  let seen = 0;
  const start = () => {
    cpu0 = process.cpuUsage();
    peak = process.memoryUsage().rss;
    sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), RSS_SAMPLE_MS);
    process.send!({ type: "ready" } satisfies ChildMessage);
  };
  if (warmup === 0) start();
  const stats = await runWorker({
    db, signal, hostMap: job.hostMap, allowPrivateNetwork: true, concurrency: job.concurrency, idleMs: 20, pageThread: true,
    onProgress: (s) => {
      while (seen < s.pages + errorTotal(s)) {
        seen++;
        if (seen === warmup) start();
        else if (seen > warmup) process.send!({ type: "page" } satisfies ChildMessage);
      }
    },
  });
  const cpu = process.cpuUsage(cpu0 ?? undefined);
  clearInterval(sampler);
  await db.$disconnect();
  process.send!({
    type: "done", pages: Math.max(0, seen - warmup), outcomes: stats.outcomes, errors: stats.errors,
    cpuMs: (cpu.user + cpu.system) / 1000, peakRssMb: Math.max(peak, process.memoryUsage().rss) / MB, stages: [], gaps: [], floors: [],
    statements: { statements: 0, parses: 0 },
  } satisfies ChildMessage);
  process.disconnect();
}

/** Crawl `pages` pages (or failures) with the job's settings and no clock, then stop. */
async function warmUp(db: ReturnType<typeof openDb>, job: ChildJob, pages: number): Promise<void> {
  const stop = new AbortController();
  await runWorker({
    db, signal: stop.signal, hostMap: job.hostMap, allowPrivateNetwork: true, concurrency: job.concurrency, idleMs: 20, pageThread: false,
    onProgress: (s) => { if (s.pages + errorTotal(s) >= pages) stop.abort(); },
  });
}

// ---- floors: the same pages without database, one at a time ----

const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1000;
};

/** CPU per step for `urls`, fetched and processed one at a time; the first `warmup` are run unmeasured (JIT). */
async function measureFloor(urls: string[], hostMapText: string, warmup: number): Promise<FloorResult> {
  const hostMap = readHostMap(hostMapText);
  const totals: FloorResult = { pages: 0, parseMs: 0, fetchMs: 0, decodeMs: 0, extractMs: 0 };
  for (const [i, url] of urls.entries()) {
    let t = process.cpuUsage();
    const res = await fetchUrl(url, { userAgent: "lede-bench", allowPrivateNetwork: true, hostMap, requireHtml: true });
    const fetchMs = cpuMsSince(t);
    t = process.cpuUsage();
    const decoded = decodeHtml(res.body, res.contentType);
    const decodeMs = cpuMsSince(t);
    t = process.cpuUsage();
    const $ = parseHtml(decoded.text);
    const parseMs = cpuMsSince(t);
    t = process.cpuUsage();
    extractArticle(decoded.text, { url: res.finalUrl, document: $ });
    const extractMs = cpuMsSince(t);
    if (i < warmup) continue;
    totals.pages++;
    totals.fetchMs += fetchMs;
    totals.decodeMs += decodeMs;
    totals.parseMs += parseMs;
    totals.extractMs += extractMs;
  }
  return totals;
}

// ---- the bench ----

function loadArticles(corpus: string): Buffer[] {
  const dir = join(corpus, "extraction", "wcxb-dev");
  const out: Buffer[] = [];
  for (const f of readdirSync(join(dir, "html")).sort()) {
    const id = f.replace(/\.html\.gz$/, "");
    const truth = join(dir, "ground-truth", `${id}.json`);
    if (!existsSync(truth)) continue;
    const meta = JSON.parse(readFileSync(truth, "utf8")) as { _internal?: { page_type?: { primary?: string } } };
    if (meta._internal?.page_type?.primary !== "article") continue;
    // Kept gzipped and served with Content-Encoding: gzip, as news sites do.
    out.push(readFileSync(join(dir, "html", f)));
    if (out.length >= CORPUS_PAGES) break;
  }
  return out;
}

function startLocalWeb(bodies: Buffer[]): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const m = /^\/p\/(\d+)$/.exec(req.url ?? "");
    if (!m) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("not found");
    }
    const host = Number(/^site(\d+)\./.exec(req.headers.host ?? "")?.[1] ?? 0);
    const gz = bodies[(Number(m[1]) * BENCH_HOSTS + host) % bodies.length]!;
    const acceptsGzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = acceptsGzip ? gz : gunzipSync(gz);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length, ...(acceptsGzip ? { "content-encoding": "gzip" } : {}) });
    res.end(body);
  });
  server.keepAliveTimeout = 10_000;
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok({ server, port: (server.address() as AddressInfo).port })));
}

/**
 * BENCH_DATABASE=postgresql: the workers share a PostgreSQL database (on LEDE_PG_URL, else a throw-away
 * cluster from /usr/lib/postgresql/<version>/bin) instead of a SQLite file; written as its own section.
 */
const ON_POSTGRES = process.env.BENCH_DATABASE === "postgresql";
let pgCluster: Cluster | null = null;

async function newDatabaseUrl(dir: string): Promise<string> {
  if (!ON_POSTGRES) {
    const file = join(dir, "bench.db");
    applyMigrations(file);
    return `file:${file}`;
  }
  let base = process.env.LEDE_PG_URL;
  if (!base) base = (pgCluster ??= await startCluster()).url;
  const name = `lede_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDatabase(base, name);
  await applyPgMigrations(url);
  return url;
}

async function prepareDb(frontierSize: number): Promise<{ dir: string; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), "lede-bench-crawl-"));
  const file = await newDatabaseUrl(dir);
  const db = openDb(file);
  await tuneConnection(db);
  const siteIds: number[] = [];
  for (let h = 0; h < BENCH_HOSTS; h++) {
    const site = await db.site.create({
      data: { seedUrl: `http://${hostName(h)}/`, host: hostName(h), name: hostName(h), crawlDelayMs: 0, maxConcurrency: 4, maxPages: 1_000_000, allowPrivateNetwork: true },
    });
    siteIds.push(site.id);
  }
  // Interleave hosts, as discovery from many sites does; inserted in slices so this process never holds 100k rows.
  const SLICE = 10_000;
  for (let start = 0; start < frontierSize; start += SLICE) {
    const rows = Array.from({ length: Math.min(SLICE, frontierSize - start) }, (_, k) => {
      const i = start + k;
      return { url: frontierUrl(i), siteId: siteIds[i % BENCH_HOSTS]!, depth: 1, kind: "page" as const };
    });
    await enqueueUrls(db, rows);
  }
  if (!ON_POSTGRES) await db.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
  await db.$disconnect();
  return { dir, file };
}

interface RunResult {
  pages: number; articles: number; duplicates: number; errors: number; errorKeys: string; secs: number; cpuMs: number;
  peakRssMb: number; parentCpuMs: number; stages: Map<string, number>; gaps: [string, number, number][]; floors: FloorResult[];
}

/** Crawl `sample` pages with `workers` processes; returns when all have stopped. */
async function runCrawl(
  dbUrl: string, hostMap: string, sample: number, workers: number, concurrency: number, stageClock: boolean, floorUrls?: string[], warmupPages?: number,
  pageThreads?: boolean,
): Promise<RunResult> {
  const self = fileURLToPath(import.meta.url);
  const children: ChildProcess[] = [];
  const results: Extract<ChildMessage, { type: "done" }>[] = [];
  let ready = 0, pages = 0, started = 0;
  const parentCpu0 = process.cpuUsage();
  await new Promise<void>((resolveAll, reject) => {
    for (let w = 0; w < workers; w++) {
      const job: ChildJob = { dbUrl, hostMap, concurrency, stageClock, floorUrls, warmupPages, pageThreads };
      const child = fork(self, [], { env: { ...process.env, BENCH_CRAWL_CHILD: JSON.stringify(job) }, execArgv: [...process.execArgv, "--expose-gc", ...CHILD_NODE_ARGS,
        ...(stageClock && STAGE_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${STAGE_PROFILE_DIR}`] : [])] });
      children.push(child);
      child.on("error", reject);
      child.on("exit", (code) => { if (code !== 0) reject(new Error(`bench worker exited with ${code}`)); });
      child.on("message", (m: ChildMessage) => {
        if (m.type === "ready" && ++ready === workers) started = performance.now();
        if (m.type === "page" && ++pages === sample) for (const c of children) c.send({ type: "stop" });
        if (m.type === "done") {
          results.push(m);
          if (results.length === workers) resolveAll();
        }
      });
    }
  });
  const secs = (performance.now() - started) / 1000;
  const parentCpu = process.cpuUsage(parentCpu0);
  const stages = new Map<string, number>();
  for (const r of results) for (const [k, v] of r.stages) stages.set(k, (stages.get(k) ?? 0) + v);
  const sum = (f: (r: (typeof results)[number]) => number) => results.reduce((a, r) => a + f(r), 0);
  // LEDE_COUNT_STATEMENTS=1 (lib/db/statement-count.ts): database statements per crawled page.
  if (COUNT_STATEMENTS) process.stderr.write(`  statements per page: ${(sum((r) => r.statements.statements) / sum((r) => r.pages)).toFixed(1)}, parsed ${(sum((r) => r.statements.parses) / sum((r) => r.pages)).toFixed(1)}\n`);
  return {
    pages: sum((r) => r.pages), articles: sum((r) => r.outcomes.article ?? 0) + sum((r) => r.outcomes.not_news ?? 0),
    duplicates: sum((r) => r.outcomes.duplicate ?? 0), errors: sum((r) => Object.values(r.errors).reduce((a, b) => a + b, 0)),
    errorKeys: results.flatMap((r) => Object.entries(r.errors).map(([k, n]) => `${k} ${n}`)).join(", "), secs, cpuMs: sum((r) => r.cpuMs),
    peakRssMb: Math.max(...results.map((r) => r.peakRssMb)), parentCpuMs: (parentCpu.user + parentCpu.system) / 1000, stages,
    gaps: results.flatMap((r) => r.gaps), floors: results.flatMap((r) => r.floors),
  };
}

/** Stages in pipeline order for the breakdown table; anything else follows. */
const STAGE_ORDER = ["db: site", "robots", "fetch", "decode", "parse", "links", "observe", "template", "extract", "classify", "fingerprint", "entities", "story evidence", "story",
  "db: page", "db: dedup", "db: article", "db: entities", "db: outcome", "db: transaction", "db: frontier", "db: housekeeping"];

async function main(): Promise<void> {
  const corpus = corpusDir();
  if (!corpus) return;
  process.env.LOG_LEVEL ??= "warn";
  const bodies = loadArticles(corpus);
  const { server, port } = await startLocalWeb(bodies);
  const hostMap = Array.from({ length: BENCH_HOSTS }, (_, h) => `${hostName(h)}=127.0.0.1:${port}`).join(",");
  const cores = cpus().length;
  const load = () => (globalThis.process.platform === "linux" ? readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ") : "n/a");
  const rows: (string | number)[][] = [];
  const loads: string[] = [];
  const earlier = previousSizeRows(SECTION, 12);
  // BENCH_SAMPLE_PAGES=0: the stage and floor passes only (while profiling).
  for (const size of SAMPLE_PAGES > 0 ? SIZES : []) {
    process.stderr.write(`bench:crawl: ${size} URLs in the frontier, ${WORKERS} workers × ${CONCURRENCY}, crawling ${SAMPLE_PAGES} pages…\n`);
    const { dir, file } = await prepareDb(size);
    loads.push(load());
    const r = await runCrawl(file, hostMap, SAMPLE_PAGES, WORKERS, CONCURRENCY, false);
    rmSync(dir, { recursive: true, force: true });
    const pagesPerS = r.pages / r.secs;
    const cpuPerPage = r.cpuMs / r.pages;
    const projected = (cores * 1000) / cpuPerPage;
    process.stderr.write(`  ${pagesPerS.toFixed(1)} pages/s, ${cpuPerPage.toFixed(1)} CPU ms/page (projected ${projected.toFixed(1)} pages/s on ${cores} idle cores), peak RSS ${r.peakRssMb.toFixed(0)} MB per worker, ${r.errors} errors (${r.errorKeys}), load ${load()}\n`);
    rows.push([size.toLocaleString("en"), r.pages, r.articles, r.duplicates, r.errors, pagesPerS.toFixed(1), cpuPerPage.toFixed(1),
      projected.toFixed(1), (r.parentCpuMs / r.pages).toFixed(1), r.peakRssMb.toFixed(0),
      pagesPerS >= TARGET_PAGES_PER_S ? "yes" : `no (projected: ${projected >= TARGET_PAGES_PER_S ? "yes" : "no"})`, r.peakRssMb < TARGET_RSS_MB ? "yes" : "no"]);
  }
  let stageTable = "";
  if (STAGE_PAGES > 0) {
    process.stderr.write(`bench:crawl: stage pass, 1 worker, 1 URL in flight, ${STAGE_WARMUP_PAGES} pages unmeasured, then ${STAGE_PAGES} pages…\n`);
    const { dir, file } = await prepareDb(SIZES[0]!);
    // The floors run in the stage worker, on the pages it will crawl after the warm-up (after FLOOR_WARMUP_PAGES others).
    const floorUrls = Array.from({ length: STAGE_PAGES + FLOOR_WARMUP_PAGES },
      (_, i) => frontierUrl(STAGE_WARMUP_PAGES + ((i + STAGE_PAGES) % (STAGE_PAGES + FLOOR_WARMUP_PAGES))));
    const r = await runCrawl(file, hostMap, STAGE_PAGES, 1, 1, true, floorUrls, STAGE_WARMUP_PAGES);
    rmSync(dir, { recursive: true, force: true });
    let threaded: RunResult | null = null;
    if (THREAD_PASS) {
      process.stderr.write(`bench:crawl: thread pass, 1 worker with page threads, ${CONCURRENCY} URLs in flight, ${STAGE_WARMUP_PAGES} pages uncounted, then ${STAGE_PAGES} pages…\n`);
      const t = await prepareDb(SIZES[0]!);
      threaded = await runCrawl(t.file, hostMap, STAGE_PAGES, 1, CONCURRENCY, false, undefined, STAGE_WARMUP_PAGES, true);
      rmSync(t.dir, { recursive: true, force: true });
    }
    const timed = [...r.stages.values()].reduce((a, b) => a + b, 0);
    const order = [...STAGE_ORDER.filter((s) => r.stages.has(s)), ...[...r.stages.keys()].filter((s) => !STAGE_ORDER.includes(s))];
    const stageRows = order.map((s) => [s, (r.stages.get(s)! / r.pages).toFixed(1), `${((100 * r.stages.get(s)!) / r.cpuMs).toFixed(0)} %`]);
    stageRows.push(["other (worker loop, GC between stages)", ((r.cpuMs - timed) / r.pages).toFixed(1), `${((100 * (r.cpuMs - timed)) / r.cpuMs).toFixed(0)} %`]);
    stageRows.push(["**total**", (r.cpuMs / r.pages).toFixed(1), "100 %"]);
    stageTable = [
      "",
      `CPU per stage (one worker, one URL in flight, after ${STAGE_WARMUP_PAGES} unmeasured pages that make every host's template ready; ${r.pages} pages of which ${r.articles} new articles and ${r.duplicates} duplicates, `
        + `${SIZES[0]!.toLocaleString("en")} URLs in the frontier; CPU ms per crawled page, process.cpuUsage):`,
      "",
      mdTable(["stage", "CPU ms/page", "share"], stageRows),
    ].join("\n");
    process.stderr.write(`${stageTable}\n`);
    if (STAGE_GAPS) {
      const gaps = [...r.gaps].sort((a, b) => b[1] - a[1]).slice(0, GAPS_LISTED);
      process.stderr.write(`\nCPU outside every stage, by the stages around it (CPU ms per crawled page, times seen), largest ${GAPS_LISTED}:\n`
        + gaps.map(([k, ms, n]) => `  ${(ms / r.pages).toFixed(2).padStart(6)}  ${String(n).padStart(5)}  ${k}`).join("\n") + "\n");
    }

    const [before, after] = r.floors;
    const per = (pick: (f: FloorResult) => number) => r.floors.reduce((a, f) => a + pick(f), 0) / r.floors.reduce((a, f) => a + f.pages, 0);
    const fullMs = r.cpuMs / r.pages;
    const threadedMs = threaded && threaded.pages > 0 ? threaded.cpuMs / threaded.pages : null;
    const floorRow = (what: string, pick: (f: FloorResult) => number) => {
      const ms = per(pick);
      const each = r.floors.map((f) => (pick(f) / f.pages).toFixed(1)).join(" / ");
      return [what, ms.toFixed(1), each, ((cores * 1000) / ms).toFixed(0), `${((100 * ms) / fullMs).toFixed(0)} %`];
    };
    const all = (f: FloorResult) => f.fetchMs + f.decodeMs + f.parseMs + f.extractMs;
    stageTable += [
      "",
      "",
      `Floors, in the same worker process on the same pages (${before!.pages} pages fetched and processed one at a time without database, `
        + `measured before and after the stage pass; CPU ms per page, process.cpuUsage). ${TARGET_PAGES_PER_S} pages/s on ${cores} cores `
        + `leaves ${((cores * 1000) / TARGET_PAGES_PER_S).toFixed(1)} CPU ms per page for everything.`,
      "",
      mdTable(["work per page", "CPU ms/page", "before / after", `pages/s on ${cores} cores at most`, "share of the full pipeline"], [
        floorRow("htmlparser2 parse alone", (f) => f.parseMs),
        floorRow("fetch (gzip, keep-alive) + decode alone", (f) => f.fetchMs + f.decodeMs),
        floorRow("fetch + decode + parse + extract", all),
        ["full pipeline (stage pass above)", fullMs.toFixed(1), "", ((cores * 1000) / fullMs).toFixed(1), "100 %"],
        ...(threadedMs === null ? [] : [[`full pipeline in page threads, as \`npm start\` runs it (${threaded!.pages} pages, ${CONCURRENCY} in flight)`,
          threadedMs.toFixed(1), "", ((cores * 1000) / threadedMs).toFixed(1), `${((100 * threadedMs) / fullMs).toFixed(0)} %`]]),
      ]),
      "",
      `Full pipeline ÷ floor (fetch + decode + parse + extract): ${(fullMs / per(all)).toFixed(1)}× in the stage pass`
        + (threadedMs === null ? "" : `, ${(threadedMs / per(all)).toFixed(1)}× in page threads`)
        + ` (target ≤ ${TARGET_FLOOR_RATIO.toFixed(1)}×, issue 17).`,
    ].join("\n");
    process.stderr.write(`floors (before / after): parse ${(before!.parseMs / before!.pages).toFixed(1)} / ${(after!.parseMs / after!.pages).toFixed(1)} ms, `
      + `fetch+decode+parse+extract ${(all(before!) / before!.pages).toFixed(1)} / ${(all(after!) / after!.pages).toFixed(1)} ms per page; full ${fullMs.toFixed(1)} ms; `
      + `full ÷ floor ${(fullMs / per(all)).toFixed(1)}×`
      + (threadedMs === null ? "\n" : `; page threads ${threadedMs.toFixed(1)} ms, ÷ floor ${(threadedMs / per(all)).toFixed(1)}×\n`));
  }
  server.close();
  pgCluster?.stop();
  // Sizes not measured in this run (BENCH_SIZES): their previous rows, marked, in the full run's order.
  // BENCH_SAMPLE_PAGES=0 measures no size: every previous row is carried over.
  const carried = ALL_SIZES.filter((n) => (SAMPLE_PAGES === 0 || !SIZES.includes(n)) && earlier.has(n.toLocaleString("en")));
  const measured = new Map(rows.map((r) => [String(r[0]), r]));
  const table = [...new Set([...ALL_SIZES, ...SIZES])].flatMap((n) => {
    const label = n.toLocaleString("en");
    const row = measured.get(label);
    if (row) return [row];
    if (carried.includes(n)) return [[`${label}${EARLIER}`, ...earlier.get(label)!.slice(1)]];
    return [];
  });
  const carriedNote = carried.length === 0 ? "" : `\n\nRows marked "${EARLIER.trim()}" were not re-measured in this run (BENCH_SIZES): `
    + "they are carried over from the previous run of this benchmark, on the code and machine load of that time.";
  writeBenchSection(SECTION, [
    ON_POSTGRES ? "## Crawl throughput on PostgreSQL (`BENCH_DATABASE=postgresql npm run bench:crawl`)" : "## Crawl throughput (`npm run bench:crawl`)",
    "",
    `Machine: ${machineLine()}; load average at the start of each run: ${loads.join(" / ")} (the machine is shared: `
      + `wall-clock pages/s is depressed by other jobs; CPU ms/page is not). ${WORKERS} worker processes sharing one ${ON_POSTGRES ? "PostgreSQL 15 database (loopback, fsync off)" : "SQLite file"} `
      + `through leases, ${CONCURRENCY} URLs in flight each; ${BENCH_HOSTS} hosts on a local web (in the bench process, gzip, `
      + `keep-alive, no politeness delay) serving ${bodies.length} distinct real WCXB article pages; the full pipeline per page `
      + `(fetch → decode → parse → links → template → extract → classify → dedup → entities → story → store → settle). `
      + `Each run crawls ${SAMPLE_PAGES} pages out of the frontier size shown. "CPU ms/page": user + system CPU of the worker `
      + `processes per page; "projected": ${cores} cores ÷ CPU per page, the rate on an otherwise idle machine; "web CPU": the local web's share, not counted. `
      + `"new articles": pages stored as articles, news or not; a site's first pages wait until its template is ready and are `
      + `extracted together then (outcome awaiting_template), so the pages that still wait when a run stops are not among them.`,
    "",
    mdTable(["URLs in frontier", "pages", "new articles", "duplicates", "errors", "pages/s (wall)", "CPU ms/page", "projected pages/s",
      "web CPU ms/page", "peak RSS MB per worker", `≥ ${TARGET_PAGES_PER_S} pages/s`, `RSS < ${TARGET_RSS_MB} MB`], table) + carriedNote,
    stageTable,
  ].join("\n"));
  process.stderr.write("bench:crawl: written to docs/benchmarks.md\n");
}

if (process.env.BENCH_CRAWL_CHILD) await childMain();
else await main();

// npm run bench:crawl — the crawler end to end (lease → robots → host limiter → fetch → decode →
// links → extract → classify → dedup → store → settle) against a local web of many hosts with no
// politeness delay, with 10k and 100k URLs in the frontier. Reports pages/s and peak RSS.
//
// The local web serves real article pages from the corpus (WCXB dev split, "article" pages) under
// BENCH_HOSTS host names, page i of a host being corpus page (i mod n). It runs in this process, so
// its (small) cost counts against the crawler. Each run crawls a sample of SAMPLE_PAGES pages out
// of the full frontier: throughput depends on the frontier's size through the lease query and the
// indexes, not on how long we let it run, and 100k pages at the target rate would take 11 minutes.
//
// Options (env): BENCH_SAMPLE_PAGES (default 1500), BENCH_SIZES ("10000,100000"), WORKER_CONCURRENCY.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { openDb, tuneConnection, type Db } from "../../lib/db/client.ts";
import { enqueueUrls } from "../../lib/db/frontier.ts";
import { runWorker } from "../../lib/crawl/worker.ts";
import { applyMigrations } from "../../test/helpers/db.ts";
import { corpusDir, machineLine, mdTable, writeBenchSection } from "./report.ts";

/** Host names in the local web: enough that per-host limits never bind, as on a real multi-site crawl. */
const BENCH_HOSTS = 50;
/** Corpus pages served (distinct bodies); more only costs memory. */
const CORPUS_PAGES = 200;
const SAMPLE_PAGES = Number(process.env.BENCH_SAMPLE_PAGES ?? 1500);
const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map(Number);
const CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 8);
const TARGET_PAGES_PER_S = 150;
const TARGET_RSS_MB = 500;

function loadArticles(corpus: string): Buffer[] {
  const dir = join(corpus, "extraction", "wcxb-dev");
  const out: Buffer[] = [];
  for (const f of readdirSync(join(dir, "html")).sort()) {
    const id = f.replace(/\.html\.gz$/, "");
    const truth = join(dir, "ground-truth", `${id}.json`);
    if (!existsSync(truth)) continue;
    const meta = JSON.parse(readFileSync(truth, "utf8")) as { _internal?: { page_type?: { primary?: string } } };
    if (meta._internal?.page_type?.primary !== "article") continue;
    out.push(gunzipSync(readFileSync(join(dir, "html", f))));
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
    // Spread the corpus over hosts and paths, so that neighbouring frontier rows get different pages.
    const host = Number(/^site(\d+)\./.exec(req.headers.host ?? "")?.[1] ?? 0);
    const body = bodies[(Number(m[1]) * BENCH_HOSTS + host) % bodies.length]!;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok({ server, port: (server.address() as AddressInfo).port })));
}

const hostName = (i: number) => `site${i}.bench.test`;

async function prepareDb(frontierSize: number): Promise<{ db: Db; dir: string; siteIds: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), "lede-bench-crawl-"));
  const file = join(dir, "bench.db");
  applyMigrations(file);
  const db = openDb(`file:${file}`);
  await tuneConnection(db);
  const siteIds: number[] = [];
  for (let h = 0; h < BENCH_HOSTS; h++) {
    const site = await db.site.create({
      data: { seedUrl: `http://${hostName(h)}/`, host: hostName(h), name: hostName(h), crawlDelayMs: 0, maxConcurrency: 4, maxPages: 1_000_000, allowPrivateNetwork: true },
    });
    siteIds.push(site.id);
  }
  // Interleave hosts, as discovery from many sites does.
  const rows = Array.from({ length: frontierSize }, (_, i) => ({
    url: `http://${hostName(i % BENCH_HOSTS)}/p/${Math.floor(i / BENCH_HOSTS)}`, siteId: siteIds[i % BENCH_HOSTS]!, depth: 1, kind: "page" as const,
  }));
  for (let i = 0; i < rows.length; i += 10_000) await enqueueUrls(db, rows.slice(i, i + 10_000));
  return { db, dir, siteIds };
}

async function runOnce(frontierSize: number, hostMap: string): Promise<{ pagesPerS: number; peakRssMb: number; pages: number; articles: number; errors: number }> {
  const { db, dir } = await prepareDb(frontierSize);
  global.gc?.();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const stop = new AbortController();
  const started = performance.now();
  const stats = await runWorker({
    db, signal: stop.signal, hostMap, allowPrivateNetwork: true, concurrency: CONCURRENCY, idleMs: 20,
    onProgress: (s) => { if (s.pages >= SAMPLE_PAGES && !stop.signal.aborted) stop.abort(); },
  });
  const secs = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
  const errors = Object.values(stats.errors).reduce((a, b) => a + b, 0);
  return { pagesPerS: stats.pages / secs, peakRssMb: peak / 2 ** 20, pages: stats.pages, articles: stats.outcomes.article ?? 0, errors };
}

async function main(): Promise<void> {
  const corpus = corpusDir();
  if (!corpus) return;
  process.env.LOG_LEVEL ??= "warn";
  const bodies = loadArticles(corpus);
  const { server, port } = await startLocalWeb(bodies);
  const hostMap = Array.from({ length: BENCH_HOSTS }, (_, h) => `${hostName(h)}=127.0.0.1:${port}`).join(",");
  const rows: (string | number)[][] = [];
  for (const size of SIZES) {
    process.stderr.write(`bench:crawl: ${size} URLs in the frontier, crawling ${SAMPLE_PAGES} pages…\n`);
    const r = await runOnce(size, hostMap);
    process.stderr.write(`  ${r.pagesPerS.toFixed(1)} pages/s, peak RSS ${r.peakRssMb.toFixed(0)} MB, ${r.errors} errors\n`);
    rows.push([size.toLocaleString("en"), r.pages, r.articles, r.errors, r.pagesPerS.toFixed(1), r.peakRssMb.toFixed(0),
      r.pagesPerS >= TARGET_PAGES_PER_S ? "yes" : "no", r.peakRssMb < TARGET_RSS_MB ? "yes" : "no"]);
  }
  server.close();
  writeBenchSection("crawl", [
    "## Crawl throughput (`npm run bench:crawl`)",
    "",
    `Machine: ${machineLine()}. One worker process, ${CONCURRENCY} fetches in flight, ${BENCH_HOSTS} hosts on a local web `
      + `(in-process, no politeness delay) serving ${bodies.length} real WCXB article pages; full pipeline per page `
      + `(fetch → decode → links → extract → classify → dedup → store → settle) on a fresh SQLite file. `
      + `Each run crawls ${SAMPLE_PAGES} pages out of the frontier size shown.`,
    "",
    mdTable(["URLs in frontier", "pages crawled", "articles", "errors", "pages/s", "peak RSS MB", `≥ ${TARGET_PAGES_PER_S} pages/s`, `RSS < ${TARGET_RSS_MB} MB`], rows),
  ].join("\n"));
  process.stderr.write("bench:crawl: written to docs/benchmarks.md\n");
}

await main();

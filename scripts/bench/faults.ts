// bench:faults — the crawl worker against a hostile web (issue 19): for each fault, a fresh database
// with two sites, one hostile and one healthy (a seed and HEALTHY_PAGES articles), crawled by a real
// worker process (node --import tsx workers/crawl.ts, as `npm start` runs it). Measured per fault:
//   - the healthy site's crawl time (worker start → every healthy page stored) and the longest gap
//     between two of its requests, against the same figures with no hostile site (baseline, same run);
//   - the worker process's peak RSS (VmHWM: main thread and page thread together).
// Targets: no fault holds the healthy site back by more than one page's CPU budget
// (crawlDefaults.pageBudgetMs); worker RSS < 500 MB whatever a page holds.
//
//   npm run bench:faults [-- --only deep-divs,feeds-2000] [--no-write]
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { crawlDefaults } from "../../lib/config.ts";
import { openDb, tuneConnection } from "../../lib/db/client.ts";
import { addSite } from "../../lib/db/sites.ts";
import { applyMigrations } from "../../test/helpers/db.ts";
import { startHttp } from "../../test/http/servers.ts";
import { machineLine, mdTable, writeBenchSection } from "./report.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const MiB = 1024 * 1024;
/** Articles of the healthy site (besides its seed). */
const HEALTHY_PAGES = 20;
/** ms a scenario may run before it is stopped (a fault that keeps the healthy site from finishing). */
const SCENARIO_MAX_MS = 120_000;
/** ms the worker keeps running after the healthy site is done, so the hostile site's work is under way too. */
const AFTER_HEALTHY_MS = 3_000;
const RSS_TARGET_MB = 500;

const html = (body: string, head = "") => `<!doctype html><html><head><title>t</title>${head}</head><body>${body}</body></html>`;
const article = (n: number) => html(`<article><h1>Healthy story ${n}</h1>${`<p>${`Report ${n} on the council's budget vote and what it means for the town. `.repeat(10)}</p>`.repeat(5)}</article>`);
const nested = (n: number) => html(`<article><p>${"Text of a page that nests far too deep. ".repeat(20)}</p></article>${"<div>".repeat(n)}x${"</div>".repeat(n)}`);
const bigDom = () => html(`<article>${`<p><span>w</span> <b>x</b> <i>y</i></p>`.repeat(Math.floor((5 * MiB - 200) / 40))}</article>`);
const manyLinks = () => html(Array.from({ length: 100_000 }, (_, i) => `<a href="/l/${i}">${i}</a>`).join(" "));
const bomb = gzipSync(Buffer.alloc(256 * MiB, 0x20));

interface Fault { name: string; what: string }
const FAULTS: Fault[] = [
  { name: "baseline", what: "no hostile site" },
  { name: "deep-divs", what: "seed: 100,000 nested <div> (1.1 MB)" },
  { name: "dom-5mb", what: "seed: 5 MB page of 500,000 elements" },
  { name: "links-100k", what: "seed: 100,000 links" },
  { name: "feeds-2000", what: "seed: 2,000 <link rel=alternate> feeds" },
  { name: "sitemaps-5000", what: "robots.txt → sitemap index of 5,000 sitemaps" },
  { name: "robots-503", what: "robots.txt answers 503" },
  { name: "robots-hang", what: "robots.txt never answers" },
  { name: "gzip-bomb", what: "seed: 256 MB of gzip (256 KB on the wire)" },
  { name: "endless-body", what: "seed: a chunked body that never ends" },
  { name: "trickle", what: "seed: 4 bytes every 100 ms, for ever" },
  { name: "redirect-loop", what: "seed: redirects in a loop" },
  { name: "binary-as-html", what: "seed: a PDF served as text/html" },
  { name: "baseline", what: "no hostile site (again, at the end)" },
];

/** The hostile server: the fault is the host name's first label. */
function hostile(fault: string, path: string, res: import("node:http").ServerResponse): unknown {
  const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => res.writeHead(status, { "content-type": type, ...headers }).end(body);
  if (path === "/robots.txt") {
    if (fault === "robots-503") return send(503, "text/plain", "down");
    if (fault === "robots-hang") return;
    if (fault === "sitemaps-5000") return send(200, "text/plain", "User-agent: *\nAllow: /\nSitemap: /index.xml\n".replace("/index.xml", `http://${fault}.example/index.xml`));
    return send(200, "text/plain", "User-agent: *\nAllow: /\n");
  }
  if (path !== "/") {
    if (fault === "sitemaps-5000" && path === "/index.xml") {
      const maps = Array.from({ length: 5_000 }, (_, i) => `<sitemap><loc>http://${fault}.example/map/${i}.xml</loc></sitemap>`).join("");
      return send(200, "application/xml", `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${maps}</sitemapindex>`);
    }
    if (fault === "redirect-loop") return send(302, "text/html", "", { location: path === "/a" ? "/b" : "/a" });
    return send(404, "text/plain", "not found");
  }
  switch (fault) {
    case "deep-divs": return send(200, "text/html", nested(100_000));
    case "dom-5mb": return send(200, "text/html", bigDom());
    case "links-100k": return send(200, "text/html", manyLinks());
    case "feeds-2000": return send(200, "text/html", html(article(0), Array.from({ length: 2_000 }, (_, i) => `<link rel="alternate" type="application/rss+xml" href="/feed/${i}.xml">`).join("")));
    case "gzip-bomb": return send(200, "text/html", bomb, { "content-encoding": "gzip" });
    case "endless-body": {
      res.writeHead(200, { "content-type": "text/html" });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => { while (res.write(chunk)) { /* until the socket pushes back */ } };
      res.on("drain", pump);
      pump();
      return;
    }
    case "trickle": {
      res.writeHead(200, { "content-type": "text/html" });
      const timer = setInterval(() => res.write("<p>a"), 100);
      res.on("close", () => clearInterval(timer));
      return;
    }
    case "redirect-loop": return send(302, "text/html", "", { location: "/a" });
    case "binary-as-html": return send(200, "text/html", Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(512 * 1024, 7)]));
    default: return send(200, "text/html", article(0));
  }
}

interface Result { fault: Fault; healthyMs: number; maxGapMs: number; peakRssMb: number; finished: boolean }

/** VmHWM (peak resident set) of a process, MB. */
function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function runScenario(fault: Fault): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), "lede-faults-"));
  const file = join(dir, "faults.db");
  applyMigrations(file);
  const url = `file:${file}`;
  const db = openDb(url);
  await tuneConnection(db);
  const healthyRequests: number[] = [];
  const server = await startHttp((req, res) => {
    const host = (req.headers.host ?? "").split(":")[0]!;
    const path = req.url ?? "/";
    if (host === "healthy.example") {
      if (path === "/robots.txt") return res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
      healthyRequests.push(performance.now());
      if (path === "/") return res.writeHead(200, { "content-type": "text/html" }).end(html(Array.from({ length: HEALTHY_PAGES }, (_, i) => `<a href="/p${i + 1}">${i + 1}</a>`).join(" ")));
      const n = Number(/^\/p(\d+)$/.exec(path)?.[1] ?? NaN);
      if (n >= 1 && n <= HEALTHY_PAGES) return res.writeHead(200, { "content-type": "text/html" }).end(article(n));
      return res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
    hostile(host.split(".")[0]!, path, res);
  });
  const hosts = ["healthy.example", ...(fault.name === "baseline" ? [] : [`${fault.name}.example`])];
  const healthy = await addSite(db, { seedUrl: "http://healthy.example/", crawlDelayMs: 0, maxDepth: 1, allowPrivateNetwork: true });
  for (const h of hosts.slice(1)) await addSite(db, { seedUrl: `http://${h}/`, crawlDelayMs: 0, maxDepth: 1, allowPrivateNetwork: true });

  const child = spawn(process.execPath, ["--import", "tsx", join(root, "workers", "crawl.ts")], {
    cwd: root,
    env: {
      ...process.env, DATABASE_URL: url, HOST_MAP: hosts.map((h) => `${h}=127.0.0.1:${server.port}`).join(","), ALLOW_PRIVATE_NETWORK: "true",
      LOG_LEVEL: "silent", STORY_MERGES: "false", WORKER_CONCURRENCY: "4", WORKER_IDLE_MS: "50",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const started = performance.now();
  let healthyMs = NaN;
  let finished = false;
  while (performance.now() - started < SCENARIO_MAX_MS) {
    await new Promise((r) => setTimeout(r, 100));
    const done = await db.frontierUrl.count({ where: { siteId: healthy.id, kind: "page", state: "done" } });
    if (done >= HEALTHY_PAGES) {
      // from the healthy site's first request: the worker's start-up (modules, page thread, classifier) is not the fault's
      healthyMs = performance.now() - (healthyRequests[0] ?? started);
      finished = true;
      break;
    }
  }
  await new Promise((r) => setTimeout(r, AFTER_HEALTHY_MS));
  const peak = peakRssMb(child.pid!);
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  await db.$disconnect();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  // gaps after the seed's first article request: before it, the worker was starting its page thread
  const gaps = healthyRequests.slice(2).map((t, i) => t - healthyRequests[i + 1]!);
  return { fault, healthyMs, maxGapMs: gaps.length ? Math.max(...gaps) : NaN, peakRssMb: peak, finished };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const onlyArg = args.find((a) => a.startsWith("--only"));
  const only = onlyArg ? (onlyArg.includes("=") ? onlyArg.split("=")[1]! : args[args.indexOf(onlyArg) + 1]!).split(",") : null;
  const write = !args.includes("--no-write");
  const faults = FAULTS.filter((f) => f.name === "baseline" || !only || only.includes(f.name));
  const load = loadavg()[0]!.toFixed(2);
  console.log(`load average ${load}; page budget ${crawlDefaults.pageBudgetMs} ms`);
  const results: Result[] = [];
  for (const f of faults) {
    const r = await runScenario(f);
    results.push(r);
    console.log(`${f.name.padEnd(16)} healthy site ${r.finished ? `${Math.round(r.healthyMs)} ms` : "NOT FINISHED"}, longest gap ${Math.round(r.maxGapMs)} ms, worker peak RSS ${Math.round(r.peakRssMb)} MB`);
  }
  // The machine is shared: of the baselines at the start and the end, the faster one is the reference.
  const bases = results.filter((r) => r.fault.name === "baseline" && r.finished);
  const base = bases.reduce((a, b) => (b.healthyMs < a.healthyMs ? b : a), bases[0] ?? results[0]!);
  const budget = crawlDefaults.pageBudgetMs;
  const rows = results.map((r) => [
    r.fault.name, r.fault.what, r.finished ? `${(r.healthyMs / 1000).toFixed(1)} s` : "not finished",
    r.finished ? `${(r.healthyMs / base.healthyMs).toFixed(2)}×` : "–", `${(r.maxGapMs / 1000).toFixed(2)} s`,
    r.finished ? `${((r.healthyMs - base.healthyMs) / 1000).toFixed(1)} s` : "–", `${Math.round(r.peakRssMb)}`,
  ]);
  const hostileRuns = results.filter((r) => r.fault.name !== "baseline");
  const worstDelay = Math.max(...hostileRuns.map((r) => (r.finished ? r.healthyMs - base.healthyMs : Infinity)));
  const worstGap = Math.max(...hostileRuns.map((r) => r.maxGapMs));
  const peak = Math.max(...results.map((r) => r.peakRssMb));
  // Starving is a pause: the healthy site's requests stop while a hostile page holds the worker. A longer
  // total time with short pauses is the crawl sharing its slots with the hostile site's own URLs.
  const verdict = `Longest pause of the healthy site while a hostile site was crawled: ${(worstGap / 1000).toFixed(1)} s `
    + `(target: at most one page budget, ${budget / 1000} s: ${worstGap <= budget ? "met" : "NOT met"}); worst extra time to finish: ${(worstDelay / 1000).toFixed(1)} s `
    + "(shared slots: the hostile site's own URLs are crawled too); "
    + `worker peak RSS across the suite ${Math.round(peak)} MB (target < ${RSS_TARGET_MB} MB: ${peak < RSS_TARGET_MB ? "met" : "NOT met"}).`;
  console.log(verdict);
  if (!write) return;
  writeBenchSection("faults", [
    "## Faults (`npm run bench:faults`)",
    "",
    `Machine: ${machineLine()}; load average at the start: ${load} (shared machine: wall times are noisy, the ratios compare runs of the same minute).`,
    `Each row: a fresh database, a healthy site (a seed and ${HEALTHY_PAGES} articles) beside one hostile site, one worker process`,
    "(`node --import tsx workers/crawl.ts`, concurrency 4, default limits). *Healthy site*: its first request until its last article is stored;",
    "*× baseline*: against the run without a hostile site; *longest gap*: the longest pause between two of its article requests;",
    "*extra wait*: healthy time minus the baseline's; *peak RSS*: the worker process's VmHWM (main and page thread).",
    "",
    mdTable(["fault", "what the hostile site does", "healthy site", "× baseline", "longest gap", "extra wait", "peak RSS MB"], rows),
    "",
    verdict,
  ].join("\n"));
}

await main();

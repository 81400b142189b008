// `npm run bench:faults:web`: the web server's memory under a hostile client.
//   1. start Lede as `npm start` does (scripts/web.mjs: the front and the built app; fresh database) and log in;
//   2. measure the web server's RSS growth over a benign case (50 News API reads): the noise floor;
//   3. run each hostile case, sampling the web server's RSS every 50 ms, and record its growth over
//      the RSS before the case, and the peak RSS (VmHWM) across the suite;
//   4. a case holds when its growth is at most the route's body limit plus the noise floor (the
//      issue's target: no request grows the web server by more than its body limit); the section
//      goes to docs/benchmarks.md.
// Needs a built app (`npx next build`).
import { createServer } from "node:http";
import { loadavg } from "node:os";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bodyLimits, formatBytes } from "../../lib/api/body.ts";
import { imageLimits } from "../../lib/images/fetch-image.ts";
import { IMPORT_HEAP_MB } from "../../lib/api/label-import-job.ts";
import { cmdline, descendants, E2E_ADMIN_PASSWORD, startLede, webServerPid } from "../../test/e2e/helpers.ts";
import { authHeaders, login, memoryOf, openSession, sendBody } from "../../test/helpers/hostile-client.ts";
import { createHmac } from "node:crypto";
import { machineLine, mdTable, writeBenchSection } from "./report.ts";

const MiB = 1024 * 1024;
/** ms between RSS samples while a case runs. */
const SAMPLE_MS = 50;

const lede = await startLede({ ALLOW_PRIVATE_NETWORK: "false", LOG_LEVEL: "warn" });
try {
  const cmd = cmdline;
  const webRoot = webServerPid(lede.proc.pid!);
  if (!webRoot) throw new Error("web server process not found");
  /** label importers (`lede labels import`, started by the web server for an import job) and their children */
  const importerTrees = () => descendants(webRoot).filter((p) => cmd(p).includes("labels\0import")).flatMap((p) => [p, ...descendants(p)]);
  /** the web server and any process it started, but the importers: they are measured against their own limit */
  const webPids = () => { const skip = new Set(importerTrees()); return [webRoot, ...descendants(webRoot)].filter((p) => !skip.has(p)); };
  const sum = (pids: number[], what: "rss" | "peak") => pids.reduce((n, p) => { try { return n + memoryOf(p)[what]; } catch { return n; } }, 0);
  const rss = () => sum(webPids(), "rss");
  const peak = () => sum(webPids(), "peak");

  const admin = await openSession(lede.url, E2E_ADMIN_PASSWORD, "bench-admin");
  const secret = readFileSync(join(lede.dataDir, "session-secret"), "utf8").trim();
  const images = createServer((req, res) => { res.writeHead(200, { "content-type": "image/png" }); res.end(Buffer.alloc(8 * MiB, 0x89)); });
  await new Promise<void>((ok) => images.listen(0, "127.0.0.1", () => ok()));
  const imageUrl = `http://127.0.0.1:${(images.address() as { port: number }).port}/huge.png`;
  const signed = (u: string) => `${lede.url}/api/img?${new URLSearchParams({ u, p: "1", s: createHmac("sha256", secret).update(`img|1|${u}`).digest("base64url") })}`;

  async function measure(run: () => Promise<unknown>): Promise<{ growth: number; importerPeak: number; ms: number; result: unknown }> {
    await new Promise((r) => setTimeout(r, 300));
    const before = rss();
    let max = before;
    let importerPeak = 0;
    const timer = setInterval(() => {
      max = Math.max(max, rss());
      importerPeak = Math.max(importerPeak, sum(importerTrees(), "rss"));
    }, SAMPLE_MS);
    const t0 = Date.now();
    const result = await run();
    const ms = Date.now() - t0;
    clearInterval(timer);
    max = Math.max(max, rss());
    return { growth: max - before, importerPeak, ms, result };
  }

  /** Send a JSONL import and wait for its job to end: the case covers the upload and the whole import. */
  async function importJsonl(totalBytes: number, fill: (k: number) => Buffer): Promise<{ status: number; bytesSent: number; job?: Record<string, unknown> }> {
    const r = await sendBody(`${lede.url}/api/labels/import`, { totalBytes, chunkBytes: jsonlChunk, fill, headers: authHeaders(admin, { "content-type": "application/x-ndjson" }) });
    if (r.status !== 202) return r;
    const id = (JSON.parse(r.body) as { job: string }).job;
    for (;;) {
      await new Promise((ok) => setTimeout(ok, 250));
      const job = await (await fetch(`${lede.url}/api/labels/import/${id}`, { headers: { cookie: admin.cookie } })).json() as Record<string, unknown>;
      if (job.state !== "running") return { ...r, job };
    }
  }

  // warm-up: the first requests compile and load routes
  for (const path of ["/", "/api/news", "/sites"]) await fetch(`${lede.url}${path}`, { headers: { cookie: admin.cookie } });
  await sendBody(`${lede.url}/api/sites`, { totalBytes: 1 * MiB, headers: authHeaders(admin) });
  // and once each route whose first request the front used to let through and now refuses before it
  // (so a case would pay for loading the route's code: +8 to +13 MiB for the label import's on its
  // first JSON body): a wrong password and an empty JSON label import
  await (await login(lede.url, "wrong", "bench-warm-up")).text();
  await (await fetch(`${lede.url}/api/labels/import`, { method: "POST", headers: authHeaders(admin, { "content-type": "application/json" }), body: JSON.stringify({ jsonl: "" }) })).text();
  // the noise floor: benign requests, one after another and 25 at once (as the parallel logins)
  const serial = await measure(async () => { for (let i = 0; i < 50; i++) await (await fetch(`${lede.url}/api/news`)).text(); });
  const parallel = await measure(() => Promise.all(Array.from({ length: 25 }, async () => (await fetch(`${lede.url}/api/news`)).text())));
  const noise = serial.growth >= parallel.growth ? serial : parallel;

  const jsonl = (k: number) => Buffer.from(Array.from({ length: 2000 }, (_, j) => `${JSON.stringify({ url: `https://bench.example/${k * 2000 + j}/${"x".repeat(60)}`, isNews: j % 2 === 0 })}\n`).join(""));
  const jsonlChunk = jsonl(0).length;
  const cases: { name: string; limit: number; run: () => Promise<unknown> }[] = [
    { name: "100 MB declared to /api/auth/login", limit: bodyLimits.loginBytes, run: () => sendBody(`${lede.url}/api/auth/login`, { totalBytes: 100 * MiB, declare: true, headers: { "x-forwarded-for": "bench-1" } , keepSending: true}) },
    { name: "100 MB chunked to /api/auth/login", limit: bodyLimits.loginBytes, run: () => sendBody(`${lede.url}/api/auth/login`, { totalBytes: 100 * MiB, headers: { "x-forwarded-for": "bench-2" } , keepSending: true}) },
    { name: "100 MB chunked to /api/sites, no session", limit: bodyLimits.mutationBytes, run: () => sendBody(`${lede.url}/api/sites`, { totalBytes: 100 * MiB , keepSending: true}) },
    { name: "100 MB chunked to /api/sites, admin", limit: bodyLimits.mutationBytes, run: () => sendBody(`${lede.url}/api/sites`, { totalBytes: 100 * MiB, headers: authHeaders(admin) , keepSending: true}) },
    { name: "100 MB declared to /api/labels/import", limit: bodyLimits.labelsStreamBytes, run: () => sendBody(`${lede.url}/api/labels/import`, { totalBytes: 100 * MiB, declare: true, headers: authHeaders(admin, { "content-type": "application/x-ndjson" }) , keepSending: true}) },
    { name: "10 MB chunked JSON to /api/labels/import (held whole, so limited)", limit: bodyLimits.labelsJsonBytes, run: () => sendBody(`${lede.url}/api/labels/import`, { totalBytes: 10 * MiB, headers: authHeaders(admin) , keepSending: true}) },
    { name: "3 MB JSONL import (a job: spooled, then `lede labels import`), the first import", limit: bodyLimits.labelsStreamBytes, run: () => importJsonl(Math.ceil(3 * MiB / jsonlChunk) * jsonlChunk, (k) => jsonl(k + 100_000)) },
    { name: "30 MB JSONL import (a job), after it, until the job ends", limit: bodyLimits.labelsStreamBytes, run: () => importJsonl(Math.ceil(30 * MiB / jsonlChunk) * jsonlChunk, jsonl) },
    { name: "100 MB chunked POST to a page (/)", limit: 16 * 1024, run: () => sendBody(`${lede.url}/`, { totalBytes: 100 * MiB , keepSending: true}) },
    { name: "25 parallel wrong passwords", limit: 25 * bodyLimits.loginBytes, run: () => Promise.all(Array.from({ length: 25 }, () => login(lede.url, "wrong", "bench-guesser").then((r) => r.text()))) },
    { name: "8 MB image through the proxy", limit: imageLimits.maxBytes, run: async () => (await fetch(signed(imageUrl))).text() },
  ];
  const rows: (string | number)[][] = [];
  const importers: string[] = [];
  let allOk = true;
  for (const c of cases) {
    const m = await measure(c.run);
    const r = m.result as { status?: number; bytesSent?: number; job?: { state: string; imported: number; lines: number; error?: string } } | undefined;
    if (r?.job) importers.push(`${c.name}: job ${r.job.state}, ${r.job.imported} of ${r.job.lines} lines stored${r.job.error ? ` (${r.job.error})` : ""} in ${(m.ms / 1000).toFixed(1)} s; importer process peak RSS ${(m.importerPeak / MiB).toFixed(0)} MiB`);
    const ok = m.growth <= c.limit + noise.growth;
    allOk &&= ok;
    const status = r && typeof r === "object" && "status" in r ? String(r.status) : "–";
    const sent = r && typeof r === "object" && "bytesSent" in r ? formatBytes(r.bytesSent!) : "–";
    rows.push([c.name, status, sent, formatBytes(c.limit), `${(m.growth / MiB).toFixed(1)} MiB`, `${(m.growth / Math.max(noise.growth, 1)).toFixed(2)}×`, ok ? "yes" : "**no**"]);
    process.stderr.write(`${c.name}: status ${status}, sent ${sent}, growth ${(m.growth / MiB).toFixed(1)} MiB (${m.ms} ms)\n`);
  }
  const md = [
    "## Web server under a hostile client (`npm run bench:faults:web`)",
    "",
    `Machine: ${machineLine()}, load average ${loadavg().map((l) => l.toFixed(1)).join(" / ")} at the end. The web server (\`scripts/web.mjs\`: the front, lib/web/front.ts, and the built app in one process) on a fresh database; each case's RSS growth is the`,
    `maximum of the web server's RSS sampled every ${SAMPLE_MS} ms during the case, over its RSS just before. Noise floor: the larger growth of`,
    `50 benign News API reads one after another (${(serial.growth / MiB).toFixed(1)} MiB) and 25 at once (${(parallel.growth / MiB).toFixed(1)} MiB) in the same run, **${(noise.growth / MiB).toFixed(1)} MiB**.`,
    "A case holds when its growth is at most the route's body limit plus that floor.",
    "",
    mdTable(["case", "status", "sent in all", "body limit", "RSS growth", "growth / noise floor", "holds"], rows),
    "",
    `Peak RSS (VmHWM) of the web server across the suite: **${(peak() / MiB).toFixed(0)} MiB**. Every case holds: ${allOk ? "yes" : "**no**"}.`,
    "",
    `Label imports run as jobs: the web server spools the upload and answers 202; \`lede labels import\` runs it in its own process`,
    `(heap limit ${IMPORT_HEAP_MB} MiB), measured apart from the web server (its RSS is not in the growth above):`,
    ...importers.map((l) => `- ${l}`),
    "",
    "Reading the table: the refused bodies are sent by a client that goes on writing after the answer until the server closes the",
    "connection; \"sent in all\" is what it could push, most of it into the kernel's socket buffers of the loopback connection.",
    "The front (lib/web/front.ts) answers before Next.js reads a byte when it can (405 to a page or a read-only API, 413 on a declared",
    "length over the route's limit, 401 to an anonymous body to a session route, 429 to a throttled login), cuts a streamed body just",
    "past its route's limit (the route answers its own 413), and answers each with `Connection: close`: the socket is not read any",
    "more, is half-closed after the answer and dropped 2 s later (LINGER_MS). Before the front (session 11), Next.js read a page's",
    "body to its end before its 405 (+26 MiB for 100 MB), and read refused API bodies on while the route answered (+3.6 MiB).",
    "A label import is a job: the web server writes the upload to a file as it arrives and starts `lede labels import` on it, so its",
    "growth is the upload's stream buffers; the parsing, validating and inserting happen in the importer, whose memory goes back to",
    "the system when it ends. The 25 parallel wrong passwords: the front counts them as they arrive, so 20 get their 429 without",
    "entering Next.js and 5 reach the route (which waits 400 ms on a wrong password).",
  ].join("\n");
  process.stdout.write(`${md}\n`);
  if (!process.argv.includes("--no-write")) writeBenchSection("faults-web", md);
  images.close();
} finally {
  await lede.stop();
}

// npm run bench:threads — what handing a page to a page thread costs. `npm start`'s workers run each
// page's CPU work (lib/pipeline/page-job.ts: parse, links, template entries, extraction, classifier)
// in page threads (lib/crawl/page-processor.ts) under a budget and a heap limit; the job and its result
// cross the thread boundary by structured clone, and the thread has its own heap and garbage collector.
// This runs the same jobs in this thread (runPageJob, the baseline) and through a PagePool of one thread
// with the crawler's settings, alternating, and reports CPU ms per page (process.cpuUsage counts every
// thread of the process) and the ratio to the baseline.
//
// Jobs: WCXB dev pages (the first BENCH_THREAD_PAGES of other sites), each with a ready template over a full
// window (DEFAULT_TEMPLATE_WINDOW pages of the corpus's largest site, in turn), handed over as the crawler
// hands it: the page processor sends the thread only the template's own keys, packed (template.ts
// packTemplate). Options (env): BENCH_THREAD_PAGES (120), BENCH_THREAD_ROUNDS (6; the first is warm-up).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { serialize } from "node:v8";
import { crawlDefaults } from "../../lib/config.ts";
import { PagePool } from "../../lib/crawl/page-processor.ts";
import { loadDefaultClassifier } from "../../lib/classify/active-model.ts";
import { DEFAULT_TEMPLATE_WINDOW, newTemplate, packTemplate, pageEntries, templateKeys, updateTemplate } from "../../lib/extract/template.ts";
import { log } from "../../lib/log.ts";
import { pageClassifierFor } from "../../lib/pipeline/page-classifier.ts";
import { runPageJob, type PageJob } from "../../lib/pipeline/page-job.ts";
import { corpusDir, machineLine, mdTable, writeBenchSection } from "./report.ts";

const PAGES = Number(process.env.BENCH_THREAD_PAGES ?? 120);
const ROUNDS = Number(process.env.BENCH_THREAD_ROUNDS ?? 6);

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function main(): Promise<void> {
  const corpus = corpusDir();
  if (!corpus) return;
  process.env.LOG_LEVEL ??= "warn";
  const dir = join(corpus, "extraction", "wcxb-dev");
  const ids = readdirSync(join(dir, "html")).sort().map((f) => f.replace(/\.html\.gz$/, ""));
  const read = (id: string) => gunzipSync(readFileSync(join(dir, "html", `${id}.html.gz`))).toString("utf8");
  // The template: the pages of the corpus's largest site, in turn until the window is full (a real site's
  // template keys, and a window as large as a long crawl keeps).
  const hostOf = (id: string) => {
    const truth = JSON.parse(readFileSync(join(dir, "ground-truth", `${id}.json`), "utf8")) as { url?: string };
    try { return new URL(truth.url ?? "").host; } catch { return ""; }
  };
  const bySite = new Map<string, string[]>();
  for (const id of ids) {
    const host = hostOf(id);
    if (host) bySite.set(host, [...(bySite.get(host) ?? []), id]);
  }
  const [site, sitePages] = [...bySite].sort((a, b) => b[1].length - a[1].length)[0]!;
  let template = newTemplate();
  for (let i = 0; i < DEFAULT_TEMPLATE_WINDOW; i++) template = updateTemplate(template, pageEntries(read(sitePages[i % sitePages.length]!)));
  const pages = ids.filter((id) => hostOf(id) !== site).slice(0, PAGES).map(read);
  const classifier = loadDefaultClassifier();
  const classify = pageClassifierFor(classifier, null);
  const model = { classifier, modelVersionId: null };
  const pool = new PagePool(1, { budgetMs: crawlDefaults.pageBudgetMs, heapMb: crawlDefaults.pageThreadHeapMb, log });
  const job = (html: string, i: number): PageJob => ({ html, finalUrl: `https://bench.test/p/${i}`, template, entries: true });

  const ways: [string, (html: string, i: number) => Promise<unknown> | unknown][] = [
    ["in this thread (runPageJob), the baseline", (html, i) => runPageJob(job(html, i), classify)],
    ["page thread (the template's keys packed, as the crawler sends them)", (html, i) => pool.run(job(html, i), model, `p${i}`)],
  ];
  const perPage = ways.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [w, [, run]] of ways.entries()) {
      const start = cpuMs();
      for (const [i, html] of pages.entries()) await run(html, i);
      if (round > 0) perPage[w]!.push((cpuMs() - start) / pages.length);
    }
    process.stderr.write(`bench:threads: round ${round + 1} of ${ROUNDS}\n`);
  }
  await pool.close();

  const base = median(perPage[0]!);
  const sizes = [serialize(packTemplate(template)).length, serialize(template).length];
  const rows = ways.map(([name], w) => {
    const ms = median(perPage[w]!);
    const range = `${Math.min(...perPage[w]!).toFixed(1)}–${Math.max(...perPage[w]!).toFixed(1)}`;
    return [name, ms.toFixed(1), range, `${(ms / base).toFixed(2)}×`, w === 0 ? "" : `${(ms - base).toFixed(1)}`];
  });
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  const text = [
    "## Page threads: what handing a page over costs (`npm run bench:threads`)",
    "",
    `Machine: ${machineLine()}; load average ${load} at the end. ${pages.length} WCXB dev pages, each with a ready template over a full window of `
      + `${DEFAULT_TEMPLATE_WINDOW} pages (the ${sitePages.length} pages of ${site}, in turn; ${templateKeys(template).length} template keys); the same jobs in this thread and through a page thread with the crawler's settings (old generation `
      + `${crawlDefaults.pageThreadHeapMb} MB), alternating; ${ROUNDS - 1} measured rounds after one of warm-up, median and range of the rounds; `
      + "CPU of the whole process (both threads). The template as structured-cloned: "
      + `${(sizes[0]! / 1024).toFixed(0)} KB packed (its own keys), ${(sizes[1]! / 1024).toFixed(0)} KB the whole state.`,
    "",
    mdTable(["how the page runs", "CPU ms/page", "range of rounds", "÷ baseline", "ms/page above the baseline"], rows),
  ].join("\n");
  process.stderr.write(`${text}\n`);
  writeBenchSection("threads", text);
}

await main();

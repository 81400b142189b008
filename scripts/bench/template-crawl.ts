// Templates end to end (issue #21): the WCXB dev sites with ≥ 3 pages served by the replay web under
// their own host names (lib/replay/server.ts, from a temporary folder of links to the corpus files),
// crawled by the real worker into a real SQLite file; then the article text stored in the database
// is scored against the gold text (word-bag F1, corpus README), beside single-page extraction and
// batch-template extraction (each site's template built from all its pages first) of the same pages,
// in one run. A page the pipeline stores no article for (too short, a canonical duplicate) scores its
// empty text in every column: the single-page and batch columns apply the pipeline's length rule.
//
// Rows: the crawl's stored text at the end of the crawl (with the default CPU budget for
// re-extraction running in the background) and after the catch-up has drained (no budget).
// Redesign case: pairs of sites — site A's pages served under A's host and crawled, then site B's
// pages served under the same host (a redesign) and crawled; B's pages are scored.
//
//   npm run bench:templates            (both modes; writes the "template-crawl" section)
//   npm run bench:templates -- --only crawl
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb, tuneConnection, type Db } from "../../lib/db/client.ts";
import { enqueueUrls } from "../../lib/db/frontier.ts";
import { addSite } from "../../lib/db/sites.ts";
import { getSiteTemplate } from "../../lib/db/templates.ts";
import { runWorker } from "../../lib/crawl/worker.ts";
import { extractArticle } from "../../lib/extract/index.ts";
import { newTemplate, pageEntries, updateTemplate, type TemplateState } from "../../lib/extract/template.ts";
import { CpuBudget, catchUpTemplates } from "../../lib/pipeline/catch-up.ts";
import { startReplayWeb, type ReplayWeb } from "../../lib/replay/server.ts";
import { normalizeUrl } from "../../lib/url/normalize.ts";
import { extractDefaults } from "../../lib/config.ts";
import { applyMigrations } from "../../test/helpers/db.ts";
import { loadWcxbSites, wordBagF1, type SitePage } from "./template-gain.ts";
import { machineLine, mdTable } from "./report.ts";

/** Sites with at least this many pages get their own row (the target is measured on them). */
const LARGE_SITE_PAGES = 5;
/** Sites paired for the redesign case: each needs this many pages so both designs get a template. */
const REDESIGN_SITE_PAGES = 5;
/** Redesign pairs measured (consecutive sites by host among those with REDESIGN_SITE_PAGES pages). */
const REDESIGN_PAIRS = 4;

interface Scored { page: SitePage; host: string; sitePages: number; crawlEnd: number; crawlDrained: number; single: number; batch: number; crawled: boolean }

const stored = (text: string) => (text.trim().length < extractDefaults.minTextChars ? "" : text);
const pathOf = (url: string) => { const u = new URL(url); return `${u.pathname}${u.search}`; };

/** A replay folder (manifest + links to the corpus files) serving `pages` under `host`; pages at "/" are left out (the index lives there). */
function replayDir(root: string, sites: [string, SitePage[]][], corpus: string): { dir: string; served: Set<string> } {
  const dir = mkdtempSync(join(root, "replay-"));
  const manifest: { host: string; path: string; file: string; title: string }[] = [];
  const served = new Set<string>();
  for (const [host, pages] of sites) {
    mkdirSync(join(dir, host), { recursive: true });
    for (const p of pages) {
      const path = pathOf(p.url);
      if (path === "/" || manifest.some((m) => m.host === host && m.path === path)) continue;
      const file = `${host}/${p.id}.html.gz`;
      symlinkSync(join(corpus, "extraction", "wcxb-dev", "html", `${p.id}.html.gz`), join(dir, file));
      manifest.push({ host, path, file, title: p.id });
      served.add(p.id);
    }
  }
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  return { dir, served };
}

/** BENCH_CRAWL_BEFORE=1: the crawl as before issue #21 (no page held back for its template, no catch-up). */
const BEFORE = process.env.BENCH_CRAWL_BEFORE === "1";

async function crawl(db: Db, web: ReplayWeb, siteIds: number[], budget: CpuBudget): Promise<void> {
  await runWorker({
    db, signal: new AbortController().signal, siteIds, exitWhenIdle: true, hostMap: web.hostMap, allowPrivateNetwork: true,
    concurrency: 4, idleMs: 50, maxAttempts: 1, templateCatchUp: BEFORE ? false : { budget },
  });
}

/**
 * Stored article text per corpus page id (by the page's path on its host). A page stored as a duplicate
 * of another article's canonical URL has no article of its own: it scores that article's text, which is
 * what the database shows for it.
 */
async function storedTexts(db: Db, byHostPath: Map<string, string>): Promise<Map<string, string>> {
  const rows = await db.page.findMany({ select: { url: true, finalUrl: true, article: { select: { text: true } }, outcome: true, outcomeReason: true } });
  const out = new Map<string, string>();
  for (const r of rows) {
    const u = new URL(r.finalUrl);
    const id = byHostPath.get(`${u.host}${u.pathname}${u.search}`) ?? byHostPath.get(`${new URL(r.url).host}${pathOf(r.url)}`);
    if (!id) continue;
    const original = r.outcome === "duplicate" && !r.article ? /article (\d+)/.exec(r.outcomeReason ?? "") : null;
    const text = original ? (await db.article.findUnique({ where: { id: Number(original[1]) }, select: { text: true } }))?.text : r.article?.text;
    out.set(id, text ?? "");
  }
  return out;
}

async function storedOutcomes(db: Db, byHostPath: Map<string, string>): Promise<Map<string, string>> {
  const rows = await db.page.findMany({ select: { finalUrl: true, outcome: true, outcomeReason: true, templateVersion: true } });
  const out = new Map<string, string>();
  for (const r of rows) {
    const u = new URL(r.finalUrl);
    const id = byHostPath.get(`${u.host}${u.pathname}${u.search}`);
    if (id) out.set(id, `${r.outcome} v${r.templateVersion} ${r.outcomeReason ?? ""}`.slice(0, 120));
  }
  return out;
}

function batchTemplate(pages: SitePage[]): TemplateState {
  let t = newTemplate();
  for (const p of pages) t = updateTemplate(t, pageEntries(p.html));
  return t;
}

async function openBenchDb(root: string): Promise<Db> {
  const file = join(root, "crawl.db");
  applyMigrations(file);
  const db = openDb(`file:${file}`);
  await tuneConnection(db);
  return db;
}

export interface TemplateCrawlReport {
  rows: { sites: string; n: number; pages: number; crawled: number; single: number; batch: number; crawlEnd: number; crawlDrained: number }[];
  reextractedDuringCrawl: number;
  drained: { reextracted: number; changed: number };
  redesign: { pair: string; pagesB: number; single: number; batch: number; crawl: number; redesigns: number }[];
  seconds: number;
}

/** Crawl the replay web of the WCXB sites, score stored text; then the redesign pairs. */
export async function measureTemplateCrawl(corpus: string, opts: { maxSites?: number } = {}): Promise<TemplateCrawlReport> {
  const started = Date.now();
  let sites = [...loadWcxbSites(corpus).entries()];
  if (opts.maxSites) sites = sites.slice(0, opts.maxSites);
  const root = mkdtempSync(join(tmpdir(), "lede-tplcrawl-"));
  try {
    const { dir, served } = replayDir(root, sites, corpus);
    const web = await startReplayWeb({ dir, requestLog: 0 });
    const db = await openBenchDb(root);
    const byHostPath = new Map<string, string>();
    for (const [host, pages] of sites) for (const p of pages) byHostPath.set(`${host}${pathOf(p.url)}`, p.id);
    const siteIds: number[] = [];
    for (const [host] of sites) siteIds.push((await addSite(db, { seedUrl: web.seedUrl(host), crawlDelayMs: 0, maxDepth: 1, allowPrivateNetwork: true })).id);
    // 1. the crawl, with the default re-extraction budget in the background
    const budget = new CpuBudget();
    await crawl(db, web, siteIds, budget);
    const reextractedDuringCrawl = [...budget.ledger.values()].reduce((a, r) => a + r.pages, 0);
    const atEnd = await storedTexts(db, byHostPath);
    // 2. the catch-up drained
    const drained = BEFORE ? { reextracted: 0, changed: 0 } : await catchUpTemplates(db, { budget: new CpuBudget(Number.POSITIVE_INFINITY), siteIds });
    const afterDrain = await storedTexts(db, byHostPath);
    const outcomes = await storedOutcomes(db, byHostPath);
    await web.close();
    await db.$disconnect();
    // 3. single-page and batch-template extraction of the same pages
    const scored: Scored[] = [];
    for (const [host, pages] of sites) {
      const t = batchTemplate(pages);
      for (const p of pages) {
        const single = stored(extractArticle(p.html, { url: p.url }).text);
        const batch = stored(extractArticle(p.html, { url: p.url, template: t }).text);
        scored.push({
          page: p, host, sitePages: pages.length, crawled: served.has(p.id) && atEnd.has(p.id),
          crawlEnd: wordBagF1(atEnd.get(p.id) ?? "", p.truth), crawlDrained: wordBagF1(afterDrain.get(p.id) ?? "", p.truth),
          single: wordBagF1(single, p.truth), batch: wordBagF1(batch, p.truth),
        });
      }
    }
    const row = (label: string, set: Scored[]) => {
      const mean = (f: (s: Scored) => number) => set.reduce((a, s) => a + f(s), 0) / Math.max(1, set.length);
      return {
        sites: label, n: new Set(set.map((s) => s.host)).size, pages: set.length, crawled: set.filter((s) => s.crawled).length,
        single: mean((s) => s.single), batch: mean((s) => s.batch), crawlEnd: mean((s) => s.crawlEnd), crawlDrained: mean((s) => s.crawlDrained),
      };
    };
    const servedSet = scored.filter((s) => served.has(s.page.id));
    // BENCH_DUMP=file: one JSON line per page (id, host, the four F1 figures, the stored outcome), for diagnosis
    if (process.env.BENCH_DUMP) writeFileSync(process.env.BENCH_DUMP, servedSet.map((s) => JSON.stringify({ id: s.page.id, host: s.host, type: s.page.pageType, single: s.single, batch: s.batch, end: s.crawlEnd, drained: s.crawlDrained, outcome: outcomes.get(s.page.id) })).join("\n"));
    const rows = [row("≥ 3 pages", servedSet), row(`≥ ${LARGE_SITE_PAGES} pages`, servedSet.filter((s) => s.sitePages >= LARGE_SITE_PAGES))];
    const redesign = process.env.BENCH_NO_REDESIGN ? [] : await measureRedesigns(root, corpus, sites);
    return { rows, reextractedDuringCrawl, drained: { reextracted: drained.reextracted, changed: drained.changed }, redesign, seconds: (Date.now() - started) / 1000 };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Site A crawled under its host, then site B's pages served under the same host (new paths) and crawled. */
async function measureRedesigns(root: string, corpus: string, sites: [string, SitePage[]][]): Promise<TemplateCrawlReport["redesign"]> {
  const big = sites.filter(([, ps]) => ps.filter((p) => pathOf(p.url) !== "/").length >= REDESIGN_SITE_PAGES);
  const out: TemplateCrawlReport["redesign"] = [];
  for (let i = 0; i + 1 < big.length && out.length < REDESIGN_PAIRS; i += 2) {
    const [hostA, pagesA] = big[i]!;
    const [hostB, pagesB0] = big[i + 1]!;
    // B's pages under A's host, below /redesign so that no path collides with A's
    const pagesB = pagesB0.filter((p) => pathOf(p.url) !== "/").map((p) => ({ ...p, url: `http://${hostA}/redesign${pathOf(p.url)}` }));
    const dbRoot = mkdtempSync(join(root, "redesign-"));
    const db = await openBenchDb(dbRoot);
    const siteId = (await addSite(db, { seedUrl: `http://${hostA}/`, crawlDelayMs: 0, maxDepth: 1, allowPrivateNetwork: true })).id;
    const phase1 = replayDir(dbRoot, [[hostA, pagesA]], corpus);
    let web = await startReplayWeb({ dir: phase1.dir, requestLog: 0 });
    await crawl(db, web, [siteId], new CpuBudget());
    await web.close();
    const phase2 = replayDir(dbRoot, [[hostA, pagesB]], corpus);
    web = await startReplayWeb({ dir: phase2.dir, requestLog: 0 });
    await enqueueUrls(db, pagesB.map((p) => ({ url: normalizeUrl(p.url)!, siteId, depth: 1, kind: "page" as const })));
    await crawl(db, web, [siteId], new CpuBudget());
    await web.close();
    await catchUpTemplates(db, { budget: new CpuBudget(Number.POSITIVE_INFINITY), siteIds: [siteId] });
    const byPath = new Map(pagesB.map((p) => [`${hostA}${pathOf(p.url)}`, p.id]));
    const texts = await storedTexts(db, byPath);
    const redesigns = (await getSiteTemplate(db, siteId))?.template.redesigns.length ?? 0;
    await db.$disconnect();
    const t = batchTemplate(pagesB);
    let single = 0, batch = 0, crawled = 0;
    for (const p of pagesB) {
      single += wordBagF1(stored(extractArticle(p.html, { url: p.url }).text), p.truth);
      batch += wordBagF1(stored(extractArticle(p.html, { url: p.url, template: t }).text), p.truth);
      crawled += wordBagF1(texts.get(p.id) ?? "", p.truth);
    }
    const n = pagesB.length;
    out.push({ pair: `${hostA} → ${hostB}`, pagesB: n, single: single / n, batch: batch / n, crawl: crawled / n, redesigns });
  }
  return out;
}

/** The markdown section. */
export function formatTemplateCrawl(r: TemplateCrawlReport): string {
  const f = (x: number) => x.toFixed(3);
  const d = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(3)}`;
  return [
    "## Templates end to end: crawled WCXB sites (`npm run bench:templates`)",
    "",
    `${machineLine()}. The WCXB dev sites with ≥ 3 pages, served by the replay web under their own hosts and crawled by the worker into SQLite;`,
    "word-bag F1 (mean over pages) of the article text stored in the database, beside single-page and batch-template extraction of the same pages",
    `(a page with < ${extractDefaults.minTextChars} characters scores empty text in every column, as the pipeline stores no article for it; a canonical duplicate scores the text of the article it duplicates). Pages at "/" are left out (the replay index is there).`,
    "",
    mdTable(["sites", "sites n", "pages", "crawled", "single-page", "batch templates", "crawl, at its end", "crawl, catch-up drained", "drained − single", "drained − batch"],
      r.rows.map((x) => [x.sites, x.n, x.pages, x.crawled, f(x.single), f(x.batch), f(x.crawlEnd), f(x.crawlDrained), d(x.crawlDrained - x.single), d(x.crawlDrained - x.batch)])),
    "",
    `Re-extractions during the crawl (default budget, ${r.reextractedDuringCrawl} pages); draining the catch-up afterwards re-extracted ${r.drained.reextracted} pages, ${r.drained.changed} of them with changed text. Run time ${r.seconds.toFixed(0)} s.`,
    "",
    "Redesign: site A crawled under its host, then site B's pages served under the same host (paths below /redesign) and crawled; F1 on B's pages.",
    "",
    mdTable(["pair (A → B)", "B pages", "single-page", "batch (B's own template)", "crawl after the redesign", "redesigns detected"],
      r.redesign.map((x) => [x.pair, x.pagesB, f(x.single), f(x.batch), f(x.crawl), x.redesigns])),
  ].join("\n");
}

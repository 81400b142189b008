// npx tsx scripts/extract-diff.ts --write DIR | --check DIR [--only traf,wcxb,readability,fundus,templates,fixtures]
// The page-by-page guard of a behaviour-preserving change to lib/extract (issue 20): runs the
// extraction over every page the benchmarks read — trafilatura's 990, WCXB dev's 1355, Readability's
// 130, Fundus' 258 (LEDE_CORPUS or ../shared/corpus), the WCXB sites bench:extract builds templates for,
// and every HTML page under test/fixtures — and writes one JSONL per corpus (page id → text, HTML hash,
// metadata, method, reason, each method alone, the template entries, the classifier's document facts).
// --check re-runs it and compares page by page with the files of an earlier --write: it prints every
// page whose output changed (field by field) and exits 1 when any did. The method reason is compared
// apart (an intended rewording of reasons is not a change of output) and reported as its own count.
// Keep the baseline outside the repository (e.g. /tmp/recipe-baseline).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { corpusDir, projectRoot } from "./bench/report.ts";
import { decodePage, listWcxbIds, loadReadability, loadTrafilatura, loadWcxb, readMaybeGz } from "./bench/extract-corpus.ts";
import { loadFundus } from "./bench/fundus-corpus.ts";
import { extractArticle, type ExtractResult } from "../lib/extract/index.ts";
import { extractWithMethod } from "../lib/extract/orchestrator.ts";
import { newTemplate, pageEntries, updateTemplate, type TemplateState } from "../lib/extract/template.ts";
import { prepareHtml } from "../lib/classify/prepare-page.ts";
import { readDocumentFacts } from "../lib/classify/features.ts";
import { parseHtml } from "../lib/extract/dom.ts";

interface Page { id: string; url: string; html: string }
type Row = Record<string, unknown> & { id: string };

/** The fields compared page by page; the reason is counted apart (see the header). */
const REASON_FIELDS = new Set(["methodReason"]);

const hash = (s: string) => createHash("sha1").update(s).digest("hex").slice(0, 16);

function row(id: string, r: ExtractResult | null, extra: Record<string, unknown> = {}): Row {
  if (!r) return { id, crash: true, ...extra };
  return {
    id, text: r.text, html: hash(r.html), title: r.title, author: r.author, publishedAt: r.publishedAt, modifiedAt: r.modifiedAt,
    lang: r.lang, imageUrl: r.imageUrl, canonicalUrl: r.canonicalUrl, siteName: r.siteName, method: r.method, methodReason: r.methodReason, ...extra,
  };
}

function tryRun<T>(f: () => T): T | null {
  try { return f(); } catch (err) { process.stderr.write(`  crash: ${err instanceof Error ? err.message : err}\n`); return null; }
}

/** A page as bench:extract and bench:labels read it, plus each method alone and the classifier's facts. */
function pageRow(p: Page): Row {
  const r = tryRun(() => extractArticle(p.html, { url: p.url }));
  const density = tryRun(() => extractWithMethod(p.html, p.url, "density"));
  const blocks = tryRun(() => extractWithMethod(p.html, p.url, "blocks"));
  const entries = tryRun(() => pageEntries(p.html));
  const prepared = tryRun(() => prepareHtml(p.html, p.url));
  const facts = prepared ? prepared.document : null;
  const crawlFacts = tryRun(() => readDocumentFacts(parseHtml(p.html)));
  return row(p.id, r, { density: density == null ? null : hash(density), blocks: blocks == null ? null : hash(blocks), entries: entries ? hash(JSON.stringify(entries)) : null, facts: facts ? hash(JSON.stringify(facts)) : null, crawlFacts: crawlFacts ? hash(JSON.stringify(crawlFacts)) : null, prepared: prepared ? hash(JSON.stringify({ t: prepared.extraction.text, m: prepared.extraction.method })) : null });
}

/** The WCXB sites with >= 3 pages, each page with the site's strict and ratio templates (bench:extract's template pass). */
function templateRows(corpus: string): Row[] {
  const all = loadWcxb(corpus, listWcxbIds(corpus));
  const bySite = new Map<string, typeof all>();
  for (const p of all) {
    const host = (() => { try { return new URL(p.url).host; } catch { return ""; } })();
    if (host) bySite.set(host, [...(bySite.get(host) ?? []), p]);
  }
  const rows: Row[] = [];
  for (const mode of ["strict", "ratio"] as const) {
    for (const ps of [...bySite.values()].filter((x) => x.length >= 3)) {
      let t: TemplateState = newTemplate({ mode });
      for (const p of ps) t = updateTemplate(t, pageEntries(p.html));
      for (const p of ps) rows.push(row(`${mode}/${p.id}`, tryRun(() => extractArticle(p.html, { url: p.url, template: t }))));
    }
  }
  return rows;
}

/** Every .html/.html.gz under test/fixtures, with the URL of the corpus ground truth its data file (<page>.json) carries when there is one. */
function fixturePages(): Page[] {
  const root = join(projectRoot, "test", "fixtures");
  const urls = new Map<string, string>();
  for (const dir of ["pages", "page-type"].map((d) => join(root, "extract", d))) {
    for (const f of readdirSync(dir).filter((x) => x.endsWith(".json"))) {
      const url = (JSON.parse(readFileSync(join(dir, f), "utf8")) as { truth?: { url?: string } }).truth?.url;
      if (url) urls.set(f.replace(/\.json$/, ".html.gz"), url);
    }
  }
  const pages: Page[] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir).sort()) {
      const path = join(dir, f);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.html?(\.gz)?$/.test(f)) {
        const id = relative(root, path);
        pages.push({ id, url: urls.get(f) ?? `https://fixture.example/${id.replace(/\.gz$/, "")}`, html: decodePage(readMaybeGz(path)) });
      }
    }
  };
  walk(root);
  return pages;
}

const CORPORA: Record<string, (corpus: string) => Row[]> = {
  traf: (c) => loadTrafilatura(c).map(pageRow),
  wcxb: (c) => loadWcxb(c, listWcxbIds(c)).map(pageRow),
  readability: (c) => loadReadability(c).map(pageRow),
  fundus: (c) => loadFundus(c).map(pageRow),
  templates: templateRows,
  fixtures: () => fixturePages().map(pageRow),
};

function compare(name: string, before: Row[], after: Row[]): { pages: number; changed: number; reasons: number; reworded: number } {
  const old = new Map(before.map((r) => [r.id, r]));
  let changed = 0, reasons = 0, reworded = 0;
  for (const r of after) {
    const o = old.get(r.id);
    if (!o) { changed++; process.stdout.write(`${name} ${r.id}: new page\n`); continue; }
    old.delete(r.id);
    const keys = new Set([...Object.keys(o), ...Object.keys(r)]);
    const diffs = [...keys].filter((k) => !REASON_FIELDS.has(k) && JSON.stringify(o[k]) !== JSON.stringify(r[k]));
    if (diffs.length) {
      changed++;
      process.stdout.write(`${name} ${r.id}: ${diffs.map((k) => (k === "text" ? `text (${String(o.text ?? "").length} -> ${String(r.text ?? "").length} chars)` : `${k} ${JSON.stringify(o[k])} -> ${JSON.stringify(r[k])}`)).join("; ")}\n`);
    }
    if ([...REASON_FIELDS].some((k) => o[k] !== r[k])) {
      reasons++;
      // the list of passes that fired (issue 20) is appended to the reason; anything else that moved is shown
      const bare = (x: unknown) => String(x ?? "").replace(/; passes: [^;()]*$/, "").replace(/; passes: [^;()]*\)/g, ")");
      if ([...REASON_FIELDS].some((k) => bare(o[k]) !== bare(r[k]))) { reworded++; if (reworded <= 5) process.stdout.write(`${name} ${r.id}: reason ${JSON.stringify(o.methodReason)} -> ${JSON.stringify(r.methodReason)}\n`); }
    }
  }
  for (const id of old.keys()) { changed++; process.stdout.write(`${name} ${id}: page missing\n`); }
  return { pages: after.length, changed, reasons, reworded };
}

function main(): number {
  const argv = process.argv.slice(2);
  const mode = argv[0];
  const dir = argv[1];
  const onlyAt = argv.indexOf("--only");
  const only = onlyAt >= 0 ? argv[onlyAt + 1].split(",") : Object.keys(CORPORA);
  if ((mode !== "--write" && mode !== "--check") || !dir) {
    process.stderr.write("usage: tsx scripts/extract-diff.ts --write DIR | --check DIR [--only traf,wcxb,readability,fundus,templates,fixtures]\n");
    return 2;
  }
  const corpus = corpusDir();
  if (!corpus) return 2;
  mkdirSync(dir, { recursive: true });
  let anyChanged = 0;
  for (const name of only) {
    const t = performance.now();
    const rows = CORPORA[name](corpus);
    const file = join(dir, `${name}.jsonl`);
    if (mode === "--write") {
      writeFileSync(file, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
      process.stdout.write(`${name}: ${rows.length} pages written to ${file} (${((performance.now() - t) / 1000).toFixed(0)} s)\n`);
    } else {
      const before = readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Row);
      const c = compare(name, before, rows);
      anyChanged += c.changed;
      process.stdout.write(`${name}: ${c.pages} pages, ${c.changed} changed, ${c.reasons} with another method reason, ${c.reworded} of them beyond the list of passes (${((performance.now() - t) / 1000).toFixed(0)} s)\n`);
    }
  }
  return anyChanged ? 1 : 0;
}

process.exitCode = main();

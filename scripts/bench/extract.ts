// npm run bench:extract [-- --limit N | --sample K | --only snippet,wcxb,meta,speed,templates]
// Extraction quality and speed on ../shared/corpus/extraction (metrics: its README.md):
//   - trafilatura's 990 pages: snippet F1;
//   - WCXB dev: word-bag F1 overall and per page type, on the held-out odd ids (even ids train the
//     block classifier, see scripts/train-blocks.ts), plus all ids for reference;
//   - Readability's 130 pages: title / byline / date accuracy;
//   - docs/s of the orchestrator vs @mozilla/readability (linkedom) on the same pages, same process;
//   - template gain on WCXB dev sites with >= 3 pages.
// Each method alone, the orchestrator and Readability.js run on the same pages in the same run.
import { corpusDir, machineLine, mdTable, writeBenchSection } from "./report.ts";
import { readabilityParse } from "./readability-js.ts";
import {
  countSnippets, isTrainingId, listWcxbIds, trafilaturaTuningHalf, loadReadability, loadTrafilatura, loadWcxb, snippetScores, wordBagScores,
  type SnippetCounts,
} from "./extract-corpus.ts";
import { extractArticle } from "../../lib/extract/index.ts";
import { newTemplate, pageEntries, updateTemplate, type TemplateState } from "../../lib/extract/template.ts";
import { extractWithMethod, type SingleMethod } from "../../lib/extract/orchestrator.ts";

interface Args { limit: number | null; sample: number; only: Set<string>; write: boolean }

function parseArgs(argv: string[]): Args {
  const args: Args = { limit: null, sample: 1, only: new Set(["snippet", "wcxb", "meta", "speed", "templates"]), write: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--limit") args.limit = Number(argv[++i]);
    else if (a === "--sample") args.sample = Number(argv[++i] ?? 5);
    else if (a === "--only") args.only = new Set(argv[++i].split(","));
    else if (a === "--no-write") args.write = false;
  }
  return args;
}

function subsample<T>(items: T[], args: Args): T[] {
  let out = args.sample > 1 ? items.filter((_, i) => i % args.sample === 0) : items;
  if (args.limit != null) out = out.slice(0, args.limit);
  return out;
}

type Runner = (html: string, url: string) => string;

const RUNNERS: Record<string, Runner> = {
  orchestrator: (html, url) => extractArticle(html, { url }).text,
  density: (html, url) => extractWithMethod(html, url, "density"),
  blocks: (html, url) => extractWithMethod(html, url, "blocks"),
  "readability.js": (html, url) => readabilityParse(html)?.textContent ?? "",
};

function safeRun(run: Runner, html: string, url: string): string {
  try {
    return run(html, url);
  } catch (err) {
    process.stderr.write(`  crash: ${url}: ${err instanceof Error ? err.message : err}\n`);
    return ""; // README: a crash counts as empty output
  }
}

const f3 = (x: number) => x.toFixed(3);

/** Pages each extractor runs before timing starts (JIT, lazy loads). */
const SPEED_WARMUP_PAGES = 30;
/**
 * Timed passes over the speed pages. One pass's ratio moved 4.1–5.4× between consecutive runs of the
 * same code on an idle machine (Readability.js's side most: 10.5–14.7 docs/s), so one pass is not a
 * measurement; the median of several is.
 */
const SPEED_ROUNDS = 3;

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const corpus = corpusDir();
  if (!corpus) return 0;
  const sections: string[] = [`## Extraction\n\n${machineLine()}. Pages: ${args.sample > 1 ? `every ${args.sample}th page` : "all pages"}${args.limit != null ? `, at most ${args.limit} per corpus` : ""}.`];
  const methods = Object.keys(RUNNERS);

  if (args.only.has("snippet")) {
    const pages = subsample(loadTrafilatura(corpus), args);
    const tuning = new Set(trafilaturaTuningHalf(pages.map((p) => p.id)));
    const rows: (string | number)[][] = [];
    for (const m of methods) {
      const c: SnippetCounts = { tp: 0, fp: 0, fn: 0, tn: 0 }, tuned: SnippetCounts = { ...c }, held: SnippetCounts = { ...c };
      for (const p of pages) {
        const r = countSnippets(safeRun(RUNNERS[m], p.html, p.url), p);
        for (const acc of [c, tuning.has(p.id) ? tuned : held]) { acc.tp += r.tp; acc.fp += r.fp; acc.fn += r.fn; acc.tn += r.tn; }
      }
      const s = snippetScores(c);
      rows.push([m, f3(s.precision), f3(s.recall), f3(s.f1), f3(snippetScores(tuned).f1), f3(snippetScores(held).f1)]);
      process.stderr.write(`snippet ${m}: F1 ${f3(s.f1)} (tuning half ${f3(snippetScores(tuned).f1)}, held-out half ${f3(snippetScores(held).f1)})\n`);
    }
    sections.push(`### trafilatura set: snippet F1 (${pages.length} pages; published: trafilatura 0.924, readability-lxml 0.826)\n\nThe extraction rules (named container, pruning, dangling blocks) were tuned on the even positions of the set sorted by file name (\`trafilaturaTuningHalf\`); the held-out half is the odd positions.\n\n${mdTable(["method", "precision", "recall", "F1", "F1 tuning half", "F1 held-out half"], rows)}`);
  }

  if (args.only.has("wcxb")) {
    const ids = subsample(listWcxbIds(corpus), args);
    const pages = loadWcxb(corpus, ids);
    const types = [...new Set(pages.map((p) => p.type))].sort();
    const head = ["method", "held-out F1 (odd ids)", "all F1", ...types.map((t) => `${t} (held-out)`)];
    const rows: (string | number)[][] = [];
    for (const m of methods) {
      const scored = pages.map((p) => ({ p, f1: wordBagScores(safeRun(RUNNERS[m], p.html, p.url), p.main).f1 }));
      const held = scored.filter((s) => !isTrainingId(s.p.id));
      const mean = (xs: { f1: number }[]) => (xs.length ? xs.reduce((a, s) => a + s.f1, 0) / xs.length : NaN);
      rows.push([m, f3(mean(held)), f3(mean(scored)), ...types.map((t) => { const xs = held.filter((s) => s.p.type === t); return `${f3(mean(xs))} (${xs.length})`; })]);
      process.stderr.write(`wcxb ${m}: held-out ${f3(mean(held))} all ${f3(mean(scored))} article ${f3(mean(held.filter((s) => s.p.type === "article")))}\n`);
      // the tuning half (even ids) per type, for rule tuning: printed only, not part of the written table
      const even = scored.filter((s) => isTrainingId(s.p.id));
      process.stderr.write(`  even ids (tuning) ${m}: ${mean(even).toFixed(4)}; ${types.map((t) => `${t} ${mean(even.filter((s) => s.p.type === t)).toFixed(4)}`).join(", ")}\n`);
    }
    sections.push(`### WCXB dev: mean word-bag F1 (${pages.length} pages; published: rs-trafilatura 0.859, trafilatura 0.791, Readability 0.675; articles: trafilatura 0.926)\n\n${mdTable(head, rows)}`);
  }

  if (args.only.has("meta")) {
    const pages = subsample(loadReadability(corpus), args);
    const acc = { lede: { title: 0, byline: 0, date: 0 }, "readability.js": { title: 0, byline: 0, date: 0 } };
    const n = { title: 0, byline: 0, date: 0 };
    for (const p of pages) {
      const ours = (() => { try { return extractArticle(p.html, { url: p.url }); } catch { return null; } })();
      const theirs = readabilityParse(p.html);
      const cand = {
        lede: { title: ours?.title ?? null, byline: ours?.author ?? null, date: ours?.publishedAt ?? null },
        "readability.js": { title: theirs?.title ?? null, byline: theirs?.byline ?? null, date: theirs?.publishedTime ?? null },
      };
      const expected = { title: p.title, byline: p.byline, date: p.publishedTime };
      for (const field of ["title", "byline", "date"] as const) {
        if (!expected[field]) continue;
        n[field]++;
        for (const who of ["lede", "readability.js"] as const) if (sameValue(field, cand[who][field], expected[field])) acc[who][field]++;
      }
    }
    const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : "–");
    const rows = (["lede", "readability.js"] as const).map((w) => [w, pct(acc[w].title, n.title), pct(acc[w].byline, n.byline), pct(acc[w].date, n.date)]);
    sections.push(`### Readability test pages: metadata accuracy (${pages.length} pages; fields with an expected value: title ${n.title}, byline ${n.byline}, date ${n.date}; expected values are Readability.js's own output)\n\n${mdTable(["extractor", "title", "byline", "date"], rows)}`);
    process.stderr.write(`meta: ${JSON.stringify(rows)}\n`);
  }

  if (args.only.has("speed")) {
    // same pages for both: the WCXB held-out sample plus the trafilatura sample
    const pages = [...subsample(loadTrafilatura(corpus), { ...args, sample: Math.max(args.sample, 4) }), ...loadWcxb(corpus, subsample(listWcxbIds(corpus), { ...args, sample: Math.max(args.sample, 6) }))];
    // Both warmed up, then timed page by page alternately, so that the load of a shared machine
    // (which drifts over minutes) falls on both extractors alike.
    const lede = RUNNERS.orchestrator, readability = RUNNERS["readability.js"];
    for (const p of pages.slice(0, SPEED_WARMUP_PAGES)) { safeRun(lede, p.html, p.url); safeRun(readability, p.html, p.url); }
    // Wall clock and this process's CPU time (user + system, process.cpuUsage) around each call, in
    // SPEED_ROUNDS rounds over all pages (the first extractor of each pair alternates between rounds);
    // the round with the median CPU ratio is reported, with the range of all rounds beside it.
    const rounds: { ours: number; theirs: number; oursCpu: number; theirsCpu: number }[] = [];
    for (let r = 0; r < SPEED_ROUNDS; r++) {
      const t0 = { ours: 0, theirs: 0, oursCpu: 0, theirsCpu: 0 };
      const time = (who: "ours" | "theirs", p: (typeof pages)[number]) => {
        const c = process.cpuUsage(), t = performance.now();
        safeRun(who === "ours" ? lede : readability, p.html, p.url);
        t0[who] += (performance.now() - t) / 1000;
        t0[who === "ours" ? "oursCpu" : "theirsCpu"] += cpuMicros(process.cpuUsage(c)) / 1e6;
      };
      for (const p of pages) {
        if (r % 2 === 0) { time("ours", p); time("theirs", p); } else { time("theirs", p); time("ours", p); }
      }
      rounds.push(t0);
      process.stderr.write(`speed round ${r + 1}: lede ${(pages.length / t0.oursCpu).toFixed(1)} docs per CPU-s, readability.js ${(pages.length / t0.theirsCpu).toFixed(1)}, heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB\n`);
    }
    const cpuRatio = (x: (typeof rounds)[number]) => x.theirsCpu / x.oursCpu;
    const sorted = [...rounds].sort((a, b) => cpuRatio(a) - cpuRatio(b));
    const { ours, theirs, oursCpu, theirsCpu } = sorted[Math.floor(sorted.length / 2)];
    const range = (f: (x: (typeof rounds)[number]) => number) => `${Math.min(...rounds.map(f)).toFixed(2)}–${Math.max(...rounds.map(f)).toFixed(2)}×`;
    const rows = [
      ["lede orchestrator", (pages.length / ours).toFixed(1), (theirs / ours).toFixed(2) + "×", (pages.length / oursCpu).toFixed(1), (theirsCpu / oursCpu).toFixed(2) + "×", range((x) => x.theirs / x.ours), range(cpuRatio)],
      ["readability.js (linkedom)", (pages.length / theirs).toFixed(1), "1.00×", (pages.length / theirsCpu).toFixed(1), "1.00×", "", ""],
    ];
    const heapMb = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
    sections.push(`### Speed (${pages.length} pages, one process, parse included, the two extractors alternating page by page, ${SPEED_ROUNDS} rounds: the median round by CPU ratio, and the range of all rounds; wall clock and CPU time of this process)\n\n${mdTable(["extractor", "docs/s (wall)", "vs Readability.js (wall)", "docs per CPU-s", "vs Readability.js (CPU)", "rounds: wall ratio", "rounds: CPU ratio"], rows)}\n\nThe ratio depends on the process's heap: Readability.js builds a full linkedom DOM per page and slows more than Lede as the heap grows (heap after the rounds here: ${heapMb} MB${args.only.size > 1 ? ", after the quality passes" : ", the speed pass alone"}). Run alone (\`--only speed\`, a small heap) the same code measures a lower ratio; compare ratios from runs of the same kind.`);
    process.stderr.write(`speed: ${JSON.stringify(rows)}\n`);
  }

  if (args.only.has("templates")) {
    const gain = await measureTemplateGainSafely(corpus, args);
    if (gain) sections.push(gain);
  }

  const md = sections.join("\n\n");
  process.stdout.write(md + "\n");
  if (args.write) writeBenchSection("extract", md);
  return 0;
}

/** User + system CPU microseconds of a process.cpuUsage() difference. */
function cpuMicros(u: NodeJS.CpuUsage): number {
  return u.user + u.system;
}

function sameValue(field: "title" | "byline" | "date", got: string | null, want: string): boolean {
  if (!got) return false;
  if (field === "date") return got.slice(0, 10) === new Date(want).toISOString().slice(0, 10) || got.slice(0, 10) === want.slice(0, 10);
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();
  return norm(got) === norm(want);
}

/**
 * Template gain: WCXB dev pages grouped by URL host; on sites with >= 3 pages, each site's template
 * is built from all its pages (as `lede extract --batch --templates` does), then every page is
 * extracted with and without it. Mean word-bag F1 over those pages, strict and ratio templates.
 */
async function measureTemplateGainSafely(corpus: string, args: Args): Promise<string | null> {
  const all = loadWcxb(corpus, listWcxbIds(corpus));
  const bySite = new Map<string, typeof all>();
  for (const p of all) {
    const host = (() => { try { return new URL(p.url).host; } catch { return ""; } })();
    if (host) bySite.set(host, [...(bySite.get(host) ?? []), p]);
  }
  const sites = [...bySite.values()].filter((ps) => ps.length >= 3);
  const limited = args.limit != null ? sites.slice(0, args.limit) : sites;
  const rows: (string | number)[][] = [];
  const variants: [string, (() => TemplateState) | null][] = [["no template", null], ["strict intersection", () => newTemplate({ mode: "strict" })], ["ratio >= 0.6", () => newTemplate({ mode: "ratio" })]];
  let pagesN = 0, heldN = 0;
  for (const [name, make] of variants) {
    let sum = 0, n = 0, heldSum = 0, held = 0, templateWon = 0;
    for (const ps of limited) {
      let t: TemplateState | undefined;
      if (make) { t = make(); for (const p of ps) t = updateTemplate(t, pageEntries(p.html)); }
      for (const p of ps) {
        let r;
        try { r = extractArticle(p.html, { url: p.url, template: t }); } catch { r = null; }
        const f1 = wordBagScores(r?.text ?? "", p.main).f1;
        sum += f1; n++;
        if (!isTrainingId(p.id)) { heldSum += f1; held++; }
        if (r?.method === "template") templateWon++;
      }
    }
    pagesN = n; heldN = held;
    rows.push([name, f3(sum / n), f3(heldSum / held), templateWon]);
    process.stderr.write(`templates ${name}: ${f3(sum / n)} held-out ${f3(heldSum / held)}\n`);
  }
  return `### Template gain: WCXB dev sites with >= 3 pages (${limited.length} sites, ${pagesN} pages, ${heldN} held-out)\n\n${mdTable(["variant", "mean word-bag F1", "held-out (odd ids)", "pages where the template step won"], rows)}`;
}

process.exitCode = await main();

// Train the learned block filter (orchestrator step 8b, lib/extract/block-filter.ts):
//   LEDE_CORPUS=../shared/corpus npx tsx scripts/train-block-filter.ts [--cv] [--lambda 0.01] [--traf-weight 5] [--word-power 0.5] [--min-token-pages 8] [--cache FILE]
// Data: the dated pages of the TUNING halves only — WCXB dev even ids (isTrainingId) and the trafilatura tuning half
// (trafilaturaTuningHalf); WCXB odd ids and the other trafilatura half stay out, so bench:extract
// reports the filter on pages it never saw. Each page runs through the orchestrator with the filter
// off, and the blocks it keeps (the blocks step 8b judges) are described and labelled:
//  - WCXB: content when at least LABEL_SHARE of the block's word tokens occur in the page's
//    main_content (as scripts/train-blocks.ts), weighted by its words to WORD_POWER over the square
//    root of the page's sum (the metric is a mean over pages: long pages must not outweigh the rest);
//  - trafilatura: a block holding a `without` snippet is boilerplate, one holding a `with` snippet is
//    content (weight --traf-weight each: every snippet counts once in snippet F1), the rest unlabelled.
// Model: logistic regression with an L2 penalty (--lambda) over standardised numeric features and the
// context tokens seen on at least MIN_TOKEN_PAGES training pages, fitted by full-batch Adam for a fixed
// number of steps from zero weights: deterministic, reruns write the same file.
// --cv: 5-fold cross-validation by site (host name hash) within the tuning halves: for each fold the
// model is fitted on the other folds and the filter applied to the fold's kept blocks (on its dated
// pages, as in the orchestrator); printed are the
// pooled snippet F1 (trafilatura tuning half) and the mean WCXB word-bag F1 (even ids) with the filter
// at each threshold, against the filter off. No file is written with --cv.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { corpusDir } from "./bench/report.ts";
import {
  countSnippets, isTrainingId, listWcxbIds, loadTrafilatura, loadWcxb, snippetScores, trafilaturaTuningHalf, wordBag, wordBagScores,
  type SnippetCounts, type SnippetPage,
} from "./bench/extract-corpus.ts";
import { runExtraction } from "../lib/extract/orchestrator.ts";
import { blocksToText, type TextBlock } from "../lib/extract/segment.ts";
import { BOILERPLATE_BELOW, describeBlocks, NUMERIC_FEATURES, predictContent, type BlockDescription, type BlockFilterModel } from "../lib/extract/block-filter.ts";

/** Share of a WCXB block's tokens that must occur in the ground truth for the block to be content (train-blocks.ts). */
const LABEL_SHARE = 0.6;
/** A context token enters the vocabulary when it occurs on this many training pages (site-specific names stay out). */
const MIN_TOKEN_PAGES = 8;
/** Adam steps and step size of the fit. */
const STEPS = 200;
const STEP_SIZE = 0.1;
const FOLDS = 5;
/**
 * WCXB rows weigh (block words)^WORD_POWER over the square root of the page's sum: 1 weighs by words
 * as the metric counts them, 0.5 gives short blocks (bylines, labels, link lines: the snippet leaks)
 * more say. Cross-validated (5 folds by site): at 0.5 snippet F1 0.9422 -> 0.9431 with WCXB even
 * 0.8776 -> 0.8777 (p < 0.4); at 1 the best was 0.9428 / 0.8778 (p < 0.3).
 */
const WORD_POWER = 0.5;
// Only DATED pages (a declared publication date: the pages the filter judges, see block-filter.ts)
// train the model: the filter is for articles, and undated shops, indexes and services label short
// blocks (item names, prices, menu entries) as content. Cross-validated: trained on all pages and
// applied on dated pages, snippet 0.9431 / WCXB 0.8778 at p < 0.4; trained on dated pages, 0.9431 /
// 0.8779, and flat over p < 0.2 … 0.4. (Tried too, no better in CV: dropping only blocks of <= 15 or
// <= 39 words; leaving a page alone when the filter would take > 5 / 15 / 30 % of its words.)
/** L2 penalty and the weight of a trafilatura snippet block, cross-validated over 0.001/0.01 and 5/20. */
const LAMBDA = 0.01;
const TRAF_WEIGHT = 5;
const CV_THRESHOLDS = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5];

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

interface Row { d: BlockDescription; y: number; w: number }
interface Page {
  corpus: "wcxb" | "traf"; host: string; kind: string; dated: boolean; texts: string[]; descs: BlockDescription[]; rows: Row[];
  traf?: SnippetPage; main?: string;
}

function keptBlocks(html: string, url: string): { blocks: TextBlock[]; kind: string; dated: boolean } {
  const out = { blocks: [] as TextBlock[], kind: "other", dated: false };
  try {
    runExtraction(html, { url }, { blockFilter: false, onKeptBlocks: (b, kind, dated) => { out.blocks = b; out.kind = kind; out.dated = dated; } });
  } catch { out.blocks = []; }
  return out;
}

function hostOf(url: string): string {
  try { return new URL(url).hostname.replace(/^www\./, ""); } catch { return url; }
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

function loadPages(corpus: string): Page[] {
  const pages: Page[] = [];
  const wcxb = loadWcxb(corpus, listWcxbIds(corpus).filter(isTrainingId));
  for (const p of wcxb) {
    const { blocks, kind, dated } = keptBlocks(p.html, p.url);
    const descs = describeBlocks(blocks);
    const truth = wordBag(p.main);
    const keptWords = blocks.reduce((n, b) => n + b.words, 0) || 1;
    const rows: Row[] = [];
    blocks.forEach((b, i) => {
      let total = 0, hit = 0;
      for (const [w, n] of wordBag(b.text)) { total += n; if (truth.has(w)) hit += n; }
      if (total === 0) return;
      rows.push({ d: descs[i], y: hit / total >= LABEL_SHARE ? 1 : 0, w: total / Math.sqrt(keptWords) });
    });
    pages.push({ corpus: "wcxb", host: hostOf(p.url), kind, dated, texts: blocks.map((b) => b.text), descs, rows, main: p.main });
  }
  const all = loadTrafilatura(corpus);
  const tuning = new Set(trafilaturaTuningHalf(all.map((p) => p.id)));
  for (const p of all.filter((x) => tuning.has(x.id))) {
    const { blocks, kind, dated } = keptBlocks(p.html, p.url);
    const descs = describeBlocks(blocks);
    const rows: Row[] = [];
    const withs = p.with.map(collapse), withouts = p.without.map(collapse);
    blocks.forEach((b, i) => {
      const t = collapse(b.text);
      const good = withs.some((s) => s && t.includes(s)), bad = withouts.some((s) => s && t.includes(s));
      if (good !== bad) rows.push({ d: descs[i], y: good ? 1 : 0, w: -1 });
    });
    pages.push({ corpus: "traf", host: hostOf(p.url), kind, dated, texts: blocks.map((b) => b.text), descs, rows, traf: { ...p, html: "" } });
  }
  return pages;
}

function foldOf(host: string): number {
  let h = 0;
  for (let i = 0; i < host.length; i++) h = (h * 31 + host.charCodeAt(i)) >>> 0;
  return h % FOLDS;
}

function fit(pages: Page[], lambda: number, trafWeight: number, note: string): BlockFilterModel {
  const power = arg("--word-power", WORD_POWER);
  // vocabulary: tokens on >= MIN_TOKEN_PAGES pages
  const support = new Map<string, number>();
  for (const p of pages) {
    const seen = new Set<string>();
    for (const d of p.descs) for (const t of d.tokens) seen.add(t);
    for (const t of seen) support.set(t, (support.get(t) ?? 0) + 1);
  }
  const minPages = arg("--min-token-pages", MIN_TOKEN_PAGES);
  const vocab = [...support.entries()].filter(([, n]) => n >= minPages).map(([t]) => t).sort();
  const index = new Map(vocab.map((t, i) => [t, i]));
  const rows = pages.flatMap((p) => {
    // WCXB rows: the block's words to WORD_POWER over the square root of the page's sum (1: as labelled)
    const words = (r: Row) => Math.expm1(r.d.x[0]) ** power;
    const norm = Math.sqrt(p.rows.reduce((n, r) => n + words(r), 0)) || 1;
    return p.rows.map((r) => ({ ...r, w: r.w < 0 ? trafWeight : power === 1 ? r.w : words(r) / norm }));
  });
  const nf = NUMERIC_FEATURES.length;
  const means = new Array(nf).fill(0), scales = new Array(nf).fill(0);
  let wsum = 0;
  for (const r of rows) { wsum += r.w; for (let j = 0; j < nf; j++) means[j] += r.w * r.d.x[j]; }
  for (let j = 0; j < nf; j++) means[j] /= wsum;
  for (const r of rows) for (let j = 0; j < nf; j++) scales[j] += r.w * (r.d.x[j] - means[j]) ** 2;
  for (let j = 0; j < nf; j++) scales[j] = Math.sqrt(scales[j] / wsum) || 1;
  const xs = rows.map((r) => r.d.x.map((v, j) => (v - means[j]) / scales[j]));
  const toks = rows.map((r) => r.d.tokens.map((t) => index.get(t)).filter((i): i is number => i !== undefined));
  const dim = nf + vocab.length + 1; // last: bias
  const beta = new Float64Array(dim), m = new Float64Array(dim), v = new Float64Array(dim), g = new Float64Array(dim);
  for (let step = 1; step <= STEPS; step++) {
    g.fill(0);
    for (let i = 0; i < rows.length; i++) {
      let z = beta[dim - 1];
      const x = xs[i], tk = toks[i];
      for (let j = 0; j < nf; j++) z += beta[j] * x[j];
      for (const k of tk) z += beta[nf + k];
      const err = (rows[i].w * (1 / (1 + Math.exp(-z)) - rows[i].y)) / wsum;
      for (let j = 0; j < nf; j++) g[j] += err * x[j];
      for (const k of tk) g[nf + k] += err;
      g[dim - 1] += err;
    }
    for (let j = 0; j < dim - 1; j++) g[j] += lambda * beta[j];
    for (let j = 0; j < dim; j++) {
      m[j] = 0.9 * m[j] + 0.1 * g[j];
      v[j] = 0.999 * v[j] + 0.001 * g[j] * g[j];
      const mh = m[j] / (1 - 0.9 ** step), vh = v[j] / (1 - 0.999 ** step);
      beta[j] -= (STEP_SIZE * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  const tokens: Record<string, number> = {};
  vocab.forEach((t, i) => { const w = round(beta[nf + i]); if (w !== 0) tokens[t] = w; });
  return {
    numeric: [...NUMERIC_FEATURES], means: means.map(round), scales: scales.map(round),
    weights: Array.from(beta.slice(0, nf), round), tokens, bias: round(beta[dim - 1]),
    trainedOn: `${note}: ${pages.filter((p) => p.corpus === "wcxb").length} WCXB even-id pages and ${pages.filter((p) => p.corpus === "traf").length} trafilatura tuning-half pages, ${rows.length} labelled kept blocks; logistic regression, L2 ${lambda}, trafilatura snippet-block weight ${trafWeight}, WCXB word power ${arg("--word-power", WORD_POWER)}, ${vocab.length} context tokens on >= ${MIN_TOKEN_PAGES} pages, ${STEPS} Adam steps`,
  };
}

interface Tally { snip: SnippetCounts; wcxb: number; wcxbPages: number }

function tally(pages: Page[], probs: Map<Page, number[]>, cut: number): Tally {
  const snip = { tp: 0, fp: 0, fn: 0, tn: 0 };
  let wcxb = 0, wcxbPages = 0;
  for (const p of pages) {
    const ps = probs.get(p)!;
    const threshold = p.dated ? cut : 0;
    const text = blocksToText(p.texts.filter((_, i) => ps[i] >= threshold).map((t) => ({ text: t }) as TextBlock));
    if (p.corpus === "traf") {
      const c = countSnippets(text, p.traf!);
      for (const k of ["tp", "fp", "fn", "tn"] as const) snip[k] += c[k];
    } else { wcxb += wordBagScores(text, p.main!).f1; wcxbPages++; }
  }
  return { snip, wcxb: wcxb / wcxbPages, wcxbPages };
}

function crossValidate(pages: Page[], lambda: number, trafWeight: number): void {
  const probs = new Map<Page, number[]>();
  for (let f = 0; f < FOLDS; f++) {
    const train = pages.filter((p) => foldOf(p.host) !== f && p.dated);
    const model = fit(train, lambda, trafWeight, `fold ${f}`);
    for (const p of pages) if (foldOf(p.host) === f) probs.set(p, p.descs.map((d) => predictContent(d, model)));
  }
  const show = (t: Tally) => { const s = snippetScores(t.snip); return `snippet ${s.f1.toFixed(4)} (P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} fp ${t.snip.fp} fn ${t.snip.fn})  wcxb ${t.wcxb.toFixed(4)}`; };
  process.stdout.write(`lambda ${lambda} traf-weight ${trafWeight}\n  off      ${show(tally(pages, probs, 0))}\n`);
  for (const th of CV_THRESHOLDS) process.stdout.write(`  p < ${th.toFixed(2)} ${show(tally(pages, probs, th))}\n`);
}

const corpus = corpusDir();
if (!corpus) process.exit(0);
// --cache FILE: keep the described pages between runs (tuning only; delete it when the features change)
const cacheAt = process.argv.includes("--cache") ? process.argv[process.argv.indexOf("--cache") + 1] : null;
const pages: Page[] = cacheAt && existsSync(cacheAt) ? JSON.parse(readFileSync(cacheAt, "utf8")) : loadPages(corpus);
if (cacheAt && !existsSync(cacheAt)) writeFileSync(cacheAt, JSON.stringify(pages));
const lambda = arg("--lambda", LAMBDA);
const trafWeight = arg("--traf-weight", TRAF_WEIGHT);
if (process.argv.includes("--cv")) {
  const lambdas = process.argv.includes("--lambda") ? [lambda] : [0.001, 0.01];
  const weights = process.argv.includes("--traf-weight") ? [trafWeight] : [5, 20];
  for (const l of lambdas) for (const w of weights) crossValidate(pages, l, w);
} else {
  const model = fit(pages.filter((p) => p.dated), lambda, trafWeight, "tuning halves, dated pages");
  writeFileSync(new URL("../lib/extract/block-filter-model.json", import.meta.url), JSON.stringify(model) + "\n");
  process.stdout.write(`${model.trainedOn}; shipped threshold p < ${BOILERPLATE_BELOW}\n`);
}

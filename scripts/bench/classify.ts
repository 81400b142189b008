// npm run bench:classify [-- --sample N]
// News/not-news on WCXB dev (page type article = news, every other type = not news), each page
// decoded and extracted as the crawler does: 10-fold stratified CV and a stratified 20 % held-out
// split (seed 42) for the MLP and the logistic-regression baseline, both on the structural features
// plus word-based scores (naive Bayes on text, URL, title and markup words, stacked inside each fold), and the MLP on the features alone
// for comparison; the MLP once more with folds grouped by host (site leakage check); errors per
// page type; speed.
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { corpusDir, machineLine, mdTable, writeBenchSection } from "./report.ts";
import { loadWcxbSamples, type WcxbSample } from "../../lib/classify/wcxb-dataset.ts";
import { crossValidate, evaluate, hostGroup, splitHeldOut } from "../../lib/classify/cross-validate.ts";
import { fitKind, DEFAULT_TRAIN_RUN } from "../../lib/classify/train.ts";
import { preparePage } from "../../lib/classify/prepare-page.ts";
import { classifyPage } from "../../lib/classify/classify-page.ts";
import { createRandom, shuffleCopy } from "../../lib/classify/random.ts";
import type { BinaryMetrics } from "../../lib/classify/metrics.ts";

const HELD_OUT_FRACTION = 0.2;
const SEED = 42;
/** Pages timed end to end (decode + extract + features + MLP). */
const SPEED_PAGES = 100;

function main(): number {
  const root = corpusDir();
  if (!root) return 0;
  const dir = join(root, "extraction", "wcxb-dev");
  const sampleArg = process.argv.indexOf("--sample");
  const t0 = Date.now();
  let samples: WcxbSample[] = loadWcxbSamples({ dir, onProgress: (d, n) => { if (d % 100 === 0) process.stderr.write(`\rfeatures ${d}/${n}`); } });
  process.stderr.write(`\nfeatures for ${samples.length} pages in ${((Date.now() - t0) / 1000).toFixed(0)} s (cached when unchanged)\n`);
  if (sampleArg > 0) samples = shuffleCopy(samples, createRandom(SEED)).slice(0, Number(process.argv[sampleArg + 1]));

  const f = (x: number) => x.toFixed(3);
  const row = (name: string, m: BinaryMetrics) => [name, f(m.accuracy), f(m.precision), f(m.recall), f(m.f1), m.n];
  const rows: (string | number)[][] = [];
  const cvScores: Record<string, number[]> = {};
  const variants = [
    { key: "mlp", kind: "mlp", words: true, name: "MLP (features + word scores → 35 sigmoid → 1)" },
    { key: "logreg", kind: "logreg", words: true, name: "logistic regression (features + word scores)" },
    { key: "mlp-features", kind: "mlp", words: false, name: "MLP, structural features only (before word scores)" },
  ] as const;
  for (const v of variants) {
    const t = Date.now();
    const o = { ...DEFAULT_TRAIN_RUN, words: v.words };
    const cv = crossValidate(samples, (train) => fitKind(train, v.kind, o).classifier, { folds: 10, seed: SEED });
    cvScores[v.key] = cv.scores;
    rows.push(row(`${v.name}, 10-fold CV`, cv.pooled));
    process.stderr.write(`${v.key} CV in ${((Date.now() - t) / 1000).toFixed(0)} s: accuracy ${f(cv.pooled.accuracy)}\n`);
  }
  // Site leakage check: folds that keep every host's pages together (no page of a test site in training).
  {
    const t = Date.now();
    const grouped = crossValidate(samples, (train) => fitKind(train, "mlp", DEFAULT_TRAIN_RUN).classifier, { folds: 10, seed: SEED, groups: samples.map((s) => hostGroup(s.url)) });
    rows.push(row(`${variants[0].name}, 10-fold CV grouped by host`, grouped.pooled));
    process.stderr.write(`mlp host-grouped CV in ${((Date.now() - t) / 1000).toFixed(0)} s: accuracy ${f(grouped.pooled.accuracy)}\n`);
  }
  // The held-out split is never used while choosing features or settings: it is scored here only.
  const [train, test] = splitHeldOut(samples, HELD_OUT_FRACTION, SEED);
  for (const v of variants) {
    rows.push(row(`${v.name}, held-out ${HELD_OUT_FRACTION * 100} %`, evaluate(fitKind(train, v.kind, { ...DEFAULT_TRAIN_RUN, words: v.words }).classifier, test)));
  }
  rows.push(["published result (brief)", "0.926", "", "", "0.949", ""]);

  // Errors per page type, from the MLP's out-of-fold predictions.
  const types = [...new Set(samples.map((s) => s.pageType))].sort();
  const typeRows = types.map((type) => {
    const idx = samples.map((s, i) => (s.pageType === type ? i : -1)).filter((i) => i >= 0);
    const wrong = (kind: string) => idx.filter((i) => (cvScores[kind]![i]! >= 0.5) !== samples[i]!.y).length;
    return [type, idx.length, ...variants.map((v) => `${wrong(v.key)} (${f(wrong(v.key) / idx.length)})`)];
  });

  // Speed of the whole per-page path with the model trained on all samples.
  const model = fitKind(samples, "mlp", DEFAULT_TRAIN_RUN).classifier;
  const speedSet = shuffleCopy(samples, createRandom(SEED + 1)).slice(0, SPEED_PAGES);
  const bodies = speedSet.map((s) => ({ url: s.url, bytes: gunzipSync(readFileSync(join(dir, "html", `${s.id.slice(5)}.html.gz`))) }));
  let ts = performance.now();
  const prepared = bodies.map((b) => preparePage(b));
  const prepareMs = performance.now() - ts;
  ts = performance.now();
  for (const p of prepared) classifyPage(model, p);
  const classifyMs = performance.now() - ts;

  const md = [
    "## Classifier (news vs not news)",
    "",
    `${machineLine()}. WCXB dev, ${samples.length} pages (${samples.filter((s) => s.y).length} article = news; collection, documentation, forum, listing, product, service = not news), decoded and extracted as the crawler does. Seed ${SEED}; folds stratified.`,
    "",
    mdTable(["model", "accuracy", "precision", "recall", "F1", "pages"], rows),
    "",
    "Out-of-fold errors per WCXB page type (10-fold CV):",
    "",
    mdTable(["page type", "pages", "MLP + words wrong", "logreg + words wrong", "MLP features only wrong"], typeRows),
    "",
    "Word scores: one naive-Bayes log-likelihood ratio each for the words of the extracted text, the URL path, the title and the page markup (class, id, itemprop and role attribute words such as reply, price, byline, sidebar), fitted inside every training fold; the training rows' scores come from 5-fold inner cross-fitting, so no page is ever scored by a model that saw it. Choices were made on 10-fold CV of the 80 % development part only (the held-out 20 % was scored once, here). One standard error of a 10-fold CV accuracy there is about ±0.7 %.",
    "",
    "Tried, first round (MLP accuracy on the development part): features only 0.914; + text/URL/title word scores 0.932; + URL character n-grams and og/JSON-LD/body-class tokens 0.932; + words of the whole page outside the extracted text 0.935 (within noise, not adopted); logistic regression on the tokens instead of naive Bayes 0.931; 5 bagged MLPs 0.931.",
    "",
    "Tried, second round (development part, 10-fold CV repeated with fold seeds 42 / 7 / 99; MLP | logistic regression): text/URL/title words 0.931 0.931 0.931 | 0.932 0.929 0.930; + page-markup words 0.934 0.934 0.930 | 0.933 0.933 0.933 (adopted: small but the same sign on 5 of 6 runs, and the DOM pass it rides on was made cheaper). Not adopted (seed 42): 30 more structural features (extraction method; link density, headings, lists, code and images inside the extracted HTML; sentence-length spread; modified date; linked headings and dated items on the page; rel=next/prev; breadcrumb; navigation links; repeated text blocks; forum, call-to-action and price patterns) 0.926 | 0.926, a 9-feature subset of them 0.929 | 0.926; host words (subdomain such as blog/docs/forum, TLD such as edu/gov) 0.927 | 0.932; MLP + logistic regression averaged 0.932; gradient-boosted trees (depth 2, 300 rounds) 0.934 alone and 0.938 averaged with the MLP, but on fold seeds 7 and 99 the average gained only 0.2 % and 0.1 % over the MLP alone; decision threshold: even the best threshold picked on the out-of-fold scores themselves gives 0.933 against 0.931 at 0.5, so tuning it inside the folds cannot pay.",
    "",
    "Tried, third round (development part, fold seeds 42 / 7 / 99, MLP; every comparison within one run on one extraction, as lib/extract changed during the round): text/URL/title/markup words (the shipped model) 0.932 0.935 0.925, mean 0.931; one-vs-rest word scores per WCXB type (7 types × 4 fields = 28 inputs instead of 4) 0.930 0.929 0.927 on the earlier extraction where the binary scores gave 0.930 0.935 0.927; the same as a 7-class multinomial naive Bayes 0.930, and logistic regression on the per-type scores 0.930 against 0.933 with the binary ones (seed 42); extra word fields for the first and the last 300 words of the text 0.931 0.928 0.928, mean 0.929; an extra word field of text bigrams 0.934 0.937 0.929, mean 0.933 (+0.3 %, the same sign on all three seeds but below one standard error, and it triples the training time and adds a large bigram vocabulary and per-page cost; not adopted this round, the best candidate for the next). None adopted. Host-grouped folds (every site's pages in one fold; WCXB dev has 1,180 hosts, 94 with more than one page) give 0.930 on the development part against 0.932 stratified (seed 42), and 0.923 against 0.932 on all 1,355 pages (table above): about one standard error, so a little of the stratified figure comes from sites seen in training (rei.com and store.steampowered.com have 12 pages each, all of one type); the random held-out split carries the same effect.",
    "",
    "The 0.95 target is not reached. Error analysis of the 74 out-of-fold errors on the development part (1,084 pages, seed 42): 40 articles scored as not news, 34 other pages scored as news (13 service, 7 forum, 7 listing, 6 documentation, 1 collection). 41 are confident (P(news) below 0.25 or above 0.75), and 25 of those 41 are label disputes: the WCXB type follows the site's purpose, not the page's form (agency and blog home pages, a catalogue index, a portfolio, hub pages of universities and agencies, course and dictionary pages, an arXiv abstract labelled article; a Slashdot story, a buying guide and an award write-up labelled forum, collection and listing). The table with every confident error is in lib/classify/README.md. 0.95 on the development part means at most 54 errors: 20 fewer, out of 49 errors that are not disputes and mostly sit near 0.5.",
    "",
    `Speed on ${prepared.length} pages: decode + extract ${(prepareMs / prepared.length).toFixed(1)} ms/page; features + words + MLP + reason ${(classifyMs / prepared.length).toFixed(1)} ms/page (${(classifyMs / prepareMs).toFixed(2)}× the decode + extract time).`,
  ].join("\n");
  process.stdout.write(md + "\n");
  if (sampleArg < 0) writeBenchSection("classify", md);
  return 0;
}

process.exitCode = main();

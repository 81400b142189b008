// Train the character-bigram language models of lib/extract/langmodel.ts from extracted article text
// in the evaluation corpus, and write them to lib/extract/langmodel-data.json.
//
//   npx tsx scripts/train-langmodel.ts [--corpus DIR] [--out FILE]
//
// Sources: Fundus article bodies (title, summary, paragraphs; 41 countries) and WCXB dev
// `main_content`. A document's language is its page's <html lang> (primary subtag), else the Fundus
// country's usual language. Deterministic: files are read in sorted order, every 10th document of a
// language is held out to calibrate that language's token threshold, nothing is random.
import { readdirSync, readFileSync, writeFileSync, existsSync, statSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join, resolve } from "node:path";
import { normaliseForModel, tokenBits, compileModel, type LangModelData, type LangModelEntry, BITS_SCALE, BOUNDARY } from "../lib/extract/langmodel.ts";

/** Characters of text a language needs for its own model; below, only the universal model covers it. */
const MIN_TRAIN_CHARS = 4000;
/** Bigrams seen fewer times are pruned (they fall back to the unigram): keeps the data to a few MB. */
const MIN_BIGRAM_COUNT = 2;
/** Characters seen fewer times are out of vocabulary. */
const MIN_CHAR_COUNT = 2;
/** Weight of the bigram estimate against the unigram (fixed interpolation). */
const BIGRAM_WEIGHT = 0.9;
/** Percentile of held-out natural tokens' bits per transition taken as the "natural" threshold. */
const THRESHOLD_PERCENTILE = 0.97;
/** Most frequent words kept per language: natural text is full of them, menus and code are not. */
const COMMON_WORDS = 80;
/** Every HOLDOUT_EVERY-th document of a language calibrates the threshold. */
const HOLDOUT_EVERY = 10;
const UNIVERSAL = "xx";

/** The usual language of a Fundus country folder, when the page does not say. */
const COUNTRY_LANG: Record<string, string> = {
  at: "de", au: "en", be: "nl", ca: "en", ch: "de", cn: "zh", cz: "cs", de: "de", dk: "da", es: "es", fr: "fr", gl: "da",
  id: "id", il: "he", ind: "en", isl: "is", it: "it", jp: "ja", kr: "ko", lb: "ar", li: "de", ls: "en", lt: "lt", lu: "de",
  mx: "es", my: "en", na: "en", no: "no", pl: "pl", pt: "pt", py: "es", ru: "ru", se: "sv", tr: "tr", tw: "zh", tz: "en",
  ua: "uk", uk: "en", us: "en", vn: "vi", za: "en",
};
const LANG_ALIASES: Record<string, string> = { nb: "no", nn: "no" };

interface Doc { lang: string; text: string }

function main(): void {
  const args = process.argv.slice(2);
  const opt = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
  const corpus = resolve(opt("--corpus") ?? process.env.LEDE_CORPUS ?? join(import.meta.dirname, "..", "..", "shared", "corpus"));
  const out = resolve(opt("--out") ?? join(import.meta.dirname, "..", "lib", "extract", "langmodel-data.json"));
  if (!existsSync(corpus)) {
    process.stderr.write(`corpus not found at ${corpus}\n`);
    process.exit(2);
  }
  const docs = [...readFundus(join(corpus, "extraction", "fundus")), ...readWcxb(join(corpus, "extraction", "wcxb-dev"))];
  const byLang = new Map<string, Doc[]>();
  for (const d of docs) byLang.set(d.lang, [...(byLang.get(d.lang) ?? []), d]);
  byLang.set(UNIVERSAL, docs);

  const data: LangModelData = { v: 1, scale: BITS_SCALE, langs: {} };
  for (const lang of [...byLang.keys()].sort()) {
    const ds = byLang.get(lang)!;
    const chars = ds.reduce((s, d) => s + d.text.length, 0);
    if (chars < MIN_TRAIN_CHARS) {
      process.stderr.write(`${lang}: ${chars} chars, too little for its own model\n`);
      continue;
    }
    const isHeld = (i: number) => (ds.length >= HOLDOUT_EVERY ? i % HOLDOUT_EVERY === HOLDOUT_EVERY - 1 : ds.length >= 2 && i === ds.length - 1);
    const train = ds.filter((_, i) => !isHeld(i));
    const held = ds.length >= 2 ? ds.filter((_, i) => isHeld(i)) : ds;
    const calib = trainModel(train.map((d) => d.text), 0);
    const threshold = percentile(heldOutBits(calib, held.map((d) => d.text)), THRESHOLD_PERCENTILE);
    const model = trainModel(ds.map((d) => d.text), threshold);
    data.langs[lang] = model;
    process.stderr.write(`${lang}: ${ds.length} docs, ${chars} chars, ${Object.keys(model.bi).length} bigrams, threshold ${threshold.toFixed(2)} bits\n`);
  }
  const json = JSON.stringify(data);
  writeFileSync(out, json);
  process.stderr.write(`wrote ${out} (${(json.length / 1024).toFixed(0)} KiB, ${Object.keys(data.langs).length} models)\n`);
}

function readFundus(dir: string): Doc[] {
  if (!existsSync(dir)) return [];
  const docs: Doc[] = [];
  for (const country of readdirSync(dir).sort()) {
    const cdir = join(dir, country);
    if (!statSync(cdir).isDirectory()) continue;
    for (const f of readdirSync(cdir).filter((x) => x.endsWith(".json")).sort()) {
      const publisher = f.replace(/\.json$/, "");
      const page = readdirSync(cdir).filter((x) => x.startsWith(`${publisher}_`) && x.endsWith(".html.gz")).sort()[0];
      const htmlLang = page ? declaredLang(gunzipSync(readFileSync(join(cdir, page))).subarray(0, 20000).toString("utf8")) : null;
      const versions = JSON.parse(readFileSync(join(cdir, f), "utf8")) as Record<string, FundusArticle>;
      for (const key of Object.keys(versions).sort()) {
        const a = versions[key];
        const parts = [a.title ?? "", ...(a.body?.summary ?? []), ...(a.body?.sections ?? []).flatMap((s) => [...(s.headline ?? []), ...(s.paragraphs ?? [])])];
        const text = parts.filter(Boolean).join("\n");
        if (text.length > 200) docs.push({ lang: htmlLang ?? countryLang(country, text), text });
      }
    }
  }
  return docs;
}

interface FundusArticle { title?: string; body?: { summary?: string[]; sections?: { headline?: string[]; paragraphs?: string[] }[] } }

/** Languages not written in Latin script. */
const NON_LATIN = new Set(["zh", "ja", "ko", "ru", "uk", "ar", "he", "hi"]);

/** The country's language, unless the text is in Latin script and that language is not (English-language editions). */
function countryLang(country: string, text: string): string {
  const lang = COUNTRY_LANG[country] ?? UNIVERSAL;
  if (!NON_LATIN.has(lang)) return lang;
  const letters = text.match(/\p{L}/gu) ?? [];
  const latin = letters.filter((c) => /\p{Script=Latin}/u.test(c)).length;
  return latin > letters.length / 2 ? "en" : lang;
}

function readWcxb(dir: string): Doc[] {
  const gt = join(dir, "ground-truth");
  if (!existsSync(gt)) return [];
  const docs: Doc[] = [];
  for (const f of readdirSync(gt).filter((x) => x.endsWith(".json")).sort()) {
    const j = JSON.parse(readFileSync(join(gt, f), "utf8")) as { ground_truth?: { main_content?: string } };
    const text = j.ground_truth?.main_content ?? "";
    if (text.length < 200) continue;
    const html = join(dir, "html", f.replace(/\.json$/, ".html.gz"));
    const lang = existsSync(html) ? declaredLang(gunzipSync(readFileSync(html)).subarray(0, 20000).toString("utf8")) : null;
    docs.push({ lang: lang ?? "en", text });
  }
  return docs;
}

function declaredLang(head: string): string | null {
  const m = /<html[^>]*\slang\s*=\s*["']?([A-Za-z]{2,3})/i.exec(head);
  if (!m) return null;
  const l = m[1].toLowerCase();
  return LANG_ALIASES[l] ?? l;
}

/** Counts → pruned, quantised log-probabilities. */
function trainModel(texts: string[], threshold: number): LangModelEntry {
  const uni = new Map<string, number>();
  const bi = new Map<string, number>();
  const words = new Map<string, number>();
  const docFreq = new Map<string, number>();
  let tokens = 0;
  let tokenChars = 0;
  for (const text of texts) {
    const seen = new Set<string>();
    for (const token of normaliseForModel(text).split(" ")) {
      if (!token) continue;
      tokens++;
      tokenChars += [...token].length;
      const w = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
      if (w) words.set(w, (words.get(w) ?? 0) + 1);
      if (w && !seen.has(w)) { seen.add(w); docFreq.set(w, (docFreq.get(w) ?? 0) + 1); }
      const s = BOUNDARY + token + BOUNDARY;
      const chars = [...s];
      for (let i = 0; i < chars.length; i++) {
        if (i > 0) uni.set(chars[i], (uni.get(chars[i]) ?? 0) + 1);
        if (i > 0) bi.set(chars[i - 1] + chars[i], (bi.get(chars[i - 1] + chars[i]) ?? 0) + 1);
      }
    }
  }
  const vocab = [...uni.entries()].filter(([, c]) => c >= MIN_CHAR_COUNT).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const total = vocab.reduce((s, [, c]) => s + c, 0) + 1;
  const uniBits: Record<string, number> = {};
  for (const [c, n] of vocab) uniBits[c] = quantise(-Math.log2(n / total));
  const unk = quantise(-Math.log2(1 / total) + 1);
  const from = new Map<string, number>();
  for (const [pair, n] of bi) { const a = [...pair][0]; from.set(a, (from.get(a) ?? 0) + n); }
  const biBits: Record<string, number> = {};
  for (const [pair, n] of [...bi.entries()].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    if (n < MIN_BIGRAM_COUNT) continue;
    const [a, b] = [...pair];
    if (!(a in uniBits) || !(b in uniBits)) continue;
    const pUni = 2 ** (-uniBits[b] / BITS_SCALE);
    const p = BIGRAM_WEIGHT * (n / from.get(a)!) + (1 - BIGRAM_WEIGHT) * pUni;
    biBits[pair] = quantise(-Math.log2(p));
  }
  // Function words are frequent in every document, not just frequent: rank by document frequency, then count.
  const common = [...words.entries()]
    .sort((a, b) => (docFreq.get(b[0])! - docFreq.get(a[0])!) || b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, COMMON_WORDS).map(([w]) => w);
  return {
    uni: uniBits, bi: biBits, unk, backoff: quantise(-Math.log2(1 - BIGRAM_WEIGHT)), threshold: Math.round(threshold * 100) / 100,
    tokenChars: Math.round((tokenChars / Math.max(1, tokens)) * 10) / 10, common,
  };
}

function quantise(bits: number): number {
  return Math.round(bits * BITS_SCALE);
}

/** Bits per transition of every token of held-out texts under a model. */
function heldOutBits(model: LangModelEntry, texts: string[]): number[] {
  const compiled = compileModel("calibration", model);
  const out: number[] = [];
  for (const t of texts) for (const token of normaliseForModel(t).split(" ")) if (token) out.push(tokenBits(compiled, token));
  return out;
}

function percentile(xs: number[], p: number): number {
  if (!xs.length) return 0;
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}

main();

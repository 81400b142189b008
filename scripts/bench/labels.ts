// npm run bench:labels [-- --no-write]
// Lede against human labels, beside Readability.js on the same pages in the same run:
//   1. article text of Fundus' 258 news pages (41 countries, many languages and scripts): mean
//      word-bag F1 against the body Fundus' maintainers checked by hand (summary, section headlines,
//      paragraphs), overall and per language group;
//   2. metadata: title, authors and publishing date, on Fundus and on WCXB dev (1,355 pages whose
//      title, author and date were labelled by people — not another extractor's output, as the
//      Readability test pages' expected values are).
// Both corpora are read from ../shared/corpus (or LEDE_CORPUS); the language model of the template
// filter was trained on these bodies, but the template step does not run here (no site templates).
import { corpusDir, machineLine, mdTable, writeBenchSection } from "./report.ts";
import { listWcxbIds, loadWcxb, wordBagScores } from "./extract-corpus.ts";
import { loadFundus } from "./fundus-corpus.ts";
import { readabilityParse } from "./readability-js.ts";
import { extractArticle } from "../../lib/extract/index.ts";

interface Got { text: string; title: string | null; author: string | null; date: string | null }
type Extractor = (html: string, url: string) => Got | null;

const EXTRACTORS: Record<string, Extractor> = {
  lede: (html, url) => {
    const r = extractArticle(html, { url });
    return { text: r.text, title: r.title || null, author: r.author, date: r.publishedAt };
  },
  "readability.js": (html) => {
    const r = readabilityParse(html);
    return r ? { text: r.textContent ?? "", title: r.title ?? null, author: r.byline ?? null, date: r.publishedTime ?? null } : null;
  },
};

/** Language groups of the body table (Fundus country → usual language). */
const GROUPS: { name: string; langs: Set<string> | null }[] = [
  { name: "English", langs: new Set(["en"]) },
  { name: "German", langs: new Set(["de"]) },
  { name: "other Latin-script languages", langs: new Set(["nl", "cs", "da", "es", "fr", "id", "is", "it", "lt", "no", "pl", "pt", "sv", "tr", "vi"]) },
  { name: "Cyrillic, Hebrew, Arabic", langs: new Set(["ru", "uk", "he", "ar"]) },
  { name: "Chinese, Japanese, Korean", langs: new Set(["zh", "ja", "ko"]) },
  { name: "all", langs: null },
];

/** Han and kana characters count one word each (the texts have no spaces between words). */
const CJK_CHAR = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu;

/** The output without a paragraph that is the title itself (Fundus' body leaves the title out). */
function bodyOf(text: string, title: string | null): string {
  const t = norm(title ?? "");
  return text.split("\n").filter((line) => !t || norm(line) !== t).join("\n");
}

function bodyF1(out: string, truth: string): number {
  const spaced = (s: string) => s.replace(CJK_CHAR, " $1 ");
  return wordBagScores(spaced(out), spaced(truth)).f1;
}

function norm(s: string): string {
  return s.normalize("NFKC").toLowerCase().replace(/[\u2018\u2019\u201c\u201d"'«»„]/g, "").replace(/\s+/g, " ").trim();
}

/** Titles match after case, quote and white-space folding. */
function sameTitle(got: string | null, want: string): boolean {
  return !!got && norm(got) === norm(want);
}

/**
 * The byline names every labelled author and little else: once the names are taken out, at most
 * BYLINE_SLACK_LETTERS letters may remain ("by", "and", "und", "von" …, not a job title or a date line).
 */
const BYLINE_SLACK_LETTERS = 6;
function sameAuthors(got: string | null, want: string[]): boolean {
  if (!got) return false;
  let rest = norm(got);
  for (const name of want) {
    const n = norm(name);
    if (!rest.includes(n)) return false;
    rest = rest.replace(n, " ");
  }
  return (rest.match(/\p{L}/gu) ?? []).length <= BYLINE_SLACK_LETTERS;
}

/** The same calendar day: in the label's own offset, or in UTC, or within 12 hours of its instant. */
const DATE_SLACK_MS = 12 * 3600 * 1000;
function sameDate(got: string | null, want: string): boolean {
  if (!got) return false;
  const g = new Date(got), w = new Date(want.replace(" ", "T"));
  if (Number.isNaN(g.getTime())) return false;
  if (got.slice(0, 10) === want.slice(0, 10)) return true;
  if (Number.isNaN(w.getTime())) return false;
  return g.toISOString().slice(0, 10) === w.toISOString().slice(0, 10) || Math.abs(g.getTime() - w.getTime()) <= DATE_SLACK_MS;
}

function run(ex: Extractor, html: string, url: string): Got | null {
  try {
    return ex(html, url);
  } catch (err) {
    process.stderr.write(`  crash: ${url}: ${err instanceof Error ? err.message : err}\n`);
    return null; // a crash counts as empty output
  }
}

interface Tally { hit: number; n: number }
const pct = (t: Tally) => (t.n ? `${((100 * t.hit) / t.n).toFixed(1)} %` : "–");
const f3 = (x: number) => x.toFixed(3);

function main(): number {
  const write = !process.argv.includes("--no-write");
  const corpus = corpusDir();
  if (!corpus) return 0;
  const names = Object.keys(EXTRACTORS);

  // 1. Fundus: body F1 and metadata
  const fundus = loadFundus(corpus);
  const f1s: Record<string, { lang: string; f1: number }[]> = Object.fromEntries(names.map((n) => [n, []]));
  const fundusMeta = Object.fromEntries(names.map((n) => [n, { title: { hit: 0, n: 0 }, authors: { hit: 0, n: 0 }, date: { hit: 0, n: 0 } }]));
  for (const p of fundus) {
    const url = p.url;
    for (const name of names) {
      const got = run(EXTRACTORS[name], p.html, url);
      f1s[name].push({ lang: p.lang, f1: bodyF1(bodyOf(got?.text ?? "", p.title), p.body) });
      const m = fundusMeta[name];
      if (p.title) { m.title.n++; if (sameTitle(got?.title ?? null, p.title)) m.title.hit++; }
      if (p.authors.length) { m.authors.n++; if (sameAuthors(got?.author ?? null, p.authors)) m.authors.hit++; }
      if (p.published) { m.date.n++; if (sameDate(got?.date ?? null, p.published)) m.date.hit++; }
    }
  }
  const bodyRows = GROUPS.map((g) => {
    const count = f1s[names[0]].filter((x) => !g.langs || g.langs.has(x.lang)).length;
    return [`${g.name} (${count})`, ...names.map((n) => {
      const xs = f1s[n].filter((x) => !g.langs || g.langs.has(x.lang));
      return f3(xs.reduce((a, x) => a + x.f1, 0) / (xs.length || 1));
    })];
  });

  // 2. WCXB dev: metadata against its human labels
  const wcxb = loadWcxb(corpus, listWcxbIds(corpus));
  const wcxbMeta = Object.fromEntries(names.map((n) => [n, { title: { hit: 0, n: 0 }, authors: { hit: 0, n: 0 }, date: { hit: 0, n: 0 } }]));
  for (const p of wcxb) {
    for (const name of names) {
      const got = run(EXTRACTORS[name], p.html, p.url);
      const m = wcxbMeta[name];
      if (p.title) { m.title.n++; if (sameTitle(got?.title ?? null, p.title)) m.title.hit++; }
      if (p.author) { m.authors.n++; if (sameAuthors(got?.author ?? null, splitAuthors(p.author))) m.authors.hit++; }
      if (p.date) { m.date.n++; if (sameDate(got?.date ?? null, p.date)) m.date.hit++; }
    }
  }

  const metaRows = [
    ...names.map((n) => [`Fundus: ${n}`, pct(fundusMeta[n].title), pct(fundusMeta[n].authors), pct(fundusMeta[n].date)]),
    ...names.map((n) => [`WCXB dev: ${n}`, pct(wcxbMeta[n].title), pct(wcxbMeta[n].authors), pct(wcxbMeta[n].date)]),
  ];
  const fm = fundusMeta[names[0]], wm = wcxbMeta[names[0]];
  const md = [
    "## Article text and metadata against human labels (`npm run bench:labels`)",
    "",
    `${machineLine()}. Lede's orchestrator (no site templates) and Readability.js (linkedom) on the same pages in the same run.`,
    "",
    `### Fundus: article body, mean word-bag F1 (${fundus.length} news pages, 41 countries)`,
    "",
    "Ground truth: the summary, section headlines and paragraphs Fundus' parsers are tested against (the title is not part of it, so an output paragraph equal to the title is left out for both extractors). Word-bag F1 as WCXB defines it; Han and kana characters count one word each.",
    "",
    mdTable(["language group (pages)", ...names], bodyRows),
    "",
    `### Metadata against human labels (pages with a label: Fundus title ${fm.title.n}, authors ${fm.authors.n}, date ${fm.date.n}; WCXB dev title ${wm.title.n}, author ${wm.authors.n}, date ${wm.date.n})`,
    "",
    `Title: equal after case, quote and white-space folding. Authors: every labelled name in the byline and at most ${BYLINE_SLACK_LETTERS} other letters. Date: the same calendar day (in the label's offset or UTC, or within 12 hours).`,
    "",
    mdTable(["corpus: extractor", "title", "authors", "date"], metaRows),
  ].join("\n");
  process.stdout.write(`${md}\n`);
  if (write) writeBenchSection("labels", md);
  return 0;
}

/** WCXB writes several authors in one string. */
function splitAuthors(s: string): string[] {
  return s.split(/\s*(?:,|;|&|\band\b)\s*/i).map((x) => x.trim()).filter(Boolean);
}

process.exitCode = main();

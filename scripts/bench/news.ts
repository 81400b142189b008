// `npm run bench:news`: the News page's server time with 100k articles and 20k stories.
//   1. a fresh database with every migration (FTS5 triggers included) is filled with generated
//      rows: sites, pages, articles (most grouped into stories, some loose, some not news),
//      entities and article–entity links;
//   2. each query the News page runs (stories + loose articles + entity chips, the filter facets)
//      and the server render of the story list are timed over many runs, unfiltered and with each
//      filter, plus full-text search;
//   3. p50/p95 go to docs/benchmarks.md (target: p95 < 100 ms for the unfiltered page).
// Options: --articles N (default 100000), --stories N (default 20000), --runs N (default 200).
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyMigrations } from "../../test/helpers/db.ts";
import { openDb, tuneConnection, type Db } from "../../lib/db/client.ts";
import { decodeNewsCursor, listNews, listNewsFacets, listNewsPage, type ListNewsOptions, type NewsCursor } from "../../lib/db/news.ts";
import { searchArticles, searchPage, SEARCH_CANDIDATES } from "../../lib/db/search.ts";
import { machineLine, mdTable, writeBenchSection } from "./report.ts";

/** Untimed runs per case first: JIT, SQLite statement and page caches, React's first render. */
const WARMUP_RUNS = 20;
/** The target for the News page's p95 server time, in ms. */
const TARGET_P95_MS = 100;
const SITES = 40;
const ENTITIES = 3000;
const ENTITIES_PER_ARTICLE = 3;
const LANGS = ["en", "en", "en", "de", "fr", "es"];
/** Share of articles the classifier rejected, and share not (yet) in a story. */
const NOT_NEWS_SHARE = 0.05;
const LOOSE_SHARE = 0.08;
/** Synthetic vocabulary drawn Zipf-like (word k with weight 1/(k+1)), as natural text is. */
const VOCABULARY = 20_000;
/** Topic words per article (from WORDS): what searches look for. */
const TOPIC_WORDS = 2;
const WORDS = ("earthquake election minister court market storm football council police budget climate vaccine strike river " +
  "bridge school hospital festival museum airport harbour village senate treaty border energy railway summit").split(" ");

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

export function fill(file: string, nArticles: number, nStories: number): void {
  const sql = new Database(file);
  sql.pragma("journal_mode = WAL");
  sql.pragma("synchronous = OFF");
  const rand = rng(7);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  // Cumulative Zipf weights for the body text's vocabulary.
  const cumulative = new Float64Array(VOCABULARY);
  for (let k = 0, sum = 0; k < VOCABULARY; k++) cumulative[k] = sum += 1 / (k + 1);
  const zipfWord = () => {
    const x = rand() * cumulative[VOCABULARY - 1];
    let lo = 0, hi = VOCABULARY - 1;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (cumulative[mid] < x) lo = mid + 1; else hi = mid; }
    return `w${lo.toString(36)}`;
  };
  const body = (n: number) => {
    const out = Array.from({ length: n }, zipfWord);
    for (let t = 0; t < TOPIC_WORDS; t++) out[Math.floor(rand() * n)] = pick(WORDS);
    return out.join(" ");
  };
  const now = Date.now();
  const spanMs = 60 * 86_400_000; // two months of news
  const iso = (t: number) => new Date(t).toISOString();
  sql.transaction(() => {
    const site = sql.prepare(`INSERT INTO "Site" ("seedUrl","host","name","updatedAt") VALUES (?,?,?,?)`);
    for (let s = 1; s <= SITES; s++) site.run(`https://site${s}.example/`, `site${s}.example`, `Site ${s}`, iso(now));
    const ent = sql.prepare(`INSERT INTO "Entity" ("key","name","type") VALUES (?,?,?)`);
    for (let e = 1; e <= ENTITIES; e++) ent.run(`person:person ${e}`, `Person ${e}`, "PERSON");
    // Stories: lastSeenAt spread over the span, newest with the highest ids.
    const story = sql.prepare(`INSERT INTO "Story" ("headline","firstSeenAt","lastSeenAt","articleCount","sourceCount","entityKeys","updatedAt") VALUES (?,?,?,?,?,?,?)`);
    const storyTime: number[] = [0];
    for (let i = 1; i <= nStories; i++) {
      const t = now - spanMs + (spanMs * i) / nStories;
      storyTime.push(t);
      const keys = JSON.stringify(Array.from({ length: 4 }, () => `person:person ${1 + Math.floor(rand() * ENTITIES)}`));
      story.run(`${words(6)} (${i})`, iso(t - 3_600_000), iso(t), 0, 0, keys, iso(t));
    }
    const page = sql.prepare(`INSERT INTO "Page" ("url","siteId","finalUrl","status","size","contentHash","fetchedAt","rawBody","outcome","charset","charsetSource") VALUES (?,?,?,?,?,?,?,?,?,?,?)`);
    const art = sql.prepare(`INSERT INTO "Article" ("pageId","siteId","url","title","text","html","lead","lang","method","textLength","isNews","contentHash","simhash","storyId","createdAt") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
    const link = sql.prepare(`INSERT OR IGNORE INTO "ArticleEntity" ("articleId","entityId","mentions") VALUES (?,?,1)`);
    const counts = new Map<number, { n: number; sites: Set<number> }>();
    const empty = Buffer.alloc(0);
    for (let i = 1; i <= nArticles; i++) {
      const siteId = 1 + Math.floor(rand() * SITES);
      const url = `https://site${siteId}.example/a/${i}`;
      const isNews = rand() >= NOT_NEWS_SHARE;
      const loose = !isNews || rand() < LOOSE_SHARE;
      const storyId = loose ? null : 1 + Math.floor(rand() * nStories);
      const t = storyId ? storyTime[storyId] - rand() * 3_600_000 : now - rand() * spanMs;
      const text = `${body(60)}. ${body(40)}.`;
      const pageId = Number(page.run(url, siteId, url, 200, text.length, `h${i}`, iso(t), empty, isNews ? "article" : "not_news", "utf-8", pick(["header", "meta", "detector"])).lastInsertRowid);
      const articleId = Number(art.run(pageId, siteId, url, `${words(8)} ${i}`, text, `<p>${text}</p>`, text.slice(0, 200), pick(LANGS), pick(["density", "template", "blocks"]),
        text.length, isNews ? 1 : 0, `c${i}`, "0000000000000000", storyId, iso(t)).lastInsertRowid);
      for (let k = 0; k < ENTITIES_PER_ARTICLE; k++) link.run(articleId, 1 + Math.floor(rand() * ENTITIES));
      if (storyId) {
        const c = counts.get(storyId) ?? { n: 0, sites: new Set() };
        c.n++;
        c.sites.add(siteId);
        counts.set(storyId, c);
      }
    }
    const upd = sql.prepare(`UPDATE "Story" SET "articleCount" = ?, "sourceCount" = ? WHERE "id" = ?`);
    for (const [id, c] of counts) upd.run(c.n, c.sites.size, id);
  })();
  sql.pragma("optimize");
  sql.close();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function time(runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number; max: number }> {
  for (let i = 0; i < WARMUP_RUNS; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms[ms.length - 1] };
}

// React as `next start` runs it: the production build (the development build is several times slower).
(process.env as Record<string, string | undefined>).NODE_ENV ??= "production";
const { createElement } = await import("react");
const { renderToString } = await import("react-dom/server");
const { QueryClient, QueryClientProvider } = await import("@tanstack/react-query");
const { NewsFeed } = await import("../../app/(news)/news-feed.tsx");

/** What the News page's server does per request: facets, story cards, and the list's server render. */
async function newsPage(db: Db, filter: ListNewsOptions): Promise<number> {
  const [, stories] = await Promise.all([listNewsFacets(db), listNews(db, filter)]);
  const client = new QueryClient();
  const html = renderToString(createElement(QueryClientProvider, { client }, createElement(NewsFeed, { initial: stories, query: "" })));
  return html.length;
}

async function main(): Promise<void> {
  const nArticles = arg("articles", 100_000);
  const nStories = arg("stories", 20_000);
  const runs = arg("runs", 200);
  const dir = mkdtempSync(join(tmpdir(), "lede-bench-news-"));
  const file = join(dir, "bench.db");
  try {
    const t0 = performance.now();
    applyMigrations(file);
    fill(file, nArticles, nStories);
    const fillSec = (performance.now() - t0) / 1000;
    process.stderr.write(`generated ${nArticles} articles, ${nStories} stories in ${fillSec.toFixed(1)} s\n`);
    const db = openDb(`file:${file}`);
    await tuneConnection(db);
    // Paging: the cursor of page 10 (after 9 pages of 30 cards), as a reader clicking "Older stories" nine times gets it.
    const cursorAfter = async (pages: number, filter: ListNewsOptions = {}): Promise<NewsCursor> => {
      let before: NewsCursor | undefined;
      for (let i = 0; i < pages; i++) before = decodeNewsCursor((await listNewsPage(db, { ...filter, before })).next!)!;
      return before!;
    };
    const page10 = await cursorAfter(9);
    const page10Site = await cursorAfter(9, { siteId: 7 });
    const cases: [string, () => Promise<unknown>][] = [
      ["News page (no filter): facets + stories + render", () => newsPage(db, {})],
      ["News page, filter site", () => newsPage(db, { siteId: 7 })],
      ["News page, filter language (fr)", () => newsPage(db, { lang: "fr" })],
      ["News page, filter entity", () => newsPage(db, { entity: "person:person 42" })],
      ["listNews only (no filter)", () => listNews(db, {})],
      ["News page 10 (\"Older stories\" × 9, keyset cursor)", () => newsPage(db, { before: page10 })],
      ["News page 10, filter site", () => newsPage(db, { siteId: 7, before: page10Site })],
      ["Search \"earthquake minister\" (FTS5, two topic words)", () => searchArticles(db, "earthquake minister")],
      ["Search prefix \"sena\" (FTS5)", () => searchArticles(db, "sena")],
      ["Search the most common word (FTS5, matches ~all articles)", () => searchArticles(db, "w0")],
      ["Search \"earthquake minister\", result page 5", () => searchPage(db, "earthquake minister", { page: 5 })],
    ];
    const rows: (string | number)[][] = [];
    for (const [name, fn] of cases) {
      const r = await time(runs, fn);
      process.stderr.write(`${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms\n`);
      rows.push([name, r.p50.toFixed(1), r.p95.toFixed(1), r.max.toFixed(1)]);
    }
    await db.$disconnect();
    const headline = Number(rows[0][2]);
    writeBenchSection("news", [
      "## News page server time (`npm run bench:news`)",
      "",
      `${machineLine()}. Generated rows: ${nArticles.toLocaleString("en")} articles (${NOT_NEWS_SHARE * 100} % not news, ~${LOOSE_SHARE * 100} % not in a story), ` +
        `${nStories.toLocaleString("en")} stories, ${SITES} sites, ${ENTITIES} entities × ${ENTITIES_PER_ARTICLE} per article; article text from a ${VOCABULARY.toLocaleString("en")}-word Zipf vocabulary ` +
        `plus ${TOPIC_WORDS} of ${WORDS.length} topic words; FTS5 index filled by the migration's triggers; search ranks the newest ${SEARCH_CANDIDATES} matches. ` +
        `${runs} timed runs per case after ${WARMUP_RUNS} warm-up runs, in one process on a SQLite file (WAL). "News page" = what the page's server code does per request: ` +
        "filter facets (cached 30 s), story cards with entity chips, and React's server render of the story list (not the HTTP layer or the layout).",
      "",
      mdTable(["Case", "p50 ms", "p95 ms", "max ms"], rows),
      "",
      `Target: p95 < ${TARGET_P95_MS} ms for the unfiltered News page — ${headline < TARGET_P95_MS ? "met" : "NOT met"} (${headline} ms).`,
    ].join("\n"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.filename === (await import("node:fs")).realpathSync(process.argv[1])) await main();

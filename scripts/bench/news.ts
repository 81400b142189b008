// `npm run bench:news`: the News page's server time with 100k articles and 20k stories, on SQLite and on PostgreSQL.
//   1. a fresh database per engine with every migration (search index included) is filled with the same
//      generated rows of real size (issue #17): sites, pages with a raw body, articles of ~12,000
//      characters with their reader HTML (most grouped into stories, some loose, some not news),
//      entities and article–entity links; batched inserts (SQLite: one transaction of prepared
//      statements; PostgreSQL: INSERT … SELECT FROM unnest(arrays), two batches in flight);
//   2. each query the News page runs (stories + loose articles + entity chips, the filter facets)
//      and the server render of the story list are timed over many runs, unfiltered and with each
//      filter, plus full-text search;
//   3. p50/p95 per engine go to docs/benchmarks.md (target: p95 < 50 ms for every News page case).
// Options: --articles N (default 100000), --stories N (default 20000), --runs N (default 200);
// env BENCH_NEWS_CASES (run only cases whose name contains one of these comma-separated strings; the tables are
// then printed, docs/benchmarks.md is left alone), BENCH_ENGINES (default "sqlite,postgresql"), LEDE_PG_URL (a server to create the database on;
// default a throw-away cluster from /usr/lib/postgresql/<version>/bin, as the tests start one).
import Database from "better-sqlite3";
import pg from "pg";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { applyMigrations, applyPgMigrations } from "../../test/helpers/db.ts";
import { startCluster, type Cluster } from "../../test/helpers/pg-cluster.ts";
import { withDatabase } from "../../lib/db/pg-adapter.ts";
import type { Engine } from "../../lib/db/engine.ts";
import { openDb, tuneConnection, type Db } from "../../lib/db/client.ts";
import { decodeNewsCursor, listNews, listNewsFacets, listNewsPage, type ListNewsOptions, type NewsCursor } from "../../lib/db/news.ts";
import { searchArticles, searchPage, SEARCH_CANDIDATES } from "../../lib/db/search.ts";
import { machineLine, mdTable, writeBenchSection } from "./report.ts";

/** Timed runs per search case at most (after 2 warm-up runs): search took up to seconds per run before session 12. */
const SEARCH_RUNS = 20;
/** BENCH_NEWS_CASES: run only the cases whose name contains one of these comma-separated strings (e.g. "Search"). */
const CASE_FILTER = (process.env.BENCH_NEWS_CASES ?? "").split(",").map((s) => s.trim()).filter(Boolean);
/** Untimed runs per case first: JIT, SQLite statement and page caches, React's first render. */
const WARMUP_RUNS = 20;
/** The issue's target for the News page's p95 server time, in ms. */
const TARGET_P95_MS = 50;
/** listNewsFacets' cache, in s (lib/db/news.ts FACETS_TTL_MS), for the report. */
const FACETS_TTL_S = 30;
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

/** Characters of article text per generated article: a real article's extracted text (issue #17). */
const TEXT_CHARS = 12_000;
/** Bytes of the stored raw body (gzip of the page as fetched): incompressible, like gzip output. */
const RAW_BODY_BYTES = 16 * 1024;
/** Pre-generated sentences the texts are drawn from (generating 1.2 billion Zipf words would take minutes). */
const SENTENCE_POOL = 5000;
/** Articles per insert batch. */
const BATCH = 500;

interface GenSite { id: number; seedUrl: string; host: string; name: string }
interface GenStory { id: number; headline: string; firstSeenAt: Date; lastSeenAt: Date; articleCount: number; sourceCount: number; entityKeys: string }
interface GenArticle {
  id: number; siteId: number; url: string; title: string; text: string; html: string; lead: string; lang: string; method: string;
  isNews: boolean; storyId: number | null; createdAt: Date; charsetSource: string; rawBody: Buffer; entityIds: number[];
}
/** What every engine's writer receives: the same rows, from the same seed. */
interface Generated {
  sites: GenSite[];
  entities: { id: number; key: string; name: string }[];
  stories: GenStory[];
  /** Articles (with their page, same id) in batches of BATCH, generated lazily. */
  articleBatches(): Generator<GenArticle[]>;
}

function generate(nArticles: number, nStories: number): Generated {
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
  const sentences = Array.from({ length: SENTENCE_POOL }, () => `${Array.from({ length: 8 + Math.floor(rand() * 16) }, zipfWord).join(" ")}.`);
  const rawBodies = Array.from({ length: 64 }, (_, i) => Buffer.from(Array.from({ length: RAW_BODY_BYTES }, (_, k) => (Math.imul(k + 1, 2654435761 + i) >>> 13) & 255)));
  const now = Date.now();
  const spanMs = 60 * 86_400_000; // two months of news
  const sites = Array.from({ length: SITES }, (_, k) => ({ id: k + 1, seedUrl: `https://site${k + 1}.example/`, host: `site${k + 1}.example`, name: `Site ${k + 1}` }));
  const entities = Array.from({ length: ENTITIES }, (_, k) => ({ id: k + 1, key: `person:person ${k + 1}`, name: `Person ${k + 1}` }));
  // Stories: lastSeenAt spread over the span, newest with the highest ids.
  const stories: GenStory[] = [];
  for (let i = 1; i <= nStories; i++) {
    const t = now - spanMs + (spanMs * i) / nStories;
    const keys = JSON.stringify(Array.from({ length: 4 }, () => `person:person ${1 + Math.floor(rand() * ENTITIES)}`));
    stories.push({ id: i, headline: `${words(6)} (${i})`, firstSeenAt: new Date(t - 3_600_000), lastSeenAt: new Date(t), articleCount: 0, sourceCount: 0, entityKeys: keys });
  }
  const sources = new Map<number, Set<number>>();
  function* articleBatches(): Generator<GenArticle[]> {
    let batch: GenArticle[] = [];
    for (let i = 1; i <= nArticles; i++) {
      const siteId = 1 + Math.floor(rand() * SITES);
      const url = `https://site${siteId}.example/a/${i}`;
      const isNews = rand() >= NOT_NEWS_SHARE;
      const loose = !isNews || rand() < LOOSE_SHARE;
      const storyId = loose ? null : 1 + Math.floor(rand() * nStories);
      const t = storyId ? stories[storyId - 1]!.lastSeenAt.getTime() - rand() * 3_600_000 : now - rand() * spanMs;
      // ~12,000 characters: pooled sentences in paragraphs of 6, the topic words in a sentence of their own.
      const paragraphs: string[] = [];
      let length = 0, para: string[] = [];
      const topicAt = Math.floor(rand() * 40);
      while (length < TEXT_CHARS) {
        const s = para.length + paragraphs.length * 6 === topicAt ? `${words(TOPIC_WORDS)} ${pick(sentences)}` : pick(sentences);
        para.push(s);
        length += s.length + 1;
        if (para.length === 6) { paragraphs.push(para.join(" ")); para = []; }
      }
      if (para.length) paragraphs.push(para.join(" "));
      const text = paragraphs.join("\n\n");
      if (storyId) {
        const story = stories[storyId - 1]!;
        story.articleCount++;
        sources.set(storyId, (sources.get(storyId) ?? new Set()).add(siteId));
        story.sourceCount = sources.get(storyId)!.size;
      }
      batch.push({
        id: i, siteId, url, title: `${words(8)} ${i}`, text, html: paragraphs.map((p) => `<p>${p}</p>`).join("\n"), lead: paragraphs[0]!.slice(0, 200),
        lang: pick(LANGS), method: pick(["density", "template", "blocks"]), isNews, storyId, createdAt: new Date(t),
        charsetSource: pick(["header", "meta", "detector"]), rawBody: rawBodies[i % rawBodies.length]!,
        entityIds: [...new Set(Array.from({ length: ENTITIES_PER_ARTICLE }, () => 1 + Math.floor(rand() * ENTITIES)))],
      });
      if (batch.length === BATCH) { yield batch; batch = []; }
    }
    if (batch.length) yield batch;
  }
  return { sites, entities, stories, articleBatches };
}

/** SQLite: one transaction of prepared statements (the FTS5 triggers index each article as it is inserted). */
export function fillSqlite(file: string, nArticles: number, nStories: number): void {
  const g = generate(nArticles, nStories);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = OFF");
  const iso = (d: Date) => d.toISOString();
  sqlite.transaction(() => {
    const now = iso(new Date());
    const site = sqlite.prepare(`INSERT INTO "Site" ("id","seedUrl","host","name","updatedAt") VALUES (?,?,?,?,?)`);
    for (const s of g.sites) site.run(s.id, s.seedUrl, s.host, s.name, now);
    const ent = sqlite.prepare(`INSERT INTO "Entity" ("id","key","name","type") VALUES (?,?,?,'PERSON')`);
    for (const e of g.entities) ent.run(e.id, e.key, e.name);
    // Foreign keys point at stories: insert them first with zero counts, set the counts at the end.
    const story = sqlite.prepare(`INSERT INTO "Story" ("id","headline","firstSeenAt","lastSeenAt","entityKeys","updatedAt") VALUES (?,?,?,?,?,?)`);
    for (const s of g.stories) story.run(s.id, s.headline, iso(s.firstSeenAt), iso(s.lastSeenAt), s.entityKeys, iso(s.lastSeenAt));
    const page = sqlite.prepare(`INSERT INTO "Page" ("id","url","siteId","finalUrl","status","size","contentHash","fetchedAt","rawBody","outcome","charset","charsetSource") VALUES (?,?,?,?,200,?,?,?,?,?,'utf-8',?)`);
    const art = sqlite.prepare(`INSERT INTO "Article" ("id","pageId","siteId","url","title","text","html","lead","lang","method","textLength","isNews","modelIsNews","contentHash","simhash","storyId","createdAt") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,'0000000000000000',?,?)`);
    const link = sqlite.prepare(`INSERT INTO "ArticleEntity" ("articleId","entityId","mentions") VALUES (?,?,1)`);
    for (const batch of g.articleBatches()) {
      for (const a of batch) {
        page.run(a.id, a.url, a.siteId, a.url, a.text.length, `h${a.id}`, iso(a.createdAt), a.rawBody, a.isNews ? "article" : "not_news", a.charsetSource);
        art.run(a.id, a.id, a.siteId, a.url, a.title, a.text, a.html, a.lead, a.lang, a.method, a.text.length, a.isNews ? 1 : 0, a.isNews ? 1 : 0, `c${a.id}`, a.storyId, iso(a.createdAt));
        for (const e of a.entityIds) link.run(a.id, e);
      }
    }
    const counts = sqlite.prepare(`UPDATE "Story" SET "articleCount" = ?, "sourceCount" = ? WHERE "id" = ?`);
    for (const s of g.stories) counts.run(s.articleCount, s.sourceCount, s.id);
  })();
  sqlite.pragma("optimize");
  sqlite.close();
}

/**
 * PostgreSQL: each batch is one INSERT … SELECT FROM unnest(arrays) per table (one round trip for
 * BATCH rows; the generated tsvector is computed by the server as rows arrive), two batches in flight
 * so both cores work; then the id sequences are moved past the generated ids, and ANALYZE.
 */
export async function fillPostgres(url: string, nArticles: number, nStories: number): Promise<void> {
  const g = generate(nArticles, nStories);
  const pool = new pg.Pool({ connectionString: url, max: 2, options: "-c TimeZone=UTC" });
  try {
    const now = new Date();
    await pool.query(`INSERT INTO "Site" ("id","seedUrl","host","name","updatedAt") SELECT * , $5::timestamptz FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])`,
      [g.sites.map((s) => s.id), g.sites.map((s) => s.seedUrl), g.sites.map((s) => s.host), g.sites.map((s) => s.name), now]);
    await pool.query(`INSERT INTO "Entity" ("id","key","name","type") SELECT *, 'PERSON' FROM unnest($1::int[], $2::text[], $3::text[])`,
      [g.entities.map((e) => e.id), g.entities.map((e) => e.key), g.entities.map((e) => e.name)]);
    // Foreign keys point at stories: insert them first with zero counts, set the counts at the end.
    const st = g.stories;
    await pool.query(`INSERT INTO "Story" ("id","headline","firstSeenAt","lastSeenAt","entityKeys","updatedAt") SELECT a, b, c, d, e, d FROM unnest($1::int[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::text[]) AS t(a, b, c, d, e)`,
      [st.map((s) => s.id), st.map((s) => s.headline), st.map((s) => s.firstSeenAt), st.map((s) => s.lastSeenAt), st.map((s) => s.entityKeys)]);
    const insertBatch = async (batch: GenArticle[]) => {
      const c = await pool.connect();
      try {
        await c.query("BEGIN");
        const col = <T>(f: (a: GenArticle) => T) => batch.map(f);
        await c.query(`INSERT INTO "Page" ("id","url","siteId","finalUrl","status","size","contentHash","fetchedAt","rawBody","outcome","charset","charsetSource")
          SELECT a, b, c, b, 200, d, e, f, g, h, 'utf-8', i FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::text[], $6::timestamptz[], $7::bytea[], $8::text[], $9::text[]) AS t(a, b, c, d, e, f, g, h, i)`,
          [col((a) => a.id), col((a) => a.url), col((a) => a.siteId), col((a) => a.text.length), col((a) => `h${a.id}`), col((a) => a.createdAt), col((a) => a.rawBody),
            col((a) => (a.isNews ? "article" : "not_news")), col((a) => a.charsetSource)]);
        await c.query(`INSERT INTO "Article" ("id","pageId","siteId","url","title","text","html","lead","lang","method","textLength","isNews","modelIsNews","contentHash","simhash","storyId","createdAt")
          SELECT a, a, b, c, d, e, f, g, h, i, j, k, k, l, '0000000000000000', m, n FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int[], $11::boolean[], $12::text[], $13::int[], $14::timestamptz[])
            AS t(a, b, c, d, e, f, g, h, i, j, k, l, m, n)`,
          [col((a) => a.id), col((a) => a.siteId), col((a) => a.url), col((a) => a.title), col((a) => a.text), col((a) => a.html), col((a) => a.lead), col((a) => a.lang),
            col((a) => a.method), col((a) => a.text.length), col((a) => a.isNews), col((a) => `c${a.id}`), col((a) => a.storyId), col((a) => a.createdAt)]);
        const links = batch.flatMap((a) => a.entityIds.map((e) => [a.id, e] as const));
        await c.query(`INSERT INTO "ArticleEntity" ("articleId","entityId","mentions") SELECT *, 1 FROM unnest($1::int[], $2::int[])`, [links.map((l) => l[0]), links.map((l) => l[1])]);
        await c.query("COMMIT");
      } finally {
        c.release();
      }
    };
    const inFlight = new Set<Promise<void>>();
    for (const batch of g.articleBatches()) {
      const p: Promise<void> = insertBatch(batch).finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= 2) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    await pool.query(`UPDATE "Story" s SET "articleCount" = t.n, "sourceCount" = t.m FROM unnest($1::int[], $2::int[], $3::int[]) AS t(id, n, m) WHERE s."id" = t.id`,
      [st.map((s) => s.id), st.map((s) => s.articleCount), st.map((s) => s.sourceCount)]);
    for (const table of ["Site", "Entity", "Story", "Page", "Article"]) {
      await pool.query(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT max("id") FROM "${table}"))`);
    }
    await pool.query("VACUUM ANALYZE");
  } finally {
    await pool.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * A thread's or process's scheduler clock from /proc/…/schedstat (Linux): ns on a CPU and ns runnable but
 * waiting for one (the run queue: what a shared machine's load adds to wall time). Zeros where it is missing.
 */
function schedstat(path: string): { run: number; wait: number } {
  try {
    const [run, wait] = readFileSync(path, "utf8").trim().split(/\s+/).map(Number);
    return { run: run ?? 0, wait: wait ?? 0 };
  } catch {
    return { run: 0, wait: 0 };
  }
}

/** This process's main thread (JavaScript, and better-sqlite3's statements, run there). */
const MAIN_THREAD = `/proc/${process.pid}/task/${process.pid}/schedstat`;

/** The server processes (backends) serving the database of `c` (the pool's connections: the pool opens and closes them), other than `c`'s own. */
async function backendPids(c: pg.Client): Promise<number[]> {
  const r = await c.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
  return r.rows.map((x) => x.pid);
}

function readSchedstats(pids: number[]): Map<number, { run: number; wait: number }> {
  return new Map(pids.map((pid) => [pid, schedstat(`/proc/${pid}/schedstat`)]));
}

/** Scheduler time of the backends between two reads: only those alive at both (a connection the pool closed or opened meanwhile is left out). */
function backendDelta(before: Map<number, { run: number; wait: number }>, after: Map<number, { run: number; wait: number }>): { run: number; wait: number } {
  let run = 0, wait = 0;
  for (const [pid, b] of before) {
    const a = after.get(pid);
    if (!a || a.run < b.run || b.run === 0) continue;
    run += a.run - b.run;
    wait += a.wait - b.wait;
  }
  return { run, wait };
}

export interface Timing {
  p50: number; p95: number; max: number;
  /** this process's user + system CPU per run, ms (all its threads) */
  cpu: number;
  /** p95 of the main thread's on-CPU time per run, ms */
  cpuP95: number;
  /** PostgreSQL's backends: on-CPU ms per run (mean; 0 on SQLite, whose work is in the main thread's) */
  dbCpu: number;
  /** p95 of wall minus the time this thread and the backends spent runnable waiting for a CPU, ms */
  unqueuedP95: number;
}

/**
 * Wall-clock percentiles; this process's CPU per run (user + system: what load on a shared machine inflates
 * least); and per run from the scheduler's own clocks: the main thread's time on a CPU, the database
 * backends' (PostgreSQL), and the wall time left when the time spent waiting in the run queue is taken out.
 */
async function time(runs: number, fn: () => Promise<unknown>, warmup = WARMUP_RUNS, pgUrl?: string): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const stats = pgUrl ? new pg.Client({ connectionString: pgUrl }) : null;
  await stats?.connect();
  const ms: number[] = [];
  const cpuRun: number[] = [];
  const unqueued: number[] = [];
  let dbRun = 0;
  let cpuSpent = 0;
  for (let i = 0; i < runs; i++) {
    // The pool's backends right before the run (outside the timed part: the query costs this process CPU too).
    const pids = stats ? await backendPids(stats) : [];
    const c0 = process.cpuUsage();
    const self0 = schedstat(MAIN_THREAD), db0 = readSchedstats(pids);
    const t0 = performance.now();
    await fn();
    const wall = performance.now() - t0;
    const self1 = schedstat(MAIN_THREAD), db1 = readSchedstats(pids);
    const c1 = process.cpuUsage(c0);
    cpuSpent += c1.user + c1.system;
    const db = backendDelta(db0, db1);
    ms.push(wall);
    cpuRun.push((self1.run - self0.run) / 1e6);
    dbRun += db.run / 1e6;
    unqueued.push(Math.max(0, wall - (self1.wait - self0.wait + db.wait) / 1e6));
  }
  await stats?.end();
  const cpu = { user: cpuSpent, system: 0 };
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const wall = sorted(ms);
  return {
    p50: percentile(wall, 50), p95: percentile(wall, 95), max: wall[wall.length - 1]!, cpu: (cpu.user + cpu.system) / 1000 / runs,
    cpuP95: percentile(sorted(cpuRun), 95), dbCpu: dbRun / runs, unqueuedP95: percentile(sorted(unqueued), 95),
  };
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

type Case = [string, () => Promise<unknown>];

/** The cases timed on one engine's database. */
async function casesFor(db: Db): Promise<Case[]> {
  // Paging: the cursor of page 10 (after 9 pages of 30 cards), as a reader clicking "Older stories" nine times gets it.
  const cursorAfter = async (pages: number, filter: ListNewsOptions = {}): Promise<NewsCursor> => {
    let before: NewsCursor | undefined;
    for (let i = 0; i < pages; i++) before = decodeNewsCursor((await listNewsPage(db, { ...filter, before })).next!)!;
    return before!;
  };
  const page10 = await cursorAfter(9);
  const page10Site = await cursorAfter(9, { siteId: 7 });
  return [
    ["News page (no filter): facets + stories + render", () => newsPage(db, {})],
    ["News page, filter site", () => newsPage(db, { siteId: 7 })],
    ["News page, filter language (fr)", () => newsPage(db, { lang: "fr" })],
    ["News page, filter entity", () => newsPage(db, { entity: "person:person 42" })],
    ["News page 10 (\"Older stories\" × 9, keyset cursor)", () => newsPage(db, { before: page10 })],
    ["News page 10, filter site", () => newsPage(db, { siteId: 7, before: page10Site })],
    ["listNews only (no filter)", () => listNews(db, {})],
    ["Filter facets, uncached (sites + languages)", () => listNewsFacets(db, Number.POSITIVE_INFINITY)],
    ["Search \"earthquake minister\" (two topic words)", () => searchArticles(db, "earthquake minister")],
    ["Search prefix \"sena\"", () => searchArticles(db, "sena")],
    ["Search the most common word (matches ~all articles)", () => searchArticles(db, "w0")],
    ["Search a two-letter prefix \"w1\" (~1,300 words, ~all articles)", () => searchArticles(db, "w1")],
    ["Search \"earthquake minister\", result page 5", () => searchPage(db, "earthquake minister", { page: 5 })],
  ];
}

/**
 * A database this generator filled before (generating 100k real-sized rows takes ~20 min per engine on
 * the shared machine): BENCH_NEWS_SQLITE=file:/path.db, BENCH_NEWS_PG=postgresql://…; its migrations must be current.
 */
const REUSE: Record<Engine, string | undefined> = { sqlite: process.env.BENCH_NEWS_SQLITE, postgresql: process.env.BENCH_NEWS_PG };

/** BENCH_ENGINES: "sqlite,postgresql" (default) or one of them. */
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,postgresql").split(",").filter(Boolean) as Engine[];

/** A fresh, migrated database on the engine: a SQLite file in `dir`, or a database on a throw-away cluster (or LEDE_PG_URL). */
async function newDatabase(engine: Engine, dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (engine === "sqlite") {
    const file = join(dir, "bench.db");
    applyMigrations(file);
    return { url: `file:${file}`, drop: async () => rmSync(file, { force: true }) };
  }
  const base = process.env.LEDE_PG_URL ?? (pgCluster ??= await startCluster()).url;
  const name = `lede_bench_news_${Date.now()}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try { await c.query(statement); } finally { await c.end(); }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = withDatabase(base, name);
  await applyPgMigrations(url);
  return { url, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
let pgCluster: Cluster | null = null;
/**
 * BENCH_NEWS_KEEP=DIR: fill into DIR (SQLite bench.db) and on the server (LEDE_PG_URL's cluster) and keep both,
 * printing the URLs for BENCH_NEWS_SQLITE / BENCH_NEWS_PG; with --runs 0 it only fills.
 */
const KEEP = process.env.BENCH_NEWS_KEEP;
/** The report's fill line when the databases were reused (BENCH_NEWS_FILL_NOTE says how long they took). */
const FILL_NOTE = process.env.BENCH_NEWS_FILL_NOTE ?? "databases reused from an earlier fill";

async function main(): Promise<void> {
  const nArticles = arg("articles", 100_000);
  const nStories = arg("stories", 20_000);
  const runs = arg("runs", 200);
  const dir = KEEP ?? mkdtempSync(join(tmpdir(), "lede-bench-news-"));
  const results = new Map<string, Map<Engine, Timing & { load: number }>>();
  const fills: string[] = [];
  try {
    for (const engine of ENGINES) {
      const reuse = REUSE[engine];
      const made = reuse ? { url: reuse, drop: async () => undefined } : await newDatabase(engine, dir);
      const target = KEEP ? { url: made.url, drop: async () => undefined } : made;
      try {
        const t0 = performance.now();
        if (reuse) process.stderr.write(`${engine}: reusing ${reuse} (filled earlier by this generator)\n`);
        else if (engine === "sqlite") fillSqlite(target.url.slice("file:".length), nArticles, nStories);
        else await fillPostgres(target.url, nArticles, nStories);
        const fillSec = (performance.now() - t0) / 1000;
        const size = engine === "sqlite" ? `${(statSync(target.url.slice("file:".length)).size / 2 ** 30).toFixed(1)} GiB file` : await pgSize(target.url);
        if (!reuse) fills.push(`${engine === "sqlite" ? "SQLite" : "PostgreSQL"} ${fillSec.toFixed(0)} s (${size})`);
        process.stderr.write(`${engine}: generated ${nArticles} articles, ${nStories} stories in ${fillSec.toFixed(1)} s, ${size}${KEEP ? `, kept at ${target.url}` : ""}\n`);
        if (runs === 0) continue;
        const db = openDb(target.url);
        await tuneConnection(db);
        for (const [name, fn] of (await casesFor(db)).filter(([n]) => CASE_FILTER.length === 0 || CASE_FILTER.some((c) => n.includes(c)))) {
          // Search is not the News page and one run of it can take seconds with real-sized rows: fewer runs.
          const search = name.startsWith("Search");
          const pgUrl = engine === "postgresql" ? target.url : undefined;
          const r = { ...(search ? await time(Math.min(runs, SEARCH_RUNS), fn, 2, pgUrl) : await time(runs, fn, WARMUP_RUNS, pgUrl)), load: loadavg()[0]! };
          process.stderr.write(`${engine} ${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, CPU ${r.cpu.toFixed(1)} ms/run (main thread p95 ${r.cpuP95.toFixed(1)}), ` +
            `db CPU ${r.dbCpu.toFixed(1)} ms/run, p95 without run-queue waits ${r.unqueuedP95.toFixed(1)} ms, load ${r.load.toFixed(1)}\n`);
          results.set(name, (results.get(name) ?? new Map()).set(engine, r));
        }
        await db.$disconnect();
      } finally {
        await target.drop();
      }
    }
  } finally {
    pgCluster?.stop();
    if (!KEEP) rmSync(dir, { recursive: true, force: true });
  }
  if (runs === 0) return;
  const label = (e: Engine) => (e === "sqlite" ? "SQLite" : "PostgreSQL");
  const head = ["Case", "p50 ms", "p95 ms", "CPU ms/run (process)", "main thread CPU p95 ms", "database server CPU ms/run", "p95 without run-queue waits ms", "load (1 min)"];
  const table = (e: Engine) => mdTable(head, [...results].map(([name, byEngine]) => {
    const r = byEngine.get(e)!;
    return [name, r.p50.toFixed(1), r.p95.toFixed(1), r.cpu.toFixed(1), r.cpuP95.toFixed(1), e === "sqlite" ? "(in the main thread)" : r.dbCpu.toFixed(1), r.unqueuedP95.toFixed(1), r.load.toFixed(1)];
  }));
  if (CASE_FILTER.length > 0) {
    // A subset of the cases (a before/after comparison): printed, the docs' section is left as it is.
    for (const e of ENGINES) process.stdout.write(`${label(e)}, load at the end ${loadavg().map((l) => l.toFixed(2)).join(" ")}\n${table(e)}\n\n`);
    return;
  }
  const verdict = ENGINES.map((e) => {
    const worst = Math.max(...[...results].filter(([n]) => n.startsWith("News page")).map(([, m]) => m.get(e)!.p95));
    return `${label(e)} ${worst < TARGET_P95_MS ? "met" : "NOT met"} (worst News page case ${worst.toFixed(1)} ms)`;
  });
  writeBenchSection("news", [
    "## News page server time (`npm run bench:news`)",
    "",
    `${machineLine()}; load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(" ")} (shared machine). Generated rows of real size: ${nArticles.toLocaleString("en")} articles ` +
      `(${NOT_NEWS_SHARE * 100} % not news, ~${LOOSE_SHARE * 100} % not in a story), each with ~${TEXT_CHARS.toLocaleString("en")} characters of text in paragraphs, ` +
      `its reader HTML, and a ${RAW_BODY_BYTES / 1024} KiB raw body; ${nStories.toLocaleString("en")} stories, ${SITES} sites, ${ENTITIES} entities × ${ENTITIES_PER_ARTICLE} per article; ` +
      `text drawn from ${SENTENCE_POOL} sentences of a ${VOCABULARY.toLocaleString("en")}-word Zipf vocabulary plus ${TOPIC_WORDS} of ${WORDS.length} topic words; ` +
      `the search index (FTS5 on SQLite, the generated tsvector with its GIN index on PostgreSQL) filled as rows are inserted; search ranks the newest ${SEARCH_CANDIDATES} matches. ` +
      `Generating and inserting the rows (batched): ${fills.length ? fills.join(", ") : FILL_NOTE}. ` +
      `${runs} timed runs per News case after ${WARMUP_RUNS} warm-up runs (search: ${SEARCH_RUNS} after 2), in one process; SQLite: a file in WAL mode; PostgreSQL: a throw-away cluster on loopback (fsync off), ` +
      `the same rows. "News page" = what the page's server code does per request: filter facets (cached ${FACETS_TTL_S} s; the uncached row is what a cache miss costs), ` +
      "story cards with entity chips, and React's server render of the story list (not the HTTP layer or the layout).",
    "",
    ...ENGINES.flatMap((e) => [`**${label(e)}**`, "", table(e), ""]),
    "Columns: wall-clock p50/p95; this process's user + system CPU per run (all threads); the p95 of the main thread's time on a CPU per run " +
      "(JavaScript, React's render and, on SQLite, every statement: /proc schedstat); PostgreSQL's backends' time on a CPU per run; and the p95 of each " +
      "run's wall time less the time the main thread and the backends spent runnable but waiting for a CPU (the run queue: what other jobs on a " +
      "shared machine add; an estimate of an idle machine's wall time, low when two backends wait at once).",
    "",
    `Target: p95 < ${TARGET_P95_MS} ms for every News page case with ${nArticles.toLocaleString("en")} articles and ${nStories.toLocaleString("en")} stories, on both engines — ${verdict.join("; ")}.`,
    "",
    `Reproduce: \`npx tsx scripts/bench/news.ts --runs ${runs}\` (BENCH_ENGINES=sqlite or postgresql for one engine; LEDE_PG_URL for an existing server).`,
  ].join("\n"));
}

/** The database's size on disk, as PostgreSQL counts it. */
async function pgSize(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ bytes: string }>("SELECT pg_database_size(current_database()) AS bytes");
    return `${(Number(r.rows[0]!.bytes) / 2 ** 30).toFixed(1)} GiB database`;
  } finally {
    await c.end();
  }
}

if (process.argv[1] && import.meta.filename === (await import("node:fs")).realpathSync(process.argv[1])) await main();

// One zod-validated configuration for the web app, the workers and the CLI.
// Environment variables are read here and nowhere else; tuning thresholds live here too, each
// with its unit and the reason for its value.
import { z } from "zod";
import { resolve } from "node:path";

const bool = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === "boolean" ? v : ["1", "true", "yes", "on"].includes(v.toLowerCase())));

export const envSchema = z.object({
  /** SQLite file by default; a relative file: URL resolves against the project root. */
  DATABASE_URL: z.string().min(1).default("file:./data/lede.db"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  /** Admin password; generated at first start and stored in data/ when unset. */
  ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD must have at least 8 characters").optional(),
  /** Secret for signing session cookies; generated at first start and stored in data/session-secret when unset. */
  SESSION_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Fetches in flight per worker process (across hosts; each host has its own limit). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  /** Identifies Lede to site owners, with a URL where they can reach the operator. */
  USER_AGENT: z.string().min(1).default("LedeBot/0.1 (+https://github.com/lede-news/lede; self-hosted news aggregator)"),
  /** Allow fetching loopback and private addresses (SSRF guard off). Tests and the demo set it. */
  ALLOW_PRIVATE_NETWORK: bool.default(false),
  /**
   * Lede runs behind a reverse proxy that sets X-Forwarded-Host / -Proto / -For: only then are those
   * headers believed (the Origin check, absolute links, the client address for login throttling).
   * Without a proxy any client could send them.
   */
  TRUST_PROXY: bool.default(false),
  /** Host-name → address overrides, "host=ip:port,host2=ip:port": the replay web uses it. */
  HOST_MAP: z.string().default(""),
  /** Milliseconds between worker polls of an empty frontier. */
  WORKER_IDLE_MS: z.coerce.number().int().min(10).default(1000),
  /**
   * Crawl worker processes `npm start` runs (scripts/start.mjs). Leases keep them from fetching a URL
   * twice; the pipeline is CPU-bound, so more than one per core only adds memory (~450 MB each).
   */
  WORKER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /** Let this worker process take its turn at the periodic story merge pass (one runs it at a time: a lease row). */
  STORY_MERGES: bool.default(true),
  /** Where benchmarks find ../shared/corpus. */
  LEDE_CORPUS: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Parsed environment; throws a readable error listing every bad variable. */
export function getEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (source === process.env && cached) return cached;
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (source === process.env) cached = parsed.data;
  return parsed.data;
}

/** Absolute path of the SQLite file behind a file: DATABASE_URL, or null for other URLs. */
export function sqlitePath(url = getEnv().DATABASE_URL): string | null {
  if (!url.startsWith("file:")) return null;
  return resolve(url.slice("file:".length));
}

/** Crawl tuning: each value says its unit and why. */
export const crawlDefaults = {
  /** ms to establish a TCP/TLS connection: a live server answers SYN within a second or two. */
  connectTimeoutMs: 10_000,
  /** ms of silence while reading headers or body before we give up on a stalled server. */
  readTimeoutMs: 20_000,
  /** ms for the whole request: a news page that takes longer is not worth a worker slot. */
  totalTimeoutMs: 45_000,
  /** bytes of decoded body kept: real article pages are < 2 MiB; caps also stop gzip bombs. */
  maxBodyBytes: 5 * 1024 * 1024,
  /** redirect hops followed before "too_many_redirects" (browsers allow ~20, crawlers ~5). */
  maxRedirects: 5,
  /** ms a lease is held before another worker may re-claim the URL (> totalTimeoutMs). */
  leaseMs: 120_000,
  /** attempts before a URL is marked failed for good. */
  maxAttempts: 3,
  /**
   * ms the page thread may spend on one page (parse, links, template entries, extraction, classifier):
   * a news page takes 50-150 ms, a 5 MiB one ~3 s; past this the page fails as page_budget_exceeded
   * and the next one waits at most this long (lib/crawl/page-processor.ts).
   */
  pageBudgetMs: 15_000,
  /**
   * Page threads per worker: two, so that a page that runs to its budget holds back no other page
   * while the second thread takes them (one per core of the 2-core machine Lede is measured on).
   */
  pageThreads: 2,
  /** MB of old-generation heap each page thread may grow to: a page whose DOM needs more fails alone (page_thread_failed); two threads keep the worker < 500 MB RSS. */
  pageThreadHeapMb: 128,
} as const;

/** Extraction tuning. */
export const extractDefaults = {
  /** characters of text below which an extraction is "too little" and the orchestrator relaxes. */
  minTextChars: 250,
} as const;

/** Site templates in the crawl (lib/pipeline/catch-up.ts, issue #21). */
export const templateDefaults = {
  /**
   * CPU ms per minute a worker may spend re-extracting pages whose template changed: 6 s = 10 % of one
   * core, about 200 pages a minute at the ~30 ms a re-extraction costs (parse, extract, classify, store),
   * so a new site's backlog clears in minutes while fetching keeps 90 % of the core.
   */
  catchUpCpuMsPerMinute: 6_000,
  /**
   * ms a page is held back for its site's template at most: the seed's links arrive within seconds, so
   * a site that has not reached MIN_TEMPLATE_PAGES pages by then is extracted without one (and again later).
   */
  awaitTemplateMaxMs: 60_000,
  /** ms between the worker's catch-up passes (each is one indexed query when nothing is stale). */
  catchUpEveryMs: 1_000,
  /** Stale pages read per query of a catch-up pass. */
  catchUpBatch: 20,
} as const;

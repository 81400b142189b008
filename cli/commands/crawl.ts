// `lede crawl --seed URL [--max-pages N]`: crawl one site into the database now, with a progress
// line on stderr, and exit when nothing is left to fetch.
import { parseArgs } from "node:util";
import { getEnv } from "../../lib/config.ts";
import { closeDb, getDb } from "../../lib/db/client.ts";
import { migrateIfNeeded } from "../../lib/db/migrate.ts";
import { addSite, findSiteByHost, getCrawlSite, normalizeSeedUrl, requeueSeed, setSiteMaxPages } from "../../lib/db/sites.ts";
import { readHostMap } from "../../lib/http/hostmap.ts";
import { checkSeedUrl } from "../../lib/http/ssrf.ts";
import { runWorker } from "../../lib/crawl/worker.ts";
import { formatProgress } from "../../lib/crawl/stats.ts";
import { countFrontierByState } from "../../lib/db/frontier.ts";

export const summary = "crawl one site now: lede crawl --seed URL [--max-pages N]";

const HELP = `Usage: lede crawl --seed URL [options]

Crawls the site at URL into the database (robots.txt, per-host delay, feeds and sitemaps included)
and exits when nothing is left to fetch. Progress goes to stderr.

Options:
  --seed URL          start page of the site (required)
  --max-pages N       page limit for the site (default: the site's limit, 1000 for a new site)
  --max-depth N       link hops from the seed (new sites; default 3)
  --delay-ms N        minimum ms between requests to the host (new sites; default 1000)
  --concurrency N     fetches in flight (default WORKER_CONCURRENCY)
  --allow-private     allow loopback/private addresses (also ALLOW_PRIVATE_NETWORK=true)
`;

/** ms between two progress lines. */
const PROGRESS_EVERY_MS = 500;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      seed: { type: "string" },
      "max-pages": { type: "string" },
      "max-depth": { type: "string" },
      "delay-ms": { type: "string" },
      concurrency: { type: "string" },
      "allow-private": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (!values.seed) {
    process.stderr.write(`lede crawl: --seed URL is required\n\n${HELP}`);
    return 2;
  }
  const int = (name: string, v: string | undefined) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got "${v}"`);
    return n;
  };
  const maxPages = int("max-pages", values["max-pages"]);
  const env = getEnv();
  const allowPrivateNetwork = values["allow-private"] || env.ALLOW_PRIVATE_NETWORK;
  const hostMap = readHostMap(env.HOST_MAP);

  // 1. Refuse unsafe or unusable seeds before touching the database.
  const seed = /^[a-z][a-z0-9+.-]*:\/\//i.test(values.seed) ? values.seed : `https://${values.seed}`;
  const check = await checkSeedUrl(seed, { allowPrivateNetwork, hostMap });
  if (!check.ok) {
    process.stderr.write(`lede crawl: ${check.message}\n`);
    return 2;
  }

  // 2. The site: existing (seed due again, limit updated) or new.
  // A database that is new or older than this Lede is migrated first (not a Prisma stack trace).
  migrateIfNeeded(undefined, (msg) => process.stderr.write(`lede crawl: ${msg}\n`));
  const db = await getDb();
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    // One site per host (lib/db/sites.ts): a seed of a host that has a site crawls that site again.
    const seedUrl = normalizeSeedUrl(seed) ?? new URL(seed).href;
    const known = await findSiteByHost(db, new URL(seedUrl).hostname);
    let site = known ? await getCrawlSite(db, known.id) : null;
    if (site) {
      if (maxPages !== undefined) await setSiteMaxPages(db, site.id, maxPages);
      await requeueSeed(db, site.id);
    } else {
      const created = await addSite(db, {
        seedUrl, maxPages, maxDepth: int("max-depth", values["max-depth"]), crawlDelayMs: int("delay-ms", values["delay-ms"]),
        allowPrivateNetwork: values["allow-private"],
      });
      site = await getCrawlSite(db, created.id);
    }
    if (!site) throw new Error(`site for ${seedUrl} vanished`);

    // 3. Crawl it until nothing is due, printing one progress line that rewrites itself.
    let lastLine = 0;
    const tty = process.stderr.isTTY;
    const stats = await runWorker({
      db, signal: stop.signal, siteIds: [site.id], exitWhenIdle: true, allowPrivateNetwork, hostMap,
      concurrency: int("concurrency", values.concurrency),
      onProgress: (s) => {
        if (Date.now() - lastLine < PROGRESS_EVERY_MS) return;
        lastLine = Date.now();
        process.stderr.write(`${tty ? "\r\x1b[K" : ""}lede crawl ${site!.host}: ${formatProgress(s)}${tty ? "" : "\n"}`);
      },
    });
    const states = await countFrontierByState(db, [site.id]);
    const queued = states.queued ?? 0;
    process.stderr.write(`${tty ? "\r\x1b[K" : ""}lede crawl ${site.host}: ${formatProgress(stats, queued)}${stop.signal.aborted ? " (stopped)" : ""}\n`);
    const errors = Object.entries(stats.errors).map(([k, n]) => `${k} ${n}`).join(", ");
    if (errors) process.stderr.write(`errors: ${errors}\n`);
    return 0;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await closeDb();
  }
}

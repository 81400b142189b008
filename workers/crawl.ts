// The crawl worker process: `node --import tsx workers/crawl.ts` (npm start runs it beside the web
// server). Runs until SIGTERM/SIGINT, then lets in-flight URLs finish briefly and releases its leases.
// Several can share one database: leases keep them from fetching a URL twice (WORKER_PROCESSES makes
// npm start run several, on one machine or many); the story merge pass runs in one of them at a time
// (a lease row, lib/db/singletons.ts), in any worker where STORY_MERGES is on (the default).
import { pathToFileURL } from "node:url";
import { getEnv } from "../lib/config.ts";
import { closeDb, getDb } from "../lib/db/client.ts";
import { log } from "../lib/log.ts";
import { runWorker } from "../lib/crawl/worker.ts";
import { mergeStories } from "../lib/db/stories.ts";
import { runSingleton } from "../lib/db/singletons.ts";
import { hostname } from "node:os";
import type { Db } from "../lib/db/client.ts";

/** ms between agglomerative merge passes over recent stories (lib/stories/plan-merges.ts), installation-wide. */
const STORY_MERGE_INTERVAL_MS = 5 * 60_000;
/** ms between a worker's looks at whether the merge pass is due (the lease row decides who runs it). */
const STORY_MERGE_POLL_MS = 30_000;
/** ms a merge claim holds: the pass's transaction timeout (lib/db/stories.ts) plus slack; a dead runner's claim lapses. */
const STORY_MERGE_LEASE_MS = 180_000;

/** Fold converged stories together every few minutes, in whichever worker claims the pass. */
function scheduleStoryMerges(db: Db, signal: AbortSignal): void {
  let running = false;
  const owner = `${hostname()}:${process.pid}`;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await runSingleton(db, { name: "story-merge", owner, ttlMs: STORY_MERGE_LEASE_MS, everyMs: STORY_MERGE_INTERVAL_MS }, async () => {
        const merged = await mergeStories(db);
        if (merged > 0) log.info({ merged }, "stories merged");
      });
    } catch (err) {
      log.error({ err }, "story merge failed; will retry next interval");
    } finally {
      running = false;
    }
  }, STORY_MERGE_POLL_MS);
  timer.unref();
  signal.addEventListener("abort", () => clearInterval(timer), { once: true });
}

export { runWorker } from "../lib/crawl/worker.ts";

/** Run the worker on the process-wide database until a signal arrives; returns the exit code. */
export async function main(): Promise<number> {
  const stop = new AbortController();
  const onSignal = (sig: NodeJS.Signals) => {
    if (stop.signal.aborted) return;
    log.info({ sig }, "crawl worker: stop requested");
    stop.abort();
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  try {
    const db = await getDb();
    // One merge pass at a time per installation, whichever worker claims it (lib/db/singletons.ts).
    if (getEnv().STORY_MERGES) scheduleStoryMerges(db, stop.signal);
    await runWorker({ db, signal: stop.signal });
    return 0;
  } catch (err) {
    log.fatal({ err }, "crawl worker crashed");
    return 1;
  } finally {
    await closeDb();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main();
}

// `lede reprocess [--site S]`: run extraction, classification and dedup again on stored pages,
// from their saved raw bodies, without fetching anything.
import { parseArgs } from "node:util";
import { closeDb, getDb } from "../../lib/db/client.ts";
import { migrateIfNeeded } from "../../lib/db/migrate.ts";
import { listStoredPageIds } from "../../lib/db/pages.ts";
import { findSiteIds } from "../../lib/db/sites.ts";
import { reprocessPage } from "../../lib/pipeline/ingest.ts";
import { flushSiteEvidence, flushTemplates } from "../../lib/pipeline/context.ts";
import { CpuBudget, catchUpTemplates } from "../../lib/pipeline/catch-up.ts";

export const summary = "re-run extraction on stored pages without fetching: lede reprocess [--site S] [--stale]";

const HELP = `Usage: lede reprocess [--site S] [--stale]

Re-runs extraction, classification and duplicate detection on every stored page (or one site's:
S is a site id, a host name or a seed URL), from the raw bodies kept in the database.

--stale: only the pages waiting for their site's template — held back until it is ready, or extracted
         with an older version of it — as the crawl worker's background catch-up does, without its CPU budget.
`;

/** Page ids read per query: bounded memory however many pages are stored. */
const PAGE_BATCH = 200;
const PROGRESS_EVERY_MS = 500;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { site: { type: "string" }, stale: { type: "boolean", default: false }, help: { type: "boolean", default: false } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  // A database that is new or older than this Lede is migrated first (not a Prisma stack trace).
  migrateIfNeeded(undefined, (msg) => process.stderr.write(`lede reprocess: ${msg}\n`));
  const db = await getDb();
  try {
    let siteIds: (number | undefined)[] = [undefined];
    if (values.site) {
      const ids = await findSiteIds(db, values.site);
      if (ids.length === 0) {
        process.stderr.write(`lede reprocess: no site matches "${values.site}"\n`);
        return 2;
      }
      siteIds = ids;
    }
    if (values.stale) {
      const ids = siteIds.filter((x): x is number => x !== undefined);
      const started = Date.now();
      const r = await catchUpTemplates(db, { budget: new CpuBudget(Number.POSITIVE_INFINITY), siteIds: ids.length ? ids : undefined, waitedBefore: new Date() });
      process.stderr.write(`lede reprocess --stale: ${r.released} held-back pages extracted, ${r.reextracted} re-extracted (${r.changed} with changed text) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      return 0;
    }
    const outcomes: Record<string, number> = {};
    let done = 0;
    let lastLine = 0;
    const started = Date.now();
    for (const siteId of siteIds) {
      for (let afterId = 0; ; ) {
        const ids = await listStoredPageIds(db, { siteId, afterId, take: PAGE_BATCH });
        if (ids.length === 0) break;
        for (const id of ids) {
          const res = await reprocessPage(db, id);
          const key = res?.outcome ?? "missing";
          outcomes[key] = (outcomes[key] ?? 0) + 1;
          done++;
          if (Date.now() - lastLine > PROGRESS_EVERY_MS) {
            lastLine = Date.now();
            process.stderr.write(`lede reprocess: ${done} pages\n`);
          }
          await new Promise((r) => setImmediate(r));
        }
        afterId = ids[ids.length - 1]!;
      }
    }
    await flushTemplates(db);
    await flushSiteEvidence(db);
    const summaryLine = Object.entries(outcomes).map(([k, n]) => `${k} ${n}`).join(", ");
    process.stderr.write(`lede reprocess: ${done} pages in ${((Date.now() - started) / 1000).toFixed(1)} s${summaryLine ? ` (${summaryLine})` : ""}\n`);
    return 0;
  } finally {
    await closeDb();
  }
}

// `lede reprocess [--site S]`: run extraction, classification and dedup again on stored pages,
// from their saved raw bodies, without fetching anything.
import { parseArgs } from "node:util";
import { closeDb, getDb } from "../../lib/db/client.ts";
import { listStoredPageIds } from "../../lib/db/pages.ts";
import { findSiteIds } from "../../lib/db/sites.ts";
import { reprocessPage } from "../../lib/pipeline/ingest.ts";
import { flushSiteEvidence, flushTemplates } from "../../lib/pipeline/context.ts";

export const summary = "re-run extraction on stored pages without fetching: lede reprocess [--site S]";

const HELP = `Usage: lede reprocess [--site S]

Re-runs extraction, classification and duplicate detection on every stored page (or one site's:
S is a site id, a host name or a seed URL), from the raw bodies kept in the database.
`;

/** Page ids read per query: bounded memory however many pages are stored. */
const PAGE_BATCH = 200;
const PROGRESS_EVERY_MS = 500;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { site: { type: "string" }, help: { type: "boolean", default: false } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
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

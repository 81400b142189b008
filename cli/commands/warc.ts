// `lede warc export FILE [--site S] [--warc-version 1.0|1.1]` and `lede warc import FILE [--site S]`.
import { parseArgs } from "node:util";
import { closeDb, getDb } from "../../lib/db/client.ts";
import { findSiteIds } from "../../lib/db/sites.ts";
import { exportWarc } from "../../lib/warc/export.ts";
import { importWarc } from "../../lib/warc/import.ts";

export const summary = "archive pages as WARC or ingest a WARC: lede warc export|import FILE [--site S]";

const HELP = `Usage:
  lede warc export FILE [--site S] [--warc-version 1.0|1.1]
      Writes every stored page (or one site's) as WARC response records, gzip per record when FILE
      ends in .gz. HTTP headers are rebuilt from the stored status and content type.
  lede warc import FILE [--site S]
      Reads the response records of a WARC 1.0/1.1 file (.warc or .warc.gz) and ingests every 2xx
      HTML page like a crawled one (extraction, classification, dedup). Pages go to a paused site
      per origin, or to site S.
S is a site id, a host name or a seed URL.
`;

const PROGRESS_EVERY_MS = 500;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { site: { type: "string" }, "warc-version": { type: "string" }, help: { type: "boolean", default: false } },
    strict: true,
  });
  const [action, file] = positionals;
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if ((action !== "export" && action !== "import") || !file) {
    process.stderr.write(`lede warc: expected "export FILE" or "import FILE"\n\n${HELP}`);
    return 2;
  }
  const version = values["warc-version"] ?? "1.1";
  if (version !== "1.0" && version !== "1.1") {
    process.stderr.write(`lede warc: --warc-version must be 1.0 or 1.1, got "${version}"\n`);
    return 2;
  }
  const db = await getDb();
  try {
    let siteIds: number[] | undefined;
    if (values.site) {
      siteIds = await findSiteIds(db, values.site);
      if (siteIds.length === 0) {
        process.stderr.write(`lede warc: no site matches "${values.site}"\n`);
        return 2;
      }
    }
    let last = 0;
    const tick = (line: () => string) => {
      if (Date.now() - last < PROGRESS_EVERY_MS) return;
      last = Date.now();
      process.stderr.write(`${line()}\n`);
    };
    if (action === "export") {
      const n = await exportWarc(db, file, { siteIds, version, onProgress: (k) => tick(() => `lede warc: ${k} records`) });
      process.stdout.write(`lede warc: wrote ${n} response records to ${file} (WARC/${version})\n`);
      return 0;
    }
    if (siteIds && siteIds.length > 1) {
      process.stderr.write(`lede warc: "${values.site}" matches ${siteIds.length} sites; give a site id\n`);
      return 2;
    }
    const stats = await importWarc(db, file, { siteId: siteIds?.[0], onProgress: (s) => tick(() => `lede warc: ${s.responses} responses, ${s.ingested} ingested`) });
    const fmt = (o: Record<string, number>) => Object.entries(o).map(([k, n]) => `${k} ${n}`).join(", ") || "none";
    process.stdout.write(`lede warc: ${stats.responses} responses, ${stats.ingested} ingested (${fmt(stats.outcomes)}); skipped: ${fmt(stats.skipped)}\n`);
    return 0;
  } catch (err) {
    const e = err as Error & { key?: string };
    process.stderr.write(`lede warc: ${e.key ? `${e.key}: ` : ""}${e.message}\n`);
    return 1;
  } finally {
    await closeDb();
  }
}

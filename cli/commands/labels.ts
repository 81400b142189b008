import { basename, dirname } from "node:path";
import { createReadStream, readFileSync, statSync, writeFileSync } from "node:fs";
import { getDb, closeDb } from "../../lib/db/client.ts";
import { countLabels, exportLabelsJsonl, importLabelLines, type ImportLine } from "../../lib/db/labels.ts";
import { applyImportedLabel } from "../../lib/pipeline/apply-label.ts";
import { splitLines } from "../../lib/api/lines.ts";
import { writeImportStatus, type ImportJobStatus } from "../../lib/api/label-import-job.ts";

/** bytes of one JSONL line: a label is a URL, a decision, a note and a time, well under 64 KiB. */
const MAX_LINE_BYTES = 64 * 1024;
/** ms between progress writes: often enough to watch, rare enough to cost nothing. */
const PROGRESS_EVERY_MS = 500;

export const summary = "export or import admin news/not-news labels as JSONL";

const HELP = `Usage: lede labels export FILE.jsonl   (- for stdout)
       lede labels import FILE.jsonl [--progress STATUS.json]   (- for stdin)
       lede labels count
One label per line: {"url", "isNews", "source", "note", "createdAt"}. Importing the same file twice adds nothing.
The file is read as a stream, in batches. --progress writes the import's progress to a JSON file after
each batch (the web server's import jobs read it).
`;

export async function run(argv: string[]): Promise<number> {
  const [action, file] = argv;
  if (!action || action === "--help" || (action !== "count" && !file)) { process.stdout.write(HELP); return action === "--help" ? 0 : 2; }
  const db = await getDb();
  try {
    if (action === "export") {
      const jsonl = await exportLabelsJsonl(db);
      if (file === "-") process.stdout.write(jsonl); else writeFileSync(file!, jsonl);
      process.stderr.write(`lede labels: exported ${jsonl ? jsonl.trimEnd().split("\n").length : 0} labels\n`);
      return 0;
    }
    if (action === "import") {
      const progressAt = argv.indexOf("--progress");
      const r = await importFile(file!, progressAt > 0 ? argv[progressAt + 1] : undefined);
      for (const bad of r.invalid.slice(0, 20)) process.stderr.write(`line ${bad.line}: ${bad.reason}\n`);
      process.stderr.write(`lede labels: imported ${r.imported}, already present ${r.duplicates}, invalid ${r.invalidCount}\n`);
      return r.invalidCount > 0 ? 1 : 0;
    }
    if (action === "count") {
      const c = await countLabels(db);
      process.stdout.write(`${c.total} labels on ${c.urls} URLs (${c.news} news, ${c.urls - c.news} not news)\n`);
      return 0;
    }
    process.stderr.write(`lede labels: unknown action "${action}"\n${HELP}`);
    return 2;
  } finally {
    await closeDb();
  }
}

/** Stream a JSONL file into the labels, writing progress (and the end state) to `statusFile` when given. */
async function importFile(file: string, statusFile: string | undefined): Promise<Awaited<ReturnType<typeof importLabelLines>>> {
  const db = await getDb();
  const source = file === "-" ? process.stdin : createReadStream(file);
  let bytesRead = 0;
  const counted = (async function* () {
    for await (const chunk of source as AsyncIterable<Buffer>) { bytesRead += chunk.length; yield chunk; }
  })();
  const lines: AsyncIterable<ImportLine> = splitLines(counted, MAX_LINE_BYTES);
  const bytes = file === "-" ? 0 : statSync(file).size;
  const startedAt = statusFile ? readStarted(statusFile) : new Date().toISOString();
  let written = 0;
  const write = (p: Omit<ImportJobStatus, "id" | "state" | "bytes" | "bytesRead" | "startedAt" | "updatedAt">, state: ImportJobStatus["state"], error?: string) => {
    if (!statusFile) return;
    const id = basename(dirname(statusFile));
    writeImportStatus(statusFile, { ...p, id, state, bytes, bytesRead, startedAt, updatedAt: new Date().toISOString(), pid: state === "running" ? process.pid : undefined, ...(error ? { error } : {}) });
  };
  let last = { imported: 0, duplicates: 0, invalid: [] as { line: number; reason: string }[], invalidCount: 0, lines: 0 };
  try {
    const r = await importLabelLines(db, lines, (label) => applyImportedLabel(db, label), (p) => {
      last = p;
      if (Date.now() - written < PROGRESS_EVERY_MS) return;
      written = Date.now();
      write(p, "running");
    });
    write({ ...r, lines: last.lines }, "done");
    return r;
  } catch (err) {
    write(last, "failed", `import failed after ${last.lines} lines (${last.imported} labels stored, kept): ${(err as Error).message}`);
    throw err;
  }
}

function readStarted(statusFile: string): string {
  try {
    return (JSON.parse(readFileSync(statusFile, "utf8")) as ImportJobStatus).startedAt;
  } catch {
    return new Date().toISOString();
  }
}

import { readFileSync, writeFileSync } from "node:fs";
import { getDb, closeDb } from "../../lib/db/client.ts";
import { countLabels, exportLabelsJsonl, importLabelsJsonl } from "../../lib/db/labels.ts";
import { applyImportedLabel } from "../../lib/pipeline/apply-label.ts";

export const summary = "export or import admin news/not-news labels as JSONL";

const HELP = `Usage: lede labels export FILE.jsonl   (- for stdout)
       lede labels import FILE.jsonl   (- for stdin)
       lede labels count
One label per line: {"url", "isNews", "source", "note", "createdAt"}. Importing the same file twice adds nothing.
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
      const text = readFileSync(file === "-" ? 0 : file!, "utf8");
      const r = await importLabelsJsonl(db, text, (label) => applyImportedLabel(db, label));
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

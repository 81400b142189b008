import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client.ts";
import { importLabelsJsonl } from "@/lib/db/labels.ts";
import { applyImportedLabel } from "@/lib/pipeline/apply-label.ts";
import { handle } from "@/lib/api/respond.ts";
import { readMutation, redirectTo } from "@/lib/api/mutation.ts";

export const dynamic = "force-dynamic";

/** bytes of JSONL accepted per import: ~100k labels. */
const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

class ImportTooLargeError extends Error {
  readonly key = "invalid_input";
}

/** Import labels from JSONL (admin): multipart "file", or JSON {jsonl: "..."}. */
export const POST = handle(async (req: Request) => {
  const { input, form } = await readMutation(req);
  const file = input.file;
  if (file instanceof Blob && file.size > MAX_IMPORT_BYTES) throw new ImportTooLargeError(`label files are limited to ${MAX_IMPORT_BYTES} bytes`);
  const jsonl = file instanceof Blob ? await file.text() : typeof input.jsonl === "string" ? input.jsonl : "";
  const db = await getDb();
  const result = await importLabelsJsonl(db, jsonl, (label) => applyImportedLabel(db, label));
  if (form) return redirectTo(req, `/review?imported=${result.imported}&duplicates=${result.duplicates}&invalid=${result.invalid.length}`);
  return NextResponse.json(result);
});

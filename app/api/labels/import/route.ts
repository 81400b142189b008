import { createReadStream, createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client.ts";
import { importLabelLines, type ImportResult } from "@/lib/db/labels.ts";
import { applyImportedLabel } from "@/lib/pipeline/apply-label.ts";
import { handle } from "@/lib/api/respond.ts";
import { bodyLimits, checkDeclaredLength, formatBytes, limitedChunks, type LimitOptions } from "@/lib/api/body.ts";
import { splitLines } from "@/lib/api/lines.ts";
import { MultipartError, streamMultipart } from "@/lib/api/multipart.ts";
import { readBody, redirectTo } from "@/lib/api/mutation.ts";
import { CSRF_FIELD } from "@/lib/auth/csrf.ts";
import { requireAdminSession, requireCsrfToken } from "@/lib/auth/guard.ts";

export const dynamic = "force-dynamic";

/** bytes of one JSONL line: a label is a URL, a decision, a note and a time, well under 64 KiB. */
const MAX_LINE_BYTES = 64 * 1024;
const STREAMED: LimitOptions = {
  limitBytes: bodyLimits.labelsStreamBytes, what: "label imports",
  hint: "nothing was imported; split the file and import the parts",
};
const JSON_BODY: LimitOptions = {
  limitBytes: bodyLimits.labelsJsonBytes, what: "JSON label imports",
  hint: `send larger imports as JSONL (a file upload, or Content-Type: application/x-ndjson, up to ${formatBytes(bodyLimits.labelsStreamBytes)})`,
};
/** A temporary file for one upload (at most the streamed limit), removed when the import ends. */
function newSpool(): { file: string; remove: () => void } {
  let dir: string | null = null;
  return {
    get file() { dir ??= mkdtempSync(join(tmpdir(), "lede-import-")); return join(dir, "labels.jsonl"); },
    remove: () => { if (dir) rmSync(dir, { recursive: true, force: true }); },
  };
}

const JSONL_TYPES = ["application/x-ndjson", "application/jsonl", "application/x-jsonlines", "text/plain"];

/**
 * Import labels (admin), streamed: a multipart upload ("file", after the form's _csrf field), a
 * JSONL body (application/x-ndjson), or JSON {jsonl: "..."} for small imports. Every body is
 * byte-limited while it is read and spooled to a temporary file first (Node's request timeout
 * counts until the body is received, and inserting can take longer than receiving); then lines are
 * stored in batches with a yield to the event loop between them, so a large import neither blocks
 * the server nor fills its heap.
 */
export const POST = handle(async (req: Request) => {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const streamed = type === "multipart/form-data" || JSONL_TYPES.includes(type);
  checkDeclaredLength(req, streamed ? STREAMED : JSON_BODY);
  const admin = await requireAdminSession(req);
  const db = await getDb();
  let result: ImportResult | null;
  const spool = newSpool();
  const apply = (label: { pageId: number | null; isNews: boolean }) => applyImportedLabel(db, label);
  const importSpooled = () => importLabelLines(db, splitLines(createReadStream(spool.file), MAX_LINE_BYTES), apply);
  if (type === "multipart/form-data") {
    let csrfChecked = false;
    result = await streamMultipart(req, STREAMED, {
      field(name, value) {
        if (name === CSRF_FIELD) { requireCsrfToken(req, admin, value); csrfChecked = true; }
      },
      async file(_name, stream) {
        if (!csrfChecked) requireCsrfToken(req, admin, null); // the header token, else refused
        await pipeline(stream, createWriteStream(spool.file));
        return true;
      },
    }).then(async (got) => (got ? importSpooled() : null)).finally(spool.remove);
    if (!result) throw new MultipartError("the form has no file: choose a JSONL file of labels");
    return redirectTo(req, `/review?imported=${result.imported}&duplicates=${result.duplicates}&invalid=${result.invalidCount}`);
  }
  if (streamed) {
    requireCsrfToken(req, admin);
    try {
      await pipeline(Readable.from(limitedChunks(req, STREAMED)), createWriteStream(spool.file));
      result = await importSpooled();
    } finally {
      spool.remove();
    }
    return NextResponse.json(result);
  }
  const { input } = await readBody(req, JSON_BODY);
  requireCsrfToken(req, admin, typeof input[CSRF_FIELD] === "string" ? input[CSRF_FIELD] : null);
  if (typeof input.jsonl !== "string") throw new MultipartError('send {"jsonl": "<one label per line>"}, a JSONL body, or a file upload');
  const jsonl = input.jsonl;
  result = await importLabelLines(db, (function* () { for (const text of jsonl.split(/\r?\n/)) yield { text }; })(), apply);
  return NextResponse.json(result);
});


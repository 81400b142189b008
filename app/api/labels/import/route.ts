import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client.ts";
import { importLabelLines, type ImportResult } from "@/lib/db/labels.ts";
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
  hint: "split the file; lines before the limit were imported, and importing them again skips them as duplicates",
};
const JSON_BODY: LimitOptions = {
  limitBytes: bodyLimits.labelsJsonBytes, what: "JSON label imports",
  hint: `send larger imports as JSONL (a file upload, or Content-Type: application/x-ndjson, up to ${formatBytes(bodyLimits.labelsStreamBytes)})`,
};
const JSONL_TYPES = ["application/x-ndjson", "application/jsonl", "application/x-jsonlines", "text/plain"];

/**
 * Import labels (admin), streamed: a multipart upload ("file", after the form's _csrf field), a
 * JSONL body (application/x-ndjson), or JSON {jsonl: "..."} for small imports. Every body is
 * byte-limited while it is read; lines are stored in batches with a yield to the event loop
 * between them, so a large import neither blocks the server nor fills its heap.
 */
export const POST = handle(async (req: Request) => {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const streamed = type === "multipart/form-data" || JSONL_TYPES.includes(type);
  checkDeclaredLength(req, streamed ? STREAMED : JSON_BODY);
  const admin = await requireAdminSession(req);
  const db = await getDb();
  let result: ImportResult | null;
  if (type === "multipart/form-data") {
    let csrfChecked = false;
    result = await streamMultipart(req, STREAMED, {
      field(name, value) {
        if (name === CSRF_FIELD) { requireCsrfToken(req, admin, value); csrfChecked = true; }
      },
      async file(_name, stream) {
        if (!csrfChecked) requireCsrfToken(req, admin, null); // the header token, else refused
        return importLabelLines(db, splitLines(stream, MAX_LINE_BYTES));
      },
    });
    if (!result) throw new MultipartError("the form has no file: choose a JSONL file of labels");
    return redirectTo(req, `/review?imported=${result.imported}&duplicates=${result.duplicates}&invalid=${result.invalidCount}`);
  }
  if (streamed) {
    requireCsrfToken(req, admin);
    result = await importLabelLines(db, splitLines(limitedChunks(req, STREAMED), MAX_LINE_BYTES));
    return NextResponse.json(result);
  }
  const { input } = await readBody(req, JSON_BODY);
  requireCsrfToken(req, admin, typeof input[CSRF_FIELD] === "string" ? input[CSRF_FIELD] : null);
  if (typeof input.jsonl !== "string") throw new MultipartError('send {"jsonl": "<one label per line>"}, a JSONL body, or a file upload');
  const jsonl = input.jsonl;
  result = await importLabelLines(db, (function* () { for (const text of jsonl.split(/\r?\n/)) yield { text }; })());
  return NextResponse.json(result);
});


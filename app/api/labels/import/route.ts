import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client.ts";
import { importLabelLines, type ImportResult } from "@/lib/db/labels.ts";
import { applyImportedLabel } from "@/lib/pipeline/apply-label.ts";
import { handle } from "@/lib/api/respond.ts";
import { checkDeclaredLength, labelImportLimit, limitedChunks, mediaType, routeLimits, type LimitOptions } from "@/lib/api/body.ts";
import { MultipartError, streamMultipart } from "@/lib/api/multipart.ts";
import { readBody, redirectTo } from "@/lib/api/mutation.ts";
import { discardImportJob, newImportJob, startImportJob } from "@/lib/api/label-import-job.ts";
import { CSRF_FIELD } from "@/lib/auth/csrf.ts";
import { requireAdminSession, requireCsrfToken } from "@/lib/auth/guard.ts";

export const dynamic = "force-dynamic";

const STREAMED: LimitOptions = routeLimits.labelsStream;
const JSON_BODY: LimitOptions = routeLimits.labelsJson;


/**
 * Import labels (admin): a multipart upload ("file", after the form's _csrf field) or a JSONL body
 * (application/x-ndjson) is byte-limited while it is read, spooled to a job directory, and handed to
 * an importer process (lib/api/label-import-job.ts): the answer comes as soon as the file is
 * received — 202 with the job and its status URL, or for the form a redirect to the review page,
 * which shows the job advance. JSON {jsonl: "..."} (at most 1 MiB) is imported at once, in the answer.
 */
export const POST = handle(async (req: Request) => {
  const type = mediaType(req.headers.get("content-type"));
  const streamed = labelImportLimit(type) === STREAMED;
  checkDeclaredLength(req, streamed ? STREAMED : JSON_BODY);
  const admin = await requireAdminSession(req);
  if (streamed) {
    if (type !== "multipart/form-data") requireCsrfToken(req, admin); // a form carries its token in the body
    const job = newImportJob();
    try {
      if (type === "multipart/form-data") {
        let csrfChecked = false;
        const got = await streamMultipart(req, STREAMED, {
          field(name, value) {
            if (name === CSRF_FIELD) { requireCsrfToken(req, admin, value); csrfChecked = true; }
          },
          async file(_name, stream) {
            if (!csrfChecked) requireCsrfToken(req, admin, null); // the header token, else refused
            await pipeline(stream, createWriteStream(job.file));
            return true;
          },
        });
        if (!got) throw new MultipartError("the form has no file: choose a JSONL file of labels");
      } else {
        await pipeline(Readable.from(limitedChunks(req, STREAMED)), createWriteStream(job.file));
      }
    } catch (err) {
      discardImportJob(job);
      throw err;
    }
    const status = startImportJob(job);
    if (type === "multipart/form-data") return redirectTo(req, `/review?import=${job.id}`);
    return NextResponse.json({ job: job.id, state: status.state, bytes: status.bytes, status: `/api/labels/import/${job.id}` }, { status: 202 });
  }
  const db = await getDb();
  const { input } = await readBody(req, JSON_BODY);
  requireCsrfToken(req, admin, typeof input[CSRF_FIELD] === "string" ? input[CSRF_FIELD] : null);
  if (typeof input.jsonl !== "string") throw new MultipartError('send {"jsonl": "<one label per line>"}, a JSONL body, or a file upload');
  const jsonl = input.jsonl;
  const result: ImportResult = await importLabelLines(db, (function* () { for (const text of jsonl.split(/\r?\n/)) yield { text }; })(), (label) => applyImportedLabel(db, label));
  return NextResponse.json(result);
});

// multipart/form-data read as a stream (busboy): fields arrive as strings in order, the one file
// as a stream for the caller to consume; the whole body is byte-limited while it is read.
import busboy from "busboy";
import type { Readable } from "node:stream";
import { limitedStream, type LimitOptions } from "./body.ts";

/** Non-file fields kept per form, and characters per field: a form of ours has two or three short ones. */
const MAX_FIELDS = 20;
const MAX_FIELD_CHARS = 4096;

export class MultipartError extends Error {
  readonly key = "invalid_input";
}

export interface MultipartHandlers<T> {
  /** a text field, in the order the form sent it; throw to refuse the upload */
  field(name: string, value: string): void;
  /** the first file part; its promise is the upload's result */
  file(name: string, stream: Readable): Promise<T>;
}

export function streamMultipart<T>(req: Request, limit: LimitOptions, handlers: MultipartHandlers<T>): Promise<T | null> {
  const type = req.headers.get("content-type") ?? "";
  return new Promise<T | null>((resolve, reject) => {
    let settled = false;
    let fileStream: Readable | null = null;
    let result: Promise<T> | null = null;
    const src = limitedStream(req, limit);
    let bb: busboy.Busboy;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      src.unpipe();
      src.destroy();
      fileStream?.destroy(err instanceof Error ? err : new Error(String(err)));
      reject(err);
    };
    try {
      bb = busboy({ headers: { "content-type": type }, limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_CHARS } });
    } catch (err) {
      reject(new MultipartError(`not a multipart form we can read (${(err as Error).message})`));
      return;
    }
    bb.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(new MultipartError(`form field ${name} is longer than ${MAX_FIELD_CHARS} characters`));
      try { handlers.field(name, value); } catch (err) { fail(err); }
    });
    bb.on("file", (name, stream) => {
      if (result || settled) { stream.resume(); return; }
      fileStream = stream;
      try {
        result = handlers.file(name, stream);
        result.catch(fail);
      } catch (err) {
        fail(err);
      }
    });
    bb.on("error", (err) => fail(new MultipartError(`not a multipart form we can read (${(err as Error).message})`)));
    bb.on("close", () => {
      if (settled) return;
      if (!result) { settled = true; resolve(null); return; }
      result.then((v) => { if (!settled) { settled = true; resolve(v); } }, fail);
    });
    src.on("error", fail);
    src.pipe(bb);
  });
}

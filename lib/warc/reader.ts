// Streaming WARC reader: gzip per record (multi-member .warc.gz) or plain .warc, one record in memory at a time.
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import type { Readable } from "node:stream";
import type { WarcRecord } from "./record.ts";

/** Record blocks larger than this are skipped, not buffered (videos, ISO images): news pages are far smaller. */
export const MAX_RECORD_BLOCK_BYTES = 32 * 1024 * 1024;

export class WarcFormatError extends Error {
  readonly key = "warc_malformed";
}

/** Bytes of a file, gunzipped when it starts with the gzip magic number. */
async function openWarc(path: string): Promise<Readable> {
  const head = await new Promise<Buffer>((resolve, reject) => {
    const s = createReadStream(path, { start: 0, end: 1 });
    const parts: Buffer[] = [];
    s.on("data", (c) => parts.push(c as Buffer));
    s.on("end", () => resolve(Buffer.concat(parts)));
    s.on("error", reject);
  });
  const file = createReadStream(path, { highWaterMark: 256 * 1024 });
  return head[0] === 0x1f && head[1] === 0x8b ? file.pipe(createGunzip()) : file;
}

/**
 * Every record of a WARC file, in order. Options: `types` keeps only those WARC-Types (the others
 * are skipped without buffering their blocks).
 */
export async function* readWarc(path: string, opts: { types?: string[] } = {}): AsyncGenerator<WarcRecord> {
  const stream = await openWarc(path);
  let buf: Buffer = Buffer.alloc(0);
  let skip = 0; // bytes of a block still to discard
  const wanted = opts.types ? new Set(opts.types.map((t) => t.toLowerCase())) : null;
  let pending: { version: string; headers: Record<string, string>; length: number } | null = null;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      if (skip > 0) {
        const n = Math.min(skip, buf.length);
        buf = buf.subarray(n);
        skip -= n;
        if (skip > 0) break;
      }
      if (!pending) {
        // skip blank lines between records
        let start = 0;
        while (start < buf.length && (buf[start] === 0x0d || buf[start] === 0x0a)) start++;
        buf = buf.subarray(start);
        const end = buf.indexOf("\r\n\r\n");
        if (end < 0) {
          if (buf.length > 1024 * 1024) throw new WarcFormatError("WARC header block longer than 1 MiB");
          break;
        }
        const lines = buf.subarray(0, end).toString("utf8").split("\r\n");
        const v = /^WARC\/(\d+\.\d+)$/.exec(lines[0].trim());
        if (!v) throw new WarcFormatError(`expected a WARC version line, got ${JSON.stringify(lines[0].slice(0, 40))}`);
        const headers: Record<string, string> = {};
        for (const line of lines.slice(1)) {
          const i = line.indexOf(":");
          if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
        }
        const length = Number(headers["content-length"]);
        if (!Number.isInteger(length) || length < 0) throw new WarcFormatError("WARC record without a valid Content-Length");
        buf = buf.subarray(end + 4);
        const type = (headers["warc-type"] ?? "").toLowerCase();
        if ((wanted && !wanted.has(type)) || length > MAX_RECORD_BLOCK_BYTES) {
          skip = length;
          continue;
        }
        pending = { version: v[1], headers, length };
      }
      if (buf.length < pending.length) break;
      const block = Buffer.from(buf.subarray(0, pending.length));
      buf = buf.subarray(pending.length);
      const h = pending.headers;
      const date = h["warc-date"] ? new Date(h["warc-date"]) : null;
      yield {
        version: pending.version,
        type: (h["warc-type"] ?? "").toLowerCase(),
        headers: h,
        targetUri: h["warc-target-uri"]?.replace(/^<|>$/g, "") ?? null,
        date: date && !Number.isNaN(date.getTime()) ? date : null,
        block,
      };
      pending = null;
    }
  }
  if (pending) throw new WarcFormatError("WARC file ends inside a record");
}

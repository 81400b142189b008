// Streaming WARC writer: each record is its own gzip member (the .warc.gz convention), so readers
// can seek to any record; back-pressure is respected.
import { createWriteStream, type WriteStream } from "node:fs";
import { gzipSync } from "node:zlib";
import { once } from "node:events";
import { buildHttpResponse, newRecordId, serializeRecord, warcDate, warcDigest } from "./record.ts";

export type WarcVersion = "1.0" | "1.1";

export interface ResponseInput {
  url: string;
  date: Date;
  status: number;
  contentType: string | null;
  /** decoded payload (the stored body). */
  body: Buffer;
}

export class WarcWriter {
  private readonly out: WriteStream;
  private readonly version: WarcVersion;
  private readonly gzip: boolean;
  private warcinfoId: string | null = null;
  records = 0;

  constructor(path: string, opts: { version?: WarcVersion; gzip?: boolean } = {}) {
    this.out = createWriteStream(path);
    this.version = opts.version ?? "1.1";
    this.gzip = opts.gzip ?? path.endsWith(".gz");
  }

  private async write(record: Buffer): Promise<void> {
    if (!this.out.write(this.gzip ? gzipSync(record) : record)) await once(this.out, "drain");
    this.records++;
  }

  /** A warcinfo record describing the file (first record). */
  async writeWarcinfo(fields: Record<string, string>): Promise<void> {
    this.warcinfoId = newRecordId();
    const block = Buffer.from(Object.entries(fields).map(([k, v]) => `${k}: ${v}\r\n`).join(""), "utf8");
    await this.write(serializeRecord(this.version, [
      ["WARC-Type", "warcinfo"], ["WARC-Date", warcDate(new Date(), this.version)], ["WARC-Record-ID", this.warcinfoId],
      ["Content-Type", "application/warc-fields"],
    ], block));
  }

  /** A response record whose block is an HTTP/1.1 message rebuilt from status, content type and body. */
  async writeResponse(r: ResponseInput): Promise<void> {
    const block = buildHttpResponse(r.status, r.contentType, r.body);
    const fields: [string, string][] = [
      ["WARC-Type", "response"], ["WARC-Date", warcDate(r.date, this.version)], ["WARC-Record-ID", newRecordId()],
      ["WARC-Target-URI", r.url], ["Content-Type", "application/http; msgtype=response"],
      ["WARC-Block-Digest", warcDigest(block)], ["WARC-Payload-Digest", warcDigest(r.body)],
    ];
    if (this.warcinfoId) fields.push(["WARC-Warcinfo-ID", this.warcinfoId]);
    await this.write(serializeRecord(this.version, fields, block));
  }

  async close(): Promise<void> {
    this.out.end();
    await once(this.out, "finish");
  }
}

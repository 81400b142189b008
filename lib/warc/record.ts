// WARC 1.0 / 1.1 records (ISO 28500): the header block, and the HTTP message inside response records.
import { createHash, randomUUID } from "node:crypto";
import { gunzipSync, inflateSync, inflateRawSync, brotliDecompressSync } from "node:zlib";

export interface WarcRecord {
  /** "1.0" or "1.1". */
  version: string;
  /** WARC-Type: warcinfo, response, request, metadata, resource, revisit, ... */
  type: string;
  /** header fields by lower-case name (WARC-Target-URI → "warc-target-uri"). */
  headers: Record<string, string>;
  targetUri: string | null;
  date: Date | null;
  /** the record block (for response records: the HTTP status line, headers and payload). */
  block: Buffer;
}

export interface HttpMessage {
  status: number;
  headers: Record<string, string>;
  /** payload with transfer- and content-encoding removed. */
  body: Buffer;
}

/** Parse the HTTP response inside a response record's block; null when it is not one. */
export function parseHttpResponse(block: Buffer): HttpMessage | null {
  const end = block.indexOf("\r\n\r\n");
  const sep = end >= 0 ? 4 : 2;
  const headEnd = end >= 0 ? end : block.indexOf("\n\n");
  if (headEnd < 0) return null;
  const lines = block.subarray(0, headEnd).toString("latin1").split(/\r?\n/);
  const m = /^HTTP\/\d(?:\.\d)?\s+(\d{3})/.exec(lines[0] ?? "");
  if (!m) return null;
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const k = line.slice(0, i).trim().toLowerCase();
    const v = line.slice(i + 1).trim();
    headers[k] = headers[k] ? `${headers[k]}, ${v}` : v;
  }
  let body = block.subarray(headEnd + sep);
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) body = dechunk(body);
  body = decodeContent(body, headers["content-encoding"]);
  return { status: Number(m[1]), headers, body };
}

/** Remove chunked transfer coding; a malformed stream keeps what was read. */
function dechunk(buf: Buffer): Buffer {
  const parts: Buffer[] = [];
  let i = 0;
  while (i < buf.length) {
    const eol = buf.indexOf("\r\n", i);
    if (eol < 0) break;
    const size = parseInt(buf.subarray(i, eol).toString("latin1").split(";")[0].trim(), 16);
    if (!Number.isFinite(size)) return buf; // not chunked after all (archives often store it de-chunked)
    if (size === 0) break;
    parts.push(buf.subarray(eol + 2, eol + 2 + size));
    i = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Undo Content-Encoding when the archive kept it; bodies that fail to decode are returned as they are. */
function decodeContent(body: Buffer, encoding: string | undefined): Buffer {
  const e = (encoding ?? "").trim().toLowerCase();
  try {
    if (e === "gzip" || e === "x-gzip") return gunzipSync(body);
    if (e === "deflate") return (body[0] & 0x0f) === 8 ? inflateSync(body) : inflateRawSync(body);
    if (e === "br") return brotliDecompressSync(body);
  } catch {
    /* many archives store the decoded payload but keep the header */
  }
  return body;
}

const STATUS_TEXT: Record<number, string> = { 200: "OK", 203: "Non-Authoritative Information", 301: "Moved Permanently", 302: "Found", 304: "Not Modified", 404: "Not Found", 410: "Gone", 500: "Internal Server Error" };

/** An HTTP/1.1 response message for a stored page (headers reconstructed from status and content type). */
export function buildHttpResponse(status: number, contentType: string | null, body: Buffer, extra: Record<string, string> = {}): Buffer {
  const lines = [`HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? "Unknown"}`];
  if (contentType) lines.push(`Content-Type: ${contentType}`);
  lines.push(`Content-Length: ${body.length}`);
  for (const [k, v] of Object.entries(extra)) lines.push(`${k}: ${v}`);
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), body]);
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** "sha1:<base32>" digest, the form WARC files use. */
export function warcDigest(data: Buffer): string {
  const bytes = createHash("sha1").update(data).digest();
  let bits = 0, value = 0, out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) { out += BASE32[(value >>> (bits - 5)) & 31]; bits -= 5; }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return `sha1:${out}`;
}

/** Serialise one record: version line, header fields, blank line, block, two CRLFs. */
export function serializeRecord(version: string, fields: [string, string][], block: Buffer): Buffer {
  const all: [string, string][] = [...fields.filter(([k]) => k.toLowerCase() !== "content-length"), ["Content-Length", String(block.length)]];
  const head = `WARC/${version}\r\n${all.map(([k, v]) => `${k}: ${v}`).join("\r\n")}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, "utf8"), block, Buffer.from("\r\n\r\n")]);
}

export function newRecordId(): string {
  return `<urn:uuid:${randomUUID()}>`;
}

/** WARC-Date: second precision for 1.0, millisecond precision allowed by 1.1. */
export function warcDate(d: Date, version: string): string {
  const iso = d.toISOString();
  return version === "1.1" ? iso : `${iso.slice(0, 19)}Z`;
}

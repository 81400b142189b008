// Sitemaps are often served as .xml.gz with Content-Type application/x-gzip (no Content-Encoding),
// so the fetcher hands us the compressed bytes. Inflate them here, with the same byte cap.
import { gunzipSync } from "node:zlib";

const GZIP_MAGIC = [0x1f, 0x8b] as const;

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

export type GunzipResult = { ok: true; body: Buffer } | { ok: false; reason: "body_too_large" | "gzip_corrupt" };

/** The body, inflated when it is gzip; a body that inflates past `maxBytes` is refused (gzip bomb). */
export function gunzipIfNeeded(bytes: Buffer, maxBytes: number): GunzipResult {
  if (!isGzip(bytes)) return { ok: true, body: bytes };
  try {
    return { ok: true, body: gunzipSync(bytes, { maxOutputLength: maxBytes }) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === "ERR_BUFFER_TOO_LARGE" ? "body_too_large" : "gzip_corrupt" };
  }
}

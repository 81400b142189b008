// Is a response (or a URL) worth treating as an HTML page? By URL suffix, by Content-Type, and by
// sniffing the first bytes: a PDF served as text/html is still a PDF.

/** Path suffixes that are never HTML pages (feeds and sitemaps, .xml/.rss/.gz, are NOT listed: discovery fetches them). */
const BINARY_SUFFIXES = new Set([
  "pdf", "jpg", "jpeg", "png", "gif", "webp", "avif", "svg", "ico", "bmp", "tif", "tiff", "heic", "psd",
  "mp3", "mp4", "m4a", "m4v", "aac", "avi", "mov", "wmv", "flv", "webm", "ogg", "ogv", "oga", "opus", "wav", "flac", "mkv", "mpg", "mpeg", "3gp",
  "zip", "tgz", "bz2", "xz", "7z", "rar", "tar", "exe", "dmg", "msi", "apk", "iso", "bin", "deb", "rpm", "jar",
  "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "rtf", "epub", "mobi",
  "css", "js", "mjs", "map", "woff", "woff2", "ttf", "otf", "eot", "swf", "torrent", "csv", "ics", "vcf",
]);

/** True when the URL's path ends in a suffix of a non-HTML file (checked before fetching). */
export function isLikelyBinaryUrl(url: string): boolean {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return false;
  }
  const m = /\.([a-z0-9]{1,8})$/i.exec(path);
  return !!m && BINARY_SUFFIXES.has(m[1].toLowerCase());
}

/** Media type of a Content-Type value, lower-case, without parameters ("" when absent). */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/** "html": declared HTML; "maybe": says nothing useful (absent, octet-stream, text/plain), sniff it; "no": something else. */
export function classifyContentType(contentType: string | null | undefined): "html" | "maybe" | "no" {
  const t = mediaType(contentType);
  if (t === "text/html" || t === "application/xhtml+xml") return "html";
  if (t === "" || t === "application/octet-stream" || t === "text/plain" || t === "binary/octet-stream" || t === "application/unknown") return "maybe";
  return "no";
}

/** File signatures (magic numbers) of common non-HTML formats. */
const SIGNATURES: { kind: string; bytes: number[]; at?: number }[] = [
  { kind: "pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { kind: "zip", bytes: [0x50, 0x4b, 0x03, 0x04] }, // also docx, xlsx, epub, jar
  { kind: "png", bytes: [0x89, 0x50, 0x4e, 0x47] },
  { kind: "gif", bytes: [0x47, 0x49, 0x46, 0x38] },
  { kind: "jpeg", bytes: [0xff, 0xd8, 0xff] },
  { kind: "riff", bytes: [0x52, 0x49, 0x46, 0x46] }, // webp, wav, avi
  { kind: "mp4", bytes: [0x66, 0x74, 0x79, 0x70], at: 4 }, // ....ftyp
  { kind: "gzip", bytes: [0x1f, 0x8b] },
  { kind: "ogg", bytes: [0x4f, 0x67, 0x67, 0x53] },
  { kind: "mp3", bytes: [0x49, 0x44, 0x33] }, // ID3
  { kind: "ole", bytes: [0xd0, 0xcf, 0x11, 0xe0] }, // doc, xls, ppt
  { kind: "7z", bytes: [0x37, 0x7a, 0xbc, 0xaf] },
  { kind: "rar", bytes: [0x52, 0x61, 0x72, 0x21] },
  { kind: "elf", bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { kind: "wasm", bytes: [0x00, 0x61, 0x73, 0x6d] },
  { kind: "postscript", bytes: [0x25, 0x21, 0x50, 0x53] },
  { kind: "webm", bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  { kind: "bzip2", bytes: [0x42, 0x5a, 0x68] },
  { kind: "xz", bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a] },
];

/** Bytes examined when sniffing (the HTML standard's MIME sniffing reads 1445; 512 finds every signature above). */
export const SNIFF_BYTES = 512;
/** Share of control bytes (other than tab/CR/LF/FF/ESC) in the sniffed prefix above which the body is binary. */
const MAX_CONTROL_SHARE = 0.1;

/** Kind of binary file the first bytes belong to, or null when they look like text. UTF-16 with a BOM is text. */
export function sniffBinary(head: Uint8Array): string | null {
  const b = head.subarray(0, SNIFF_BYTES);
  if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff)) return null;
  for (const s of SIGNATURES) {
    const at = s.at ?? 0;
    if (b.length >= at + s.bytes.length && s.bytes.every((x, i) => b[at + i] === x)) return s.kind;
  }
  let control = 0;
  for (const x of b) if (x < 0x20 && x !== 9 && x !== 10 && x !== 13 && x !== 12 && x !== 0x1b) control++;
  return b.length && control / b.length > MAX_CONTROL_SHARE ? "binary" : null;
}

/** Does text-like content look like an HTML document (for responses whose type says nothing)? */
export function looksLikeHtml(head: Uint8Array): boolean {
  const s = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 2048)).toString("latin1").toLowerCase();
  return /<(!doctype\s+html|html|head|body|meta|title|div|p|a\s|script|article)\b/.test(s);
}

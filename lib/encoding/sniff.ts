// Byte-level charset evidence that needs no guessing: the HTTP header, a byte-order mark,
// a <meta> declaration or an XML declaration near the start of the document.
import { canonicalCharset } from "./labels.ts";

/** Bytes of the document searched for <meta charset>: the HTML standard's prescan limit. */
export const META_PRESCAN_BYTES = 1024;

/** charset parameter of a Content-Type header value, as given (not canonicalised). */
export function charsetFromContentType(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const m = /;\s*charset\s*=\s*("([^"]*)"|'([^']*)'|[^\s;,]+)/i.exec(contentType);
  if (!m) return null;
  const v = (m[2] ?? m[3] ?? m[1]).trim();
  return v || null;
}

/** Charset named by a byte-order mark, with the BOM's length. */
export function sniffBom(bytes: Uint8Array): { charset: string; length: number } | null {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { charset: "utf-8", length: 3 };
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { charset: "utf-16le", length: 2 };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { charset: "utf-16be", length: 2 };
  return null;
}

const META_TAG = /<meta\b([^>]*)>/gi;
const ATTR = /([a-z-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const XML_DECL = /^\s*<\?xml\b[^>]*?\bencoding\s*=\s*["']([^"']+)["']/i;
const COMMENT = /<!--[\s\S]*?(-->|$)/g;

/**
 * Charset declared in the first 1024 bytes: <meta charset>, <meta http-equiv=Content-Type content=...>
 * or an XML declaration. A declared UTF-16 means UTF-8 here (the bytes were readable as ASCII, so
 * the page cannot be UTF-16), as in the HTML standard's prescan.
 */
export function sniffDeclaredCharset(bytes: Uint8Array): { charset: string; source: "meta" | "xml" } | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, META_PRESCAN_BYTES)).toString("latin1");
  const xml = XML_DECL.exec(head);
  if (xml) {
    const c = canonicalCharset(xml[1]);
    if (c) return { charset: fixUtf16(c), source: "xml" };
  }
  const html = head.replace(COMMENT, "");
  for (const tag of html.matchAll(META_TAG)) {
    const attrs = new Map<string, string>();
    for (const a of tag[1].matchAll(ATTR)) {
      const name = a[1].toLowerCase();
      if (!attrs.has(name)) attrs.set(name, a[3] ?? a[4] ?? a[5] ?? "");
    }
    let label: string | null = null;
    if (attrs.has("charset")) label = attrs.get("charset")!;
    else if ((attrs.get("http-equiv") ?? "").toLowerCase() === "content-type") label = charsetFromContentType(attrs.get("content") ?? "");
    const c = canonicalCharset(label);
    if (c) return { charset: fixUtf16(c), source: "meta" };
  }
  return null;
}

function fixUtf16(c: string): string {
  return c.startsWith("utf-16") ? "utf-8" : c;
}

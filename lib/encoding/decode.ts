// decodeHtml: bytes of an HTML (or XML) document → text, with the charset used and where it came from.
import { canonicalCharset, decodeWith } from "./labels.ts";
import { charsetFromContentType, sniffBom, sniffDeclaredCharset } from "./sniff.ts";
import { detectCharset, evidenceSample, isAscii, isValidUtf8, strictUtf8 } from "./detect.ts";
import { scorePlausibility } from "./plausibility.ts";

export type CharsetSource = "header" | "bom" | "meta" | "xml" | "detector" | "default";

export interface DecodedHtml { text: string; charset: string; source: CharsetSource; }

/** Share of replacement characters among non-ASCII chars above which a declared charset is wrong. */
const MAX_REPLACEMENT_SHARE = 0.02;
/**
 * Plausibility penalty per non-ASCII char above which a declared single-byte charset is doubted
 * (real text scores ≈ 0.01; text decoded with a sibling code page ≈ 0.1, with an unrelated one 1–10).
 */
const DOUBTFUL_PENALTY_RATE = 0.05;
/** A doubted declaration loses only to a detection at least this many times more plausible. */
const DOUBT_MARGIN = 4;

/** Share of zero bytes (first 4 KiB) below which a UTF-16 declaration is not believed. */
const MIN_UTF16_ZERO_SHARE = 0.2;

function zeroShare(bytes: Uint8Array): number {
  const n = Math.min(bytes.length, 4096);
  let zeros = 0;
  for (let i = 0; i < n; i++) if (bytes[i] === 0) zeros++;
  return n ? zeros / n : 0;
}

const MULTIBYTE = new Set(["gbk", "gb18030", "big5", "shift_jis", "euc-jp", "euc-kr"]);

/**
 * Decode an HTML document. Evidence, strongest first:
 * 1. a byte-order mark (browsers let it override everything, and it cannot be there by accident);
 * 2. the Content-Type header's charset;
 * 3. <meta charset> / <meta http-equiv> in the first 1024 bytes, or an XML declaration;
 * 4. the detector (chardet + language hint + try-decode validation);
 * 5. nothing non-ASCII at all: "default" (utf-8; every ASCII-compatible charset reads it the same).
 * A declaration from 2 or 3 is checked against the bytes and skipped when it is clearly wrong:
 * declared UTF-8 that is not UTF-8, a legacy charset for bytes that are valid UTF-8, a multi-byte
 * charset that yields replacement characters, or a single-byte charset whose text looks garbled
 * while the detector finds a far more plausible one.
 */
export function decodeHtml(bytes: Uint8Array, contentType?: string | null): DecodedHtml {
  const bom = sniffBom(bytes);
  if (bom) return { text: decodeWith(bytes.subarray(bom.length), bom.charset), charset: bom.charset, source: "bom" };

  const declared: { charset: string; source: CharsetSource }[] = [];
  const header = canonicalCharset(charsetFromContentType(contentType));
  if (header) declared.push({ charset: header, source: "header" });
  const inDoc = sniffDeclaredCharset(bytes);
  if (inDoc && inDoc.charset !== header) declared.push(inDoc);

  // The common case, first: declared UTF-8 (header, else the document) on bytes that are valid UTF-8 read
  // as such, decoded once by the native strict decoder, as the loop below would (ASCII or valid UTF-8
  // under a UTF-8 declaration is accepted as it stands) without its byte scans and second decode.
  if (declared[0]?.charset === "utf-8") {
    const text = strictUtf8(bytes);
    if (text !== null) return { text, charset: "utf-8", source: declared[0].source };
  }

  const ascii = isAscii(bytes);
  const rejected: string[] = [];
  for (const d of declared) {
    if (ascii && !d.charset.startsWith("utf-16")) return { text: decodeWith(bytes, d.charset), charset: d.charset, source: d.source };
    const verdict = checkDeclared(bytes, d.charset);
    if (verdict.ok) return { text: verdict.text, charset: d.charset, source: d.source };
    rejected.push(d.charset);
  }
  if (ascii) return { text: decodeWith(bytes, "utf-8"), charset: "utf-8", source: "default" };
  const guess = detectCharset(bytes, { exclude: rejected });
  return { text: decodeWith(bytes, guess.charset), charset: guess.charset, source: "detector" };
}

/** Is a declared charset consistent with the bytes? Returns the decoded text when it is. */
function checkDeclared(bytes: Uint8Array, charset: string): { ok: true; text: string } | { ok: false } {
  if (charset === "utf-8") {
    if (isValidUtf8(bytes)) return { ok: true, text: decodeWith(bytes, charset) };
    const text = decodeWith(bytes, charset);
    const p = scorePlausibility(text);
    return p.replacements / Math.max(1, p.nonAscii) > MAX_REPLACEMENT_SHARE ? { ok: false } : { ok: true, text };
  }
  // HTML in UTF-16 is mostly ASCII markup, so every other byte is zero; without zeros the label is wrong.
  if (charset.startsWith("utf-16")) return zeroShare(bytes) >= MIN_UTF16_ZERO_SHARE ? { ok: true, text: decodeWith(bytes, charset) } : { ok: false };
  // A legacy declaration on bytes that are valid UTF-8 (with multi-byte sequences): the page was
  // converted to UTF-8 and the declaration left behind.
  if (isValidUtf8(bytes)) return { ok: false };
  const text = decodeWith(bytes, charset);
  const sample = evidenceSample(bytes);
  const p = scorePlausibility(decodeWith(sample, charset));
  if (MULTIBYTE.has(charset)) return p.replacements / Math.max(1, p.nonAscii) > MAX_REPLACEMENT_SHARE ? { ok: false } : { ok: true, text };
  if (p.rate <= DOUBTFUL_PENALTY_RATE) return { ok: true, text };
  const alt = detectCharset(bytes, { exclude: [charset] });
  const altRate = scorePlausibility(decodeWith(sample, alt.charset)).rate;
  return altRate * DOUBT_MARGIN < p.rate ? { ok: false } : { ok: true, text };
}

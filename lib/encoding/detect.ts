// Charset detection for bytes that carry no usable declaration.
// 1. pure ASCII needs no detection; valid UTF-8 with multi-byte sequences is UTF-8;
// 2. chardet proposes candidates with confidences;
// 3. the page's own language (<html lang>, Content-Language meta) adds the legacy charsets of that
//    language and sibling charsets that chardet confuses (iso-8859-2 ↔ windows-1250, windows-1252 ↔ iso-8859-15,
//    windows-1251 ↔ koi8-r, shift_jis ↔ euc-jp, gbk ↔ big5);
// 4. every candidate is decoded and scored for plausibility; the best combined score wins.
import chardet from "chardet";
import { canonicalCharset, decodeWith } from "./labels.ts";
import { scorePlausibility } from "./plausibility.ts";
import { dict } from "../dict.ts";

/** Bytes handed to chardet and used for try-decoding: enough text for stable statistics, bounded cost. */
export const DETECT_SAMPLE_BYTES = 64 * 1024;
/** Weight of one plausibility-penalty point per non-ASCII char against chardet's 0..1 confidence. */
const PENALTY_WEIGHT = 0.5;
/** Penalty rate of the best candidate above which every usual legacy charset is tried (real text ≈ 0.01). */
const BROAD_SEARCH_RATE = 0.15;
const BROAD_CANDIDATES = ["windows-1251", "koi8-r", "windows-1250", "iso-8859-2", "windows-1253", "windows-1254", "windows-1257", "gbk", "big5", "shift_jis", "euc-jp", "euc-kr"];
/** Confidence a sibling gives up against the charset chardet actually proposed: a tie-breaker only. */
const SIBLING_TIE = 1e-6;
/** Bonus for a candidate that is a usual legacy charset of the page's declared language. */
const LANG_BONUS = 0.35;

/** Prototype-free (lib/dict.ts): looked up by the page's lang attribute, which can say "constructor". */
const LANG_CHARSETS: Record<string, string[]> = dict({
  ru: ["windows-1251", "koi8-r", "iso-8859-5", "ibm866"],
  uk: ["windows-1251", "koi8-u", "koi8-r"],
  be: ["windows-1251"], bg: ["windows-1251"], sr: ["windows-1251", "windows-1250"], mk: ["windows-1251"],
  kk: ["windows-1251"], ky: ["windows-1251"], tg: ["windows-1251"], mn: ["windows-1251"],
  pl: ["iso-8859-2", "windows-1250"], cs: ["windows-1250", "iso-8859-2"], sk: ["windows-1250", "iso-8859-2"],
  hu: ["iso-8859-2", "windows-1250"], sl: ["windows-1250", "iso-8859-2"], hr: ["windows-1250", "iso-8859-2"],
  bs: ["windows-1250", "iso-8859-2"], ro: ["iso-8859-2", "windows-1250", "iso-8859-16"], sq: ["windows-1250", "iso-8859-2"],
  ja: ["shift_jis", "euc-jp"], ko: ["euc-kr"], zh: ["gbk", "gb18030", "big5"],
  el: ["windows-1253", "iso-8859-7"], tr: ["windows-1254"], he: ["windows-1255", "iso-8859-8"],
  ar: ["windows-1256", "iso-8859-6"], fa: ["windows-1256"], ur: ["windows-1256"], th: ["windows-874"], vi: ["windows-1258"],
  lt: ["windows-1257", "iso-8859-13"], lv: ["windows-1257", "iso-8859-13"], et: ["windows-1257", "iso-8859-15"],
});
const WESTERN = ["windows-1252", "iso-8859-15"];
const WESTERN_LANGS = new Set(["en", "de", "fr", "es", "it", "pt", "nl", "da", "sv", "no", "nb", "nn", "fi", "is", "ga", "ca", "eu", "gl", "af", "sw", "id", "ms", "lb", "rm", "fo", "oc", "br", "cy", "gd", "et"]);

/** Charsets chardet mixes up: when one is proposed, its siblings are tried as well. */
const SIBLINGS: Record<string, string[]> = dict({
  "windows-1252": ["iso-8859-15"],
  "iso-8859-15": ["windows-1252"],
  "iso-8859-2": ["windows-1250"],
  "windows-1250": ["iso-8859-2"],
  "windows-1251": ["koi8-r", "iso-8859-5", "ibm866"],
  "koi8-r": ["windows-1251"],
  "iso-8859-5": ["windows-1251"],
  "shift_jis": ["euc-jp"],
  "euc-jp": ["shift_jis"],
  gbk: ["big5", "gb18030"],
  gb18030: ["gbk", "big5"],
  big5: ["gbk"],
  "euc-kr": ["gbk"],
  "iso-8859-7": ["windows-1253"],
  "windows-1253": ["iso-8859-7"],
  "iso-8859-8": ["windows-1255"],
  "iso-8859-6": ["windows-1256"],
});

export interface Detection { charset: string; confidence: number; }

/** Primary language subtag from <html lang> / <meta http-equiv=content-language> in the first bytes. */
export function sniffLang(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096)).toString("latin1");
  const m = /<html\b[^>]*?\blang\s*=\s*["']?([a-zA-Z]{2,3})/i.exec(head)
    ?? /<meta\b[^>]*?http-equiv\s*=\s*["']?content-language["']?[^>]*?content\s*=\s*["']?([a-zA-Z]{2,3})/i.exec(head);
  return m ? m[1].toLowerCase() : null;
}

/** True when every byte is < 0x80 (ASCII-compatible charsets all decode it the same). */
export function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) return false;
  return true;
}

const utf8Fatal = new TextDecoder("utf-8", { fatal: true });

/** True when the bytes are valid UTF-8, tolerating one sequence cut off at the end (a capped body). */
export function isValidUtf8(bytes: Uint8Array): boolean {
  let end = bytes.length;
  // Back off over an incomplete trailing sequence (at most 3 continuation/lead bytes).
  for (let k = 1; k <= 3 && end - k >= 0; k++) {
    const b = bytes[end - k];
    if ((b & 0xc0) === 0x80) continue;
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      if (k < need) end -= k;
    }
    break;
  }
  try {
    utf8Fatal.decode(bytes.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/**
 * The bytes decoded as UTF-8 when they are valid UTF-8 throughout (no incomplete sequence at the end
 * either), else null: one native pass. No BOM here (decodeHtml strips one first), so the text is the
 * one decodeWith(bytes, "utf-8") gives.
 */
export function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8Fatal.decode(bytes);
  } catch {
    return null;
  }
}

/** UTF-16 without BOM: ASCII text in UTF-16 has a zero byte in every other position. */
function sniffUtf16(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length, 1024) & ~1;
  if (n < 16) return null;
  let evenZero = 0, oddZero = 0;
  for (let i = 0; i < n; i += 2) { if (bytes[i] === 0) evenZero++; if (bytes[i + 1] === 0) oddZero++; }
  const half = n / 2;
  if (oddZero > half * 0.6 && evenZero < half * 0.1) return "utf-16le";
  if (evenZero > half * 0.6 && oddZero < half * 0.1) return "utf-16be";
  return null;
}

/** Context kept on each side of a non-ASCII byte in the detection sample. */
const SAMPLE_CONTEXT_BYTES = 24;

/**
 * The parts of a document that carry charset evidence: runs around non-ASCII bytes, from the
 * whole document, up to maxBytes. HTML pages often hold 100+ KB of ASCII script before the first
 * accented letter, and the one byte that tells iso-8859-15 from windows-1252 may be near the end.
 * Runs start and end at a byte ≤ 0x3F, which is never the second byte of a Shift_JIS, GBK or Big5
 * character, so multi-byte characters are not cut.
 */
export function evidenceSample(bytes: Uint8Array, maxBytes = DETECT_SAMPLE_BYTES): Uint8Array {
  if (bytes.length <= maxBytes) return bytes;
  const parts: Uint8Array[] = [];
  let size = 0;
  let i = 0;
  const n = bytes.length;
  while (i < n && size < maxBytes) {
    if (bytes[i] < 0x80) { i++; continue; }
    let start = Math.max(0, i - SAMPLE_CONTEXT_BYTES);
    while (start > 0 && bytes[start] > 0x3f) start--;
    // extend while non-ASCII bytes keep coming within the context distance
    let end = i;
    let last = i;
    while (end < n && end - last <= SAMPLE_CONTEXT_BYTES) { if (bytes[end] >= 0x80) last = end; end++; }
    while (end < n && bytes[end] > 0x3f) end++;
    const run = bytes.subarray(start, Math.min(end + 1, start + (maxBytes - size)));
    parts.push(run, SEPARATOR);
    size += run.length + 1;
    i = end + 1;
  }
  return Buffer.concat(parts);
}
const SEPARATOR = Buffer.from("\n");

/** Bytes of the evidence sample chardet reads: its cost grows fast (≈ 12 ms per 8 KiB here), its accuracy does not. */
export const CHARDET_SAMPLE_BYTES = 16 * 1024;

/** The first ≈ max bytes, ending before a byte ≤ 0x3F so no multi-byte character is cut. */
function cutAtSafeByte(bytes: Uint8Array, max: number): Uint8Array {
  if (bytes.length <= max) return bytes;
  let end = max;
  while (end > max / 2 && bytes[end] > 0x3f) end--;
  return bytes.subarray(0, end);
}

/** Candidates chardet proposes (canonical names → best confidence 0..1). */
function chardetCandidates(sample: Uint8Array): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of chardet.analyse(sample)) {
    const c = canonicalCharset(m.name === "GB18030" ? "gbk" : m.name);
    if (!c || c === "utf-8" || c.startsWith("utf-16")) continue;
    out.set(c, Math.max(out.get(c) ?? 0, m.confidence / 100));
  }
  return out;
}

/** Guess the charset of undeclared (or wrongly declared) bytes. */
export function detectCharset(bytes: Uint8Array, opts: { lang?: string | null; exclude?: string[] } = {}): Detection {
  // 1. trivial cases
  if (isAscii(bytes)) return { charset: "utf-8", confidence: 1 };
  const utf16 = sniffUtf16(bytes);
  if (utf16) return { charset: utf16, confidence: 0.9 };
  if (isValidUtf8(bytes)) return { charset: "utf-8", confidence: 1 };
  // 2. chardet's candidates
  const sample = evidenceSample(bytes);
  const fromChardet = chardetCandidates(cutAtSafeByte(sample, CHARDET_SAMPLE_BYTES));
  // 3. language and sibling candidates
  const lang = opts.lang ?? sniffLang(bytes);
  const langList = lang ? LANG_CHARSETS[lang] ?? (WESTERN_LANGS.has(lang) ? WESTERN : []) : [];
  const candidates = new Set<string>([...fromChardet.keys(), ...langList]);
  // A sibling chardet cannot tell apart shares its proposer's confidence (minus a tie-breaker), so
  // that try-decoding decides between them.
  const conf = new Map(fromChardet);
  for (const c of [...candidates]) {
    for (const s of SIBLINGS[c] ?? []) {
      candidates.add(s);
      const shared = (fromChardet.get(c) ?? 0) - SIBLING_TIE;
      if (shared > (conf.get(s) ?? 0)) conf.set(s, shared);
    }
  }
  if (candidates.size === 0) candidates.add("windows-1252");
  for (const x of opts.exclude ?? []) if (candidates.size > 1) candidates.delete(x);
  // 4. try-decode and rank
  let best: Detection & { score: number } = { charset: "windows-1252", confidence: 0, score: -Infinity };
  let bestRate = Infinity;
  for (const c of candidates) {
    const p = scorePlausibility(decodeWith(sample, c));
    const cc = conf.get(c) ?? 0;
    const score = cc + (langList.includes(c) ? LANG_BONUS : 0) - PENALTY_WEIGHT * p.rate;
    if (score > best.score) { best = { charset: c, confidence: cc, score }; bestRate = p.rate; }
  }
  // 5. nothing chardet or the language proposed reads plausibly: try the usual legacy charsets of every script.
  if (best.score < 0 || bestRate > BROAD_SEARCH_RATE) {
    for (const c of BROAD_CANDIDATES) {
      if (candidates.has(c) || (opts.exclude ?? []).includes(c)) continue;
      const p = scorePlausibility(decodeWith(sample, c));
      const score = (langList.includes(c) ? LANG_BONUS : 0) - PENALTY_WEIGHT * p.rate;
      if (score > best.score) best = { charset: c, confidence: 0, score };
    }
  }
  return { charset: best.charset, confidence: best.confidence };
}

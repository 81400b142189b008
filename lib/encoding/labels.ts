// Charset labels → one canonical name, the way browsers read them (WHATWG Encoding Standard,
// "labels" table), plus the iconv-lite codec that decodes each canonical name.
// Browsers treat latin1/us-ascii as windows-1252, gb2312 as gbk, euc-kr as windows-949 and decode
// gbk with the gb18030 decoder: pages declare the narrow name and use the wide one, so do we.
import iconv from "iconv-lite";

/** canonical name → labels that mean it (lower-case, trimmed). */
const LABELS: Record<string, string[]> = {
  "utf-8": ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"],
  "windows-1252": [
    "windows-1252", "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1",
    "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "x-cp1252",
  ],
  "iso-8859-2": ["iso-8859-2", "csisolatin2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2", "iso_8859-2:1987", "l2", "latin2"],
  "iso-8859-3": ["iso-8859-3", "csisolatin3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3", "l3", "latin3"],
  "iso-8859-4": ["iso-8859-4", "csisolatin4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4", "l4", "latin4"],
  "iso-8859-5": ["iso-8859-5", "csisolatincyrillic", "cyrillic", "iso-ir-144", "iso8859-5", "iso88595", "iso_8859-5"],
  "iso-8859-6": ["iso-8859-6", "arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114", "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596", "iso_8859-6"],
  "iso-8859-7": ["iso-8859-7", "csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-ir-126", "iso8859-7", "iso88597", "iso_8859-7", "sun_eu_greek"],
  "iso-8859-8": ["iso-8859-8", "csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8-e", "iso-ir-138", "iso8859-8", "iso88598", "iso_8859-8", "visual", "iso-8859-8-i", "csiso88598i", "logical"],
  "iso-8859-10": ["iso-8859-10", "csisolatin6", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6"],
  "iso-8859-13": ["iso-8859-13", "iso8859-13", "iso885913"],
  "iso-8859-14": ["iso-8859-14", "iso8859-14", "iso885914"],
  "iso-8859-15": ["iso-8859-15", "csisolatin9", "iso8859-15", "iso885915", "iso_8859-15", "l9", "latin9", "latin-9"],
  "iso-8859-16": ["iso-8859-16"],
  "koi8-r": ["koi8-r", "cskoi8r", "koi", "koi8", "koi8_r"],
  "koi8-u": ["koi8-u", "koi8-ru"],
  "macintosh": ["macintosh", "csmacintosh", "mac", "x-mac-roman"],
  "windows-874": ["windows-874", "dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620"],
  "windows-1250": ["windows-1250", "cp1250", "x-cp1250"],
  "windows-1251": ["windows-1251", "cp1251", "x-cp1251"],
  "windows-1253": ["windows-1253", "cp1253", "x-cp1253"],
  "windows-1254": ["windows-1254", "cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9", "l5", "latin5", "x-cp1254"],
  "windows-1255": ["windows-1255", "cp1255", "x-cp1255"],
  "windows-1256": ["windows-1256", "cp1256", "x-cp1256"],
  "windows-1257": ["windows-1257", "cp1257", "x-cp1257"],
  "windows-1258": ["windows-1258", "cp1258", "x-cp1258"],
  "ibm866": ["ibm866", "866", "cp866", "csibm866"],
  "gbk": ["gbk", "chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "iso-ir-58", "x-gbk"],
  "gb18030": ["gb18030"],
  "big5": ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"],
  "euc-jp": ["euc-jp", "cseucpkdfmtjapanese", "x-euc-jp"],
  "shift_jis": ["shift_jis", "csshiftjis", "ms932", "ms_kanji", "shift-jis", "sjis", "windows-31j", "x-sjis", "cp932"],
  "euc-kr": ["euc-kr", "cseuckr", "csksc56011987", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949", "cp949", "uhc"],
  "utf-16le": ["utf-16le", "utf-16", "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff"],
  "utf-16be": ["utf-16be", "unicodefffe"],
};

/** canonical name → iconv-lite codec (a superset where browsers decode with one). */
const DECODER: Record<string, string> = {
  gbk: "gb18030",
  big5: "big5hkscs",
  shift_jis: "cp932",
  "euc-kr": "cp949",
};

const BY_LABEL = new Map<string, string>();
for (const [canonical, labels] of Object.entries(LABELS)) for (const l of labels) BY_LABEL.set(l, canonical);

/** Canonical charset for a label ("Latin-1", "x-sjis", "GB2312"), or null when unknown/undecodable. */
export function canonicalCharset(label: string | null | undefined): string | null {
  if (!label) return null;
  const l = label.trim().replace(/^["']|["']$/g, "").trim().toLowerCase();
  if (!l) return null;
  const known = BY_LABEL.get(l);
  if (known) return known;
  // Labels outside the WHATWG table that iconv-lite still knows (e.g. "cp850").
  return iconv.encodingExists(l) ? l : null;
}

/** iconv-lite codec name for a canonical charset. */
export function decoderFor(canonical: string): string {
  return DECODER[canonical] ?? canonical;
}

/** True for charsets whose bytes 0x00–0x7F are ASCII, so a <meta> prescan of raw bytes is meaningful. */
export function isAsciiCompatible(canonical: string): boolean {
  return !canonical.startsWith("utf-16");
}

/** Decode bytes with a canonical charset (replacement characters for invalid sequences, BOM stripped). */
export function decodeWith(bytes: Uint8Array, canonical: string): string {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (canonical === "utf-8") return new TextDecoder("utf-8", { ignoreBOM: false }).decode(buf);
  return iconv.decode(buf, decoderFor(canonical), { stripBOM: true });
}

import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import iconv from "iconv-lite";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { canonicalCharset } from "../../lib/encoding/labels.ts";
import { setDeclaredCharset } from "../../lib/encoding/declaration.ts";
import { charsetFromContentType, sniffDeclaredCharset } from "../../lib/encoding/sniff.ts";

const fixture = (name: string) => gunzipSync(readFileSync(new URL(`../fixtures/encoding/${name}`, import.meta.url))).toString("utf8");

/** The page as it reads after a round trip through the charset (unrepresentable chars become "?"). */
function representable(html: string, charset: string): string {
  return iconv.decode(iconv.encode(html, charset), charset);
}

const CASES: { file: string; charsets: string[] }[] = [
  { file: "People_2024_04_24.html.gz", charsets: ["gbk", "gb18030"] },
  { file: "WinFuture_2024_04_29.html.gz", charsets: ["windows-1252", "iso-8859-15"] },
  { file: "HankookIlbo_2026_01_29.html.gz", charsets: ["euc-kr"] },
  { file: "MainichiShimbun_2025_01_14.html.gz", charsets: ["shift_jis", "euc-jp"] },
  { file: "Kommersant_2025_05_14.html.gz", charsets: ["windows-1251", "koi8-r"] },
  { file: "SeznamZpravy_2025_12_10.html.gz", charsets: ["windows-1250", "iso-8859-2"] },
];

describe("decodeHtml on real pages re-encoded into legacy charsets", () => {
  for (const { file, charsets } of CASES) {
    for (const cs of charsets) {
      const page = representable(setDeclaredCharset(fixture(file), null), cs);
      const bytes = iconv.encode(page, cs);
      it(`${file} in ${cs}, declared in the header`, () => {
        const r = decodeHtml(bytes, `text/html; charset=${cs}`);
        expect(r.source).toBe("header");
        expect(r.charset).toBe(canonicalCharset(cs));
        expect(r.text).toBe(page);
      });
      it(`${file} in ${cs}, declared by <meta>`, () => {
        const declared = representable(setDeclaredCharset(page, cs), cs);
        const r = decodeHtml(iconv.encode(declared, cs), "text/html");
        expect(r.source).toBe("meta");
        expect(r.text).toBe(declared);
      });
      it(`${file} in ${cs}, undeclared`, () => {
        const r = decodeHtml(bytes, null);
        expect(r.source).toBe("detector");
        expect(r.text).toBe(page);
      });
    }
  }
});

describe("decodeHtml with wrong or odd declarations", () => {
  it("a UTF-8 page still declaring GB2312 (as stored by Fundus) decodes as UTF-8", () => {
    const html = fixture("People_2024_04_24.html.gz");
    expect(sniffDeclaredCharset(Buffer.from(html))?.charset).toBe("gbk");
    const r = decodeHtml(Buffer.from(html, "utf8"), "text/html");
    expect(r.charset).toBe("utf-8");
    expect(r.source).toBe("detector");
    expect(r.text).toBe(html);
  });
  it("declared utf-8 but windows-1251 bytes falls back to the detector", () => {
    const page = representable(setDeclaredCharset(fixture("Kommersant_2025_05_14.html.gz"), null), "windows-1251");
    const r = decodeHtml(iconv.encode(page, "windows-1251"), "text/html; charset=utf-8");
    expect(r.source).toBe("detector");
    expect(r.charset).toBe("windows-1251");
    expect(r.text).toBe(page);
  });
  it("KOI8-R declared as windows-1251 is recognised as garbled", () => {
    const page = representable(setDeclaredCharset(fixture("Kommersant_2025_05_14.html.gz"), null), "koi8-r");
    const r = decodeHtml(iconv.encode(page, "koi8-r"), "text/html; charset=windows-1251");
    expect(r.charset).toBe("koi8-r");
    expect(r.text).toBe(page);
  });
  it("a BOM wins over a contradicting header", () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("<p>Grüße</p>", "utf8")]);
    expect(decodeHtml(bytes, "text/html; charset=iso-8859-1")).toEqual({ text: "<p>Grüße</p>", charset: "utf-8", source: "bom" });
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("<p>Grüße</p>", "utf16le")]);
    expect(decodeHtml(le)).toMatchObject({ text: "<p>Grüße</p>", charset: "utf-16le", source: "bom" });
  });
  it("does not believe a UTF-16 header on single-byte content", () => {
    const r = decodeHtml(Buffer.from("<p>Grüße</p>", "utf8"), "text/html; charset=utf-16");
    expect(r).toEqual({ text: "<p>Grüße</p>", charset: "utf-8", source: "detector" });
    const real = decodeHtml(Buffer.from("<p>Grüße</p>", "utf16le"), "text/html; charset=utf-16le");
    expect(real).toMatchObject({ text: "<p>Grüße</p>", source: "header" });
  });
  it("maps aliases the way browsers do", () => {
    expect(canonicalCharset("latin1")).toBe("windows-1252");
    expect(canonicalCharset("ISO-8859-1")).toBe("windows-1252");
    expect(canonicalCharset("x-sjis")).toBe("shift_jis");
    expect(canonicalCharset("GB2312")).toBe("gbk");
    expect(canonicalCharset('"utf8"')).toBe("utf-8");
    expect(canonicalCharset("ks_c_5601-1987")).toBe("euc-kr");
    expect(canonicalCharset("no-such-charset")).toBeNull();
    // latin1 declared, C1 bytes used as in windows-1252: “ ” € decode as browsers show them.
    expect(decodeHtml(Buffer.from([0x93, 0x80, 0x94]), "text/html; charset=latin1").text).toBe("“€”");
  });
  it("reads the XML declaration and http-equiv meta, ignores commented-out metas", () => {
    expect(sniffDeclaredCharset(Buffer.from('<?xml version="1.0" encoding="ISO-8859-2"?><rss/>'))).toEqual({ charset: "iso-8859-2", source: "xml" });
    expect(sniffDeclaredCharset(Buffer.from('<head><meta http-equiv="Content-Type" content="text/html; charset=koi8-r">'))).toEqual({ charset: "koi8-r", source: "meta" });
    expect(sniffDeclaredCharset(Buffer.from('<!-- <meta charset="big5"> --><meta charset=euc-jp>'))?.charset).toBe("euc-jp");
    expect(sniffDeclaredCharset(Buffer.from(" ".repeat(1100) + '<meta charset="big5">'))).toBeNull();
    expect(charsetFromContentType('text/html; charset="Shift_JIS"')).toBe("Shift_JIS");
  });
  it("pure ASCII and empty input decode with the default", () => {
    expect(decodeHtml(Buffer.from("<p>plain</p>"))).toEqual({ text: "<p>plain</p>", charset: "utf-8", source: "default" });
    expect(decodeHtml(new Uint8Array(0))).toEqual({ text: "", charset: "utf-8", source: "default" });
  });
  it("finds the byte that tells iso-8859-15 from windows-1252 far down an undeclared page", () => {
    const base = representable(setDeclaredCharset(fixture("WinFuture_2024_04_29.html.gz"), null), "iso-8859-15");
    const page = base.replace("</body>", `<script>${"var x = 1;\n".repeat(20_000)}</script><p>Preis: 5 € im Monat, Œuvre</p></body>`);
    const r = decodeHtml(iconv.encode(page, "iso-8859-15"), null);
    expect(r.charset).toBe("iso-8859-15");
    expect(r.text).toBe(page);
  });
  it("keeps a declared UTF-8 page with one stray byte as UTF-8", () => {
    const html = fixture("MainichiShimbun_2025_01_14.html.gz");
    const bytes = Buffer.concat([Buffer.from(html, "utf8"), Buffer.from([0xff])]);
    const r = decodeHtml(bytes, "text/html; charset=utf-8");
    expect(r.charset).toBe("utf-8");
    expect(r.source).toBe("header");
  });
});

// npm run bench:encoding — how often decodeHtml recovers the exact text of real pages re-encoded
// into legacy charsets, with a correct, a missing and a wrong declaration.
//
// Pages: Fundus (../shared/corpus/extraction/fundus, 41 countries, stored as UTF-8) first, then the
// other extraction corpora (trafilatura, wcxb-dev, readability) for charsets Fundus covers thinly
// (Cyrillic, Big5); at most PAGES_PER_CHARSET pages per charset.
// A page takes part for a charset when every non-ASCII LETTER of it is representable there (so the
// language fits the charset) and it has at least MIN_LETTERS of them; punctuation and symbols the
// charset lacks (curly quotes, emoji, ©) are written as numeric character references, as legacy
// sites did. Existing <meta charset> declarations are removed first.
// Variants: declared in the HTTP header; declared by <meta>; undeclared; declared wrongly as
// utf-8; declared wrongly as another legacy charset. "Exact" = decoded string === encoded string.
// Options: --limit N (pages per charset, for quick runs), --no-write (do not touch docs/benchmarks.md).
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import iconv from "iconv-lite";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { setDeclaredCharset } from "../../lib/encoding/declaration.ts";
import { corpusDir, machineLine, mdTable, writeBenchSection } from "./report.ts";

/** Pages per charset (bounds the run time; Fundus pages come first). */
const PAGES_PER_CHARSET = 80;
/** Non-ASCII letters a page needs in a charset to count as written in it (fewer: effectively ASCII). */
const MIN_LETTERS = 20;
/** For non-Latin charsets: letters of the charset's script a page needs to be in that language (not an English page quoting one phrase). */
const MIN_SCRIPT_LETTERS = 200;
const TARGETS = { declared: 99.5, undeclared: 95 };

const CHARSETS = [
  "windows-1252", "iso-8859-1", "iso-8859-2", "iso-8859-15", "windows-1250", "windows-1251", "koi8-r",
  "gbk", "gb18030", "big5", "shift_jis", "euc-jp", "euc-kr",
];
/** A wrong legacy declaration for each charset: a plausible mistake of another region. */
const WRONG_LEGACY: Record<string, string> = {
  "windows-1252": "windows-1251", "iso-8859-1": "iso-8859-2", "iso-8859-2": "windows-1252", "iso-8859-15": "windows-1250",
  "windows-1250": "windows-1252", "windows-1251": "windows-1252", "koi8-r": "windows-1251", gbk: "big5", gb18030: "big5",
  big5: "gbk", shift_jis: "euc-jp", "euc-jp": "shift_jis", "euc-kr": "gbk",
};

const LETTER = /\p{L}/u;

/** The script a charset is written in: a page takes part only when most of its non-ASCII letters are in it. */
const SCRIPT: Record<string, RegExp> = {
  latin: /\p{Script=Latin}/u, cyrillic: /\p{Script=Cyrillic}/u, han: /\p{Script=Han}/u,
  japanese: /[\p{Script=Hiragana}\p{Script=Katakana}]/u, korean: /\p{Script=Hangul}/u,
};
const CHARSET_SCRIPT: Record<string, keyof typeof SCRIPT> = {
  "windows-1252": "latin", "iso-8859-1": "latin", "iso-8859-2": "latin", "iso-8859-15": "latin", "windows-1250": "latin",
  "windows-1251": "cyrillic", "koi8-r": "cyrillic", gbk: "han", gb18030: "han", big5: "han",
  shift_jis: "japanese", "euc-jp": "japanese", "euc-kr": "korean",
};
/** Share of non-ASCII letters that must be in the charset's script (Japanese: kana share, Han is shared). */
const MIN_SCRIPT_SHARE = { default: 0.5, japanese: 0.1 };
const fitsCache = new Map<string, boolean>();
function fits(ch: string, charset: string): boolean {
  const key = `${charset}\u0000${ch}`;
  let f = fitsCache.get(key);
  if (f === undefined) {
    f = iconv.decode(iconv.encode(ch, charset), charset) === ch;
    fitsCache.set(key, f);
  }
  return f;
}

function args() {
  const a = process.argv.slice(2);
  const i = a.indexOf("--limit");
  return { limit: i >= 0 ? Number(a[i + 1]) : PAGES_PER_CHARSET, write: !a.includes("--no-write") };
}

interface Page { name: string; html: string; scripts: Record<string, number>; letters: number }

/** Counts of non-ASCII letters per script (code-point ranges: fast on 2,700 pages). */
function scriptProfile(html: string): { scripts: Record<string, number>; letters: number } {
  const scripts: Record<string, number> = { latin: 0, cyrillic: 0, han: 0, japanese: 0, korean: 0 };
  let letters = 0;
  for (let i = 0; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (c < 0xc0) continue;
    if ((c >= 0xc0 && c < 0x250 && c !== 0xd7 && c !== 0xf7) || (c >= 0x1e00 && c < 0x1f00)) scripts.latin++;
    else if (c >= 0x400 && c < 0x530) scripts.cyrillic++;
    else if ((c >= 0x4e00 && c < 0xa000) || (c >= 0x3400 && c < 0x4dc0)) scripts.han++;
    else if (c >= 0x3040 && c < 0x3100) scripts.japanese++;
    else if ((c >= 0xac00 && c < 0xd7b0) || (c >= 0x3130 && c < 0x3190)) scripts.korean++;
    else continue;
    letters++;
  }
  return { scripts, letters };
}

function loadPages(dir: string): Page[] {
  const root = join(dir, "extraction");
  const files: string[] = [];
  const fundus = join(root, "fundus");
  for (const country of readdirSync(fundus).sort()) {
    if (country === "LICENSE") continue;
    for (const f of readdirSync(join(fundus, country)).filter((x) => x.endsWith(".html.gz")).sort()) files.push(join("fundus", country, f));
  }
  for (const sub of ["trafilatura/html", "wcxb-dev/html"]) {
    const d = join(root, sub);
    if (existsSync(d)) for (const f of readdirSync(d).filter((x) => x.endsWith(".html.gz")).sort()) files.push(join(sub, f));
  }
  const rd = join(root, "readability");
  if (existsSync(rd)) for (const c of readdirSync(rd).sort()) if (existsSync(join(rd, c, "source.html.gz"))) files.push(join("readability", c, "source.html.gz"));
  const out: Page[] = [];
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  for (const f of files) {
    try {
      const html = setDeclaredCharset(utf8.decode(gunzipSync(readFileSync(join(root, f)))), null);
      out.push({ name: f, html, ...scriptProfile(html) });
    } catch {
      /* not UTF-8: cannot serve as ground truth */
    }
  }
  return out;
}

/** Could the page be written in the charset's script at all (cheap pre-filter before toCharset)? */
function scriptFits(p: Page, charset: string): boolean {
  const script = CHARSET_SCRIPT[charset];
  if (p.letters < MIN_LETTERS) return false;
  if (script !== "latin" && p.scripts[script] < MIN_SCRIPT_LETTERS) return false;
  const share = p.scripts[script] / p.letters;
  return share >= (script === "japanese" ? MIN_SCRIPT_SHARE.japanese : MIN_SCRIPT_SHARE.default);
}

/** The page written in `charset` (letters must fit; other unrepresentable chars → &#N;), or null. */
function toCharset(html: string, charset: string): string | null {
  let letters = 0;
  let inScript = 0;
  const script = CHARSET_SCRIPT[charset];
  const parts: string[] = [];
  for (const ch of html) {
    if (ch.charCodeAt(0) < 0x80) { parts.push(ch); continue; }
    const ok = fits(ch, charset);
    if (LETTER.test(ch)) {
      if (!ok) return null;
      letters++;
      if (SCRIPT[script].test(ch)) inScript++;
      parts.push(ch);
    } else parts.push(ok ? ch : `&#${ch.codePointAt(0)};`);
  }
  const minShare = script === "japanese" ? MIN_SCRIPT_SHARE.japanese : MIN_SCRIPT_SHARE.default;
  return letters >= MIN_LETTERS && inScript / letters >= minShare ? parts.join("") : null;
}

type Variant = "header" | "meta" | "undeclared" | "wrong-utf8" | "wrong-legacy";
const VARIANTS: Variant[] = ["header", "meta", "undeclared", "wrong-utf8", "wrong-legacy"];

function main(): number {
  const dir = corpusDir();
  if (!dir) return 0;
  const { limit, write } = args();
  const pages = loadPages(dir);
  const rows: (string | number)[][] = [];
  const total: Record<Variant, [number, number]> = { header: [0, 0], meta: [0, 0], undeclared: [0, 0], "wrong-utf8": [0, 0], "wrong-legacy": [0, 0] };
  const misses: string[] = [];
  const started = performance.now();
  let bytesDecoded = 0;
  let decodeMs = 0;
  for (const cs of CHARSETS) {
    const tally: Record<Variant, [number, number]> = { header: [0, 0], meta: [0, 0], undeclared: [0, 0], "wrong-utf8": [0, 0], "wrong-legacy": [0, 0] };
    let used = 0;
    for (const p of pages) {
      if (used >= limit) break;
      if (!scriptFits(p, cs)) continue;
      const page = toCharset(p.html, cs);
      if (!page) continue;
      used++;
      const withMeta = setDeclaredCharset(page, cs);
      const cases: Record<Variant, [Buffer, string | null, string]> = {
        header: [iconv.encode(page, cs), `text/html; charset=${cs}`, page],
        meta: [iconv.encode(withMeta, cs), "text/html", withMeta],
        undeclared: [iconv.encode(page, cs), "text/html", page],
        "wrong-utf8": [iconv.encode(page, cs), "text/html; charset=utf-8", page],
        "wrong-legacy": [iconv.encode(page, cs), `text/html; charset=${WRONG_LEGACY[cs]}`, page],
      };
      for (const v of VARIANTS) {
        const [bytes, ct, expected] = cases[v];
        const t0 = performance.now();
        const r = decodeHtml(bytes, ct);
        decodeMs += performance.now() - t0;
        bytesDecoded += bytes.length;
        const ok = r.text === expected;
        tally[v][1]++;
        total[v][1]++;
        if (ok) { tally[v][0]++; total[v][0]++; } else if (v === "header" || v === "meta") misses.unshift(`${cs} ${v} ${p.name} → ${r.charset} (${r.source})`);
        else if (v === "undeclared") misses.push(`${cs} ${v} ${p.name} → ${r.charset} (${r.source})`);
      }
    }
    const pct = (v: Variant) => (tally[v][1] ? ((100 * tally[v][0]) / tally[v][1]).toFixed(1) : "–");
    rows.push([cs, used, pct("header"), pct("meta"), pct("undeclared"), pct("wrong-utf8"), pct("wrong-legacy")]);
    process.stderr.write(`${cs}: ${used} pages\n`);
  }
  const pctT = (v: Variant) => (total[v][1] ? (100 * total[v][0]) / total[v][1] : 0);
  const declaredPct = (100 * (total.header[0] + total.meta[0])) / Math.max(1, total.header[1] + total.meta[1]);
  rows.push(["**all**", total.header[1], pctT("header").toFixed(2), pctT("meta").toFixed(2), pctT("undeclared").toFixed(2), pctT("wrong-utf8").toFixed(2), pctT("wrong-legacy").toFixed(2)]);
  const secs = (performance.now() - started) / 1000;
  const md = [
    "## Encoding detection (`npm run bench:encoding`)",
    "",
    `${machineLine()}. Pages from Fundus, then trafilatura, wcxb-dev and readability (${pages.length} UTF-8 pages loaded), re-encoded into each charset when all their non-ASCII letters fit` +
      ` (≥ ${MIN_LETTERS} letters; other unrepresentable symbols as &#N; references). Share of pages whose decoded text is exactly the encoded text, %.` +
      ` At most ${limit} pages per charset, Fundus first.`,
    "",
    mdTable(["charset", "pages", "header", "meta", "undeclared", "wrong: utf-8", "wrong: other legacy"], rows),
    "",
    `Declared correctly (header + meta): **${declaredPct.toFixed(2)} %** (target ≥ ${TARGETS.declared} %); undeclared: **${pctT("undeclared").toFixed(2)} %** (target ≥ ${TARGETS.undeclared} %).` +
      ` decodeHtml: ${(bytesDecoded / 2 ** 20).toFixed(0)} MiB in ${(decodeMs / 1000).toFixed(1)} s (${(bytesDecoded / 2 ** 20 / (decodeMs / 1000)).toFixed(1)} MiB/s, detection included); whole run ${secs.toFixed(0)} s.`,
    "",
    misses.length ? `Misses (declared first, then undeclared), first 15:\n\n${misses.slice(0, 15).map((m) => `- ${m}`).join("\n")}` : "No misses in the declared and undeclared variants.",
  ].join("\n");
  process.stdout.write(`${md}\n`);
  if (write) writeBenchSection("encoding", md);
  return 0;
}

process.exitCode = main();

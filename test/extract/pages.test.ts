// The extraction fixture pages as data (issue 20, as Readability's test-pages): every page under
// test/fixtures/extract/pages and page-type has a data file beside it (<page>.json) with the URL it is
// extracted at, its corpus ground truth when it is in the quality floors' sample (quality.test.ts), and
// its cases: what the rule each case names must keep and drop. This one runner checks them all; the
// TypeScript tests keep only what cannot be data (rule units on built HTML, templates, the CLI).
//
// A case: `rule` (the rule and what it shows), `url` (when not the page's), and any of
//   keeps / drops      snippets that must / must not be in the text (white space collapsed, as snippet F1 reads it)
//   inOrder            snippets that must all be in the text, in this order
//   matches / notMatches   "/regex/flags" on the text as it comes out (paragraphs split by "\n\n")
//   counts             snippet → how many times it is in the text
//   method / notMethod the method that must / must not win
//   reason / notReason "/regex/flags" on methodReason
//   meta               metadata fields the result must carry (title, author, publishedAt, lang, …)
//   body               { paragraphs, minRecall, minPrecision }: the hand-checked body, by word-bag overlap
//                      (Han and kana one token per character: full-width scripts have no spaces)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { extractArticle, type ExtractResult } from "../../lib/extract/index.ts";

export interface PageCase {
  rule: string; url?: string;
  keeps?: string[]; drops?: string[]; inOrder?: string[]; matches?: string[]; notMatches?: string[];
  counts?: Record<string, number>; method?: string; notMethod?: string; reason?: string[]; notReason?: string[];
  meta?: Partial<Record<keyof ExtractResult, string | null>>;
  body?: { paragraphs: string[]; minRecall: number; minPrecision: number };
}
export interface PageData { url: string; truth?: Record<string, unknown>; cases?: PageCase[] }

const root = join(import.meta.dirname, "..", "fixtures", "extract");
const DIRS = ["pages", "page-type"];
const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

function regex(s: string): RegExp {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(s);
  if (!m) throw new Error(`not a /regex/: ${s}`);
  return new RegExp(m[1], m[2]);
}

function count(text: string, s: string): number {
  return text.split(s).length - 1;
}

/** Han and kana one token each, other words by \p{L}\p{N} runs. */
function tokens(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const m of text.toLowerCase().replace(/([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu, " $1 ").matchAll(/[\p{L}\p{N}]+/gu)) bag.set(m[0], (bag.get(m[0]) ?? 0) + 1);
  return bag;
}

function overlap(out: string, want: string): { precision: number; recall: number } {
  const a = tokens(out), b = tokens(want);
  let both = 0, na = 0, nb = 0;
  for (const [w, n] of a) { na += n; both += Math.min(n, b.get(w) ?? 0); }
  for (const n of b.values()) nb += n;
  return { precision: na ? both / na : 0, recall: nb ? both / nb : 0 };
}

/** Every check of a case against one extraction, as a list of failures (empty: the case holds). */
export function checkCase(c: PageCase, r: ExtractResult): string[] {
  const text = collapse(r.text);
  const fail: string[] = [];
  for (const s of c.keeps ?? []) if (!text.includes(collapse(s))) fail.push(`missing: ${s}`);
  for (const s of c.drops ?? []) if (text.includes(collapse(s))) fail.push(`leaked: ${s}`);
  let at = -1;
  for (const s of c.inOrder ?? []) {
    const i = text.indexOf(collapse(s));
    if (i < 0) fail.push(`missing: ${s}`);
    else if (i <= at) fail.push(`out of order: ${s}`);
    at = Math.max(at, i);
  }
  for (const s of c.matches ?? []) if (!regex(s).test(r.text)) fail.push(`no match: ${s}`);
  for (const s of c.notMatches ?? []) if (regex(s).test(r.text)) fail.push(`matches: ${s}`);
  for (const [s, n] of Object.entries(c.counts ?? {})) if (count(r.text, s) !== n) fail.push(`${count(r.text, s)} times, not ${n}: ${s}`);
  if (c.method !== undefined && r.method !== c.method) fail.push(`method ${r.method}, not ${c.method}`);
  if (c.notMethod !== undefined && r.method === c.notMethod) fail.push(`method ${r.method}`);
  for (const s of c.reason ?? []) if (!regex(s).test(r.methodReason)) fail.push(`reason does not match ${s}: ${r.methodReason}`);
  for (const s of c.notReason ?? []) if (regex(s).test(r.methodReason)) fail.push(`reason matches ${s}: ${r.methodReason}`);
  for (const [k, v] of Object.entries(c.meta ?? {})) if (r[k as keyof ExtractResult] !== v) fail.push(`${k} ${JSON.stringify(r[k as keyof ExtractResult])}, not ${JSON.stringify(v)}`);
  if (c.body) {
    const s = overlap(r.text, c.body.paragraphs.join("\n"));
    if (!(s.recall > c.body.minRecall)) fail.push(`body recall ${s.recall.toFixed(2)} <= ${c.body.minRecall}`);
    if (!(s.precision > c.body.minPrecision)) fail.push(`body precision ${s.precision.toFixed(2)} <= ${c.body.minPrecision}`);
  }
  return fail;
}

/** The fixture pages, each with its data file. */
export function fixturePages(): { dir: string; file: string; data: PageData | null }[] {
  return DIRS.flatMap((dir) => readdirSync(join(root, dir)).filter((f) => f.endsWith(".html.gz")).sort().map((file) => {
    const json = join(root, dir, file.replace(/\.html\.gz$/, ".json"));
    return { dir, file, data: existsSync(json) ? (JSON.parse(readFileSync(json, "utf8")) as PageData) : null };
  }));
}

const pages = fixturePages();

describe("extraction fixture pages (test/fixtures/extract/*/<page>.json)", () => {
  it("every page has its data file, with its URL, and every data file its page", () => {
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages) expect(p.data?.url, `${p.dir}/${p.file}`).toMatch(/^https?:\/\//);
    for (const dir of DIRS) {
      for (const f of readdirSync(join(root, dir)).filter((f) => f.endsWith(".json"))) expect(existsSync(join(root, dir, f.replace(/\.json$/, ".html.gz"))), `${dir}/${f}`).toBe(true);
    }
  });

  for (const { dir, file, data } of pages) {
    if (!data?.cases?.length) continue;
    describe(`${dir}/${file}`, () => {
      const html = decodeHtml(gunzipSync(readFileSync(join(root, dir, file)))).text;
      const results = new Map<string, ExtractResult>();
      const extract = (url: string) => results.get(url) ?? results.set(url, extractArticle(html, { url })).get(url)!;
      for (const c of data.cases!) {
        it(c.rule, () => {
          expect(checkCase(c, extract(c.url ?? data.url))).toEqual([]);
        });
      }
    });
  }
});

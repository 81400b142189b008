// A fixture page (test/fixtures/extract/pages, listed in SOURCES.md) through extractArticle; a trafilatura-set
// page (traf-*) scored against its `with` snippets (must come out) and `without` snippets (must not).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { extractArticle } from "../../lib/extract/index.ts";

const dir = join(import.meta.dirname, "..", "fixtures", "extract", "pages");
const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/** A fixture page (test/fixtures/extract/pages) through extractArticle: the result and its text, whitespace collapsed. */
export function extractFixture(file: string, url: string): { result: ReturnType<typeof extractArticle>; text: string } {
  const html = decodeHtml(gunzipSync(readFileSync(join(dir, file)))).text;
  const result = extractArticle(html, { url });
  return { result, text: collapse(result.text) };
}

/** The page's `with` snippets missing from its extracted text and `without` snippets found in it. */
export function snippets(file: string, url: string, withs: string[], withouts: string[]): { missing: string[]; leaked: string[] } {
  const { text } = extractFixture(file, url);
  return { missing: withs.filter((s) => !text.includes(collapse(s))), leaked: withouts.filter((s) => text.includes(collapse(s))) };
}

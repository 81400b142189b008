// A trafilatura-set fixture page (test/fixtures/extract/pages/traf-*, listed in SOURCES.md) through
// extractArticle, scored against its `with` snippets (must come out) and `without` snippets (must not).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { extractArticle } from "../../lib/extract/index.ts";

const dir = join(import.meta.dirname, "..", "fixtures", "extract", "pages");
const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/** The page's `with` snippets missing from its extracted text and `without` snippets found in it. */
export function snippets(file: string, url: string, withs: string[], withouts: string[]): { missing: string[]; leaked: string[] } {
  const html = decodeHtml(gunzipSync(readFileSync(join(dir, file)))).text;
  const text = collapse(extractArticle(html, { url }).text);
  return { missing: withs.filter((s) => !text.includes(collapse(s))), leaked: withouts.filter((s) => text.includes(collapse(s))) };
}

// extractArticle with `document` (the caller's parseHtml of the same html, as the crawler passes it so
// that one parse serves links, template entries, classifier and extraction) gives the same result
// as parsing inside, and it is the caller's document that the extractor modifies.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../lib/extract/index.ts";
import { parseHtml } from "../../lib/extract/dom.ts";
import { decodeHtml } from "../../lib/encoding/decode.ts";

const dir = join(import.meta.dirname, "..", "fixtures", "extract", "pages");
const files = readdirSync(dir).sort().slice(0, 8);
const load = (file: string) => decodeHtml(gunzipSync(readFileSync(join(dir, file)))).text;

describe("extractArticle on an already parsed document", () => {
  it("equals the result of parsing inside, on real pages", () => {
    expect(files.length).toBe(8);
    for (const file of files) {
      const html = load(file);
      const url = `https://example.org/${file}`;
      const own = extractArticle(html, { url });
      const shared = extractArticle(html, { url, document: parseHtml(html) });
      expect(shared, file).toEqual(own);
      expect(own.text.length, file).toBeGreaterThan(100);
    }
  });

  it("modifies the document it was given (read the untouched page first)", () => {
    const html = load(files[0]!);
    const $ = parseHtml(html);
    const scriptsBefore = $("body script").length;
    extractArticle(html, { url: "https://example.org/a", document: $ });
    expect(scriptsBefore).toBeGreaterThan(0);
    expect($("body script").length).toBe(0);
  });
});

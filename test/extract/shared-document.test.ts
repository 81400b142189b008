// extractArticle with `document` (the caller's parseHtml of the same html, as the crawler passes it so
// that one parse serves links, template entries, classifier and extraction) gives the same result
// as parsing inside, and it is the caller's document that the extractor modifies; so does `observed`,
// the caller's one observation of the untouched page (observe.ts: template entries, classifier facts).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../lib/extract/index.ts";
import { parseHtml } from "../../lib/extract/dom.ts";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { observePage } from "../../lib/extract/observe.ts";
import { pageEntries } from "../../lib/extract/template.ts";
import { readDocumentFacts } from "../../lib/classify/features.ts";

const dir = join(import.meta.dirname, "..", "fixtures", "extract", "pages");
const files = readdirSync(dir).filter((f) => f.endsWith(".html.gz")).sort().slice(0, 8);
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

  it("equals it given the page observed once (observe.ts), whose template entries and classifier facts are those of an untouched parse", () => {
    for (const file of files.slice(0, 4)) {
      const html = load(file);
      const url = `https://example.org/${file}`;
      const observed = observePage(parseHtml(html), url, { entries: true, facts: true });
      expect(extractArticle(html, { url, observed }), file).toEqual(extractArticle(html, { url }));
      expect(observed.entries, file).toEqual(pageEntries(parseHtml(html)));
      expect(observed.facts, file).toEqual(readDocumentFacts(parseHtml(html)));
      expect(observed.entries!.entries.length, file).toBeGreaterThan(10);
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

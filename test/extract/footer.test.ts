// The relaxed step of the orchestrator (furniture rules off) still leaves the page footer out: on a page
// whose only text is its footer (a script shell), nothing is the main content.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { extractArticle } from "../../lib/extract/index.ts";

describe("the relaxed step and the page footer", () => {
  // WCXB 4720: a shop's product page as a script shell, with only the footer's legal links in the HTML
  const html = decodeHtml(gunzipSync(readFileSync(join(import.meta.dirname, "..", "fixtures", "extract", "page-type", "wcxb-4720.html.gz")))).text;

  it("does not take the footer's legal links as the page's text", () => {
    const r = extractArticle(html, { url: "https://www.aliexpress.com/item/1005010537563439.html" });
    expect(r.text).not.toContain("Privacy Policy");
    expect(r.text).not.toContain("Intellectual Property Protection");
    expect(r.method).not.toBe("density-relaxed");
  });
});

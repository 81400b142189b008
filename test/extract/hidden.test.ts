// Hidden nodes in the strict clean (lib/extract/clean.ts): aria-hidden="true" hides text from screen
// readers only, it is on screen and stays (hidden, display:none and visibility:hidden still go).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { extractArticle } from "../../lib/extract/index.ts";

const fixture = (name: string) => decodeHtml(gunzipSync(readFileSync(join(import.meta.dirname, "..", "fixtures", "extract", "page-type", name)))).text;

describe("text hidden from screen readers only", () => {
  // WCXB 1310: each teaser is a second link to the story, aria-hidden so that screen readers read the link once
  const html = fixture("wcxb-1310.html.gz");

  it("keeps aria-hidden teasers of an index page", () => {
    const r = extractArticle(html, { url: "https://appleinsider.com/topic/headphones" });
    expect(r.text).toContain("Beats Solo 4 and Solo Buds both gain Walmart-exclusive color options");
    expect(r.text).toContain("Walmart now has the Beats Solo 4 and Beats Solo Buds available in new retailer-exclusive colorways");
  });
});

// The learned block filter (orchestrator step 8b, lib/extract/block-filter.ts): its features on a real
// page of trafilatura's evaluation set (tuning half; test/fixtures/extract/pages/traf-bundesrat.de-
// erinnerungen.html.gz, listed in SOURCES.md), the filter on that page, and the shipped model file.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { runExtraction } from "../../lib/extract/orchestrator.ts";
import { parseHtml } from "../../lib/extract/dom.ts";
import type { TextBlock } from "../../lib/extract/segment.ts";
import {
  BOILERPLATE_BELOW, describeBlocks, filterKeptBlocks, loadBlockFilterModel, nameTokens, NUMERIC_FEATURES, scoreKeptBlocks,
} from "../../lib/extract/block-filter.ts";

const url = "https://www.bundesrat.de/SharedDocs/texte/22/20220127-weremember-gedenkstunde-kranzniederlegung.html";
const html = decodeHtml(gunzipSync(readFileSync(join(import.meta.dirname, "..", "fixtures", "extract", "pages", "traf-bundesrat.de-erinnerungen.html.gz")))).text;
const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
const CREDIT = "Presse- und Informationsamt der Bundesregierung | Jesco Denzel";
const WITHS = ["wurde als Siebenjährige von Stuttgart", "Neben der gastgebenden Bundestagspräsidentin", "als Zeichen des Gedenkens an die Opfer"];

/** The blocks step 8b judges on the fixture page (the recipe run with the filter off). */
function keptBlocks(): TextBlock[] {
  let kept: TextBlock[] = [];
  const text = runExtraction(html, { url }, { blockFilter: false, onKeptBlocks: (b) => { kept = b; } }).text;
  expect(collapse(text)).toContain(CREDIT);
  return kept;
}

describe("block filter features", () => {
  it("splits class, id, role and itemprop names on -, _ and camelCase, lower-cased, without two-letter codes (md) and digits", () => {
    const el = parseHtml(`<div class="postWrapper col-md-6 image_annotation" id="main-Content" role="complementary" itemprop="articleBody">x</div>`)("div").get(0)!;
    expect(nameTokens(el).sort()).toEqual(["annotation", "article", "body", "col", "complementary", "content", "image", "main", "post", "wrapper"]);
  });

  it("describes a picture credit by its shape and by the picture-annotation names around it", () => {
    const blocks = keptBlocks();
    const d = describeBlocks(blocks);
    const i = blocks.findIndex((b) => b.text.includes("Jesco Denzel"));
    const x = Object.fromEntries(NUMERIC_FEATURES.map((n, j) => [n, d[i].x[j]]));
    expect(x).toMatchObject({ has_copyright: 1, has_pipe: 1, ends_sentence: 0, words_le_10: 1, is_first: 1, kind_paragraph: 1 });
    expect(d[i].tokens).toEqual(expect.arrayContaining(["t:p", "p:span", "a:image", "a:annotation", "a:picture", "s:annotation"]));
    // a long body paragraph: sentence end, no short-block tokens
    const j = blocks.findIndex((b) => b.text.startsWith("Auerbacher wurde"));
    expect(d[j].x[NUMERIC_FEATURES.indexOf("ends_sentence")]).toBe(1);
    expect(d[j].tokens.some((t) => t.startsWith("s:") || t.startsWith("w:"))).toBe(false);
  });
});

describe("block filter", () => {
  it("takes the picture credit out of the kept blocks and leaves the article's paragraphs", () => {
    const blocks = keptBlocks();
    const probs = scoreKeptBlocks(blocks);
    const { kept, boilerplate } = filterKeptBlocks(blocks, true);
    expect(boilerplate.map((b) => b.text)).toEqual([`© ${CREDIT}`]);
    expect(probs[blocks.findIndex((b) => b.text.includes("Jesco Denzel"))]).toBeLessThan(BOILERPLATE_BELOW);
    expect(kept.filter((b) => b.words >= 40).length).toBe(blocks.filter((b) => b.words >= 40).length);
  });

  it("is step 8b of the recipe: the credit leaves the extracted text, the with-snippets stay", () => {
    const text = collapse(runExtraction(html, { url }).text);
    expect(text).not.toContain(CREDIT);
    for (const s of WITHS) expect(text).toContain(s);
  });
});

describe("shipped block filter model", () => {
  it("loads and matches the feature list", () => {
    const m = loadBlockFilterModel();
    expect(m.numeric).toEqual([...NUMERIC_FEATURES]);
    for (const v of [m.means, m.scales, m.weights]) expect(v).toHaveLength(NUMERIC_FEATURES.length);
    expect(m.scales.every((s) => s > 0)).toBe(true);
    const tokens = Object.keys(m.tokens);
    expect(tokens.length).toBeGreaterThan(100);
    expect(tokens.every((t) => /^[tpasw]:/.test(t))).toBe(true);
    expect(m.trainedOn).toMatch(/tuning halves/);
  });
});

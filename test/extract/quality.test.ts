// Quality floors on committed real pages (test/fixtures/extract/pages, see SOURCES.md; ground truth in each page's data file): the orchestrator's
// mean word-bag F1 on 14 held-out WCXB pages and snippet F1 on 8 trafilatura pages must not fall
// below what was measured when the floors were pinned (measured value minus a small margin).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../lib/extract/index.ts";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { countSnippets, snippetScores, wordBagScores } from "../../scripts/bench/extract-corpus.ts";

const dir = join(import.meta.dirname, "..", "fixtures", "extract", "pages");
type Truth = { corpus: "wcxb-dev"; url: string; type: string; main_content: string } | { corpus: "trafilatura"; url: string; with: string[]; without: string[] };
/** The pages of the floors' sample: those whose data file (pages.test.ts) carries their corpus ground truth. */
const truth = Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith(".json")).sort()
  .map((f) => [f.replace(/\.json$/, ".html.gz"), (JSON.parse(readFileSync(join(dir, f), "utf8")) as { truth?: Truth }).truth] as const)
  .filter((e): e is readonly [string, Truth] => e[1] !== undefined));
const load = (file: string) => decodeHtml(gunzipSync(readFileSync(join(dir, file)))).text;

/**
 * Pinned 2026-11-30 from the measured values below (measured − 0.02), after the precision round (credit
 * lines, comment debris, read-also labels, lead before the named container; snippets 0.898 → 0.917),
 * the noscript/form/hidden, repeated-item, forum-furniture, related-heading and prune-cap steps (before
 * them: 0.876 and 0.898; before the named-container, pruning and dangling-block steps: 0.866 and 0.885).
 * Re-pinned 2026-11-30 after the long-paragraph block rule, lead/kicker/appendix-heading pruning, repeated
 * text, card grids inside the container, post headers and thread posts (measured 0.947 → 0.966, 0.917 → 0.960).
 * Re-pinned 2026-11-30 after the collapsed panels, boilerplate-line wording, inline boxes and prose-in-container
 * rules (measured 0.966 → 0.968; snippets 0.960, unchanged).
 * Left as they were after session 8's rules (density pruning, JSON-LD body, furniture words and roles, repeated
 * item titles): these 14 held-out pages measure 0.957 (was 0.968) while the whole held-out half rose 0.868 →
 * 0.871; the pages are held out, so the fall is reported, not tuned away.
 */
const FLOORS = { wcxbMeanF1: 0.948, snippetF1: 0.94 }; // measured 0.957 and 0.960

describe("extraction quality floors", () => {
  it("WCXB held-out pages: mean word-bag F1", () => {
    const f1s: number[] = [];
    for (const [file, t] of Object.entries(truth)) {
      if (t.corpus !== "wcxb-dev") continue;
      f1s.push(wordBagScores(extractArticle(load(file), { url: t.url }).text, t.main_content).f1);
    }
    const mean = f1s.reduce((a, b) => a + b, 0) / f1s.length;
    console.log(`wcxb fixture mean F1 ${mean.toFixed(3)} on ${f1s.length} pages`);
    expect(f1s.length).toBe(14);
    expect(mean).toBeGreaterThanOrEqual(FLOORS.wcxbMeanF1);
  });

  it("trafilatura pages: snippet F1", () => {
    const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
    for (const [file, t] of Object.entries(truth)) {
      if (t.corpus !== "trafilatura") continue;
      const r = countSnippets(extractArticle(load(file), { url: t.url }).text, { id: file, url: t.url, html: "", with: t.with, without: t.without });
      c.tp += r.tp; c.fp += r.fp; c.fn += r.fn; c.tn += r.tn;
    }
    const { f1 } = snippetScores(c);
    console.log(`snippet fixture F1 ${f1.toFixed(3)} (${JSON.stringify(c)})`);
    expect(c.tp + c.fn).toBeGreaterThan(0);
    expect(f1).toBeGreaterThanOrEqual(FLOORS.snippetF1);
  });
});

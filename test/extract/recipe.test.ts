// The recipe as data (issue 20): every line-wording rule of line-rules.ts runs against its examples in
// test/fixtures/extract/line-rules.json (one generic runner, the examples as data), the README's tables
// are the ones the code generates, and methodReason names the passes that shaped a page by their ids.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LINE_RULES, matchLineRule } from "../../lib/extract/line-rules.ts";
import { FINISH, LADDER } from "../../lib/extract/orchestrator.ts";
import { recipeTables, replaceRecipeSection } from "../../lib/extract/recipe-doc.ts";
import { CALIBRATION } from "../../lib/extract/calibration.ts";
import { extractArticle } from "../../lib/extract/index.ts";
import { bodyOf, parseHtml } from "../../lib/extract/dom.ts";
import { segmentBlocks, type TextBlock } from "../../lib/extract/segment.ts";

const root = join(import.meta.dirname, "..", "..");
const examples = JSON.parse(readFileSync(join(root, "test", "fixtures", "extract", "line-rules.json"), "utf8")) as Record<string, { drops: string[]; keeps: string[] }>;

/** A line as the block segmenter makes it (its word count included). */
function block(line: string): TextBlock {
  const blocks = segmentBlocks(bodyOf(parseHtml(`<html><body><p>${line}</p></body></html>`)));
  expect(blocks).toHaveLength(1);
  return blocks[0];
}

describe("line-wording rules (line-rules.ts)", () => {
  it("has unique ids, each with what it removes, where it was measured and examples", () => {
    const ids = LINE_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of LINE_RULES) {
      expect(r.does.length, r.id).toBeGreaterThan(20);
      expect(r.measured.length, r.id).toBeGreaterThan(0);
      expect(examples[r.id]?.drops.length ?? 0, `${r.id} needs examples in line-rules.json`).toBeGreaterThan(0);
    }
    expect(Object.keys(examples).filter((k) => !k.startsWith("_")).sort()).toEqual([...ids].sort());
  });

  for (const r of LINE_RULES) {
    it(`${r.id} (${r.scope}) takes its examples and leaves the sentences that only start like them`, () => {
      const { drops, keeps } = examples[r.id];
      expect(drops.map((l) => matchLineRule(block(l), r.scope)?.id ?? null)).toEqual(drops.map(() => r.id));
      expect(keeps.map((l) => matchLineRule(block(l), r.scope)?.id ?? null)).toEqual(keeps.map(() => null));
    });
  }

  it("holds a word limit: a rule's line with more words than its limit stays", () => {
    const limited = LINE_RULES.find((r) => r.id === "filing-line")!;
    const long = `Tags: ${Array.from({ length: limited.maxWords! }, (_, i) => `tag${i}`).join(", ")}`;
    expect(matchLineRule(block("Tags: politics, europe"), "line")?.id).toBe("filing-line");
    expect(matchLineRule(block(long), "line")).toBeNull();
  });
});

describe("the recipe's tables", () => {
  it("lib/extract/README.md holds the tables generated from LADDER, FINISH and LINE_RULES", () => {
    const readme = readFileSync(join(root, "lib", "extract", "README.md"), "utf8");
    expect(replaceRecipeSection(readme, recipeTables()), "run npx tsx scripts/extract-rules-table.ts").toBe(readme);
    for (const id of [...LADDER.map((r) => r.id), ...FINISH.map((f) => f.id), ...LINE_RULES.map((r) => r.id)]) expect(readme).toContain(`\`${id}\``);
  });
});

describe("the calibration table (calibration.ts)", () => {
  it("names, for each entry, a threshold or rule that stands in its file, once, with what it does and its figures", () => {
    const ids = CALIBRATION.map((c) => `${c.file}:${c.id}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of CALIBRATION) {
      const source = readFileSync(join(root, "lib", "extract", c.file), "utf8");
      // a constant or a function by its name; a rule without one by the words its comment uses
      const name = /^[A-Za-z_]\w*$/.test(c.id) ? new RegExp(`(const|function) ${c.id}\\b`) : null;
      if (name) expect(source, c.id).toMatch(name);
      else expect(source.toLowerCase(), c.id).toContain(c.id.split(" ")[0].toLowerCase());
      expect(c.does.length, c.id).toBeGreaterThan(20);
      expect(c.measured, c.id).toMatch(/\d|tuned|tried/);
    }
  });

  it("leaves no benchmark figures in lib/extract's code comments (they live in calibration.ts and line-rules.ts)", () => {
    const figure = /\b0\.\d{3,}\s*(->|→)|tuning half [0-9]|WCXB even ids [0-9+−-]/;
    for (const f of readdirSync(join(root, "lib", "extract")).filter((f) => f.endsWith(".ts") && f !== "calibration.ts" && f !== "line-rules.ts")) {
      const comments = readFileSync(join(root, "lib", "extract", f), "utf8").split("\n").filter((l) => /^\s*(\/\/|\*|\/\*\*)/.test(l));
      expect(comments.filter((l) => figure.test(l)), f).toEqual([]);
    }
  });
});

describe("methodReason names the passes by id", () => {
  const passesOf = (reason: string) => /; passes: ([^;()]*)$/.exec(reason)?.[1].split(" > ") ?? [];
  const ids = new Set([...LADDER.map((r) => r.id), ...FINISH.map((f) => f.id)]);

  it("lists the rung that won and the finishing passes that changed the page, with the line rules they applied", () => {
    const prose = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i} of the report tells how the river rose through the night, how the town's volunteers filled sandbags and how the water stopped one street short of the old market square.</p>`).join("");
    const html = `<html><head><title>Flood</title></head><body><a href="#main">Skip to content</a><main id="main"><article>${prose}<p>Comments are closed.</p></article></main></body></html>`;
    const r = extractArticle(html, { url: "https://news.example/2024/05/river-flood-town" });
    const passes = passesOf(r.methodReason);
    expect(passes[0]).toBe("candidates");
    for (const p of passes) expect(ids.has(p.replace(/ \[.*\]$/, "")), p).toBe(true);
    expect(r.text).not.toContain("Skip to content");
    expect(r.text).not.toContain("Comments are closed");
  });

  it("names the fallback that won on a page with almost no text, after what was tried", () => {
    const r = extractArticle("<html><body><div>Short note.</div></body></html>", { url: "https://example.org/" });
    expect(r.methodReason).toContain("(after ");
    expect(passesOf(r.methodReason)[0]).toMatch(/^(blocks|relaxed|body)$/);
  });

  it("names the labels pass and its rules when a skip link is all that is left beside the text", () => {
    const html = `<html><body><div><p>Skip to content</p><p>Load more</p></div><div>${"Short lines of a page without paragraphs. ".repeat(3)}</div></body></html>`;
    const r = extractArticle(html, { url: "https://example.org/page" });
    expect(r.text).not.toMatch(/Skip to content|Load more/);
    expect(passesOf(r.methodReason).find((p) => p.startsWith("labels"))).toMatch(/^labels \[(skip-link|control-label)(, control-label)?\]$/);
  });
});

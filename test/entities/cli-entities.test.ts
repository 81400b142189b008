import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extractEntities } from "../../lib/entities/extract-entities.ts";

const lede = join(import.meta.dirname, "..", "..", "bin", "lede.mjs");
const run = (args: string[], input?: string) => spawnSync(process.execPath, [lede, "entities", ...args], { encoding: "utf8", input });

describe("lede entities", () => {
  it("prints spans with types and character offsets into the text", () => {
    const text = "Peter Blackburn of the European Commission visited São Paulo on Monday.\n";
    const res = run(["-"], text);
    expect(res.status, res.stderr).toBe(0);
    const spans = JSON.parse(res.stdout) as { text: string; type: string; start: number; end: number; key: string }[];
    expect(spans.map((s) => [s.text, s.type])).toEqual([["Peter Blackburn", "PERSON"], ["European Commission", "ORG"], ["São Paulo", "PLACE"]]);
    for (const s of spans) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it("gives names from the lists for German, and none for a script the lists cannot read", () => {
    const de = run(["-", "--lang", "de"], "Angela Merkel besuchte die Ukraine.");
    expect(de.status, de.stderr).toBe(0);
    expect((JSON.parse(de.stdout) as { text: string; type: string }[]).map((s) => [s.text, s.type])).toEqual([["Angela Merkel", "PERSON"], ["Ukraine", "PLACE"]]);
    const ja = run(["-", "--lang", "ja"], "Angela Merkel besuchte die Ukraine.");
    expect(ja.status, ja.stderr).toBe(0);
    expect(JSON.parse(ja.stdout)).toEqual([]);
  });

  it("maps JSONL lines, reports a bad line and keeps the others", () => {
    const dir = mkdtempSync(join(tmpdir(), "lede-entities-"));
    try {
      const input = join(dir, "in.jsonl");
      const output = join(dir, "out.jsonl");
      writeFileSync(input, [JSON.stringify({ id: 1, text: "Barack Obama spoke in Paris." }), "{not json", JSON.stringify({ id: 2, text: "Paris", lang: "ja" })].join("\n"));
      const res = run(["--in", input, "--out", output]);
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(/line 2: expected \{id, text\}/);
      const lines = readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { id: number; entities: { text: string }[] });
      expect(lines.map((l) => l.id)).toEqual([1, 2]);
      // The line's entities are the library's for the same text (which names the model finds is the model's
      // tests' business: test/entities/ner-model.test.ts, ner-gold.test.ts).
      expect(lines[0]!.entities.map((e) => e.text)).toEqual(extractEntities("Barack Obama spoke in Paris.", { lang: null }).map((e) => e.text));
      expect(lines[0]!.entities.map((e) => e.text)).toContain("Paris");
      expect(lines[1]!.entities).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

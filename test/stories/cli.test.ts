import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scoreBCubed } from "../../lib/stories/bcubed.ts";

/** As in grouping.test.ts: measured on this sample when pinned, minus a margin. */
const SAMPLE_BCUBED_F1_FLOOR = 0.8;
const lede = join(import.meta.dirname, "..", "..", "bin", "lede.mjs");
const docs = readFileSync(join(import.meta.dirname, "..", "fixtures", "stories", "ecbplus-sample.jsonl"), "utf8")
  .trim().split("\n").map((l) => JSON.parse(l) as { doc_id: string; story_cluster: string; text: string });

describe("lede group and lede entities", () => {
  it("group writes one {id, story} per input line, in order, grouping the sample's events apart", () => {
    const dir = mkdtempSync(join(tmpdir(), "lede-group-"));
    writeFileSync(join(dir, "in.jsonl"), docs.map((d) => JSON.stringify({ id: d.doc_id, text: d.text })).join("\n") + "\n");
    const res = spawnSync(process.execPath, [lede, "group", "--in", join(dir, "in.jsonl"), "--out", join(dir, "out.jsonl")], { encoding: "utf8" });
    expect(res.status, res.stderr).toBe(0);
    const out = readFileSync(join(dir, "out.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { id: string; story: number });
    expect(out.map((o) => o.id)).toEqual(docs.map((d) => d.doc_id));
    const score = scoreBCubed(new Map(out.map((o) => [o.id, o.story])), new Map(docs.map((d) => [d.doc_id, d.story_cluster])));
    expect(score.f1).toBeGreaterThanOrEqual(SAMPLE_BCUBED_F1_FLOOR);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("entities prints offsets for stdin and maps JSONL", () => {
    const text = "Lindsay Lohan checked into the Betty Ford Center in California.";
    const res = spawnSync(process.execPath, [lede, "entities", "-"], { input: text, encoding: "utf8" });
    expect(res.status, res.stderr).toBe(0);
    const mentions = JSON.parse(res.stdout) as { text: string; type: string; start: number; end: number }[];
    expect(mentions.find((m) => m.text === "Lindsay Lohan")?.type).toBe("PERSON");
    for (const m of mentions) expect(text.slice(m.start, m.end)).toBe(m.text);

    const dir = mkdtempSync(join(tmpdir(), "lede-ent-"));
    writeFileSync(join(dir, "in.jsonl"), `${JSON.stringify({ id: 7, text })}\n`);
    const res2 = spawnSync(process.execPath, [lede, "entities", "--in", join(dir, "in.jsonl"), "--out", join(dir, "out.jsonl")], { encoding: "utf8" });
    expect(res2.status, res2.stderr).toBe(0);
    const line = JSON.parse(readFileSync(join(dir, "out.jsonl"), "utf8").trim()) as { id: number; entities: { text: string }[] };
    expect(line.id).toBe(7);
    expect(line.entities.map((e) => e.text)).toContain("Betty Ford Center");
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});

// The rule-based recogniser (lib/entities/extract-entities-rules.ts extractEntitiesRules: compromise + rules over
// the title and the first 1,200 characters, the crawler's story evidence until session 14) against the code it
// replaced (session 11: compromise's json({offset}) per match, the people's parse with it), on real texts:
// ECB+ dev (the stories benchmark's articles) and WCXB dev articles' ground truth (title + main content).
//   1. Outputs: every text's mentions (text, type, offsets, key) must be identical — the change is speed only.
//   2. CPU per text of each, alternated round by round in this process (median of ROUNDS), with the load.
// Usage: LEDE_CORPUS=/work/shared/corpus npx tsx scripts/bench/story-entities.ts
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { loadavg } from "node:os";
import { join } from "node:path";
import nlp from "compromise";
import { extractEntitiesRules } from "../../lib/entities/extract-entities-rules.ts";
import type { EntityMention, EntitySpan, EntityType } from "../../lib/entities/types.ts";

const corpus = process.env.LEDE_CORPUS ?? join(import.meta.dirname, "..", "..", "..", "shared", "corpus");
if (!existsSync(corpus)) { console.error(`no corpus at ${corpus} (set LEDE_CORPUS)`); process.exit(0); }
/** What the crawler hands the rules (lib/pipeline/ingest.ts STORY_ENTITY_CHARS). */
const STORY_ENTITY_CHARS = 1_200;
const ROUNDS = Number(process.env.ROUNDS ?? 5);

const cut = (text: string) => (text.length > STORY_ENTITY_CHARS ? text.slice(0, STORY_ENTITY_CHARS).replace(/\s+\S*$/, "") : text);

function texts(): { set: string; text: string }[] {
  const out: { set: string; text: string }[] = [];
  for (const line of readFileSync(join(corpus, "stories", "ecbplus-dev.jsonl"), "utf8").split("\n")) {
    if (!line.trim()) continue;
    const doc = JSON.parse(line) as { text: string };
    const [title, ...rest] = doc.text.split("\n");
    out.push({ set: "ECB+ dev", text: `${title}\n\n${cut(rest.join("\n"))}` });
  }
  const gt = join(corpus, "extraction", "wcxb-dev", "ground-truth");
  for (const f of readdirSync(gt).sort()) {
    const doc = JSON.parse(readFileSync(join(gt, f), "utf8")) as { _internal?: { page_type?: { primary?: string } }; ground_truth?: { title?: string; main_content?: string } };
    if (doc._internal?.page_type?.primary !== "article") continue;
    out.push({ set: "WCXB dev articles", text: `${doc.ground_truth?.title ?? ""}\n\n${cut(doc.ground_truth?.main_content ?? "")}` });
  }
  return out.filter((t) => t.text.trim().length > 0);
}

// ---- the code before (session 11), verbatim but for names ----

interface OffsetJson { offset: { start: number; length: number } }
type Matches = { json(opts: { offset: true }): OffsetJson[] };

function compromiseSpansBefore(text: string): EntitySpan[] {
  const doc = nlp(text);
  const groups: [EntityType, Matches][] = [
    ["PERSON", doc.people() as unknown as Matches],
    ["ORG", doc.organizations() as unknown as Matches],
    ["PLACE", doc.places() as unknown as Matches],
  ];
  const spans: EntitySpan[] = [];
  for (const [type, matches] of groups) {
    for (const m of matches.json({ offset: true })) spans.push({ type, start: m.offset.start, end: m.offset.start + m.offset.length, source: "compromise" });
  }
  return spans;
}

/** The rules with the finder they had before (extractEntitiesRules itself, its compromise finder swapped). */
const rulesBefore = (input: string): EntityMention[] => extractEntitiesRules(input, compromiseSpansBefore);

// ---- the comparison ----

function cpuMs(f: () => void): number {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

const all = texts();
const load0 = loadavg().map((x) => x.toFixed(2)).join(" ");
// Warm-up (compromise's lexicon, JIT), and the output check.
const changed: string[] = [];
let mentions = 0;
for (const { set, text } of all) {
  const before = rulesBefore(text);
  const after = extractEntitiesRules(text);
  mentions += before.length;
  if (!isDeepStrictEqual(before, after)) changed.push(`${set}: ${text.slice(0, 60).replace(/\n/g, " ")}`);
}
const rounds = { before: [] as number[], after: [] as number[] };
for (let r = 0; r < ROUNDS; r++) {
  // Alternate the order so that neither always runs on a warmer or cooler machine.
  const order = r % 2 === 0 ? (["before", "after"] as const) : (["after", "before"] as const);
  for (const which of order) rounds[which].push(cpuMs(() => { for (const { text } of all) (which === "before" ? rulesBefore : extractEntitiesRules)(text); }));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const per = (ms: number) => (ms / all.length).toFixed(2);
const sets = [...new Set(all.map((t) => t.set))].map((s) => `${s} ${all.filter((t) => t.set === s).length}`).join(", ");
console.log(`texts: ${all.length} (${sets}); ${mentions} mentions; load average at start ${load0}, at end ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
console.log(`outputs changed: ${changed.length} of ${all.length}${changed.length ? `\n  ${changed.slice(0, 10).join("\n  ")}` : ""}`);
console.log(`CPU ms per text, median of ${ROUNDS} rounds (alternated): before ${per(median(rounds.before))}, after ${per(median(rounds.after))}, ratio ${(median(rounds.after) / median(rounds.before)).toFixed(2)}`);
console.log(`rounds before: ${rounds.before.map(per).join(" ")}; after: ${rounds.after.map(per).join(" ")}`);
if (changed.length) process.exitCode = 1;

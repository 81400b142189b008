// Can the classifier's word tokens and the fingerprint's normalised text come from one tokenisation
// (issue #17 item 4)? On real article texts (WCXB dev and Fundus ground truth, LEDE_CORPUS): the CPU of
// each as the pipeline runs them, the CPU of one shared pass that yields both, and on how many texts the
// shared pass would change an output (a fingerprint that changes breaks duplicate detection against every
// article stored before; a classifier token set that changes changes its scores).
//   classifier (lib/classify/tokens.ts tokeniseWords): lower-case, [\p{L}\p{N}]+ runs, 2–30 characters, accents kept, first 20,000 characters;
//   fingerprint (lib/dedup/normalize-text.ts normalizeText): NFKD, combining marks dropped, lower-case, every other run of characters a space;
//   shared: the lower-cased [\p{L}\p{N}]+ runs once; the classifier filters them; the fingerprint NFKD-folds each run and re-splits it.
// Usage: LEDE_CORPUS=/work/shared/corpus npx tsx scripts/bench/shared-tokens.ts
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadavg } from "node:os";
import { tokeniseWords } from "../../lib/classify/tokens.ts";
import { normalizeText } from "../../lib/dedup/normalize-text.ts";

const corpus = process.env.LEDE_CORPUS ?? join(import.meta.dirname, "..", "..", "..", "shared", "corpus");
if (!existsSync(corpus)) { console.error(`no corpus at ${corpus} (set LEDE_CORPUS)`); process.exit(0); }
/** Characters of text the classifier reads (lib/classify/tokens.ts MAX_TEXT_CHARS). */
const CLASSIFIER_CHARS = 20_000;
const ROUNDS = 5;

function texts(): string[] {
  const out: string[] = [];
  const gt = join(corpus, "extraction", "wcxb-dev", "ground-truth");
  for (const f of readdirSync(gt)) out.push(String(JSON.parse(readFileSync(join(gt, f), "utf8")).ground_truth?.main_content ?? ""));
  const fundus = join(corpus, "extraction", "fundus");
  for (const country of readdirSync(fundus, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
    const dir = join(fundus, country);
    for (const f of readdirSync(dir).filter((x) => x.endsWith(".json"))) {
      const doc = JSON.parse(readFileSync(join(dir, f), "utf8")) as Record<string, { body?: { sections?: { paragraphs?: string[] }[] } }>;
      for (const v of Object.values(doc)) out.push((v.body?.sections ?? []).flatMap((s) => s.paragraphs ?? []).join("\n\n"));
    }
  }
  return out.filter((t) => t.trim().length > 0);
}

const RUN = /[\p{L}\p{N}]+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;

/** Both outputs from one pass over the runs. */
function shared(text: string): { classifier: string[]; fingerprint: string } {
  const classifier: string[] = [];
  const folded: string[] = [];
  const head = text.slice(0, CLASSIFIER_CHARS).toLowerCase().length;
  for (const m of text.toLowerCase().matchAll(RUN)) {
    const r = m[0];
    folded.push(r.normalize("NFKD").replace(MARKS, "").toLowerCase().replace(NON_WORD, " ").trim());
    // A run the 20,000-character cut goes through is cut there, as tokeniseWords(text.slice(0, 20,000)) sees it.
    const w = m.index + r.length <= head ? r : m.index < head ? r.slice(0, head - m.index) : "";
    if (w.length >= 2 && w.length <= 30) classifier.push(w);
  }
  return { classifier, fingerprint: folded.filter(Boolean).join(" ") };
}

function cpu(f: () => void): number {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

const all = texts();
let fpDiff = 0, clsDiff = 0, clsAccent = 0;
let fpExample = "", clsExample = "";
for (const t of all) {
  const s = shared(t);
  if (s.fingerprint !== normalizeText(t)) { fpDiff++; fpExample ||= t; }
  const own = tokeniseWords(t.slice(0, CLASSIFIER_CHARS));
  if (own.join(" ") !== s.classifier.join(" ")) { clsDiff++; clsExample ||= t; }
  // The fingerprint's tokens in the classifier's place: accents (and ligatures, full-width forms) folded.
  const folded = new Set(normalizeText(t.slice(0, CLASSIFIER_CHARS)).split(" ").filter((w) => w.length >= 2 && w.length <= 30));
  if (own.some((w) => !folded.has(w))) clsAccent++;
}
const rounds = { separate: [] as number[], shared: [] as number[] };
for (let r = 0; r < ROUNDS; r++) {
  rounds.separate.push(cpu(() => { for (const t of all) { tokeniseWords(t.slice(0, CLASSIFIER_CHARS)); normalizeText(t); } }));
  rounds.shared.push(cpu(() => { for (const t of all) shared(t); }));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const diffAt = (a: string, b: string) => { let i = 0; while (i < a.length && a[i] === b[i]) i++; return i; };
console.log(`${all.length} texts (WCXB dev + Fundus ground truth), ${(all.reduce((n, t) => n + t.length, 0) / all.length).toFixed(0)} characters on average; load ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log(`CPU per text, median of ${ROUNDS} rounds: classifier tokens + fingerprint normalisation separately ${(median(rounds.separate) / all.length).toFixed(3)} ms; one shared pass ${(median(rounds.shared) / all.length).toFixed(3)} ms`);
console.log(`shared pass changes the fingerprint of ${fpDiff} of ${all.length} texts, the classifier's tokens of ${clsDiff}`);
if (clsExample) {
  const a = shared(clsExample).classifier.join(" "), b = tokeniseWords(clsExample.slice(0, CLASSIFIER_CHARS)).join(" "), i = diffAt(a, b);
  console.log(`  classifier example: shared …${JSON.stringify(a.slice(Math.max(0, i - 30), i + 30))}… vs today …${JSON.stringify(b.slice(Math.max(0, i - 30), i + 30))}…`);
}
if (fpExample) {
  const a = shared(fpExample).fingerprint, b = normalizeText(fpExample), i = diffAt(a, b);
  console.log(`  fingerprint example: shared …${JSON.stringify(a.slice(Math.max(0, i - 30), i + 30))}… vs today …${JSON.stringify(b.slice(Math.max(0, i - 30), i + 30))}…`);
}
console.log(`the fingerprint's (accent-folded) tokens in the classifier's place would change its token set on ${clsAccent} of ${all.length} texts`);

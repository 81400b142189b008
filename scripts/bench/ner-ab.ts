// npx tsx scripts/bench/ner-ab.ts BASE-DIR [--check [--rules]] — the app's entity path (extractEntities) of this tree against a
// copy of another revision's lib/entities, in one process (e.g. `mkdir .scratch-base && git archive REV lib/entities
// lib/dict.ts lib/classify/random.ts | tar -x -C .scratch-base`, then BASE-DIR = .scratch-base).
//   speed: CPU ms per 1,000 words of extractEntities over title + whole text, the two trees alternating article by
//     article (so load on the shared machine falls on both alike): first reading (word types new to both taggers),
//     then the same articles again (every word type cached). Two sets: the bench's 120 WCXB English articles
//     (bench:ner reads the same ones), and held out, the English WCXB articles after them plus ECB+ dev stories
//     (never read while the code was tuned).
//   --check: both trees' output (every mention's text, type, offsets and key) compared on all 1,355 WCXB dev
//     texts and the 496 ECB+ dev texts, of extractEntities and (--rules) of extractEntitiesRules, the story
//     evidence, which shares the heuristic spans; exits 1 on the first difference.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { corpusDir } from "./report.ts";
import { extractEntities } from "../../lib/entities/extract-entities.ts";
import { extractEntitiesRules } from "../../lib/entities/extract-entities-rules.ts";
import type { EntityMention } from "../../lib/entities/types.ts";
import { findHeuristicSpans } from "../../lib/entities/heuristic-spans.ts";
import { nameWords } from "../../lib/entities/normalize-key.ts";

type Extract = (text: string, options?: { lang?: string | null }) => EntityMention[];
/** English article pages measured (the bench's), and other articles read first, unmeasured (as bench:ner). */
const SPEED_ARTICLES = 120;
const WARM_ARTICLES = 20;
const HELD_OUT_ECB = 200;

const cpuMs = (start: NodeJS.CpuUsage) => { const d = process.cpuUsage(start); return (d.user + d.system) / 1000; };
const loads = () => loadavg().map((l) => l.toFixed(1)).join(" ");

interface Page { id: string; title: string; text: string; type: string }

function wcxb(corpus: string): Page[] {
  const dir = join(corpus, "extraction", "wcxb-dev", "ground-truth");
  return readdirSync(dir).sort().map((file) => {
    const gt = JSON.parse(readFileSync(join(dir, file), "utf8")) as { ground_truth?: { title?: string; main_content?: string }; _internal?: { page_type?: { primary?: string } } };
    return { id: file, title: gt.ground_truth?.title ?? "", text: gt.ground_truth?.main_content ?? "", type: gt._internal?.page_type?.primary ?? "" };
  });
}

/** bench:ner's selection: English article pages of 1,500+ characters, in file order. */
function isEnglishArticle(p: Page): boolean {
  if (p.type !== "article" || p.text.length < 1500) return false;
  return ((p.text.match(/\b(the|and|of)\b/g) ?? []).length / Math.max(1, p.text.split(/\s+/).length)) >= 0.04;
}

function ecb(corpus: string): string[] {
  const file = join(corpus, "stories", "ecbplus-dev.jsonl");
  return existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").map((l) => (JSON.parse(l) as { text: string }).text) : [];
}

function race(name: string, texts: string[], base: Extract, mine: Extract): string {
  let words = 0;
  const ms = { base: [0, 0], mine: [0, 0] };
  for (const text of texts) words += text.split(/\s+/).length;
  for (let round = 0; round < 2; round++) {
    texts.forEach((text, i) => {
      // Which tree goes first alternates too.
      const order: ["base" | "mine", Extract][] = i % 2 ? [["base", base], ["mine", mine]] : [["mine", mine], ["base", base]];
      for (const [who, f] of order) { const s = process.cpuUsage(); f(text, { lang: "en" }); ms[who][round]! += cpuMs(s); }
    });
  }
  const per = (x: number) => (x / (words / 1000)).toFixed(2);
  return `${name} (${texts.length} texts, ${words.toLocaleString("en")} words): first reading base ${per(ms.base[0]!)} → this tree ${per(ms.mine[0]!)} CPU ms per 1,000 words (${(ms.base[0]! / ms.mine[0]!).toFixed(2)}× faster); words cached ${per(ms.base[1]!)} → ${per(ms.mine[1]!)} (${(ms.base[1]! / ms.mine[1]!).toFixed(2)}×); load ${loads()}`;
}

async function main(): Promise<void> {
  const baseDir = process.argv[2];
  if (!baseDir) throw new Error("usage: tsx scripts/bench/ner-ab.ts BASE-DIR [--check [--rules]]");
  const corpus = corpusDir();
  if (!corpus) return;
  // a module namespace cannot be added to: copied into a plain object
  const mod = { ...await import(pathToFileURL(resolve(baseDir, "lib", "entities", "extract-entities.ts")).href) } as { extractEntities: Extract; extractEntitiesRules?: Extract };
  // The rules moved to their own module in session 14; an older base tree still has them beside the tagger.
  const rulesFile = resolve(baseDir, "lib", "entities", "extract-entities-rules.ts");
  if (!mod.extractEntitiesRules && existsSync(rulesFile)) mod.extractEntitiesRules = (await import(pathToFileURL(rulesFile).href) as { extractEntitiesRules: Extract }).extractEntitiesRules;
  const base = mod.extractEntities;
  const pages = wcxb(corpus);
  if (process.argv.includes("--check")) {
    const texts = [...pages.map((p) => ({ id: `wcxb ${p.id}`, text: `${p.title}\n\n${p.text}` })), ...ecb(corpus).map((text, i) => ({ id: `ecb+ ${i}`, text }))];
    const rules = process.argv.includes("--rules");
    // The rules read no language: called with the text alone (their second parameter is a name finder).
    const [baseF, mineF, name]: [Extract, Extract, string] = rules
      ? [(t) => mod.extractEntitiesRules!(t), (t) => extractEntitiesRules(t), "extractEntitiesRules"]
      : [base, extractEntities, "extractEntities"];
    let mentions = 0;
    for (const { id, text } of texts) {
      const a = JSON.stringify(baseF(text, { lang: "en" }));
      const b = mineF(text, { lang: "en" });
      if (a !== JSON.stringify(b)) {
        process.stdout.write(`DIFFERENT (${name}): ${id}\nbase: ${a}\nmine: ${JSON.stringify(b)}\n`);
        process.exit(1);
      }
      mentions += b.length;
    }
    process.stdout.write(`${name} identical: ${texts.length} texts (${pages.length} WCXB dev, ${texts.length - pages.length} ECB+ dev), ${mentions} mentions\n`);
    // The heuristic spans on their own, with the rules' options and the repairs' (fast: no compromise).
    const hs = await import(pathToFileURL(resolve(baseDir, "lib", "entities", "heuristic-spans.ts")).href) as typeof import("../../lib/entities/heuristic-spans.ts");
    let spans = 0;
    for (const { id, text } of texts) {
      for (const options of [{}, { headAnywhere: true, breakAtOpeners: true }]) {
        const a = JSON.stringify(hs.findHeuristicSpans(text, options));
        const b = findHeuristicSpans(text, options);
        if (a !== JSON.stringify(b)) { process.stdout.write(`DIFFERENT heuristic spans ${JSON.stringify(options)}: ${id}\n`); process.exit(1); }
        spans += b.length;
      }
    }
    process.stdout.write(`findHeuristicSpans identical (both option sets): ${texts.length} texts, ${spans} spans\n`);
    // The name keys' words on every line of every text (names and whatever else is written there).
    const nk = await import(pathToFileURL(resolve(baseDir, "lib", "entities", "normalize-key.ts")).href) as typeof import("../../lib/entities/normalize-key.ts");
    let lines = 0;
    for (const { id, text } of texts) {
      for (const line of text.split("\n")) {
        if (JSON.stringify(nk.nameWords(line)) !== JSON.stringify(nameWords(line))) { process.stdout.write(`DIFFERENT nameWords: ${id}: ${line}\n`); process.exit(1); }
        lines++;
      }
    }
    process.stdout.write(`nameWords identical: ${lines} lines\n`);
    return;
  }
  const articles = pages.filter(isEnglishArticle).map((p) => `${p.title}\n\n${p.text}`);
  const benchSet = articles.slice(0, SPEED_ARTICLES);
  const warm = articles.slice(SPEED_ARTICLES, SPEED_ARTICLES + WARM_ARTICLES);
  const heldOut = [...articles.slice(SPEED_ARTICLES + WARM_ARTICLES), ...ecb(corpus).slice(0, HELD_OUT_ECB)];
  process.stdout.write(`load at start ${loads()}\n`);
  for (const text of warm) { base(text, { lang: "en" }); extractEntities(text, { lang: "en" }); }
  process.stdout.write(`${race("held out (WCXB English articles after the bench's + ECB+ dev)", heldOut, base, extractEntities)}\n`);
  process.stdout.write(`${race("bench:ner's articles", benchSet, base, extractEntities)}\n`);
}

await main();

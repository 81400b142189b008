// bench:mojibake — how often pages carry double-encoded UTF-8, and what lib/present/mojibake.ts
// does to it. Over every page of the extraction corpora (decoded as the crawler decodes them):
//   - pages whose text holds mojibake runs, and the runs repaired;
//   - false repairs: human ground-truth texts (WCXB main content, Fundus bodies) that hold no
//     mojibake must come back unchanged (a repair there would be a wrong change).
// Usage: npm run bench:mojibake [-- --corpus ../shared/corpus]
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { listWcxbIds, loadReadability, loadTrafilatura, loadWcxb } from "./extract-corpus.ts";
import { loadFundus } from "./fundus-corpus.ts";
import { hasMojibake, repairMojibake } from "../../lib/present/mojibake.ts";

const arg = process.argv.indexOf("--corpus");
const corpus = resolve(arg > 0 ? process.argv[arg + 1] : process.env.LEDE_CORPUS ?? "../shared/corpus");
if (!existsSync(corpus)) {
  console.log(`bench:mojibake: no corpus at ${corpus}; skipped (give --corpus DIR)`);
  process.exit(0);
}

/** Visible text of a page, roughly: scripts, styles and tags out, entities left (they are not mojibake). */
function pageText(html: string): string {
  return html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]+>/g, " ");
}

const SUSPECT = /(?:[\u00C2-\u00DF][\u0080-\u00BF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]|[\u00E0-\u00EF][\u0080-\u00BF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]{2})/g;

const sets: [string, { id: string; html: string }[]][] = [
  ["trafilatura", loadTrafilatura(corpus)],
  ["wcxb-dev", loadWcxb(corpus, listWcxbIds(corpus))],
  ["readability", loadReadability(corpus)],
  ["fundus", loadFundus(corpus) as unknown as { id: string; html: string }[]],
];
let pagesAll = 0, pagesWith = 0, runsAll = 0, runsLeft = 0;
const examples: string[] = [];
for (const [name, pages] of sets) {
  let withM = 0, runs = 0, left = 0;
  for (const p of pages) {
    const text = pageText(p.html);
    if (!hasMojibake(text)) continue;
    withM++;
    const before = text.match(SUSPECT)?.length ?? 0;
    const fixed = repairMojibake(text);
    const after = fixed.match(SUSPECT)?.length ?? 0;
    runs += before;
    left += after;
    if (examples.length < (process.argv.includes("--all") ? 1000 : 6)) {
      const m = SUSPECT.exec(text);
      SUSPECT.lastIndex = 0;
      if (m) examples.push(`${name}/${p.id}: “${text.slice(Math.max(0, m.index - 20), m.index + 20).replace(/\s+/g, " ")}” → “${repairMojibake(text.slice(Math.max(0, m.index - 20), m.index + 20)).replace(/\s+/g, " ")}”`);
    }
  }
  console.log(`${name}: ${pages.length} pages, ${withM} carry mojibake; ${runs} suspicious runs, ${runs - left} repaired, ${left} left`);
  pagesAll += pages.length; pagesWith += withM; runsAll += runs; runsLeft += left;
}
console.log(`all: ${pagesAll} pages, ${pagesWith} with mojibake (${((pagesWith / pagesAll) * 100).toFixed(1)} %), runs repaired ${runsAll - runsLeft} of ${runsAll}`);
for (const e of examples) console.log(`  e.g. ${e}`);

// False repairs on human texts without mojibake.
const truths: string[] = [];
for (const p of loadWcxb(corpus, listWcxbIds(corpus))) if (p.main) truths.push(p.main);
for (const f of loadFundus(corpus) as unknown as { body?: string; text?: string }[]) { const t = f.body ?? f.text; if (typeof t === "string") truths.push(t); }
const clean = truths.filter((t) => !hasMojibake(t));
const changed = clean.filter((t) => repairMojibake(t) !== t).length;
console.log(`false repairs: ${changed} of ${clean.length} ground-truth texts without mojibake changed (${truths.length - clean.length} ground-truth texts carry mojibake themselves)`);

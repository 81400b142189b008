// The recipe's tables as markdown, for lib/extract/README.md (scripts/extract-rules-table.ts writes
// them; test/extract/recipe.test.ts checks the README holds them): the ladder, the finishing passes,
// the line-wording rules and the calibrated thresholds and rules, each with its id, what it does, its
// thresholds and its measured effect.
import { FINISH, LADDER } from "./orchestrator.ts";
import { LINE_RULES } from "./line-rules.ts";
import { CALIBRATION } from "./calibration.ts";

const START = "<!-- recipe:start -->";
const END = "<!-- recipe:end -->";

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`)].join("\n");
}

/** The four tables, generated from LADDER, FINISH, LINE_RULES and CALIBRATION. */
export function recipeTables(): string {
  return [
    "Generated from the code by `npx tsx scripts/extract-rules-table.ts`; do not edit by hand. The ids are the ones `methodReason` lists after \"passes:\".",
    "",
    "**The ladder** (orchestrator.ts `LADDER`): the first rung always runs; a rival runs once a rung has found enough text and wins when it finds more; fallbacks run while none has.",
    "",
    table(["id", "role", "what it does", "thresholds"], LADDER.map((r) => [`\`${r.id}\``, r.role, r.does, r.thresholds])),
    "",
    "**Finishing passes** (orchestrator.ts `FINISH`), in order, on the winner's blocks:",
    "",
    table(["id", "what it does", "thresholds"], FINISH.map((f) => [`\`${f.id}\``, f.does, f.thresholds])),
    "",
    "**Line-wording rules** (line-rules.ts `LINE_RULES`): a block that is boilerplate by its words alone, up to a word limit. Scope `line`: anywhere (the trim, and the `boilerplate-lines` pass); `tail`: in the last quarter of the text; `related-heading`: a heading past mid-article that ends it; `dateline`: a lone date line (at most two); `label`: the `labels` pass.",
    "",
    table(["id", "scope", "words ≤", "what it removes", "measured"], LINE_RULES.map((r) => [`\`${r.id}\``, r.scope, r.maxWords == null ? "any" : String(r.maxWords), r.does, r.measured])),
    "",
    "**Calibrated thresholds and rules** (calibration.ts `CALIBRATION`): the calibration history the code's one-line reasons point to — what each threshold or structural rule moved when it was measured, and the values tried beside it. \"snippet tuning half\" / \"held-out\": snippet F1 on the even / odd positions of trafilatura's set; \"WCXB even ids\" / \"odd\": WCXB dev's mean word-bag F1; \"page-F1 summed\": the per-page F1 changes added over WCXB's 687 even-id pages.",
    "",
    table(["id", "file", "what it does", "measured"], CALIBRATION.map((c) => [`\`${c.id}\``, c.file, c.does, c.measured])),
  ].join("\n");
}

/** `readme` with the recipe section replaced by `tables` (appended when the markers are missing). */
export function replaceRecipeSection(readme: string, tables: string): string {
  const block = `${START}\n${tables}\n${END}`;
  const a = readme.indexOf(START), b = readme.indexOf(END);
  if (a < 0 || b < 0) return `${readme.trimEnd()}\n\n## The recipe, pass by pass\n\n${block}\n`;
  return readme.slice(0, a) + block + readme.slice(b + END.length);
}

// npx tsx scripts/extract-rules-table.ts [--check]
// Writes the recipe's tables into lib/extract/README.md between `<!-- recipe:start -->` and
// `<!-- recipe:end -->`: the ladder and the finishing passes (orchestrator.ts LADDER, FINISH) and the
// line-wording rules (line-rules.ts LINE_RULES) with what each does and its measured effect. The
// tables are generated from the code, so the README cannot drift from it; --check exits 1 when the
// README is not up to date (test/extract/recipe.test.ts runs the same comparison).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./bench/report.ts";
import { recipeTables, replaceRecipeSection } from "../lib/extract/recipe-doc.ts";

const file = join(projectRoot, "lib", "extract", "README.md");
const before = readFileSync(file, "utf8");
const after = replaceRecipeSection(before, recipeTables());
if (process.argv.includes("--check")) {
  process.stdout.write(after === before ? "lib/extract/README.md: recipe tables up to date\n" : "lib/extract/README.md: recipe tables out of date (run npx tsx scripts/extract-rules-table.ts)\n");
  process.exitCode = after === before ? 0 : 1;
} else {
  writeFileSync(file, after);
  process.stdout.write(`lib/extract/README.md: recipe tables ${after === before ? "unchanged" : "written"}\n`);
}

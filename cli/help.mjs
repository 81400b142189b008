// `lede --help` without compiling anything: each cli/commands/<name>.ts declares
// `export const summary = "…"` on one line, read here as text (tsx and the commands' imports take
// seconds to load; the list should answer at once).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const commandsDir = join(import.meta.dirname, "commands");
const SUMMARY = /^export const summary\s*=\s*(["'`])((?:\\.|(?!\1).)*)\1/m;

/** [name, summary] for every command, sorted by name. */
export function commandSummaries() {
  return readdirSync(commandsDir)
    .filter((f) => f.endsWith(".ts") && !f.startsWith("_"))
    .sort()
    .map((f) => {
      const m = SUMMARY.exec(readFileSync(join(commandsDir, f), "utf8"));
      return [f.slice(0, -3), m ? m[2].replace(/\\(.)/g, "$1") : ""];
    });
}

export function helpText() {
  const lines = ["Usage: lede <command> [options]", "", "Commands:"];
  for (const [name, summary] of commandSummaries()) lines.push(`  ${name.padEnd(12)} ${summary}`);
  lines.push("", "Run `lede <command> --help` for a command's options.");
  return lines.join("\n") + "\n";
}

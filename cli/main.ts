// `lede <command> [options]`: each command lives in cli/commands/<name>.ts and exports
// `summary` (one line for the help) and `run(argv) => exit code`.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface Command {
  summary: string;
  run(argv: string[]): Promise<number>;
}

const commandsDir = join(dirname(fileURLToPath(import.meta.url)), "commands");

export function listCommands(): string[] {
  return readdirSync(commandsDir)
    .filter((f) => f.endsWith(".ts") && !f.startsWith("_"))
    .map((f) => f.slice(0, -3))
    .sort();
}

async function loadCommand(name: string): Promise<Command | null> {
  if (!/^[a-z][a-z-]*$/.test(name) || !listCommands().includes(name)) return null;
  return (await import(join(commandsDir, `${name}.ts`))) as Command;
}

async function printHelp(): Promise<void> {
  const lines = ["Usage: lede <command> [options]", "", "Commands:"];
  for (const name of listCommands()) {
    const cmd = await loadCommand(name);
    lines.push(`  ${name.padEnd(12)} ${cmd?.summary ?? ""}`);
  }
  lines.push("", "Run `lede <command> --help` for a command's options.");
  process.stdout.write(lines.join("\n") + "\n");
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    await printHelp();
    return name ? 0 : 1;
  }
  const cmd = await loadCommand(name);
  if (!cmd) {
    process.stderr.write(`lede: unknown command "${name}". Run \`lede --help\` for the list.\n`);
    return 2;
  }
  try {
    return await cmd.run(rest);
  } catch (err) {
    process.stderr.write(`lede ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    if (process.env.LEDE_DEBUG) console.error(err);
    return 1;
  }
}

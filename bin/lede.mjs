#!/usr/bin/env node
// The `lede` command: runs cli/main.ts through tsx, so no build step is needed. The command list
// (`lede`, `lede --help`) is answered before tsx is loaded: it needs no TypeScript.
import { helpText } from "../cli/help.mjs";
const [first] = process.argv.slice(2);
if (!first || first === "--help" || first === "-h" || first === "help") {
  process.stdout.write(helpText());
  process.exit(first ? 0 : 1);
}
const { register } = await import("tsx/esm/api");
process.env.DOTENV_CONFIG_QUIET ??= "true";
register();
const { main } = await import("../cli/main.ts");
process.exitCode = await main(process.argv.slice(2));

#!/usr/bin/env node
// The `lede` command: runs cli/main.ts through tsx, so no build step is needed.
import { register } from "tsx/esm/api";
process.env.DOTENV_CONFIG_QUIET ??= "true";
register();
const { main } = await import("../cli/main.ts");
process.exitCode = await main(process.argv.slice(2));

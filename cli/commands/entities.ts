// `lede entities FILE|-` and `lede entities --in IN.jsonl --out OUT.jsonl`.
import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { z } from "zod";
import { extractEntities } from "../../lib/entities/extract-entities.ts";

export const summary = "find people, organisations and places (with character offsets) in text or JSONL";

const USAGE = `Usage:
  lede entities FILE|- [--lang TAG]         print [{text, type, start, end, key}] for a text file or stdin
  lede entities --in IN.jsonl --out OUT.jsonl   map lines {id, text[, lang]} to {id, entities}

Spans are character offsets into the text (text === input.slice(start, end)); type is PERSON, ORG or
PLACE. The tagger is English (lib/entities/languages.ts): with --lang of another language, no entities.
`;

const LineSchema = z.object({ id: z.union([z.string(), z.number()]), text: z.string(), lang: z.string().nullish() });

const publicMention = (m: { text: string; type: string; start: number; end: number; key: string }) =>
  ({ text: m.text, type: m.type, start: m.start, end: m.end, key: m.key });

function optionValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function mapJsonl(inPath: string, outPath: string): Promise<number> {
  const out = outPath === "-" ? process.stdout : createWriteStream(outPath);
  const lines = createInterface({ input: inPath === "-" ? process.stdin : createReadStream(inPath), crlfDelay: Infinity });
  let n = 0;
  let bad = 0;
  for await (const line of lines) {
    if (!line.trim()) continue;
    n++;
    let json: unknown;
    try { json = JSON.parse(line); } catch { json = null; }
    const parsed = LineSchema.safeParse(json);
    if (!parsed.success) {
      bad++;
      process.stderr.write(`lede entities: line ${n}: expected {id, text}\n`);
      continue;
    }
    out.write(`${JSON.stringify({ id: parsed.data.id, entities: extractEntities(parsed.data.text, { lang: parsed.data.lang }).map(publicMention) })}\n`);
  }
  if (out !== process.stdout) await new Promise<void>((resolve) => (out as NodeJS.WritableStream).end(resolve));
  return bad ? 1 : 0;
}

export async function run(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.length === 0) {
    process.stdout.write(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  const inPath = optionValue(argv, "--in");
  if (inPath) return mapJsonl(inPath, optionValue(argv, "--out") ?? "-");
  const file = argv.find((a, i) => !a.startsWith("--") && argv[i - 1] !== "--lang");
  if (!file) {
    process.stderr.write(USAGE);
    return 2;
  }
  const text = readFileSync(file === "-" ? 0 : file, "utf8");
  const lang = optionValue(argv, "--lang");
  process.stdout.write(`${JSON.stringify(extractEntities(text, { lang }).map(publicMention), null, 1)}\n`);
  return 0;
}

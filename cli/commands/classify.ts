// lede classify --batch DIR --out FILE.jsonl [--urls URLS.json] [--default-model]
// Every *.html / *.html.gz in DIR is decoded and extracted the way the crawler does it, then
// classified with the active model (the shipped default when there is none): one line per file
// {file, url, isNews, score, reason}.
import { createWriteStream, existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import { getEnv, sqlitePath } from "../../lib/config.ts";
import { closeDb, getDb } from "../../lib/db/client.ts";
import { loadActiveClassifier, loadDefaultClassifier, type LoadedClassifier } from "../../lib/classify/active-model.ts";
import { classifyPage } from "../../lib/classify/classify-page.ts";
import { preparePage } from "../../lib/classify/prepare-page.ts";

export const summary = "classify saved pages as news / not news: --batch DIR --out FILE.jsonl";

const HELP = `Usage: lede classify --batch DIR --out FILE.jsonl [--urls URLS.json] [--default-model]
  --urls URLS.json    maps file name → page URL (URL features matter; default: file:// URL)
  --default-model     use the shipped default model instead of the database's active one
`;

async function chooseClassifier(useDefault: boolean): Promise<LoadedClassifier> {
  const file = sqlitePath(getEnv().DATABASE_URL);
  if (useDefault || (file !== null && !existsSync(file))) return { classifier: loadDefaultClassifier(), modelVersionId: null, source: "default" };
  try {
    return await loadActiveClassifier(await getDb());
  } catch (err) {
    process.stderr.write(`lede classify: no usable database (${err instanceof Error ? err.message.split("\n")[0] : String(err)}); using the default model\n`);
    return { classifier: loadDefaultClassifier(), modelVersionId: null, source: "default" };
  }
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { batch: { type: "string" }, out: { type: "string" }, urls: { type: "string" }, "default-model": { type: "boolean" }, help: { type: "boolean" } },
  });
  if (values.help) { process.stdout.write(HELP); return 0; }
  if (!values.batch || !values.out) { process.stderr.write(HELP); return 2; }
  const dir = resolve(values.batch);
  const urls: Record<string, string> = values.urls ? JSON.parse(readFileSync(values.urls, "utf8")) : {};
  const urlOf = (f: string) => urls[f] ?? urls[f.replace(/\.gz$/, "")] ?? pathToFileURL(join(dir, f)).href;
  const files = readdirSync(dir).filter((f) => f.endsWith(".html") || f.endsWith(".html.gz")).sort();
  try {
    const model = await chooseClassifier(Boolean(values["default-model"]));
    const out = createWriteStream(values.out);
    let news = 0;
    for (const file of files) {
      const raw = readFileSync(join(dir, file));
      const bytes = file.endsWith(".gz") ? gunzipSync(raw) : raw;
      const url = urlOf(file);
      const decision = classifyPage(model.classifier, preparePage({ bytes, url }));
      if (decision.isNews) news++;
      out.write(JSON.stringify({ file, url, isNews: decision.isNews, score: Number(decision.score.toFixed(4)), reason: decision.reason }) + "\n");
    }
    await new Promise<void>((res, rej) => out.end((err?: Error | null) => (err ? rej(err) : res())));
    process.stderr.write(`lede classify: ${files.length} pages, ${news} news (${model.source === "default" ? "default model" : `model version ${model.modelVersionId}`})\n`);
    return 0;
  } finally {
    await closeDb();
  }
}

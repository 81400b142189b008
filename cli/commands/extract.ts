// lede extract FILE [--url URL]                 one page (FILE "-" = stdin) → JSON on stdout
// lede extract --batch DIR --out FILE.jsonl [--urls URLS.json] [--templates]
//   every *.html / *.html.gz in DIR, decoded as the crawler decodes, one JSON line per file:
//   {file, url, title, author, published, lang, text, method, ms}. URLS.json maps file name → URL.
//   --templates: pages whose URLs share a host form a site; each site's template is built from its
//   pages first (lib/extract/template.ts), then every page is extracted with it, as the crawler would.
import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { SingleBar, Presets } from "cli-progress";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { extractArticle } from "../../lib/extract/index.ts";
import { newTemplate, pageEntries, updateTemplate, type TemplateState } from "../../lib/extract/template.ts";

export const summary = "Extract the article from a page (or a directory of pages) and print JSON";

const USAGE = `Usage:
  lede extract FILE [--url URL]          FILE may be .html, .html.gz or - (stdin)
  lede extract --batch DIR --out FILE.jsonl [--urls URLS.json] [--templates]`;

interface Args { file?: string; url?: string; batch?: string; out?: string; urls?: string; templates: boolean; help: boolean }

function parseArgs(argv: string[]): { ok: true; args: Args } | { ok: false; reason: string } {
  const args: Args = { templates: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => argv[++i];
    if (a === "--url") args.url = value();
    else if (a === "--batch") args.batch = value();
    else if (a === "--out") args.out = value();
    else if (a === "--urls") args.urls = value();
    else if (a === "--templates") args.templates = true;
    else if (a === "--help" || a === "-h") args.help = true;
    else if (a.startsWith("--")) return { ok: false, reason: `unknown option ${a}` };
    else if (!args.file) args.file = a;
    else return { ok: false, reason: `unexpected argument ${a}` };
  }
  if (args.help) return { ok: true, args };
  if (args.batch) {
    if (!args.out) return { ok: false, reason: "--batch needs --out FILE.jsonl" };
  } else if (!args.file) return { ok: false, reason: "missing FILE" };
  return { ok: true, args };
}

/** Bytes of a page file (gunzipped when .gz); "-" reads stdin. */
function readPageBytes(file: string): Uint8Array {
  const raw = file === "-" ? readFileSync(0) : readFileSync(file);
  return file.endsWith(".gz") ? gunzipSync(raw) : raw;
}

export async function run(argv: string[]): Promise<number> {
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`lede extract: ${parsed.reason}\n${USAGE}\n`);
    return 2;
  }
  const args = parsed.args;
  if (args.help) { process.stdout.write(USAGE + "\n"); return 0; }
  if (args.batch) return runBatch(args);
  const url = args.url ?? (args.file === "-" ? "http://localhost/" : pathToFileURL(resolve(args.file!)).href);
  const html = decodeHtml(readPageBytes(args.file!)).text;
  const result = extractArticle(html, { url });
  process.stdout.write(JSON.stringify(result, null, 2) + "\n");
  return 0;
}

async function runBatch(args: Args): Promise<number> {
  const dir = args.batch!;
  const files = readdirSync(dir).filter((f) => f.endsWith(".html") || f.endsWith(".html.gz")).sort();
  const urls: Record<string, string> = args.urls ? JSON.parse(readFileSync(args.urls, "utf8")) : {};
  const urlOf = (f: string) => urls[f] ?? urls[f.replace(/\.gz$/, "")] ?? pathToFileURL(resolve(dir, f)).href;
  const pages = files.map((file) => ({ file, url: urlOf(file), html: decodeHtml(readPageBytes(join(dir, file))).text }));
  const templates = args.templates ? buildSiteTemplates(pages) : new Map<string, TemplateState>();
  const out = createWriteStream(args.out!);
  const bar = new SingleBar({ stream: process.stderr, format: "extract [{bar}] {value}/{total} {file}", hideCursor: true }, Presets.shades_classic);
  bar.start(pages.length, 0, { file: "" });
  for (const p of pages) {
    const t = performance.now();
    const r = extractArticle(p.html, { url: p.url, template: templates.get(hostOf(p.url)) });
    const ms = Math.round((performance.now() - t) * 10) / 10;
    out.write(JSON.stringify({ file: p.file, url: p.url, title: r.title, author: r.author, published: r.publishedAt, lang: r.lang, text: r.text, method: r.method, ms }) + "\n");
    bar.increment(1, { file: basename(p.file) });
  }
  bar.stop();
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  process.stderr.write(`lede extract: ${pages.length} pages → ${args.out}${args.templates ? ` (${templates.size} site templates)` : ""}\n`);
  return 0;
}

function hostOf(url: string): string {
  try { return new URL(url).host; } catch { return ""; }
}

/** One template per host, fed every page of that host (streaming, as the crawler updates it). */
function buildSiteTemplates(pages: { url: string; html: string }[]): Map<string, TemplateState> {
  const map = new Map<string, TemplateState>();
  for (const p of pages) {
    const host = hostOf(p.url);
    if (!host) continue;
    map.set(host, updateTemplate(map.get(host) ?? newTemplate(), pageEntries(p.html)));
  }
  return map;
}

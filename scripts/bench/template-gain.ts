// Template gain: word-bag F1 with and without site templates on the WCXB dev sites that have at
// least 3 pages (pages grouped by the host of ground-truth/<id>.json `url`). Each site's template is
// built from all of its pages, then each page is extracted with it, as `lede extract --templates`
// and the crawler do. Both membership rules are measured: strict intersection and "present in at
// least k % of the site's pages".
//
//   npm run bench:templates            (writes the "templates" section of docs/benchmarks.md, then the
//                                       end-to-end crawl mode's "template-crawl" section: template-crawl.ts)
//   npm run bench:templates -- --only crawl | --only gain    [--sites N: the first N sites, nothing written]
//
// `measureTemplateGain()` is exported so the extraction benchmark can run it with the orchestrator
// as the extractor (pass `extract`); standalone, the extractor is template subtraction itself and the
// baseline is the whole page's text through the same language filter.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { corpusDir, machineLine, mdTable, writeBenchSection } from "./report.ts";
import {
  newTemplate, pageEntries, subtractTemplate, updateTemplate, type PageEntries, type TemplateOptions, type TemplateState,
} from "../../lib/extract/template.ts";

/** Pages a site needs to be measured (the threshold, and MIN_TEMPLATE_PAGES). */
const MIN_SITE_PAGES = 3;

export interface SitePage { id: string; url: string; html: string; truth: string; pageType: string }

/** Extractor under test: the page and, in the "with" run, its site's template. Returns plain text. */
export type TemplateExtractor = (page: SitePage, template: TemplateState | null) => string | Promise<string>;

export interface TemplateVariant { name: string; options: TemplateOptions; languageFilter?: boolean }

export interface TemplateGainOptions {
  /** Corpus root (default: corpusDir()). */
  corpus?: string;
  /** Extractor (default: template subtraction's blocks; without a template, every text node). */
  extract?: TemplateExtractor;
  /** Template rules to compare (default: strict, ratio 0.5 / 0.6 / 0.8). */
  variants?: TemplateVariant[];
  /** Only the first N sites (development). */
  maxSites?: number;
}

export interface TemplateGainRow { variant: string; sites: number; pages: number; f1Without: number; f1With: number; gain: number; improvedSites: number }

export const DEFAULT_VARIANTS: TemplateVariant[] = [
  { name: "strict (intersection)", options: { mode: "strict" } },
  { name: "ratio ≥ 50 %", options: { mode: "ratio", minRatio: 0.5 } },
  { name: "ratio ≥ 60 % (default)", options: { mode: "ratio", minRatio: 0.6 } },
  { name: "ratio ≥ 80 %", options: { mode: "ratio", minRatio: 0.8 } },
  { name: "ratio ≥ 60 %, no language filter", options: { mode: "ratio", minRatio: 0.6 }, languageFilter: false },
];

/** WCXB dev pages grouped by host, sites with at least MIN_SITE_PAGES pages, sorted by host. */
export function loadWcxbSites(corpus: string): Map<string, SitePage[]> {
  const dir = join(corpus, "extraction", "wcxb-dev");
  const sites = new Map<string, SitePage[]>();
  for (const f of readdirSync(join(dir, "ground-truth")).filter((x) => x.endsWith(".json")).sort()) {
    const gt = JSON.parse(readFileSync(join(dir, "ground-truth", f), "utf8")) as {
      url: string; _internal?: { page_type?: { primary?: string } }; ground_truth?: { main_content?: string };
    };
    const host = new URL(gt.url).host;
    const id = f.replace(/\.json$/, "");
    sites.set(host, [...(sites.get(host) ?? []), { id, url: gt.url, html: "", truth: gt.ground_truth?.main_content ?? "", pageType: gt._internal?.page_type?.primary ?? "?" }]);
  }
  const out = new Map<string, SitePage[]>();
  for (const host of [...sites.keys()].sort()) {
    const pages = sites.get(host)!;
    if (pages.length < MIN_SITE_PAGES) continue;
    for (const p of pages) p.html = gunzipSync(readFileSync(join(dir, "html", `${p.id}.html.gz`))).toString("utf8");
    out.set(host, pages);
  }
  return out;
}

/** WCXB word-bag F1 of one page: lowercase \w+ tokens, multiset overlap. */
export function wordBagF1(output: string, truth: string): number {
  const bag = (s: string) => {
    const m = new Map<string, number>();
    for (const w of s.toLowerCase().match(/[\p{L}\p{N}\p{M}_]+/gu) ?? []) m.set(w, (m.get(w) ?? 0) + 1);
    return m;
  };
  const a = bag(output);
  const b = bag(truth);
  let na = 0, nb = 0, tp = 0;
  for (const c of a.values()) na += c;
  for (const c of b.values()) nb += c;
  if (na === 0 && nb === 0) return 1;
  for (const [w, c] of a) tp += Math.min(c, b.get(w) ?? 0);
  if (tp === 0) return 0;
  const p = tp / na;
  const r = tp / nb;
  return (2 * p * r) / (p + r);
}

/** F1 without and with templates for each variant. */
export async function measureTemplateGain(opts: TemplateGainOptions = {}): Promise<TemplateGainRow[] | null> {
  const corpus = opts.corpus ?? corpusDir();
  if (!corpus || !existsSync(join(corpus, "extraction", "wcxb-dev"))) return null;
  let sites = [...loadWcxbSites(corpus).entries()];
  if (opts.maxSites) sites = sites.slice(0, opts.maxSites);
  const entries = new Map<string, PageEntries>();
  for (const [, pages] of sites) for (const p of pages) entries.set(p.id, pageEntries(p.html));

  const rows: TemplateGainRow[] = [];
  for (const variant of opts.variants ?? DEFAULT_VARIANTS) {
    const filter = variant.languageFilter ?? true;
    const extract: TemplateExtractor = opts.extract ?? ((page, t) => {
      const r = subtractTemplate(t ?? newTemplate(), entries.get(page.id)!, { languageFilter: filter });
      return r.blocks.map((b) => b.text).join("\n");
    });
    let sumWithout = 0, sumWith = 0, pagesN = 0, improved = 0;
    for (const [, pages] of sites) {
      let t = newTemplate(variant.options);
      for (const p of pages) t = updateTemplate(t, entries.get(p.id)!);
      let siteWithout = 0, siteWith = 0;
      for (const p of pages) {
        const without = wordBagF1(await extract(p, null), p.truth);
        const withT = wordBagF1(await extract(p, t), p.truth);
        siteWithout += without;
        siteWith += withT;
        pagesN++;
      }
      sumWithout += siteWithout;
      sumWith += siteWith;
      if (siteWith > siteWithout + 1e-9) improved++;
    }
    rows.push({ variant: variant.name, sites: sites.length, pages: pagesN, f1Without: sumWithout / pagesN, f1With: sumWith / pagesN, gain: (sumWith - sumWithout) / pagesN, improvedSites: improved });
  }
  return rows;
}

/** The markdown section of docs/benchmarks.md. */
export function formatTemplateGain(rows: TemplateGainRow[], extractorName: string): string {
  const f = (x: number) => x.toFixed(3);
  return [
    "## Template gain (WCXB dev, sites with ≥ 3 pages)",
    "",
    `${machineLine()}. Extractor: ${extractorName}. Word-bag F1 (mean over pages), each site's template built from all its pages.`,
    "",
    mdTable(["template rule", "sites", "pages", "F1 without", "F1 with", "gain", "sites improved"],
      rows.map((r) => [r.variant, r.sites, r.pages, f(r.f1Without), f(r.f1With), (r.gain >= 0 ? "+" : "") + f(r.gain), `${r.improvedSites}/${r.sites}`])),
  ].join("\n");
}

async function main(): Promise<void> {
  const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const maxSites = arg("--sites") ? Number(arg("--sites")) : undefined;
  const only = arg("--only");
  if (only !== "crawl") {
    const rows = await measureTemplateGain({ maxSites });
    if (!rows) return;
    const md = formatTemplateGain(rows, "template subtraction + language filter (without a template: every text node + language filter)");
    process.stdout.write(`${md}\n`);
    if (!maxSites) writeBenchSection("templates", md);
  }
  if (only === undefined || only === "crawl") {
    // The end-to-end mode (issue #21): a crawl of the replayed sites, its stored text scored (template-crawl.ts).
    const corpus = corpusDir();
    if (!corpus) return;
    const { measureTemplateCrawl, formatTemplateCrawl } = await import("./template-crawl.ts");
    const md = formatTemplateCrawl(await measureTemplateCrawl(corpus, { maxSites }));
    process.stdout.write(`${md}\n`);
    if (!maxSites) writeBenchSection("template-crawl", md);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  });
}

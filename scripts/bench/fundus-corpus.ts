// Loading Fundus' test pages (../shared/corpus/extraction/fundus): 258 news pages from 41 countries
// with human-checked ground truth per page (title, authors, publishing date, body paragraphs).
// `<country>/<Publisher>.json` holds one entry per parser version ("V1", "V1_1", …) in the order the
// versions were added; `<Publisher>_<crawl date>.html.gz` are the pages, one per version, in the same
// order (checked: 257 of 258 titles occur in their page; 179 crawl dates equal the publishing date);
// `<country>/meta.info` gives each page's URL and crawl time.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { decodePage, readMaybeGz } from "./extract-corpus.ts";

export interface FundusPage {
  id: string;
  country: string;
  lang: string;
  /** The page's address, from the country's meta.info. */
  url: string;
  html: string;
  title: string | null;
  authors: string[];
  /** ISO date-time with offset, as Fundus writes it ("2024-04-22 15:26:46.863186+00:00"). */
  published: string | null;
  /** Summary and section headlines and paragraphs, one per line: the article body without its title. */
  body: string;
}

interface FundusArticle {
  title?: string | null;
  authors?: string[] | null;
  publishing_date?: string | null;
  body?: { summary?: string[]; sections?: { headline?: string[]; paragraphs?: string[] }[] } | null;
}

/** The usual language of a Fundus country folder (the pages' own lang attributes are often missing or wrong). */
export const FUNDUS_COUNTRY_LANG: Record<string, string> = {
  at: "de", au: "en", be: "nl", ca: "en", ch: "de", cn: "zh", cz: "cs", de: "de", dk: "da", es: "es", fr: "fr", gl: "da",
  id: "id", il: "he", ind: "en", isl: "is", it: "it", jp: "ja", kr: "ko", lb: "ar", li: "de", ls: "en", lt: "lt", lu: "de",
  mx: "es", my: "en", na: "en", no: "no", pl: "pl", pt: "pt", py: "es", ru: "ru", se: "sv", tr: "tr", tw: "zh", tz: "en",
  ua: "uk", uk: "en", us: "en", vn: "vi", za: "en",
};

export function loadFundus(corpus: string): FundusPage[] {
  const dir = join(corpus, "extraction", "fundus");
  if (!existsSync(dir)) return [];
  const pages: FundusPage[] = [];
  for (const country of readdirSync(dir).sort()) {
    const cdir = join(dir, country);
    if (!statSync(cdir).isDirectory()) continue;
    const files = readdirSync(cdir);
    const meta = files.includes("meta.info") ? (JSON.parse(readFileSync(join(cdir, "meta.info"), "utf8")) as Record<string, { url?: string }>) : {};
    for (const f of files.filter((x) => x.endsWith(".json")).sort()) {
      const publisher = f.slice(0, -".json".length);
      const htmls = files.filter((x) => x.startsWith(`${publisher}_`) && /^\d{4}_\d{2}_\d{2}\.html\.gz$/.test(x.slice(publisher.length + 1))).sort();
      const versions = Object.values(JSON.parse(readFileSync(join(cdir, f), "utf8")) as Record<string, FundusArticle>);
      versions.forEach((a, i) => {
        const file = htmls[i];
        if (!file) return;
        const body = [...(a.body?.summary ?? []), ...(a.body?.sections ?? []).flatMap((s) => [...(s.headline ?? []), ...(s.paragraphs ?? [])])];
        pages.push({
          id: `${country}/${file.replace(/\.html\.gz$/, "")}`, country, lang: FUNDUS_COUNTRY_LANG[country] ?? "xx",
          url: meta[file]?.url ?? `https://${publisher.toLowerCase()}.example/`,
          html: decodePage(readMaybeGz(join(cdir, file))), title: a.title ?? null, authors: (a.authors ?? []).filter(Boolean),
          published: a.publishing_date ?? null, body: body.filter(Boolean).join("\n"),
        });
      });
    }
  }
  return pages;
}

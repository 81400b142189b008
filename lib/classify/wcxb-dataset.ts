// The training and measuring corpora as samples: WCXB dev (page type "article" is news, every other
// type is not), the non-article pages of news sites (../shared/corpus/page-type: home, section,
// imprint, privacy) and the articles of news sites (Fundus, 181 publishers). Each page is decoded,
// extracted and featurised the way the crawler would (./prepare-page.ts); feature vectors and word
// tokens are cached in os.tmpdir() keyed by a hash of the code that produces them, so iterations take
// seconds. Every sample carries its site (the group of site-grouped folds) and its kind of page.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { computeFeatures, FEATURE_NAMES } from "./features.ts";
import { preparePage } from "./prepare-page.ts";
import type { Sample } from "./model.ts";
import { siteGroup } from "./cross-validate.ts";
import { extractPageTokens, TOKEN_FIELDS, type PageTokens } from "./tokens.ts";

export type CorpusName = "wcxb" | "page-type" | "fundus" | "trafilatura";

export interface CorpusSample extends Sample {
  corpus: CorpusName;
  /** Kind of page: WCXB's page type (article, listing, …), page-type's kind (home, section, imprint, privacy), "article" for Fundus. */
  kind: string;
  /** Registrable domain (./cross-validate.ts siteGroup): folds keep a site's pages together. */
  site: string;
  url: string;
  /** Where the extraction found the content (lib/extract ExtractResult.structure.contentPath): the page's template signature. */
  contentPath?: string;
}

/** WCXB samples keep their page type under its old name too. */
export interface WcxbSample extends CorpusSample {
  pageType: string;
}

interface CachedRow { id: string; kind: string; site: string; url: string; y: boolean; x: number[]; tokens: PageTokens; contentPath: string }
interface CacheFile { key: string; rows: CachedRow[] }

const libDir = resolve(import.meta.dirname, "..");

/** Hash of every source file that shapes a feature vector: features, extraction, decoding. */
export function featureCodeHash(): string {
  const h = createHash("sha256");
  h.update(FEATURE_NAMES.join(","));
  h.update(TOKEN_FIELDS.join(","));
  for (const dir of ["classify", "extract", "encoding"]) {
    const full = join(libDir, dir);
    if (!existsSync(full)) continue;
    for (const f of readdirSync(full).filter((f) => f.endsWith(".ts") || f.endsWith(".json")).sort()) {
      if (dir === "classify" && !["features.ts", "prepare-page.ts", "tokens.ts"].includes(f)) continue;
      h.update(f);
      h.update(readFileSync(join(full, f)));
    }
  }
  return h.digest("hex").slice(0, 16);
}

export interface LoadCorpusOptions {
  /** The corpus folder of this loader (wcxb-dev, page-type or fundus). */
  dir: string;
  /** Cache file; default os.tmpdir()/lede-classify-<corpus>-<hash>.json. `false` disables it. */
  cachePath?: string | false;
  /** Called after each computed page (progress bars). */
  onProgress?: (done: number, total: number) => void;
}
export type LoadWcxbOptions = LoadCorpusOptions;

/** One raw page of a corpus, before decoding. */
interface RawPage { id: string; kind: string; url: string; y: boolean; bytes: () => Uint8Array; contentType: string | null }

function featurise(p: RawPage): CachedRow {
  const prepared = preparePage({ bytes: p.bytes(), url: p.url, contentType: p.contentType });
  const page = prepared;
  return { id: p.id, kind: p.kind, site: siteGroup(p.url), url: p.url, y: p.y, x: Array.from(computeFeatures(page).vector), tokens: extractPageTokens(page), contentPath: prepared.extraction.structure.contentPath };
}

function loadCached(corpus: CorpusName, list: () => RawPage[], options: LoadCorpusOptions): CorpusSample[] {
  const key = featureCodeHash();
  const cachePath = options.cachePath === false ? null : options.cachePath ?? join(tmpdir(), `lede-classify-${corpus}-${key}.json`);
  let rows: CachedRow[] | null = null;
  if (cachePath && existsSync(cachePath)) {
    const cached = JSON.parse(readFileSync(cachePath, "utf8")) as CacheFile;
    if (cached.key === key) rows = cached.rows;
  }
  if (!rows) {
    const pages = list();
    rows = pages.map((p, n) => { const row = featurise(p); options.onProgress?.(n + 1, pages.length); return row; });
    if (cachePath) writeFileSync(cachePath, JSON.stringify({ key, rows } satisfies CacheFile));
  }
  return rows.map((r) => ({ ...r, corpus, group: r.site, x: Float64Array.from(r.x) }));
}

export function loadWcxbSamples(options: LoadWcxbOptions): WcxbSample[] {
  const list = (): RawPage[] => readdirSync(join(options.dir, "ground-truth")).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort().map((id) => {
    const truth = JSON.parse(readFileSync(join(options.dir, "ground-truth", `${id}.json`), "utf8")) as {
      url: string; _internal?: { page_type?: { primary?: string } };
    };
    const kind = truth._internal?.page_type?.primary ?? "unknown";
    return { id: `wcxb:${id}`, kind, url: truth.url, y: kind === "article", contentType: null, bytes: () => gunzipSync(readFileSync(join(options.dir, "html", `${id}.html.gz`))) };
  });
  return loadCached("wcxb", list, options).map((s) => ({ ...s, pageType: s.kind }));
}

/** page-type/labels.jsonl: one non-article page of a news site a line. */
interface PageTypeLabel { file: string; kind: string; url: string; contentType?: string | null }

/** The 358 non-article pages of 15 German news sites (home, section, imprint, privacy), as served. */
export function loadPageTypeSamples(options: LoadCorpusOptions): CorpusSample[] {
  const list = (): RawPage[] => readFileSync(join(options.dir, "labels.jsonl"), "utf8").split("\n").filter((l) => l.trim()).map((line) => {
    const l = JSON.parse(line) as PageTypeLabel;
    return { id: `page-type:${l.file}`, kind: l.kind, url: l.url, y: false, contentType: l.contentType ?? null, bytes: () => gunzipSync(readFileSync(join(options.dir, "html", l.file))) };
  });
  return loadCached("page-type", list, options);
}

/** Fundus' test articles: `<country>/<Publisher>_<date>.html.gz`, URL from the country's meta.info. */
export function loadFundusSamples(options: LoadCorpusOptions): CorpusSample[] {
  const list = (): RawPage[] => {
    const pages: RawPage[] = [];
    for (const country of readdirSync(options.dir).sort()) {
      const cdir = join(options.dir, country);
      if (!statSync(cdir).isDirectory() || !existsSync(join(cdir, "meta.info"))) continue;
      const meta = JSON.parse(readFileSync(join(cdir, "meta.info"), "utf8")) as Record<string, { url?: string }>;
      for (const file of readdirSync(cdir).filter((f) => f.endsWith(".html.gz")).sort()) {
        const url = meta[file]?.url;
        if (!url) continue;
        pages.push({ id: `fundus:${country}/${file}`, kind: "article", url, y: true, contentType: null, bytes: () => gunzipSync(readFileSync(join(cdir, file))) });
      }
    }
    return pages;
  };
  return loadCached("fundus", list, options);
}

/**
 * The trafilatura evaluation set (990 pages, Apache-2.0): measuring only, never training. Its pages
 * are not labelled by kind (most are articles and blog posts, some are ministry or association
 * pages), so every page gets kind "text page" and y = true, except the pages named in `kinds`
 * (file → kind, read by hand: the media pages of news sites), which are not news.
 */
export function loadTrafilaturaSamples(options: LoadCorpusOptions & { kinds?: Readonly<Record<string, string>> }): CorpusSample[] {
  const kinds = options.kinds ?? {};
  const list = (): RawPage[] => {
    const truth = JSON.parse(readFileSync(join(options.dir, "eval.json"), "utf8")) as Record<string, { url?: string }>;
    return Object.keys(truth).sort().filter((f) => truth[f]!.url && existsSync(join(options.dir, "html", `${f}.gz`))).map((f) => ({
      id: `trafilatura:${f}`, kind: "text page", url: truth[f]!.url!, y: true, contentType: null,
      bytes: () => gunzipSync(readFileSync(join(options.dir, "html", `${f}.gz`))),
    }));
  };
  return loadCached("trafilatura", list, options).map((s) => {
    const kind = kinds[s.id.slice("trafilatura:".length)];
    return kind ? { ...s, kind, y: false } : s;
  });
}

/** Every corpus under a corpus root (…/shared/corpus) that is present, WCXB first. */
export function loadAllCorpusSamples(root: string, onProgress?: (corpus: CorpusName, done: number, total: number) => void): CorpusSample[] {
  const out: CorpusSample[] = [];
  const wcxb = join(root, "extraction", "wcxb-dev");
  const pageType = join(root, "page-type");
  const fundus = join(root, "extraction", "fundus");
  if (existsSync(wcxb)) out.push(...loadWcxbSamples({ dir: wcxb, onProgress: (d, n) => onProgress?.("wcxb", d, n) }));
  if (existsSync(join(pageType, "labels.jsonl"))) out.push(...loadPageTypeSamples({ dir: pageType, onProgress: (d, n) => onProgress?.("page-type", d, n) }));
  if (existsSync(fundus)) out.push(...loadFundusSamples({ dir: fundus, onProgress: (d, n) => onProgress?.("fundus", d, n) }));
  return out;
}

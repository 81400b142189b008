// The WCXB dev split as training data: page type "article" is news, every other type is not.
// Each page is decoded, extracted and featurised the way the crawler would; feature vectors and
// word tokens are cached in os.tmpdir() keyed by a hash of the code that produces them, so
// iterations take seconds.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { computeFeatures, FEATURE_NAMES, readDocumentFacts } from "./features.ts";
import { preparePage } from "./prepare-page.ts";
import type { Sample } from "./model.ts";
import { extractPageTokens, TOKEN_FIELDS, type PageTokens } from "./tokens.ts";

export interface WcxbSample extends Sample {
  pageType: string;
  url: string;
}

interface CacheFile {
  key: string;
  rows: { id: string; pageType: string; url: string; y: boolean; x: number[]; tokens: PageTokens }[];
}

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

export interface LoadWcxbOptions {
  /** wcxb-dev folder (html/, ground-truth/). */
  dir: string;
  /** Cache file; default os.tmpdir()/lede-classify-wcxb-<hash>.json. `false` disables it. */
  cachePath?: string | false;
  /** Called after each computed page (progress bars). */
  onProgress?: (done: number, total: number) => void;
}

export function loadWcxbSamples(options: LoadWcxbOptions): WcxbSample[] {
  const key = featureCodeHash();
  const cachePath = options.cachePath === false ? null : options.cachePath ?? join(tmpdir(), `lede-classify-wcxb-${key}.json`);
  if (cachePath && existsSync(cachePath)) {
    const cached = JSON.parse(readFileSync(cachePath, "utf8")) as CacheFile;
    if (cached.key === key) return cached.rows.map((r) => ({ ...r, x: Float64Array.from(r.x) }));
  }
  const ids = readdirSync(join(options.dir, "ground-truth")).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort();
  const rows: CacheFile["rows"] = [];
  ids.forEach((id, n) => {
    const truth = JSON.parse(readFileSync(join(options.dir, "ground-truth", `${id}.json`), "utf8")) as {
      url: string; _internal?: { page_type?: { primary?: string } };
    };
    const pageType = truth._internal?.page_type?.primary ?? "unknown";
    const bytes = gunzipSync(readFileSync(join(options.dir, "html", `${id}.html.gz`)));
    const prepared = preparePage({ bytes, url: truth.url });
    const page = { ...prepared, document: readDocumentFacts(prepared.$) };
    const { vector } = computeFeatures(page);
    rows.push({ id: `wcxb:${id}`, pageType, url: truth.url, y: pageType === "article", x: Array.from(vector), tokens: extractPageTokens(page) });
    options.onProgress?.(n + 1, ids.length);
  });
  if (cachePath) writeFileSync(cachePath, JSON.stringify({ key, rows } satisfies CacheFile));
  return rows.map((r) => ({ ...r, x: Float64Array.from(r.x) }));
}

// Loading the extraction corpora of ../shared/corpus/extraction and the metrics defined in its
// README.md (snippet F1, word-bag F1). Shared by bench:extract and scripts/train-blocks.ts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../../lib/encoding/decode.ts";

export interface SnippetPage { id: string; url: string; html: string; with: string[]; without: string[] }
export interface WcxbPage { id: string; url: string; html: string; type: string; title: string | null; author: string | null; date: string | null; main: string }
export interface ReadabilityPage { id: string; url: string; html: string; title: string | null; byline: string | null; publishedTime: string | null }

/** Bytes of a file, gunzipped when it ends in .gz. */
export function readMaybeGz(path: string): Uint8Array {
  const raw = readFileSync(path);
  return path.endsWith(".gz") ? gunzipSync(raw) : raw;
}

/** Decode page bytes the way the crawler does (declared charset, BOM, meta, detection). */
export function decodePage(bytes: Uint8Array): string {
  return decodeHtml(bytes).text;
}

export function loadTrafilatura(corpus: string): SnippetPage[] {
  const dir = join(corpus, "extraction", "trafilatura");
  const evalJson = JSON.parse(readFileSync(join(dir, "eval.json"), "utf8")) as Record<string, { url: string; with?: string[]; without?: string[] }>;
  const pages: SnippetPage[] = [];
  for (const [file, gt] of Object.entries(evalJson)) {
    const base = file.replace(/\.html?$/, "");
    const candidates = [join(dir, "html", `${file}.gz`), join(dir, "html", `${base}.html.gz`), join(dir, "html", file)];
    const path = candidates.find((p) => existsSync(p));
    if (!path) continue;
    pages.push({ id: file, url: gt.url, html: decodePage(readMaybeGz(path)), with: gt.with ?? [], without: gt.without ?? [] });
  }
  return pages;
}

export function listWcxbIds(corpus: string): string[] {
  return readdirSync(join(corpus, "extraction", "wcxb-dev", "ground-truth")).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort();
}

export function loadWcxb(corpus: string, ids: string[]): WcxbPage[] {
  const dir = join(corpus, "extraction", "wcxb-dev");
  const pages: WcxbPage[] = [];
  for (const id of ids) {
    const gt = JSON.parse(readFileSync(join(dir, "ground-truth", `${id}.json`), "utf8"));
    const path = join(dir, "html", `${id}.html.gz`);
    if (!existsSync(path)) continue;
    const g = gt.ground_truth ?? {};
    pages.push({
      id, url: gt.url, html: decodePage(readMaybeGz(path)), type: gt._internal?.page_type?.primary ?? "unknown",
      title: g.title ?? null, author: g.author ?? null, date: g.publish_date ?? null, main: g.main_content ?? "",
    });
  }
  return pages;
}

export function loadReadability(corpus: string): ReadabilityPage[] {
  const dir = join(corpus, "extraction", "readability");
  const pages: ReadabilityPage[] = [];
  for (const id of readdirSync(dir).sort()) {
    const src = join(dir, id, "source.html.gz");
    const metaPath = join(dir, id, "expected-metadata.json");
    if (!existsSync(src) || !existsSync(metaPath)) continue;
    const m = JSON.parse(readFileSync(metaPath, "utf8"));
    pages.push({ id, url: `http://fakehost/test/${id}/`, html: decodePage(readMaybeGz(src)), title: m.title ?? null, byline: m.byline ?? null, publishedTime: m.publishedTime ?? null });
  }
  return pages;
}

/** WCXB dev pages used to train the block classifier: even numeric ids. The odd ids are held out. */
export function isTrainingId(id: string): boolean {
  return Number.parseInt(id, 10) % 2 === 0;
}

/**
 * The half of the trafilatura set the extraction rules were tuned on: even positions of the file
 * names in sorted order. bench:extract reports snippet F1 on both halves.
 */
export function trafilaturaTuningHalf(ids: string[]): string[] {
  return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).filter((_, i) => i % 2 === 0);
}

// ---- metrics -----------------------------------------------------------------------------------

export interface SnippetCounts { tp: number; fp: number; fn: number; tn: number }

/** Snippet counts for one page (README: collapsed white space, substring match). */
export function countSnippets(output: string, page: SnippetPage): SnippetCounts {
  const text = collapse(output);
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const s of page.with) if (text.includes(collapse(s))) c.tp++; else c.fn++;
  for (const s of page.without) if (text.includes(collapse(s))) c.fp++; else c.tn++;
  return c;
}

export function snippetScores(c: SnippetCounts): { precision: number; recall: number; f1: number } {
  return { precision: c.tp / (c.tp + c.fp || 1), recall: c.tp / (c.tp + c.fn || 1), f1: (2 * c.tp) / (2 * c.tp + c.fp + c.fn || 1) };
}

const WORD_RE = /[\p{L}\p{N}\p{M}_]+/gu;

export function wordBag(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const m of text.toLowerCase().matchAll(WORD_RE)) bag.set(m[0], (bag.get(m[0]) ?? 0) + 1);
  return bag;
}

/** Word-bag precision/recall/F1 of one page (WCXB): multiset overlap of lower-cased \w+ tokens. */
export function wordBagScores(output: string, truth: string): { precision: number; recall: number; f1: number } {
  const a = wordBag(output);
  const b = wordBag(truth);
  let overlap = 0, na = 0, nb = 0;
  for (const [w, n] of a) { na += n; overlap += Math.min(n, b.get(w) ?? 0); }
  for (const n of b.values()) nb += n;
  if (na === 0 && nb === 0) return { precision: 1, recall: 1, f1: 1 };
  const precision = na ? overlap / na : 0;
  const recall = nb ? overlap / nb : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

function collapse(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

// The corpus ground truth of the committed extraction fixture pages, keyed by page file name
// ("wcxb-4825.html.gz"): each page's data file (test/fixtures/extract/{pages,page-type}/<page>.json, read by
// test/extract/pages.test.ts) carries it as `truth` when the page is in the quality floors' sample.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface FixtureTruth { corpus?: string; url?: string; type?: string; main_content?: string; [k: string]: unknown }

const root = join(import.meta.dirname, "..", "fixtures", "extract");

export function extractFixtureTruth(): Record<string, FixtureTruth> {
  const out: Record<string, FixtureTruth> = {};
  for (const sub of ["pages", "page-type"]) {
    const dir = join(root, sub);
    for (const f of readdirSync(dir).filter((n) => n.endsWith(".json")).sort()) {
      const data = JSON.parse(readFileSync(join(dir, f), "utf8")) as { truth?: FixtureTruth };
      if (data.truth) out[f.replace(/\.json$/, ".html.gz")] = data.truth;
    }
  }
  return out;
}

// The extraction recipe. Each step runs only when the one before it found too little text
// (< minTextChars), and the result records which step won and why:
//
//   1. Parse once (htmlparser2) and read the metadata from the untouched document.
//   2. Template: when the site has a ready template, subtract it; the rest is the article.
//   3. Density + blocks: strict clean (scripts, hidden nodes, nav/footer/aside, class/id furniture),
//      the density scorer picks the container, the block classifier drops boilerplate inside it.
//   4. Relax: clean without the furniture rules (some sites wrap the article in "sidebar" or
//      "comment" classes) and take the density container whole.
//   5. Blocks: the block classifier over the whole body.
//   6. Body: all remaining body text, so a page never comes out empty when it has text.
import { extractDefaults } from "../config.ts";
import type { CheerioAPI, Element, ParentNode } from "./dom.ts";
import { bodyOf, parseHtml, removeNode } from "./dom.ts";
import { removeBoilerplate } from "./clean.ts";
import { scoreDensity } from "./density.ts";
import { selectContentRoots } from "./select.ts";
import { blocksToText, segmentBlocks, type TextBlock } from "./segment.ts";
import { sanitizeArticleHtml } from "./sanitize.ts";
import type { ExtractOptions, ExtractResult } from "./index.ts";

/** Characters of text below which a step has found "too little" and the next step runs. */
const MIN_TEXT_CHARS = extractDefaults.minTextChars;

interface Outcome { blocks: TextBlock[]; roots: Element[]; dropped: TextBlock[]; method: string; reason: string }

export function runExtraction(html: string, opts: ExtractOptions): ExtractResult {
  // 1. parse + metadata
  const $ = parseHtml(html);
  const meta = readBasicMetadata($, opts.url);
  const tried: string[] = [];
  const body = bodyOf($);
  // 3. density + blocks (strict clean)
  removeBoilerplate(body, { dropFurniture: true });
  let outcome = tryDensity(body, "density", "strict clean, densest container");
  if (!outcome || textLength(outcome.blocks) < MIN_TEXT_CHARS) {
    tried.push(`density: ${outcome ? textLength(outcome.blocks) : 0} chars`);
    // 4. relax: re-parse, keep furniture
    const $r = parseHtml(html);
    const bodyR = bodyOf($r);
    removeBoilerplate(bodyR, { dropFurniture: false });
    const relaxed = tryDensity(bodyR, "density-relaxed", "relaxed clean (furniture kept), densest container");
    if (relaxed && textLength(relaxed.blocks) > (outcome ? textLength(outcome.blocks) : 0)) outcome = relaxed;
    if (!outcome || textLength(outcome.blocks) < MIN_TEXT_CHARS) {
      tried.push(`density-relaxed: ${relaxed ? textLength(relaxed.blocks) : 0} chars`);
      // 6. body text
      const blocks = segmentBlocks(bodyR);
      if (!outcome || textLength(blocks) > textLength(outcome.blocks)) {
        outcome = { blocks, roots: [bodyR as Element], dropped: [], method: "body", reason: "every step found too little text; whole body" };
      }
    }
  }
  const reason = tried.length ? `${outcome.reason} (after ${tried.join("; ")})` : outcome.reason;
  return {
    ...meta,
    text: blocksToText(outcome.blocks),
    html: renderHtml($, outcome, opts.url),
    method: outcome.method,
    methodReason: reason,
  };
}

function tryDensity(body: ParentNode, method: string, reason: string): Outcome | null {
  const density = scoreDensity(body);
  const roots = selectContentRoots(density);
  if (roots.length === 0) return null;
  const blocks = roots.flatMap((r) => segmentBlocks(r));
  return { blocks, roots, dropped: [], method, reason: `${reason} <${density.best!.name}> score ${Math.round(density.bestScore)}` };
}

function textLength(blocks: TextBlock[]): number {
  let n = 0;
  for (const b of blocks) n += b.text.length;
  return n;
}

/** Content roots as sanitised HTML, without the elements of dropped blocks. */
function renderHtml($: CheerioAPI, outcome: Outcome, url: string): string {
  for (const b of outcome.dropped) if (b.el && !outcome.roots.includes(b.el)) removeNode(b.el);
  const raw = outcome.roots.map((r) => (r.type === "root" ? $.html(r.children) : $.html(r))).join("\n");
  return sanitizeArticleHtml(raw, url);
}

/** Minimal metadata used until the full metadata module is wired in. */
function readBasicMetadata($: CheerioAPI, url: string) {
  const og = $('meta[property="og:title"]').attr("content")?.trim();
  const title = og || $("title").first().text().trim() || $("h1").first().text().trim();
  return {
    title, author: null, publishedAt: null, modifiedAt: null,
    lang: $("html").attr("lang")?.trim() || null, imageUrl: null, canonicalUrl: null, siteName: null,
  } as Pick<ExtractResult, "title" | "author" | "publishedAt" | "modifiedAt" | "lang" | "imageUrl" | "canonicalUrl" | "siteName">;
  void url;
}

export type SingleMethod = "density" | "blocks";

/** One method alone, for the benchmark's per-method columns: the article text only. */
export function extractWithMethod(html: string, url: string, method: SingleMethod): string {
  void url;
  const $ = parseHtml(html);
  const body = bodyOf($);
  removeBoilerplate(body, { dropFurniture: true });
  if (method === "density") return blocksToText(tryDensity(body, "density", "")?.blocks ?? []);
  return blocksToText(segmentBlocks(body));
}

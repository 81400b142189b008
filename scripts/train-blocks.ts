// Train the block classifier's decision tree: npx tsx scripts/train-blocks.ts [--depth 8] [--min-leaf 200]
// Data: WCXB dev pages with EVEN ids only (../shared/corpus/extraction/wcxb-dev); odd ids and the
// trafilatura set stay out of training, so bench:extract reports on pages the tree never saw.
// Each page is parsed and strictly cleaned like the orchestrator does, split into text blocks, and a
// block is labelled content when at least LABEL_SHARE of its word tokens occur in the page's
// ground-truth main_content. Samples are weighted by word count (the metric counts words).
// Deterministic: no sampling, CART with a fixed tie order, so reruns write the same file.
import { writeFileSync } from "node:fs";
import { corpusDir } from "./bench/report.ts";
import { isTrainingId, listWcxbIds, loadWcxb, wordBag } from "./bench/extract-corpus.ts";
import { parseHtml, bodyOf } from "../lib/extract/dom.ts";
import { removeBoilerplate } from "../lib/extract/clean.ts";
import { segmentBlocks } from "../lib/extract/segment.ts";
import { blockFeatures, FEATURE_NAMES, type BlocksModel } from "../lib/extract/blocks.ts";
import { fitTree, predictTree } from "../lib/extract/tree.ts";

/** Share of a block's tokens that must occur in the ground truth for the block to be content. */
const LABEL_SHARE = 0.6;
/**
 * Blocks shorter than this (words) are content only when their whole text occurs in the ground
 * truth. Off (0): with 10, and WEIGHT_FLOOR_WORDS 3, menus scored lower but the orchestrator's
 * mean word-bag F1 on a WCXB even-id sample fell from 0.792 to 0.786 (WCXB counts link lists of
 * listing pages as content); link menus are handled by the orchestrator's link-share rule instead.
 */
const SHORT_BLOCK_WORDS = 0;
/** Added to every sample's word weight so that short blocks count more (off, see above). */
const WEIGHT_FLOOR_WORDS = 0;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const corpus = corpusDir();
if (!corpus) process.exit(0);
const ids = listWcxbIds(corpus).filter(isTrainingId);
const pages = loadWcxb(corpus, ids);
const xs: number[][] = [], ys: number[] = [], ws: number[] = [];
for (const p of pages) {
  const truth = wordBag(p.main);
  const truthText = ` ${p.main.toLowerCase().replace(/\s+/g, " ")} `;
  const $ = parseHtml(p.html);
  const body = bodyOf($);
  removeBoilerplate(body, { dropFurniture: true });
  const blocks = segmentBlocks(body);
  const feats = blockFeatures(blocks);
  blocks.forEach((b, i) => {
    const bag = wordBag(b.text);
    let total = 0, hit = 0;
    for (const [w, n] of bag) { total += n; if (truth.has(w)) hit += n; }
    if (total === 0) return;
    const share = hit / total >= LABEL_SHARE;
    const whole = total >= SHORT_BLOCK_WORDS || truthText.includes(b.text.toLowerCase().replace(/\s+/g, " "));
    xs.push(feats[i]); ys.push(share && whole ? 1 : 0); ws.push(total + WEIGHT_FLOOR_WORDS);
  });
}
const depth = arg("--depth", 8);
const minLeaf = arg("--min-leaf", 200);
const tree = fitTree(xs, ys, ws, { maxDepth: depth, minLeafWeight: minLeaf });
let correct = 0, all = 0;
xs.forEach((x, i) => { all += ws[i]; if ((predictTree(tree, x) >= 0.5 ? 1 : 0) === ys[i]) correct += ws[i]; });
const model: BlocksModel = {
  features: FEATURE_NAMES,
  tree,
  trainedOn: `WCXB dev even ids: ${pages.length} pages, ${xs.length} blocks; CART gini depth ${depth}, min leaf weight ${minLeaf} words; label: >= ${LABEL_SHARE} of block tokens in main_content weighted by words; word-weighted training accuracy ${(correct / all).toFixed(3)}`,
};
writeFileSync(new URL("../lib/extract/blocks-tree.json", import.meta.url), JSON.stringify(model) + "\n");
process.stdout.write(`${model.trainedOn}\n`);

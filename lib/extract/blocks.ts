// Boilerpipe's shallow-text block classifier (Kohlschütter et al., 2010): each text block is
// described by word count, link density and text density of itself and of its neighbours, and a
// small decision tree says content or boilerplate. The tree is trained by scripts/train-blocks.ts on
// WCXB dev pages with even ids and ships as lib/extract/blocks-tree.json.
import { readFileSync } from "node:fs";
import type { TextBlock } from "./segment.ts";
import { predictTree, type TreeNode } from "./tree.ts";

/** Probability above which a block counts as content. */
export const CONTENT_PROBABILITY = 0.5;

/** Feature names, in vector order (the tree refers to them by index). */
export const FEATURE_NAMES = [
  "prev_words", "prev_link_density", "prev_text_density",
  "words", "link_density", "text_density",
  "next_words", "next_link_density", "next_text_density",
  "is_heading", "is_item", "relative_position",
] as const;

export interface BlocksModel { features: readonly string[]; tree: TreeNode; trainedOn: string }

let cachedModel: BlocksModel | null = null;

/** The shipped tree (lib/extract/blocks-tree.json). */
export function loadBlocksModel(): BlocksModel {
  cachedModel ??= JSON.parse(readFileSync(new URL("./blocks-tree.json", import.meta.url), "utf8")) as BlocksModel;
  return cachedModel;
}

/** Feature vectors of blocks in document order (neighbours outside the list are zeros). */
export function blockFeatures(blocks: TextBlock[]): number[][] {
  const one = (b: TextBlock | undefined) => (b ? [b.words, b.words ? b.linkWords / b.words : 0, b.density] : [0, 0, 0]);
  const n = blocks.length;
  return blocks.map((b, i) => [
    ...one(blocks[i - 1]), ...one(b), ...one(blocks[i + 1]),
    b.kind === "heading" ? 1 : 0, b.kind === "item" ? 1 : 0, n > 1 ? i / (n - 1) : 0,
  ]);
}

/**
 * Boilerpipe's word-count rule (NumWordsRulesClassifier: a block of more than a few words with few
 * links is text): a <p> of at least LONG_PROSE_WORDS words with at most LONG_PROSE_MAX_LINK_SHARE of
 * them in links scores at least CONTENT_PROBABILITY, whatever its neighbours. The tree has leaves
 * fitted on a handful of long blocks (its minimum leaf weight counts words, so two 100-word blocks
 * make a leaf) that score such paragraphs 0-0.25 at the start or end of an article: the first or
 * last paragraph went missing. Only <p> blocks: long <pre> code listings are left to the tree (WCXB
 * annotators leave scripts out). Measured effect: calibration.ts.
 */
const LONG_PROSE_WORDS = 40;
const LONG_PROSE_MAX_LINK_SHARE = 0.25;

/** Content probability of each block. */
export function scoreBlocks(blocks: TextBlock[], model: BlocksModel = loadBlocksModel()): number[] {
  return blockFeatures(blocks).map((x, i) => {
    const p = predictTree(model.tree, x);
    return isLongProse(blocks[i]) ? Math.max(p, CONTENT_PROBABILITY) : p;
  });
}

function isLongProse(b: TextBlock): boolean {
  return b.kind === "paragraph" && b.words >= LONG_PROSE_WORDS && b.linkWords <= b.words * LONG_PROSE_MAX_LINK_SHARE;
}

/** Split blocks into content and boilerplate by the tree. */
export function classifyBlocks(blocks: TextBlock[], model: BlocksModel = loadBlocksModel()): { content: TextBlock[]; boilerplate: TextBlock[] } {
  const probs = scoreBlocks(blocks, model);
  const content: TextBlock[] = [];
  const boilerplate: TextBlock[] = [];
  blocks.forEach((b, i) => (probs[i] >= CONTENT_PROBABILITY ? content : boilerplate).push(b));
  return { content, boilerplate };
}

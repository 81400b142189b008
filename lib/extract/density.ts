// Text density, the brief's recursive scorer: a node scores the text length of its paragraph
// children plus half the score of each other child, so a node's weight halves with every level it
// sits below the content. The best-scoring node is the main content container.
import type { AnyNode, Element, ParentNode } from "./dom.ts";
import { collapsedLength, isElement, measureText } from "./dom.ts";

/** Weight a child's score carries into its parent's (the brief: 0.5 per level). */
export const LEVEL_WEIGHT = 0.5;

/** Children counted at full weight: paragraphs and preformatted text. */
const PARAGRAPH_TAGS = new Set(["p", "pre"]);

/** Inline children whose text counts as the node's own text (br-separated bodies of older sites). */
const INLINE_TAGS = new Set(["a", "span", "b", "i", "em", "strong", "font", "small", "big", "sup", "sub", "u", "abbr", "cite", "q", "time", "mark", "code", "s", "ins", "del", "br"]);

/** Characters of loose inline text a node needs before it counts: below that it is labels and menus. */
const MIN_LOOSE_TEXT_CHARS = 25;

export interface DensityResult {
  /** Best node, null when the document has no paragraph text at all. */
  best: Element | null;
  bestScore: number;
  /** Score of every element that scored above zero. */
  scores: Map<Element, number>;
}

/** Score every element below `root` and pick the best one. */
export function scoreDensity(root: ParentNode): DensityResult {
  const scores = new Map<Element, number>();
  let best: Element | null = null;
  let bestScore = 0;
  const visit = (el: ParentNode): number => {
    let score = 0;
    let loose = 0;
    for (const child of el.children) {
      if (child.type === "text") { loose += collapsedLength((child as unknown as { data: string }).data); continue; }
      if (!isElement(child)) continue;
      if (PARAGRAPH_TAGS.has(child.name)) {
        score += ownText(child);
      } else if (INLINE_TAGS.has(child.name) && !hasBlockChild(child)) {
        loose += ownText(child);
      } else {
        score += LEVEL_WEIGHT * visit(child);
      }
    }
    if (loose >= MIN_LOOSE_TEXT_CHARS) score += loose;
    if (isElement(el as AnyNode) && score > 0) {
      scores.set(el as Element, score);
      if (score > bestScore) { bestScore = score; best = el as Element; }
    }
    return score;
  };
  visit(root);
  return { best, bestScore, scores };
}

/** Text length of a subtree without its link text. */
function ownText(el: Element): number {
  const { chars, linkChars } = measureText(el);
  return chars - linkChars;
}

function hasBlockChild(el: Element): boolean {
  for (const c of el.children) if (isElement(c) && (PARAGRAPH_TAGS.has(c.name) || c.name === "div" || c.name === "ul" || c.name === "table")) return true;
  return false;
}

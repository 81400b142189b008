// From a scored document to the content roots: the best density node plus the siblings that look
// like more of the same article (Readability's sibling pass), so an article split over several
// sibling containers comes out whole.
import type { Element } from "./dom.ts";
import { isElement, measureText } from "./dom.ts";
import type { DensityResult } from "./density.ts";

/** A sibling joins the content when it scores at least this share of the best node (Readability: 0.2). */
const SIBLING_SCORE_SHARE = 0.2;
/** A bare paragraph sibling joins when it has this many characters… */
const SIBLING_PARAGRAPH_CHARS = 80;
/** …and at most this share of its text inside links. */
const SIBLING_MAX_LINK_SHARE = 0.25;

/** The best node and its qualifying siblings, in document order. */
export function selectContentRoots(density: DensityResult): Element[] {
  const best = density.best;
  if (!best) return [];
  const parent = best.parent;
  if (!parent) return [best];
  const threshold = density.bestScore * SIBLING_SCORE_SHARE;
  const roots: Element[] = [];
  for (const sib of parent.children) {
    if (!isElement(sib)) continue;
    if (sib === best) { roots.push(sib); continue; }
    const score = density.scores.get(sib) ?? 0;
    if (score >= threshold && score > 0) { roots.push(sib); continue; }
    if (sib.name === "p") {
      const { chars, linkChars } = measureText(sib);
      if (chars >= SIBLING_PARAGRAPH_CHARS && linkChars / chars <= SIBLING_MAX_LINK_SHARE) roots.push(sib);
    }
  }
  return roots;
}

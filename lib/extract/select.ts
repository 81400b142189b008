// From a scored document to the content roots: the best density node, climbed up while its parent
// holds substantially more paragraph text of the same kind (content split over sibling sections),
// plus the siblings that look like more of the same article (Readability's sibling pass).
import type { Element } from "./dom.ts";
import { isElement, measureText } from "./dom.ts";
import type { DensityResult } from "./density.ts";

/** A sibling joins the content when it scores at least this share of the best node (Readability: 0.2). */
const SIBLING_SCORE_SHARE = 0.2;
/**
 * A sibling of the same tag and class as the best node scores this share of the best node's score more
 * (Readability's sibling bonus: more sections of the same article).
 */
const SAME_CLASS_BONUS_SHARE = 0.2;
/** A bare paragraph sibling joins when it has this many characters… */
const SIBLING_PARAGRAPH_CHARS = 80;
/** …and at most this share of its text inside links. */
const SIBLING_MAX_LINK_SHARE = 0.25;
/**
 * Climb to the parent while its score is at least this share of the current node's: with weight 0.5
 * per level the parent of a lone container scores exactly 0.5 of it, so a higher share means the
 * siblings bring real paragraph text too.
 */
export const CLIMB_SCORE_SHARE = 0.75;
/** Never climb into a parent whose text is mostly links (menus, link lists). */
const CLIMB_MAX_LINK_SHARE = 0.5;

/** The content roots, in document order. */
export function selectContentRoots(density: DensityResult): Element[] {
  let best = density.best;
  if (!best) return [];
  let bestScore = density.bestScore;
  for (let parent = best.parent; parent && isElement(parent) && parent.name !== "html"; parent = parent.parent) {
    const score = density.scores.get(parent) ?? 0;
    const { chars, linkChars } = measureText(parent);
    // a wrapper holding nothing but the best node climbs whatever its score (it halves per level), so the
    // sibling pass sees the wrapper's siblings: step-by-step pages put each step in its own wrapper
    if (chars === measureText(best).chars) { best = parent; continue; }
    if (score < bestScore * CLIMB_SCORE_SHARE) break;
    if (chars === 0 || linkChars / chars > CLIMB_MAX_LINK_SHARE) break;
    best = parent; bestScore = score;
  }
  const parent = best.parent;
  if (!parent) return [best];
  const threshold = bestScore * SIBLING_SCORE_SHARE;
  const roots: Element[] = [];
  for (const sib of parent.children) {
    if (!isElement(sib)) continue;
    if (sib === best) { roots.push(sib); continue; }
    const own = density.scores.get(sib) ?? 0;
    const score = own + (sameClass(sib, best) ? bestScore * SAME_CLASS_BONUS_SHARE : 0);
    if (score >= threshold && own > 0) { roots.push(sib); continue; }
    if (sib.name === "p") {
      const { chars, linkChars } = measureText(sib);
      if (chars >= SIBLING_PARAGRAPH_CHARS && linkChars / chars <= SIBLING_MAX_LINK_SHARE) roots.push(sib);
    }
  }
  return roots;
}

/** Same tag and the same non-empty class attribute. */
function sameClass(a: Element, b: Element): boolean {
  const c = a.attribs.class?.trim();
  return !!c && a.name === b.name && c === b.attribs.class?.trim();
}

// The similarity of an article (or a story) to a story: cosine over all terms, mixed with the cosine over
// the event-specific terms alone (entities, numbers, dates, proper nouns). Two events of one kind share their
// topic vocabulary; what they do not share is names, places, dates and figures.
import type { TermVector } from "./types.ts";
import type { GroupingSettings } from "./settings.ts";
import { cosineOf, keptCosineOf, scoredVector, type ScoredVector } from "./similarity.ts";
import { isSpecificTerm } from "./specific-terms.ts";

export function storySimilarity(a: TermVector, b: TermVector, settings: GroupingSettings): number {
  return storySimilarityOf(storyVector(a), storyVector(b), settings);
}

/** A vector with its sums for storySimilarityOf (the event-specific terms kept): score one side once against many. */
export const storyVector = (v: TermVector): ScoredVector => scoredVector(v, isSpecificTerm);

/** storySimilarity of two story vectors. */
export function storySimilarityOf(a: ScoredVector, b: ScoredVector, settings: GroupingSettings): number {
  const general = cosineOf(a, b);
  if (settings.specificShare <= 0 || general === 0) return general;
  const specific = keptCosineOf(a, b);
  return (1 - settings.specificShare) * general + settings.specificShare * specific;
}

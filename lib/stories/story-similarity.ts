// The similarity of an article (or a story) to a story: cosine over all terms, mixed with the cosine over
// the event-specific terms alone (entities, numbers, dates, proper nouns). Two events of one kind share their
// topic vocabulary; what they do not share is names, places, dates and figures.
import type { TermVector } from "./types.ts";
import type { GroupingSettings } from "./settings.ts";
import { cosineSimilarity, cosineWhere } from "./similarity.ts";
import { isSpecificTerm } from "./specific-terms.ts";

export function storySimilarity(a: TermVector, b: TermVector, settings: GroupingSettings): number {
  const general = cosineSimilarity(a, b);
  if (settings.specificShare <= 0 || general === 0) return general;
  const specific = cosineWhere(a, b, isSpecificTerm);
  return (1 - settings.specificShare) * general + settings.specificShare * specific;
}

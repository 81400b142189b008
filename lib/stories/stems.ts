// Porter stems (natural's stemmer) of the words story grouping reads, cached: the title and lead words
// (./terms.ts) and the proper nouns among its event-specific terms (./specific-terms.ts).
import { PorterStemmer } from "natural/lib/natural/stemmers/index.js";

/** Stems of words already seen (Porter's stemmer is pure, and most of an article's words are common ones). */
const stems = new Map<string, string>();
/** Words cached at most: a worker reads millions of words over hours; the cache starts over when full (~10 MB). */
const MAX_CACHED_STEMS = 100_000;

/** Porter's stem of a word, from the cache when it was seen before. */
export function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= MAX_CACHED_STEMS) stems.clear();
    stem = PorterStemmer.stem(word) as string;
    stems.set(word, stem);
  }
  return stem;
}

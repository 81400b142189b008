// The decision shared by the in-memory grouper and the database adapter: which candidate story, if any,
// an article joins.
import type { TermVector } from "./types.ts";
import type { GroupingSettings } from "./settings.ts";
import { centroidOf, type StoryProfile } from "./profile.ts";
import { timeDecay, topTerms } from "./similarity.ts";
import { storySimilarityOf, storyVector } from "./story-similarity.ts";

export interface Candidate { storyId: number; profile: StoryProfile }

export interface StoryChoice { storyId: number; score: number }

/** The best candidate by decayed cosine similarity, or null when none reaches the join threshold. */
export function chooseStory(vector: TermVector, seenAt: Date, candidates: Candidate[], settings: GroupingSettings): StoryChoice | null {
  let best: StoryChoice | null = null;
  const article = storyVector(vector);
  for (const c of candidates) {
    const decay = timeDecay(seenAt, new Date(c.profile.lastSeen), settings.decayHalfLifeHours);
    const score = storySimilarityOf(article, centroidOf(c.profile), settings) * decay;
    if (score >= settings.joinThreshold && (!best || score > best.score)) best = { storyId: c.storyId, score };
  }
  return best;
}

/** The article terms to look up in the inverted index. */
export const queryTermsOf = (vector: TermVector, settings: GroupingSettings): [string, number][] =>
  topTerms(vector, settings.queryTerms);

/** Story ids ranked by summed weight of the shared query terms, cut to `maxCandidates`. */
export function rankCandidateIds(hits: Map<number, number>, settings: GroupingSettings): number[] {
  return [...hits.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, settings.maxCandidates).map(([id]) => id);
}

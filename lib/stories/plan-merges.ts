// The agglomerative pass over live stories (pure): centroids are re-weighed with current IDF, then the
// most similar pair (story similarity × time decay over the gap between the two stories) above the merge bar
// is folded together (smaller into larger), until no pair is left. The bar is the join threshold when the
// smaller story is one article and rises with the log of its size (mergeThresholdOf). Candidate pairs come from a local inverted index over the stories' top terms, so the cost grows with
// the number of live stories in the window, not with the archive.
import type { GroupingSettings } from "./settings.ts";
import type { DocumentFrequencySource } from "./idf.ts";
import { centroidOf, indexTermsOf, mergeProfiles, reweighProfile, type StoryProfile } from "./profile.ts";
import { storySimilarityOf } from "./story-similarity.ts";
import { timeDecay } from "./similarity.ts";
import { queryTermsOf, rankCandidateIds } from "./choose-story.ts";

export interface MergeStep { keep: number; fold: number; score: number }

export interface MergePlan {
  steps: MergeStep[];
  /** final profiles of the stories that absorbed others (and re-weighed profiles of all live stories) */
  profiles: Map<number, StoryProfile>;
}

/** The cosine two stories need to merge: the base threshold, raised with the smaller story's size. */
export function mergeThresholdOf(a: StoryProfile, b: StoryProfile, settings: GroupingSettings): number {
  return settings.mergeThreshold + settings.mergeSizePenalty * Math.log(Math.max(1, Math.min(a.articles, b.articles)));
}

/**
 * The time decay between two stories: by the gap between their [first, last] seen spans (1 when they overlap),
 * as an article is decayed against a story's last article when it joins, so that a one-article story merges on
 * the same terms as it would have joined.
 */
export function storyGapDecay(a: StoryProfile, b: StoryProfile, settings: GroupingSettings): number {
  const [early, late] = a.firstSeen <= b.firstSeen ? [a, b] : [b, a];
  if (late.firstSeen <= early.lastSeen) return 1;
  return timeDecay(new Date(early.lastSeen), new Date(late.firstSeen), settings.decayHalfLifeHours);
}

export function planMerges(live: Map<number, StoryProfile>, idf: DocumentFrequencySource, settings: GroupingSettings): MergePlan {
  const profiles = new Map([...live].map(([id, p]) => [id, reweighProfile(p, idf, settings)]));
  const index = new Map<string, Set<number>>();
  const indexStory = (id: number) => {
    for (const t of indexTermsOf(profiles.get(id)!, settings)) {
      const set = index.get(t) ?? new Set<number>();
      set.add(id);
      index.set(t, set);
    }
  };
  for (const id of profiles.keys()) indexStory(id);

  const bestPartner = (id: number): { other: number; score: number } | null => {
    const own = profiles.get(id)!;
    const centroid = centroidOf(own);
    const hits = new Map<number, number>();
    for (const [term, w] of queryTermsOf(centroid.v, settings)) {
      for (const other of index.get(term) ?? []) if (other !== id && profiles.has(other)) hits.set(other, (hits.get(other) ?? 0) + w);
    }
    let best: { other: number; score: number } | null = null;
    for (const other of rankCandidateIds(hits, settings)) {
      const p = profiles.get(other)!;
      const score = storySimilarityOf(centroid, centroidOf(p), settings) * storyGapDecay(own, p, settings);
      if (score >= mergeThresholdOf(own, p, settings) && (!best || score > best.score)) best = { other, score };
    }
    return best;
  };

  // Best partner per story, recomputed only for stories touched by a merge (the merged story, and those
  // whose cached partner was one of the pair).
  const partner = new Map<number, { other: number; score: number } | null>();
  for (const id of profiles.keys()) partner.set(id, bestPartner(id));
  const steps: MergeStep[] = [];
  for (;;) {
    let pick: MergeStep | null = null;
    for (const [id, b] of partner) if (b && (!pick || b.score > pick.score)) pick = { keep: id, fold: b.other, score: b.score };
    if (!pick) break;
    const a = profiles.get(pick.keep)!;
    const b = profiles.get(pick.fold)!;
    const step = a.articles >= b.articles ? pick : { keep: pick.fold, fold: pick.keep, score: pick.score };
    profiles.set(step.keep, mergeProfiles(profiles.get(step.keep)!, profiles.get(step.fold)!, idf, settings));
    profiles.delete(step.fold);
    partner.delete(step.fold);
    indexStory(step.keep);
    steps.push(step);
    for (const [id, p] of partner) {
      if (id === step.keep || (p && (p.other === step.keep || p.other === step.fold))) partner.set(id, bestPartner(id));
    }
  }
  return { steps, profiles };
}

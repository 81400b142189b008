// Story-grouping thresholds. Similarity thresholds and weights were tuned on the ECB+ dev set
// (../shared/corpus/stories/ecbplus-dev.jsonl, `npm run bench:stories`); it is the only labelled set we
// have, so the reported B-cubed figure is a dev-set figure, not a held-out one.

export interface GroupingSettings {
  /** cosine (after time decay) an article needs with a story's centroid to join it */
  joinThreshold: number;
  /** cosine two story centroids need for the periodic merge to fold them together */
  mergeThreshold: number;
  /** hours: stories not seen for this long are no longer candidates (bounds the candidate set) */
  windowHours: number;
  /** hours: the similarity halves for every half-life between the article and the story's last article */
  decayHalfLifeHours: number;
  /** article terms (highest TF-IDF first) used to look up candidate stories */
  queryTerms: number;
  /** stories scored per article (highest index overlap first) */
  maxCandidates: number;
  /** most recent stories kept per index term */
  postingLimit: number;
  /** terms kept in a story profile (highest TF-IDF first) */
  profileTerms: number;
  /** terms of a story written to the inverted index */
  indexTerms: number;
  /** characters of text taken as the lead when an article has none */
  leadChars: number;
  /** weight of a title word relative to a lead word */
  titleWeight: number;
  /** weight of an entity key relative to a lead word */
  entityWeight: number;
  /** weight of a pair of adjacent title/lead stems ("pierr thoma"), 0 to leave phrases out */
  bigramWeight: number;
}

export const DEFAULT_GROUPING: GroupingSettings = {
  joinThreshold: 0.3,
  mergeThreshold: 0.45,
  windowHours: 7 * 24,
  decayHalfLifeHours: 3 * 24,
  queryTerms: 20,
  maxCandidates: 40,
  postingLimit: 200,
  profileTerms: 150,
  indexTerms: 30,
  leadChars: 1200,
  titleWeight: 2,
  entityWeight: 2,
  bigramWeight: 0.3,
};

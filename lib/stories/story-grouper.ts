// StoryGrouper: incremental story grouping in memory (the CLI and the benchmark; the worker uses the same
// pure pieces through lib/db/stories.ts). Per article:
//   1. terms of title, lead and story evidence (evidence.ts) → TF-IDF vector (IDF maintained incrementally);
//   2. candidates from the inverted index (top query terms; postings capped per term; window-limited);
//   3. join the best candidate above the threshold (cosine × time decay), or open a new story;
//   4. fold the article into the story's profile and re-index its top terms.
// merge() is the periodic agglomerative pass: stories whose centroids converged are folded together.
import type { StoryArticle } from "./types.ts";
import { DEFAULT_GROUPING, type GroupingSettings } from "./settings.ts";
import { DocumentFrequencies } from "./idf.ts";
import { headlineOf, termsOf } from "./terms.ts";
import { weighVector } from "./similarity.ts";
import { emptyProfile, foldArticle, indexTermsOf, representativeHeadline, topEntityKeys, type StoryProfile } from "./profile.ts";
import { planMerges } from "./plan-merges.ts";
import { chooseStory, queryTermsOf, rankCandidateIds, type Candidate } from "./choose-story.ts";
import { storyEvidenceOf } from "./evidence.ts";

export interface StoryView {
  id: number;
  headline: string;
  articleIds: (string | number)[];
  sources: string[];
  entityKeys: string[];
  firstSeen: string;
  lastSeen: string;
}

const hostOf = (url?: string): string | null => {
  if (!url) return null;
  try { return new URL(url).hostname.replace(/^www\./, ""); } catch { return null; }
};

export class StoryGrouper {
  readonly settings: GroupingSettings;
  private readonly idf = new DocumentFrequencies();
  private readonly profiles = new Map<number, StoryProfile>();
  private readonly members = new Map<number, (string | number)[]>();
  /** term → (storyId → lastSeen ms), insertion-ordered by recency */
  private readonly index = new Map<string, Map<number, number>>();
  private readonly mergedInto = new Map<number, number>();
  private nextId = 1;

  constructor(settings: Partial<GroupingSettings> = {}) {
    this.settings = { ...DEFAULT_GROUPING, ...settings };
  }

  /** Group one article; returns its story id. */
  add(article: StoryArticle): number {
    const s = this.settings;
    const seenAt = article.publishedAt ?? new Date();
    const entities = article.entities ?? storyEvidenceOf(article);
    const raw = termsOf({ ...article, entities }, s);
    this.idf.addDocument(raw.keys());
    const vector = weighVector(raw, this.idf);

    const candidates = this.findCandidates(vector, seenAt);
    const choice = chooseStory(vector, seenAt, candidates, s);
    const storyId = choice?.storyId ?? this.nextId++;
    const before = this.profiles.get(storyId) ?? emptyProfile(seenAt);
    const profile = foldArticle(before, { terms: raw, title: headlineOf(article), source: hostOf(article.url), entities, seenAt }, this.idf, s);
    this.profiles.set(storyId, profile);
    this.members.set(storyId, [...(this.members.get(storyId) ?? []), article.id]);
    this.indexStory(storyId, profile);
    return storyId;
  }

  private findCandidates(vector: Map<string, number>, seenAt: Date): Candidate[] {
    const s = this.settings;
    const oldest = seenAt.getTime() - s.windowHours * 3_600_000;
    const hits = new Map<number, number>();
    for (const [term, weight] of queryTermsOf(vector, s)) {
      for (const [storyId, lastSeen] of this.index.get(term) ?? []) {
        if (lastSeen >= oldest && !this.mergedInto.has(storyId)) hits.set(storyId, (hits.get(storyId) ?? 0) + weight);
      }
    }
    return rankCandidateIds(hits, s).map((storyId) => ({ storyId, profile: this.profiles.get(storyId)! }));
  }

  private indexStory(storyId: number, profile: StoryProfile): void {
    const lastSeen = new Date(profile.lastSeen).getTime();
    for (const term of indexTermsOf(profile, this.settings)) {
      const postings = this.index.get(term) ?? new Map<number, number>();
      postings.delete(storyId);
      postings.set(storyId, lastSeen);
      if (postings.size > this.settings.postingLimit) postings.delete(postings.keys().next().value as number);
      this.index.set(term, postings);
    }
  }

  /** The periodic agglomerative merge over stories seen within the window (see plan-merges.ts). */
  merge(now = new Date()): number {
    const oldest = now.getTime() - this.settings.windowHours * 3_600_000;
    const live = new Map([...this.profiles].filter(([, p]) => new Date(p.lastSeen).getTime() >= oldest));
    const plan = planMerges(live, this.idf, this.settings);
    for (const [id, p] of plan.profiles) this.profiles.set(id, p);
    for (const { keep, fold } of plan.steps) {
      this.members.set(keep, [...this.members.get(keep)!, ...this.members.get(fold)!]);
      this.members.delete(fold);
      this.profiles.delete(fold);
      this.mergedInto.set(fold, keep);
    }
    for (const { keep } of plan.steps) if (this.profiles.has(keep)) this.indexStory(keep, this.profiles.get(keep)!);
    return plan.steps.length;
  }

  /** A story id after merges. */
  resolve(storyId: number): number {
    let id = storyId;
    while (this.mergedInto.has(id)) id = this.mergedInto.get(id)!;
    return id;
  }

  /** The grouper's state, for loading into a database (the benchmark seeds its stored archive this way). */
  exportState(): { stories: { id: number; profile: StoryProfile; articleIds: (string | number)[] }[]; documents: number; df: Map<string, number> } {
    return {
      stories: [...this.profiles].map(([id, profile]) => ({ id, profile, articleIds: this.members.get(id) ?? [] })),
      documents: this.idf.documents,
      df: this.idf.entries(),
    };
  }

  /** Load an exported state (stories are re-indexed; ids continue after the largest). */
  loadState(state: ReturnType<StoryGrouper["exportState"]>): void {
    for (const { id, profile, articleIds } of state.stories) {
      this.profiles.set(id, profile);
      this.members.set(id, [...articleIds]);
      this.indexStory(id, profile);
      this.nextId = Math.max(this.nextId, id + 1);
    }
    this.idf.load(state.documents, state.df);
  }

  listStories(): StoryView[] {
    return [...this.profiles.entries()].map(([id, p]) => ({
      id, headline: representativeHeadline(p), articleIds: this.members.get(id) ?? [], sources: p.sources,
      entityKeys: topEntityKeys(p), firstSeen: p.firstSeen, lastSeen: p.lastSeen,
    }));
  }
}

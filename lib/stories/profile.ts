// A story's state, stored as Story.profile JSON: summed raw term weights, a TF-IDF centroid snapshot
// (weights at the time of the last update, so scoring a candidate needs no IDF look-ups), sources,
// entities, title candidates and first/last seen times. Everything is capped, so a profile stays small.
import type { EntityCount } from "../entities/extract-entities.ts";
import type { TermVector } from "./types.ts";
import type { GroupingSettings } from "./settings.ts";
import { cosineOf, topEntries, topTerms, type ScoredVector } from "./similarity.ts";
import { inverseDocumentFrequency, type DocumentFrequencySource } from "./idf.ts";
import { storyVector } from "./story-similarity.ts";
import { dict } from "../dict.ts";

/** Title candidates kept per story (the representative headline is the one nearest the centroid). */
const MAX_TITLES = 8;
/** Entities kept per story (most mentioned first). */
const MAX_ENTITIES = 40;
/** Distinct sources kept per story. */
const MAX_SOURCES = 200;

export interface StoryEntity { name: string; type: EntityCount["type"]; count: number }

/** Every table keyed by a term, entity key or title word is prototype-free (lib/dict.ts): "constructor" is a word. */
export interface StoryProfile {
  version: 1;
  articles: number;
  /** summed raw term weights (before IDF), pruned to the top `profileTerms` by TF-IDF */
  terms: Record<string, number>;
  /** TF-IDF centroid snapshot (mean raw weight × IDF at the last update) */
  centroid: Record<string, number>;
  sources: string[];
  entities: Record<string, StoryEntity>;
  titles: { title: string; terms: Record<string, number> }[];
  firstSeen: string;
  lastSeen: string;
}

export interface ArticleContribution {
  terms: TermVector;
  title: string;
  source: string | null;
  entities: EntityCount[];
  seenAt: Date;
}

export function emptyProfile(seenAt: Date): StoryProfile {
  return {
    version: 1, articles: 0, terms: dict(), centroid: dict(), sources: [], entities: dict(), titles: [],
    firstSeen: seenAt.toISOString(), lastSeen: seenAt.toISOString(),
  };
}

/**
 * Story vectors (./story-similarity.ts) by the table they were built from: a profile's centroid and its
 * titles' terms are replaced, never changed, once the profile is built (foldArticle, mergeProfiles and
 * parseProfile make new tables), so a story read as a candidate by article after article, or a title
 * scored for the headline after every fold, is turned into a vector once.
 */
const vectors = new WeakMap<Readonly<Record<string, number>>, ScoredVector>();

function vectorOf(table: Readonly<Record<string, number>>): ScoredVector {
  let v = vectors.get(table);
  if (!v) {
    v = storyVector(new Map(Object.entries(table)));
    vectors.set(table, v);
  }
  return v;
}

/** The profile's centroid as a story vector (shared: only read it). */
export const centroidOf = (p: StoryProfile): ScoredVector => vectorOf(p.centroid);

/** The profile's centroid (shared: only read it). */
export const centroidVector = (p: StoryProfile): TermVector => centroidOf(p).v;

function refreshCentroid(p: StoryProfile, idf: DocumentFrequencySource, settings: GroupingSettings): void {
  // topTerms(weighVector(mean raw weights, idf)) without the two intermediate maps: the same weights in the same order
  const articles = Math.max(1, p.articles);
  const weighed = Object.entries(p.terms).map(([t, w]): [string, number] => [t, (w / articles) * inverseDocumentFrequency(idf, t)]);
  const kept = topEntries(weighed, settings.profileTerms);
  p.terms = dict(kept.map(([t]): [string, number] => [t, p.terms[t]!]));
  p.centroid = dict(kept);
}

/** A copy whose mutable parts are new containers (kept title entries are never mutated). */
function copyProfile(p: StoryProfile): StoryProfile {
  return { ...p, terms: dict(p.terms), centroid: dict(p.centroid), sources: [...p.sources], entities: dict(p.entities), titles: [...p.titles] };
}

/** A stored profile (Story.profile JSON) with its tables made prototype-free again. */
export function parseProfile(json: string): StoryProfile {
  // JSON.parse makes every key an own property (even "__proto__"), in the order dict() would copy them: the
  // parsed tables only lose their prototype, instead of being copied key by key
  const p = JSON.parse(json) as StoryProfile;
  return {
    ...p, terms: prototypeFree(p.terms), centroid: prototypeFree(p.centroid), entities: prototypeFree(p.entities),
    titles: p.titles.map((t) => ({ title: t.title, terms: prototypeFree(t.terms) })),
  };
}

/** A parsed JSON object as a prototype-free table (lib/dict.ts), in place. */
function prototypeFree<T extends object>(parsed: T): T {
  return Object.setPrototypeOf(parsed, null) as T;
}

const minIso = (a: string, b: string) => (a < b ? a : b);
const maxIso = (a: string, b: string) => (a > b ? a : b);

/** A new profile with the article folded in. */
export function foldArticle(
  profile: StoryProfile, c: ArticleContribution, idf: DocumentFrequencySource, settings: GroupingSettings,
): StoryProfile {
  const p = copyProfile(profile);
  p.articles++;
  for (const [t, w] of c.terms) p.terms[t] = (p.terms[t] ?? 0) + w;
  if (c.source && !p.sources.includes(c.source) && p.sources.length < MAX_SOURCES) p.sources.push(c.source);
  for (const e of c.entities) {
    const cur = p.entities[e.key];
    p.entities[e.key] = { name: cur && cur.name.length >= e.name.length ? cur.name : e.name, type: e.type, count: (cur?.count ?? 0) + e.mentions };
  }
  p.entities = dict(Object.entries(p.entities).sort((a, b) => b[1].count - a[1].count).slice(0, MAX_ENTITIES));
  if (p.titles.length < MAX_TITLES && c.title) {
    p.titles.push({ title: c.title, terms: dict([...c.terms].filter(([t]) => !t.startsWith("e:")).slice(0, 30)) });
  }
  const iso = c.seenAt.toISOString();
  p.firstSeen = minIso(p.firstSeen, iso);
  p.lastSeen = maxIso(p.lastSeen, iso);
  refreshCentroid(p, idf, settings);
  return p;
}

/** The profile of two stories folded together. */
export function mergeProfiles(a: StoryProfile, b: StoryProfile, idf: DocumentFrequencySource, settings: GroupingSettings): StoryProfile {
  const p = copyProfile(a);
  p.articles += b.articles;
  for (const [t, w] of Object.entries(b.terms)) p.terms[t] = (p.terms[t] ?? 0) + w;
  for (const s of b.sources) if (!p.sources.includes(s) && p.sources.length < MAX_SOURCES) p.sources.push(s);
  for (const [k, e] of Object.entries(b.entities)) {
    const cur = p.entities[k];
    p.entities[k] = { name: cur && cur.name.length >= e.name.length ? cur.name : e.name, type: e.type, count: (cur?.count ?? 0) + e.count };
  }
  p.entities = dict(Object.entries(p.entities).sort((x, y) => y[1].count - x[1].count).slice(0, MAX_ENTITIES));
  p.titles = [...p.titles, ...b.titles].slice(0, MAX_TITLES);
  p.firstSeen = minIso(a.firstSeen, b.firstSeen);
  p.lastSeen = maxIso(a.lastSeen, b.lastSeen);
  refreshCentroid(p, idf, settings);
  return p;
}

/** Recompute the centroid snapshot with current document frequencies (the merge pass does this). */
export function reweighProfile(p: StoryProfile, idf: DocumentFrequencySource, settings: GroupingSettings): StoryProfile {
  const out = copyProfile(p);
  refreshCentroid(out, idf, settings);
  return out;
}

/** The title nearest the centroid. */
export function representativeHeadline(p: StoryProfile): string {
  const centroid = centroidOf(p);
  let best = p.titles[0]?.title ?? "";
  let bestScore = -1;
  for (const t of p.titles) {
    const s = cosineOf(vectorOf(t.terms), centroid);
    if (s > bestScore) { best = t.title; bestScore = s; }
  }
  return best;
}

/** Entity keys for chips and candidate lookup, most mentioned first. */
export const topEntityKeys = (p: StoryProfile, n = 12): string[] => Object.keys(p.entities).slice(0, n);

/** Terms written to the inverted index: the centroid's strongest terms. */
export const indexTermsOf = (p: StoryProfile, settings: GroupingSettings): string[] =>
  topTerms(centroidVector(p), settings.indexTerms).map(([t]) => t);

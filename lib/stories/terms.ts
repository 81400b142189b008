// An article's weighted terms for story similarity: stemmed title and lead words (natural's tokenizer,
// stop words and Porter stemmer), entity keys of the story evidence's weighed types ("e:person:lindsay lohan";
// lib/stories/evidence.ts) and event-specific tokens.
import { AggressiveTokenizer } from "natural/lib/natural/tokenizers/index.js";
import { words as STOP_WORDS } from "natural/lib/natural/util/stopwords.js";
import type { StoryArticle, TermVector } from "./types.ts";
import type { GroupingSettings } from "./settings.ts";
import { storyEvidenceOf } from "./evidence.ts";
import { specificTermsOf } from "./specific-terms.ts";
import { stemOf } from "./stems.ts";

const tokenizer = new AggressiveTokenizer();
const stopWords = new Set<string>(STOP_WORDS as string[]);
/** Words too common in news to tell stories apart (on top of natural's English stop words). */
const NEWS_STOP_WORDS = new Set(["said", "say", "says", "told", "year", "years", "new", "also", "one", "two", "would", "could", "people", "time", "http", "www", "com"]);
const ENTITY_PREFIX = "e:";

export function stemWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of tokenizer.tokenize(text.toLowerCase()) as string[]) {
    if (raw.length < 2 || stopWords.has(raw) || NEWS_STOP_WORDS.has(raw) || /^\d{1,3}$/.test(raw)) continue;
    out.push(stemOf(raw));
  }
  return out;
}

/** The lead: given, or the first `leadChars` of the text cut at a word boundary. */
export function leadOf(article: StoryArticle, settings: GroupingSettings): string {
  if (article.lead) return article.lead;
  const cut = article.text.slice(0, settings.leadChars);
  return cut.length < article.text.length ? cut.replace(/\s+\S*$/, "") : cut;
}

/** A headline: the title, else the text's first line cut to 140 characters. */
export function headlineOf(article: StoryArticle): string {
  if (article.title?.trim()) return article.title.trim();
  const line = article.text.split("\n").map((l) => l.trim()).find((l) => l.length > 20 && !/^https?\s*:/.test(l)) ?? article.text.trim();
  return line.length > 140 ? `${line.slice(0, 137).replace(/\s+\S*$/, "")}…` : line;
}

/** Raw term weights (before IDF) of an article. */
export function termsOf(article: StoryArticle, settings: GroupingSettings): TermVector {
  const v: TermVector = new Map();
  const add = (t: string, w: number) => v.set(t, (v.get(t) ?? 0) + w);
  const lead = leadOf(article, settings);
  const addStems = (stems: string[], w: number) => {
    stems.forEach((t, i) => {
      add(t, w);
      if (settings.bigramWeight > 0 && i > 0) add(`${stems[i - 1]}_${t}`, w * settings.bigramWeight);
    });
  };
  if (article.title) addStems(stemWords(article.title), settings.titleWeight);
  addStems(stemWords(lead), 1);
  const entities = article.entities ?? storyEvidenceOf(article);
  for (const e of entities) if (settings.entityTypes.includes(e.type)) add(ENTITY_PREFIX + e.key, settings.entityWeight * Math.min(e.mentions, 3));
  if (settings.specificWeight > 0) {
    for (const t of specificTermsOf(`${article.title ?? ""}\n${lead}`)) add(t, settings.specificWeight);
  }
  // Sublinear term frequency: a word repeated ten times is not ten times as telling.
  for (const [t, w] of v) v.set(t, 1 + Math.log(w));
  return v;
}

export const isEntityTerm = (t: string) => t.startsWith(ENTITY_PREFIX);

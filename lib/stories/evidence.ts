// An article's story evidence: the named entities the story grouping weighs (lib/stories/terms.ts adds them
// as "e:<key>" terms). They are the entity recogniser's own mentions (lib/entities/extract-entities.ts
// extractEntities over the title and the whole text: the trained tagger for English and text of unknown
// language, the name lists for the other Latin-alphabet languages, none for the rest; languages.ts) that
// end within the title and the first STORY_EVIDENCE_CHARS of the text, cut at a word boundary (the lead
// the grouping was tuned on: the whole text was tried and not kept, lib/stories/README.md), counted per
// key (countEntities: mentions, longest spelling). Every type is evidence: the story's profile keeps them
// for its entity chips, and the grouping weighs the types in its settings (GroupingSettings.entityTypes:
// people only, chosen on ECB+). The pipeline tags every news article for its entity chips anyway
// (lib/pipeline/ingest.ts), so the evidence costs a filter over those mentions; before this it was a second
// recogniser (compromise + rules) over the lead, the crawl path's largest stage.
// Every place that needs an article's evidence computes it here (ingest, the story refold after a "not
// news" label in lib/db/stories.ts, the in-memory grouper and bench:stories), so stored stories and
// recomputed ones agree.
import { countEntities, extractEntities, type EntityCount } from "../entities/extract-entities.ts";
import type { EntityMention } from "../entities/types.ts";

/** Characters of text (after the title) whose entities are evidence: the lead the grouping was tuned on. */
export const STORY_EVIDENCE_CHARS = 1_200;

/** What the evidence reads of an article. */
export interface EvidenceSource {
  title?: string | null;
  text: string;
  /** BCP 47 language of the article (null or absent: unknown, read by the tagger) */
  lang?: string | null;
}

/** The text the entity recogniser reads for an article (title, blank line, text): mention offsets are into it. */
export function entityInputOf(article: EvidenceSource): string {
  return `${article.title ?? ""}\n\n${article.text}`;
}

/** Offset in entityInputOf(article) where the evidence's lead ends: title, then the text's first STORY_EVIDENCE_CHARS cut at a word boundary. */
export function evidenceEndOf(article: EvidenceSource): number {
  const { text } = article;
  const lead = text.length > STORY_EVIDENCE_CHARS ? text.slice(0, STORY_EVIDENCE_CHARS).replace(/\s+\S*$/, "") : text;
  return (article.title ?? "").length + 2 + lead.length;
}

/** The story evidence of an article from the mentions extractEntities found in entityInputOf(article). */
export function storyEvidence(mentions: readonly EntityMention[], article: EvidenceSource): EntityCount[] {
  const end = evidenceEndOf(article);
  return countEntities(mentions.filter((m) => m.end <= end));
}

/** The story evidence of an article whose mentions are not at hand: the recogniser runs here (whole text, as the pipeline runs it). */
export function storyEvidenceOf(article: EvidenceSource): EntityCount[] {
  return storyEvidence(extractEntities(entityInputOf(article), { lang: article.lang }), article);
}

import type { EntityCount } from "../entities/extract-entities.ts";

/** What story grouping needs from one article. */
export interface StoryArticle {
  id: string | number;
  title?: string;
  /** first paragraph(s); derived from `text` when absent */
  lead?: string;
  text: string;
  publishedAt?: Date;
  url?: string;
  /** BCP 47 language (null or absent: unknown): how the evidence is recognised when `entities` is absent */
  lang?: string | null;
  /** the article's story evidence (lib/stories/evidence.ts); recognised from title and text when absent */
  entities?: EntityCount[];
}

/** Sparse term → weight vector. */
export type TermVector = Map<string, number>;

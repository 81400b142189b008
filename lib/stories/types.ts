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
  /** entity keys of the article; extracted from title + lead when absent */
  entities?: EntityCount[];
}

/** Sparse term → weight vector. */
export type TermVector = Map<string, number>;

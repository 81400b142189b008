export type EntityType = "PERSON" | "ORG" | "PLACE";

export const ENTITY_TYPES: readonly EntityType[] = ["PERSON", "ORG", "PLACE"];

/** One mention: `text === input.slice(start, end)`; `key` is shared by all mentions of one entity. */
export interface EntityMention {
  text: string;
  type: EntityType;
  start: number;
  end: number;
  key: string;
}

/** A span before keys are assigned. */
export interface EntitySpan {
  type: EntityType;
  start: number;
  end: number;
  /** which finder produced it: the trained tagger, or (rule-based path) the library or a heuristic, which
   * wins over the library's on overlap), or the name lists of the fallback for other languages */
  source: "tagger" | "compromise" | "heuristic" | "lists";
}

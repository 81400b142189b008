// Which article languages get named entities, and how: the tagger is trained on English news (CoNLL-2003);
// languages in the Latin alphabet get the name-list fallback (fallback.ts); others none.
import { FALLBACK_LANGUAGES } from "./fallback.ts";

export { FALLBACK_LANGUAGES };

/** Languages (primary subtags) the tagger was trained for; text of unknown language is tagged too. */
export const ENTITY_LANGUAGES: readonly string[] = ["en"];

/** How articles in `lang` (a BCP 47 tag or null) get entities: the tagger, the name lists, or not at all. */
export function entityMethod(lang: string | null | undefined): "tagger" | "lists" | null {
  if (!lang) return "tagger";
  const primary = lang.toLowerCase().split(/[-_]/)[0]!;
  if (ENTITY_LANGUAGES.includes(primary)) return "tagger";
  return FALLBACK_LANGUAGES.includes(primary) ? "lists" : null;
}

/** Whether articles in `lang` get entities at all. */
export function entitiesSupported(lang: string | null | undefined): boolean {
  return entityMethod(lang) !== null;
}

const languageNames = (codes: readonly string[]) => {
  const names = new Intl.DisplayNames(["en"], { type: "language" });
  return codes.map((l) => names.of(l) ?? l);
};

/** For the UI: "English" (the tagger's languages, by name). */
export function entityLanguageNames(): string {
  return languageNames(ENTITY_LANGUAGES).join(", ");
}

/** For the UI: the languages that get names from lists only, by name ("German, French, …"). */
export function fallbackLanguageNames(): string {
  return [...new Set(languageNames(FALLBACK_LANGUAGES))].join(", ");
}

/** Measured quality, for the UI (docs/benchmarks.md "Named entities"; update with the figures). */
export const ENTITY_QUALITY = {
  /** the app's entities on CoNLL-2003 eng.testa (Reuters news), PER/ORG/LOC F1, through text */
  tagger: "F1 0.90 on English news, 0.60 on Wikipedia text",
  /** the name lists on the hand-labelled Fundus sample (German, French, Spanish) */
  lists: "precision 0.73, recall 0.38 on a hand-labelled German, French and Spanish sample",
} as const;

/** What the UI says under an article in `lang` about how its names were found (null for the tagger). */
export function entityNote(lang: string | null | undefined): string | null {
  const method = entityMethod(lang);
  const name = lang ? (new Intl.DisplayNames(["en"], { type: "language" }).of(lang.split(/[-_]/)[0]!) ?? lang) : "";
  if (method === "lists") {
    return `Names in ${name} articles come from name lists only (listed places and organisations, people with a listed first name; ${ENTITY_QUALITY.lists}): the trained recogniser reads ${entityLanguageNames()} (${ENTITY_QUALITY.tagger}).`;
  }
  if (method === null) {
    return `No names are picked out of this article: people, organisations and places are recognised in ${entityLanguageNames()} articles (${ENTITY_QUALITY.tagger}) and, from name lists only, in ${FALLBACK_LANGUAGES.length} other languages written in the Latin alphabet.`;
  }
  return null;
}

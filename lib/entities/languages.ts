// Which article languages get named entities: the tagger is trained on English news (CoNLL-2003).

/** Languages (primary subtags) the tagger was trained for; text of unknown language is tagged too. */
export const ENTITY_LANGUAGES: readonly string[] = ["en"];

/** Whether articles in `lang` (a BCP 47 tag or null) get entities. */
export function entitiesSupported(lang: string | null | undefined): boolean {
  if (!lang) return true;
  return ENTITY_LANGUAGES.includes(lang.toLowerCase().split(/[-_]/)[0]!);
}

/** "English" (the languages that get entities, by name, for the UI). */
export function entityLanguageNames(): string {
  const names = new Intl.DisplayNames(["en"], { type: "language" });
  return ENTITY_LANGUAGES.map((l) => names.of(l) ?? l).join(", ");
}

// Normalised entity keys: "person:barack obama", "org:acme", "place:united states".
import type { EntityType } from "./types.ts";
import { PERSON_TITLES, PLACE_ALIASES, STATE_ABBREVIATIONS } from "./gazetteer.ts";

const POSSESSIVE = /['’]s?$/i;
const COMBINING_MARKS = /\p{M}+/gu;
/** Legal forms dropped from organisation keys so "Acme Corp." and "Acme" meet (kept: University, Bank...). */
const LEGAL_FORMS = new Set(["inc", "corp", "corporation", "co", "company", "ltd", "llc", "plc", "ag", "gmbh", "sa", "nv", "bv", "spa"]);

/** Whether every character is an ASCII letter or digit (then a word needs no clean-up but lower case). */
function isAsciiAlnum(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122))) return false;
  }
  return s.length > 0;
}

/** Whether every character is ASCII (NFKD leaves such text as it is, and it holds no combining mark). */
function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

/** Lowercase words without accents, punctuation or possessive endings. */
export function nameWords(text: string): string[] {
  return (isAscii(text) ? text : text.normalize("NFKD").replace(COMBINING_MARKS, ""))
    .split(/\s+/)
    .map((w) => (isAsciiAlnum(w) ? w.toLowerCase() : w.replace(POSSESSIVE, "").replace(/[^\p{L}\p{N}&]+/gu, " ").trim().toLowerCase()))
    .flatMap((w) => (w ? w.split(" ") : []));
}

/** Words of a person's name without leading titles ("President Barack Obama" → barack obama). */
export function personWords(text: string): string[] {
  return personWordsOf(nameWords(text));
}

/** personWords of a name's nameWords. */
function personWordsOf(words: readonly string[]): string[] {
  let i = 0;
  while (i < words.length - 1 && PERSON_TITLES.has(words[i])) i++;
  return words.slice(i).filter((w) => w !== "jr" && w !== "sr");
}

export function entityKey(text: string, type: EntityType): string {
  return entityKeyOf(text, type, nameWords(text));
}

/** entityKey of a text whose nameWords are `nameWordsOfText` (read, not changed). */
export function entityKeyOf(text: string, type: EntityType, nameWordsOfText: readonly string[]): string {
  if (type === "PERSON") return `person:${personWordsOf(nameWordsOfText).join(" ")}`;
  if (type === "PLACE") {
    const state = text.endsWith(".") ? STATE_ABBREVIATIONS[text.slice(0, -1)] : undefined;
    if (state) return `place:${state}`;
    const joined = nameWordsOfText.join(" ");
    return `place:${PLACE_ALIASES[joined] ?? PLACE_ALIASES[joined.replace(/^the /, "")] ?? joined.replace(/^the /, "")}`;
  }
  const words = nameWordsOfText.slice();
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1])) words.pop();
  if (words[0] === "the" && words.length > 1) words.shift();
  return `org:${words.join(" ")}`;
}


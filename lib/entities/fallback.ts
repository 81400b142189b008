// Named entities for languages the tagger was not trained on: name lists only (issue 16 item 5).
// The tagger is English; for languages written in the Latin alphabet the shipped model's gazetteer (names
// frequent in eng.train with their dominant type, countries and capitals, cities of 50,000+, English first
// names) still finds what those lists hold:
//   1. at each capitalised token, the longest gazetteer phrase that starts and ends capitalised: its type
//      (a name from the training text: its kind; a country, capital or city: a place);
//   2. before that, a listed first name (or a person's name from the training text) followed by one to three
//      capitalised words is a person ("Emmanuel Macron", "Max Verstappen");
//   3. one- to three-letter words match only in capitals ("UN", not Spanish "un"), and articles that are also
//      first names ("La", "El", "Der"...) start no person.
// German capitalises every noun, so capitalisation alone says nothing there: these rules never guess from
// capitals alone (no list, no entity), which is why they hold for German too. Measured on a hand-labelled
// sample of Fundus articles (test/entities/fallback.test.ts): precise, and recall limited to the lists.
import type { EntitySpan, EntityType } from "./types.ts";
import { tokenize, type Token } from "./tokenize.ts";
import type { Lexicon } from "./ner-features.ts";

/** Languages (primary subtags) in the Latin alphabet that get the list-based fallback. */
export const FALLBACK_LANGUAGES: readonly string[] = [
  "de", "fr", "es", "it", "pt", "nl", "sv", "da", "no", "nb", "nn", "fi", "pl", "cs", "sk", "sl", "hr", "ro", "ca", "gl",
  "hu", "et", "lv", "lt", "id", "ms", "sq", "eu", "is", "lb", "af", "sw", "tl", "vi",
];

/** Words that are articles or particles in these languages and also listed first names. */
const NOT_FIRST_NAMES = new Set(["la", "le", "el", "les", "los", "las", "der", "die", "das", "den", "dem", "des", "de", "del", "di", "da", "do", "du", "van", "von", "al", "il", "lo", "un", "una", "el", "en", "et", "og", "i", "y"]);
/** Words after a first name that a person may have (at most). */
const MAX_SURNAME_WORDS = 3;
/** Words this short match a list only when written in capitals ("UN", "EU"). */
const SHORT_WORD = 3;

const CAPITALISED = /^\p{Lu}/u;
const ALL_CAPS = /^[\p{Lu}\d.&-]+$/u;
/** Gazetteer kinds → entity types, the training text's kinds first (they say what a name most often is). */
const TYPE_OF: [string, EntityType][] = [["PER", "PERSON"], ["ORG", "ORG"], ["LOC", "PLACE"], ["COUNTRY", "PLACE"], ["CITY", "PLACE"]];

function typeOf(kinds: string[]): EntityType | null {
  for (const [k, t] of TYPE_OF) if (kinds.includes(k)) return t;
  return null;
}

const capitalised = (t: Token) => CAPITALISED.test(t.form);
/** A list's one-word name: capitalised, and in capitals when short. */
const listWord = (t: Token) => capitalised(t) && (t.form.length > SHORT_WORD || ALL_CAPS.test(t.form));

export function fallbackSpans(text: string, lexicon: Lexicon): EntitySpan[] {
  const gaz = lexicon.gazetteer;
  if (!gaz) return [];
  const maxWords = lexicon.gazetteerMaxWords ?? 4;
  const tokens = tokenize(text);
  const out: EntitySpan[] = [];
  // each token's lower case, made once when a phrase first needs it
  const lowers: (string | undefined)[] = new Array(tokens.length);
  const lower = (k: number): string => (lowers[k] ??= tokens[k]!.form.toLowerCase());
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i]!;
    if (!capitalised(first)) continue;
    // 2 before 1 for a first name with a surname ("Vladimir" is a city too).
    const kinds1 = gaz.get(lower(i)) ?? [];
    if ((kinds1.includes("FIRST") || kinds1.includes("PER")) && !NOT_FIRST_NAMES.has(lower(i))) {
      let j = i + 1;
      while (j < tokens.length && j - i <= MAX_SURNAME_WORDS && capitalised(tokens[j]!) && tokens[j]!.start - tokens[j - 1]!.end <= 1) j++;
      if (j > i + 1) {
        out.push({ type: "PERSON", start: first.start, end: tokens[j - 1]!.end, source: "lists" });
        i = j - 1;
        continue;
      }
    }
    for (let m = Math.min(maxWords, tokens.length - i); m >= 1; m--) {
      const last = tokens[i + m - 1]!;
      if (m > 1 ? !capitalised(last) : !listWord(first)) continue;
      let phrase = lower(i);
      for (let k = 1; k < m; k++) phrase += ` ${lower(i + k)}`;
      const kinds = gaz.get(phrase);
      const type = kinds ? typeOf(kinds) : null;
      if (!type) continue;
      out.push({ type, start: first.start, end: last.end, source: "lists" });
      i += m - 1;
      break;
    }
  }
  return out;
}

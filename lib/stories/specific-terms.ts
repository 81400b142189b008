// Event-specific tokens of a text: what tells two events of the same kind apart (two earthquakes, two
// rehab check-ins) where the topic vocabulary cannot. Cheap: one regular-expression pass over the lead.
//   - numbers with two or more digits and ordinals ("2008", "6.1", "11th", "eleventh" → "n:11th");
//   - month and weekday names ("d:september");
//   - capitalised words not at the start of a sentence and never written in lower case in the same text
//     ("Capaldi", "Kempthorne" → "p:capaldi").
import { words as STOP_WORDS } from "natural/lib/natural/util/stopwords.js";
import { dict } from "../dict.ts";
import { stemOf } from "./stems.ts";

export const NUMBER_PREFIX = "n:";
export const DATE_PREFIX = "d:";
export const PROPER_PREFIX = "p:";

const stopWords = new Set<string>(STOP_WORDS as string[]);
const ORDINAL_WORDS: Record<string, string> = dict({
  first: "1st", second: "2nd", third: "3rd", fourth: "4th", fifth: "5th", sixth: "6th", seventh: "7th", eighth: "8th",
  ninth: "9th", tenth: "10th", eleventh: "11th", twelfth: "12th", thirteenth: "13th", fourteenth: "14th",
  fifteenth: "15th", sixteenth: "16th", seventeenth: "17th", eighteenth: "18th", nineteenth: "19th", twentieth: "20th",
});
const DATE_WORDS = new Set([
  "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
  "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
]);
/** Abbreviated month and weekday names, as datelines write them ("Feb. 4", "Tue March 3"). */
const DATE_ABBREVIATIONS: Record<string, string> = dict({
  jan: "january", feb: "february", mar: "march", apr: "april", jun: "june", jul: "july", aug: "august", sep: "september",
  sept: "september", oct: "october", nov: "november", dec: "december",
  mon: "monday", tue: "tuesday", tues: "tuesday", wed: "wednesday", thu: "thursday", thur: "thursday", thurs: "thursday",
  fri: "friday", sat: "saturday", sun: "sunday",
});
/** Month names that are also common words (capitalised mid-sentence only when they are the month). */
const AMBIGUOUS_DATE_WORDS = new Set(["may", "march"]);
/** Tokens: words (letters, inner apostrophes/hyphens), numbers (inner . or ,), with the preceding non-space character. */
const TOKEN = /([^\s]?)(\s*)([A-Za-z][A-Za-z'’]*(?:-[A-Za-z]+)*|\d+(?:[.,]\d+)*(?:st|nd|rd|th|s)?)/g;
/** A token after one of these (or at a line start) begins a sentence. */
const SENTENCE_END = /[.!?"“”'`:|]/;

/** Longer runs of bare digits are identifiers (URL ids, phone numbers), not figures of the event. */
const MAX_PLAIN_DIGITS = 6;
/** A line whose longer words are mostly capitalised is a headline in title case: its capitals say nothing. */
const TITLE_CASE_SHARE = 0.6;
/** Words of at least this many letters decide whether a line is in title case (short ones are often lower). */
const TITLE_CASE_WORD_LETTERS = 4;

function isTitleCase(line: string): boolean {
  const words = line.match(/\b[A-Za-z][a-z]{3,}\b|\b[A-Z][A-Za-z]{3,}\b/g)?.filter((w) => w.length >= TITLE_CASE_WORD_LETTERS) ?? [];
  if (words.length < 3) return false;
  return words.filter((w) => w[0] !== w[0].toLowerCase()).length / words.length >= TITLE_CASE_SHARE;
}

/** The event-specific terms of a text (each occurrence listed; the caller sums them). */
export function specificTermsOf(text: string): string[] {
  const lowerSeen = new Set<string>();
  for (const m of text.matchAll(/\b[a-z][a-z'’]*\b/g)) lowerSeen.add(m[0]);
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const titleCase = isTitleCase(line);
    let first = true;
    for (const m of line.matchAll(TOKEN)) {
      const [, before, , token] = m;
      const startsSentence = first || (before !== "" && SENTENCE_END.test(before));
      first = false;
      const lower = token.toLowerCase();
      if (/^\d/.test(token)) {
        const n = lower.replace(/,/g, "").replace(/^0+(?=\d)/, "");
        if (!/^\d$/.test(n) && !(/^\d+$/.test(token) && token.length > MAX_PLAIN_DIGITS)) out.push(NUMBER_PREFIX + n);
        continue;
      }
      if (ORDINAL_WORDS[lower]) { out.push(NUMBER_PREFIX + ORDINAL_WORDS[lower]); continue; }
      if (token[0] !== lower[0] && DATE_ABBREVIATIONS[lower]) { out.push(DATE_PREFIX + DATE_ABBREVIATIONS[lower]); continue; }
      if (DATE_WORDS.has(lower)) {
        if (!AMBIGUOUS_DATE_WORDS.has(lower) || token[0] !== lower[0]) out.push(DATE_PREFIX + lower);
        continue;
      }
      if (titleCase || startsSentence || token[0] === lower[0]) continue;
      const bare = lower.replace(/['’]s?$/, "");
      if (bare.length < 3 || stopWords.has(bare) || lowerSeen.has(bare)) continue;
      out.push(PROPER_PREFIX + stemOf(bare));
    }
  }
  return out;
}

export const isSpecificTerm = (t: string) => t.startsWith(NUMBER_PREFIX) || t.startsWith(DATE_PREFIX) || t.startsWith(PROPER_PREFIX) || t.startsWith("e:");

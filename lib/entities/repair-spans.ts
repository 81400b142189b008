// Repairs of the tagger's spans where web news differs from its Reuters training text (each rule reads the
// words of a span and the characters beside it, never a site or a page):
//   1. a job title inside a span ends what comes before it: the capitalised words after the title are a
//      person ("Interior Secretary Dirk Kempthorne" → ORG "Interior" + PERSON "Dirk Kempthorne");
//   2. an untagged acronym right before a name in mixed case makes one organisation ("UC Davis" was read
//      as a person "Davis"; "UC Davis Health");
//   3. organisations the rules know whole (a suffix: "Fish and Wildlife Service"; a head + "of":
//      "American Academy of Pediatrics") replace the tagger's spans they overlap, where they hold them all;
//   4. a person's name ends at a comma ("Jane Doe, Newsroom"); a one-word name alone on its line is a
//      heading or a label ("Newsroom", "Sports"), and so is a one-word "person" that ends a byline after a
//      person's name and a comma ("By Amy Quinton, Newsroom");
//   5. a span in mixed case with a capitalised function word after its first word is a Title Case heading,
//      not a name ("Best Website Builder For Small Business", "Do You Recommend Perfect Privacy"): names
//      keep such words in lower case ("Bank of America", "Fish and Wildlife Service");
//   6. a US state abbreviation keeps its period ("Colo." — the tokeniser splits it off, as Reuters text
//      was split, so the tagger reads "Colo" "." as it learnt to).
import type { EntitySpan } from "./types.ts";
import { PERSON_TITLES, STATE_ABBREVIATIONS } from "./gazetteer.ts";
import { findHeuristicSpans } from "./heuristic-spans.ts";

/** Titles that never start an organisation's name inside a span (PERSON_TITLES without the ones that do:
 * "General" Motors, "Chief" Executive, "King" Features, "Star" Tribune, "Father" Flanagan's...). */
const SPLITTING_TITLES = new Set([...PERSON_TITLES].filter((t) => !["general", "chief", "king", "queen", "prince", "princess", "star", "father", "lord", "lady", "vice", "prime", "officer", "actor", "actress", "singer", "coach", "director"].includes(t)));
/** Words that may stand between a title and the name ("Chief Executive Officer Tim Cook"). */
const TITLE_TAIL = new Set([...PERSON_TITLES, "executive", "officer", "general", "deputy", "assistant", "acting"]);
/** Acronyms that are titles or ranks, not organisations, before a name ("CEO Tim Cook", "MP Jo Cox"). */
const TITLE_ACRONYMS = new Set(["ceo", "cfo", "coo", "cto", "cio", "mp", "mep", "msp", "pm", "dj", "mvp", "md", "rn", "dr", "mr", "mrs", "ms", "jr", "sr", "st", "ii", "iii", "iv"]);
/** Longest acronym read as an organisation's first word (UC, NYU, UCLA...). */
const MAX_ACRONYM = 5;
const WORD = /[^\s]+/g;
const CAPITALISED = /^\p{Lu}/u;
const HAS_LOWER = /\p{Ll}/u;
/** Characters of a line around a one-word name that may hold no letter or digit for it to be a label. */
const LABEL_TAIL = 8;
/** What stands before the first name of a byline on its line. */
const BYLINE_START = /^\W*by\s+$/i;

/** 1. Split spans at a job title followed by capitalised words. */
function splitAtTitles(text: string, spans: EntitySpan[]): EntitySpan[] {
  return spans.flatMap((span): EntitySpan[] => {
    const body = text.slice(span.start, span.end);
    const space = body.indexOf(" ");
    if (space < 0 || body.indexOf(" ", space + 1) < 0) return [span]; // fewer than three words
    const words = [...body.matchAll(WORD)].map((m) => ({ w: m[0], start: span.start + m.index, end: span.start + m.index + m[0].length }));
    if (words.length < 3) return [span];
    for (let k = words.length - 2; k >= 1; k--) {
      if (!SPLITTING_TITLES.has(words[k]!.w.replace(/\.$/, "").toLowerCase())) continue;
      let first = k + 1;
      while (first < words.length - 1 && TITLE_TAIL.has(words[first]!.w.replace(/\.$/, "").toLowerCase())) first++;
      const rest = words.slice(first);
      if (rest.length > 4 || !rest.every((x) => CAPITALISED.test(x.w))) return [span];
      const before: EntitySpan[] = span.type === "PERSON" ? [] : [{ ...span, end: words[k - 1]!.end }];
      return [...before, { type: "PERSON", start: rest[0]!.start, end: span.end, source: span.source }];
    }
    return [span];
  });
}

/** 2. An untagged acronym (2–5 capitals) directly before a mixed-case name makes one organisation. */
function joinAcronyms(text: string, spans: EntitySpan[]): EntitySpan[] {
  return spans.map((span, i) => {
    if (span.type === "PLACE" || !HAS_LOWER.test(text.slice(span.start, span.end))) return span;
    const before = /(?:^|[\s("“'‘])(\p{Lu}{2,})[ \t]+$/u.exec(text.slice(Math.max(0, span.start - MAX_ACRONYM - 2), span.start));
    if (!before) return span;
    const acronym = before[1]!;
    if (acronym.length > MAX_ACRONYM || TITLE_ACRONYMS.has(acronym.toLowerCase())) return span;
    const start = span.start - before[0].length + before[0].indexOf(acronym);
    const prev = spans[i - 1];
    if (prev && prev.end > start) return span;
    return { ...span, type: "ORG", start };
  });
}

/** 3. Organisation names the rules find whole win over the tagger's spans they overlap. */
function preferWholeOrganisations(text: string, spans: EntitySpan[]): EntitySpan[] {
  // Runs in mixed case only: an all-caps headline is one long capitalised run.
  const orgs = findHeuristicSpans(text, { headAnywhere: true, breakAtOpeners: true }).filter((o) => HAS_LOWER.test(text.slice(o.start, o.end)));
  if (!orgs.length) return spans;
  // A rule's name wins only where it holds every tagger span it touches: where the tagger reads further
  // ("Ministry of Culture and Equality", which the rule would end at "and"), the tagger's spans stay.
  const wins = orgs.filter((o) => spans.every((s) => !(s.start < o.end && o.start < s.end) || (o.start <= s.start && s.end <= o.end)));
  const kept = spans.filter((s) => !wins.some((o) => s.start < o.end && o.start < s.end));
  return [...kept, ...wins].sort((a, b) => a.start - b.start);
}

/** 4. Person spans end at a comma; a lone capitalised word on its own line names nothing. */
function dropLabels(text: string, spans: EntitySpan[]): EntitySpan[] {
  return spans.flatMap((s, i): EntitySpan[] => {
    const body = text.slice(s.start, s.end);
    const comma = s.type === "PERSON" ? body.indexOf(",") : -1;
    if (comma > 0) return [{ ...s, end: s.start + comma }];
    if (/\s/.test(body)) return [s];
    const lineStart = text.lastIndexOf("\n", s.start - 1) + 1;
    let lineEnd = text.indexOf("\n", s.end);
    if (lineEnd < 0) lineEnd = text.length;
    // Only a short tail is read: a label's line ends soon after it, a byline's with the outlet.
    const after = text.slice(s.end, Math.min(lineEnd, s.end + LABEL_TAIL));
    const ownLine = lineEnd - s.end <= LABEL_TAIL && !/[\p{L}\p{N}]/u.test(after);
    if (ownLine && !/[\p{L}\p{N}]/u.test(text.slice(Math.max(lineStart, s.start - LABEL_TAIL), s.start)) && s.start - lineStart <= LABEL_TAIL) return [];
    const prev = spans[i - 1];
    const bylineEnd = s.type === "PERSON" && prev?.type === "PERSON" && prev.start >= lineStart && BYLINE_START.test(text.slice(lineStart, prev.start))
      && /^\s*,\s*$/.test(text.slice(prev.end, s.start)) && ownLine;
    return bylineEnd ? [] : [s];
  });
}

/** English function words and pronouns that a name writes in lower case, if at all (Title Case headings
 * capitalise them). */
const HEADING_WORDS = new Set([
  "And", "Of", "The", "A", "An", "For", "To", "With", "In", "On", "At", "By", "From", "Into", "About", "Is", "Are", "Was", "Were", "Be", "Been", "Do", "Does",
  "Did", "Can", "Could", "Will", "Would", "Should", "May", "Might", "Must", "Has", "Have", "Had", "You", "Your", "We", "Our",
  "It", "Its", "This", "That", "These", "Those", "How", "What", "Why", "When", "Which", "Who", "Or", "But", "Not", "Vs",
  "Get", "Gets", "Gives", "Make", "Makes", "Than", "If", "Then", "So", "My", "Me", "They", "Their", "Them", "He", "She",
]);

/** 5. Title Case headings read as names. */
function dropHeadings(text: string, spans: EntitySpan[]): EntitySpan[] {
  return spans.filter((s) => {
    const body = text.slice(s.start, s.end);
    if (!HAS_LOWER.test(body) || body.indexOf(" ") < 0) return true;
    const words = body.split(/\s+/);
    for (let k = 1; k < words.length; k++) if (HEADING_WORDS.has(words[k]!)) return false;
    return true;
  });
}

/** 6. "Colo" before a period is "Colo.". */
function statePeriods(text: string, spans: EntitySpan[]): EntitySpan[] {
  return spans.map((s) => (s.type === "PLACE" && text[s.end] === "." && STATE_ABBREVIATIONS[text.slice(s.start, s.end)] ? { ...s, end: s.end + 1 } : s));
}

export function repairSpans(text: string, tagged: EntitySpan[]): EntitySpan[] {
  let spans = splitAtTitles(text, tagged); // 1
  spans = joinAcronyms(text, spans); // 2
  spans = preferWholeOrganisations(text, spans); // 3
  spans = dropLabels(text, spans); // 4
  spans = dropHeadings(text, spans); // 5
  return statePeriods(text, spans); // 6
}

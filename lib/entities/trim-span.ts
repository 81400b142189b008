// Span clean-up shared by the finders: no trailing punctuation (except an abbreviation's period),
// no possessive ending, no leading title on a person, no leading article.
import type { EntitySpan } from "./types.ts";
import { DOTTED_ABBREVIATION, PERSON_TITLES } from "./gazetteer.ts";

const TRAILING_PUNCT = /[\s,;:!?"“”()[\]{}]+$/;
const LEADING_PUNCT = /^[\s"“”'‘(\[{]+/;
const POSSESSIVE_END = /['’]s?$/;
const LEADING_WORD = /^([\p{L}.]+)\s+/u;

/** The cleaned span, or null when nothing name-like is left. */
export function trimSpan(text: string, span: EntitySpan): EntitySpan | null {
  let { start, end } = span;
  for (let changed = true; changed && end > start; ) {
    changed = false;
    const s = text.slice(start, end);
    const lead = LEADING_PUNCT.exec(s);
    if (lead) { start += lead[0].length; changed = true; continue; }
    const trail = TRAILING_PUNCT.exec(s);
    if (trail) { end -= trail[0].length; changed = true; continue; }
    if (s.endsWith(".") && !DOTTED_ABBREVIATION.test(s)) { end -= 1; changed = true; continue; }
    const poss = POSSESSIVE_END.exec(s);
    if (poss && s.length > poss[0].length + 1) { end -= poss[0].length; changed = true; continue; }
    const first = LEADING_WORD.exec(s);
    if (first) {
      const word = first[1].replace(/\.$/, "").toLowerCase();
      if ((span.type === "PERSON" && PERSON_TITLES.has(word)) || word === "the") {
        start += first[0].length;
        changed = true;
      }
    }
  }
  if (end - start < 2 || !/\p{Lu}/u.test(text.slice(start, end))) return null;
  return { ...span, start, end };
}

// How titles and teasers read on cards and in the reader view: site and section suffixes and heading
// anchors off the title, a teaser that never repeats the headline and ends at a word, mojibake
// repaired (mojibake.ts). Pure functions over stored text; extraction's output is left as it is.
import { repairMojibake } from "./mojibake.ts";

/** Characters of lead shown under a one-article card: two lines on a phone, one on a desktop. */
export const TEASER_CHARS = 220;
/** A title keeps at least this many words after its suffixes go: "News | Site" stays as it is. */
const MIN_TITLE_WORDS = 3;
/** Separators between a title and its site or section suffix. */
const SUFFIX_SEPARATOR = /\s+(?:\||[-–—]|::|·|•|»)\s+/;
/** Heading anchors and permalink marks that extraction keeps from a page's heading. */
const ANCHOR_MARKS = /(?:\s*(?:¶|§|#|🔗|⚓|\[link\]|permalink))+\s*$/iu;

/** Letters and digits only, lower-cased: "UC Davis Health" ~ "ucdavishealth". */
function squash(s: string): string {
  return s.toLowerCase().normalize("NFKD").replace(/[^\p{L}\p{N}]+/gu, "");
}

function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/** Does a suffix name the site ("NPR", "npr.org", "UC Davis Health" for health.ucdavis.edu)? */
function namesSite(segment: string, names: string[]): boolean {
  const seg = squash(segment);
  if (!seg) return false;
  for (const raw of names) {
    if (!raw) continue;
    const n = squash(raw.replace(/^www\./i, ""));
    const host = squash(raw.replace(/^www\./i, "").replace(/\.[a-z]{2,}(\.[a-z]{2})?$/i, ""));
    if (n && (seg === n || n.startsWith(seg) || seg.startsWith(n) || (host.length >= 3 && (seg.includes(host) || host.includes(seg))))) return true;
  }
  return false;
}

/**
 * A title without the site and section labels publishers append ("… | Patient Education | UC Davis
 * Health", "… - NPR") and without heading anchors ("¶"). A suffix after " | " is a label by
 * convention and goes while the title keeps MIN_TITLE_WORDS words; after a dash it goes only when it
 * names the site (a dash also joins real titles: "Storm – live updates").
 */
export function cleanTitle(title: string, siteNames: string[] = []): string {
  let t = repairMojibake(title).replace(/\s+/g, " ").trim().replace(ANCHOR_MARKS, "").trim();
  for (;;) {
    const parts = t.split(SUFFIX_SEPARATOR);
    if (parts.length < 2) break;
    const m = [...t.matchAll(new RegExp(SUFFIX_SEPARATOR.source, "g"))].at(-1)!;
    const head = t.slice(0, m.index).trim();
    const tail = t.slice(m.index! + m[0].length).trim();
    const pipe = m[0].trim() === "|";
    if (words(head) < MIN_TITLE_WORDS) break;
    if (pipe ? words(tail) <= 6 || namesSite(tail, siteNames) : namesSite(tail, siteNames)) t = head;
    else break;
  }
  return t.replace(ANCHOR_MARKS, "").trim() || title.trim();
}

/** Cut text to at most `max` characters at a word boundary, with an ellipsis when anything was cut. */
export function cutAtWord(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const slice = t.slice(0, max + 1);
  const at = slice.lastIndexOf(" ");
  const cut = (at > max * 0.5 ? slice.slice(0, at) : t.slice(0, max)).replace(/[\s,;:.\-–—]+$/u, "");
  return `${cut}…`;
}

/** `text` without `head` at its start, compared letters-only (punctuation and case may differ); null when it does not start so. */
function dropLeading(text: string, head: string): string | null {
  const sq = squash(head);
  if (!sq) return null;
  let i = 0;
  let matched = 0;
  while (i < text.length && matched < sq.length) {
    const s = squash(text[i]);
    if (s) {
      if (sq.slice(matched, matched + s.length) !== s) return null;
      matched += s.length;
    }
    i++;
  }
  return matched === sq.length ? text.slice(i).replace(/^[\s.:;,\-–—|]+/u, "") : null;
}

/**
 * The teaser under a card's headline: the lead without the headline when the lead starts with it
 * (extraction often keeps the title as the first line; give the stored title and the cleaned one,
 * longest is tried first), never the headline alone, cut at a word.
 */
export function teaser(lead: string, headlines: string | string[], max = TEASER_CHARS): string {
  const t = repairMojibake(lead).replace(/\s+/g, " ").trim();
  const heads = (Array.isArray(headlines) ? headlines : [headlines]).map((h) => repairMojibake(h).replace(/\s+/g, " ").trim()).filter(Boolean)
    .sort((a, b) => b.length - a.length);
  for (const h of heads) {
    if (squash(t) === squash(h)) return "";
    const rest = dropLeading(t, h);
    if (rest !== null) return cutAtWord(rest, max);
  }
  return cutAtWord(t, max);
}

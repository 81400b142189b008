// Dangling blocks: what is left of removed boilerplate after the block decisions — the heading of
// a dropped "related articles" list ("Schon gelesen?", "Zobacz także"), ad labels ("Anzeige"),
// and headings at the end of the article with nothing under them. Checked on the false positives of the even half
// of the trafilatura set, where these are the commonest `without` snippets left in the output; also picture
// credits, comment debris, ad labels, lone datelines, paywall, app and newsletter prompts, opinion disclaimers,
// consent placeholders, result counters, filing lines (tags, categories), navigation lines and the notices
// publishers append after the text. The lines that are boilerplate by their words alone (isBoilerplateLine)
// also go on the routes that skip this trim (dropBoilerplateLines).
import type { TextBlock } from "./segment.ts";
import type { Element, AnyNode } from "./dom.ts";
import { holdsTag, isElement } from "./dom.ts";
import { matchLineRule } from "./line-rules.ts";

/** A heading of at most this many words whose following block was dropped is that block's title. */
const DANGLING_HEADING_MAX_WORDS = 8;

/**
 * Date lines are the article's dateline (published, updated) when there are at most this many of
 * them; more make a dated list (a changelog, events, posts: WCXB listings keep them).
 */
const MAX_DATELINES = 2;

/** Turn off `keep[i]` for lines that are only a date, unless the kept text is a dated list. */
function dropDateLines(all: TextBlock[], keep: boolean[]): number {
  const lines: number[] = [];
  for (let i = 0; i < all.length; i++) {
    if (keep[i] && matchLineRule(all[i], "dateline")) {
      lines.push(i);
      if (lines.length > MAX_DATELINES) return 0;
    }
  }
  for (const i of lines) keep[i] = false;
  return lines.length;
}

/** A tail notice (line-rules.ts, scope "tail") goes only when it starts in the last this share of the kept text. */
const TAIL_SHARE = 0.25;

/** Characters of the blocks still kept (positions in the article are shares of it). */
function keptChars(all: TextBlock[], keep: boolean[]): number {
  let total = 0;
  for (let i = 0; i < all.length; i++) if (keep[i]) total += all[i].text.length;
  return total;
}

/** Turn off `keep[i]` for notices in the tail of the kept text. */
function dropTailNotices(all: TextBlock[], keep: boolean[]): number {
  const total = keptChars(all, keep);
  let seen = 0, dropped = 0;
  for (let i = 0; i < all.length; i++) {
    if (!keep[i]) continue;
    const b = all[i];
    if (seen >= total * (1 - TAIL_SHARE) && matchLineRule(b, "tail")) { keep[i] = false; dropped++; }
    seen += b.text.length;
  }
  return dropped;
}

/**
 * Image captions the pruning could not see (the density path, or a container whose rules stood
 * down): a short block whose element (or its parent) is named as a caption or credit and stands
 * beside a picture (an <img>/<picture> under the same parent).
 */
const CAPTION_NAME_RE = /(^|[-_\s])(caption|captions|credits?|bildunterschrift|bildunter|image-source|photo-credit|legend|media__caption)($|[-_\s])/i;
const CAPTION_MAX_WORDS = 40;

function isImageCaption(b: TextBlock): boolean {
  if (b.words > CAPTION_MAX_WORDS || !b.el) return false;
  let named: Element | null = null;
  for (let n: Element | null = b.el, k = 0; n && k < 2; n = n.parent as Element | null, k++) {
    if (!isElement(n as AnyNode)) break;
    if (CAPTION_NAME_RE.test(`${n.attribs.class ?? ""} ${n.attribs.id ?? ""}`)) { named = n; break; }
  }
  if (!named || !named.parent) return false;
  return holdsPicture(named.parent as Element, 3);
}

/**
 * A <figcaption> (the block's element or up to FIGCAPTION_DEPTH levels above it) of at most CAPTION_MAX_WORDS
 * is a picture's caption or credit whatever its class names (trafilatura's and the annotators' truth leave
 * figures out); a figure that holds a table keeps its caption (the table's title, see prune.ts).
 */
const FIGCAPTION_DEPTH = 3;

function isFigureCaption(b: TextBlock): boolean {
  if (b.words > CAPTION_MAX_WORDS || !b.el) return false;
  for (let n: Element | null = b.el, k = 0; n && k <= FIGCAPTION_DEPTH; n = n.parent as Element | null, k++) {
    if (!isElement(n as AnyNode)) return false;
    if (n.name === "figcaption") return !(n.parent && isElement(n.parent as AnyNode) && holdsTag(n.parent as Element, "table", 3));
  }
  return false;
}


function holdsPicture(el: Element, depth: number): boolean {
  for (const c of el.children) {
    if (!isElement(c)) continue;
    if (c.name === "img" || c.name === "picture") return true;
    if (depth > 0 && holdsPicture(c, depth - 1)) return true;
  }
  return false;
}

/** A related heading ends the article only this far into it (share of kept characters before it). */
const RELATED_MIN_POSITION = 0.5;

/** Turn off `keep[i]` for the related-reading heading (past mid-article) and everything after it. */
export function cutAtRelatedHeading(all: TextBlock[], keep: boolean[]): number {
  const total = keptChars(all, keep);
  let seen = 0, dropped = 0;
  for (let i = 0; i < all.length; i++) {
    if (!keep[i]) continue;
    const b = all[i];
    if (seen >= total * RELATED_MIN_POSITION && matchLineRule(b, "related-heading")) {
      for (let j = i; j < all.length; j++) if (keep[j]) { keep[j] = false; dropped++; }
      break;
    }
    seen += b.text.length;
  }
  return dropped;
}

/**
 * A kicker left at the top: the candidate's first kept block is a label of at most this many words (a section
 * or topic name such as "Promis", "Business", "Press Release", "Premium") that is not a heading and does not end
 * a sentence or introduce one, and the next kept block is a heading (the article's title). The kicker names in
 * prune.ts catch the labelled ones; this is the unnamed rest.
 */
const KICKER_MAX_WORDS = 3;
/** …when the candidate keeps at least this many blocks (a label, a title and some text). */
const KICKER_MIN_BLOCKS = 3;

function dropKicker(all: TextBlock[], keep: boolean[]): number {
  const kept: number[] = [];
  for (let i = 0; i < all.length && kept.length < KICKER_MIN_BLOCKS; i++) if (keep[i]) kept.push(i);
  if (kept.length < KICKER_MIN_BLOCKS) return 0;
  const label = all[kept[0]], next = all[kept[1]];
  if (label.words > KICKER_MAX_WORDS || label.kind === "heading" || next.kind !== "heading" || /[.!?:]$/.test(label.text.trim())) return 0;
  keep[kept[0]] = false;
  return 1;
}

/** Turn off `keep[i]` for dangling blocks; `all` is every block of the candidate in document order. */
export function dropDanglingBlocks(all: TextBlock[], keep: boolean[]): number {
  let dropped = cutAtRelatedHeading(all, keep);
  dropped += dropTailNotices(all, keep) + dropDateLines(all, keep);
  const off = (i: number) => { if (keep[i]) { keep[i] = false; dropped++; } };
  for (let i = 0; i < all.length; i++) {
    if (!keep[i]) continue;
    const b = all[i];
    if (isBoilerplateLine(b) || isImageCaption(b) || isFigureCaption(b)) { off(i); continue; }
    if (b.kind === "heading" && b.words <= DANGLING_HEADING_MAX_WORDS && i + 1 < all.length && !keep[i + 1]) off(i);
  }
  dropped += dropKicker(all, keep);
  // trailing headings with nothing under them
  for (let i = all.length - 1; i >= 0; i--) {
    if (!keep[i]) continue;
    if (all[i].kind !== "heading") break;
    off(i);
  }
  return dropped;
}

/**
 * A line that is boilerplate by its words alone, wherever it stands: the "line" rules of line-rules.ts
 * (ad labels, credit lines, comment debris, read-also labels, paywall / app / newsletter prompts, filing
 * and byline lines, navigation lines, disclaimers, consent placeholders).
 */
function isBoilerplateLine(b: TextBlock): boolean {
  return matchLineRule(b, "line") !== null;
}

/**
 * The kept blocks of a candidate that did not go through dropDanglingBlocks (repeated items, the
 * classifier over the whole body, the relaxed density container, the lead before a named container),
 * without the lines that are boilerplate by their words alone (isBoilerplateLine) and picture captions
 * (a collection's figure captions); the positional rules (related
 * headings, dangling headings, tail notices) stay with dropDanglingBlocks, which sees the dropped blocks too.
 */
export function dropBoilerplateLines(blocks: TextBlock[]): { kept: TextBlock[]; dropped: TextBlock[] } {
  const kept: TextBlock[] = [], dropped: TextBlock[] = [];
  for (const b of blocks) (isBoilerplateLine(b) || isImageCaption(b) || isFigureCaption(b) ? dropped : kept).push(b);
  return { kept, dropped };
}

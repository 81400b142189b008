// The candidates of the recipe (orchestrator.ts): each finds the article's blocks one way and says how
// in its reason — the density container with the block classifier, the named container (trafilatura's
// order of names) pruned of its furniture, the repeated items of listings and threads, the classifier
// over the whole body, the relaxed clean, the page's declared JSON-LD body. The orchestrator decides
// which of them runs and which wins.
import { extractDefaults } from "../config.ts";
import type { Element, ParentNode, AnyNode } from "./dom.ts";
import { bodyOf, isElement, parseHtml, removeNode } from "./dom.ts";
import { removeBoilerplate } from "./clean.ts";
import { scoreDensity } from "./density.ts";
import { selectContentRoots } from "./select.ts";
import { segmentBlocks, type TextBlock } from "./segment.ts";
import { scoreBlocks, CONTENT_PROBABILITY } from "./blocks.ts";
import { findKnownContainers } from "./known-container.ts";
import { findDiscardable, pruneDiscardable } from "./prune.ts";
import { dropBoilerplateLines, dropDanglingBlocks } from "./trim.ts";
import { removeProductReviews } from "./product-page.ts";
import { isLinkIndex, type PageKind } from "./page-type.ts";
import { findRepeatedItems, type RepeatedItems } from "./repeated.ts";
import { isAttached, mapItemOwners, restorePrunedTitles } from "./item-titles.ts";
import { findLeadBefore } from "./lead.ts";
import { ARTICLE_TEASER_MIN_SHARE, findTeaserTitles, teaserShare } from "./teaser-titles.ts";
import { compareDocumentPosition } from "domutils";

/** Characters of text below which a step has found "too little" and the next step runs. */
export const MIN_TEXT_CHARS = extractDefaults.minTextChars;

/**
 * Inside the density container a block is dropped only below this content probability: the
 * container already passed one test, so the classifier only removes what it is fairly sure of.
 */
const IN_CONTAINER_MIN_PROBABILITY = 0.4;

/**
 * Inside a named container the cut is a little higher: running prose stays whatever its probability
 * (isProse), so what the cut decides there is short blocks — labels, link lines, credits.
 */
const KNOWN_MIN_PROBABILITY = 0.4;

/**
 * Outside the container a block joins the content when the classifier is this sure: content the
 * density scorer cannot see (text outside <p>, pages made of many short sections).
 */
const OUTSIDE_MIN_PROBABILITY = 0.7;
/**
 * …and has at most this share of its words inside links (link lists are navigation, not content; a linked
 * line outside the article is a prompt or a teaser).
 */
const OUTSIDE_MAX_LINK_SHARE = 0.25;

export interface Outcome {
  blocks: TextBlock[]; roots: ParentNode[]; dropped: TextBlock[]; method: string; reason: string;
  /** The named container's blocks with its teaser titles (keepTeaserTitles), taken once it has won: the choice compares `blocks`. */
  titled?: TextBlock[];
}

/**
 * The JSON-LD articleBody replaces the chosen candidate when it holds this many times its text: the HTML
 * routes then found a shell (an author card, a teaser) of a page that renders its article from data.
 * Chosen before any held-out figure was seen and not moved after (calibration.ts says why).
 */
const DECLARED_OVER_CHOSEN = 2;
/** …and at least this many characters (a declared summary is not the article). */
const DECLARED_MIN_CHARS = 500;

export function declaredOverChosen(declared: string, chosen: Outcome): Outcome | null {
  const have = textLength(chosen.blocks);
  if (declared.length < DECLARED_MIN_CHARS || declared.length < have * DECLARED_OVER_CHOSEN) return null;
  const $d = parseHtml(`<div>${declared.split("\n").map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</div>`);
  const root = $d("div").get(0) as Element;
  return { blocks: segmentBlocks(root), roots: [root], dropped: [], method: "json-ld", reason: `JSON-LD articleBody (${declared.length} chars) over ${chosen.method} (${have} chars: ${chosen.reason})` };
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Characters a named container must yield to be taken (trafilatura's MIN_EXTRACTED_SIZE). */
const MIN_KNOWN_CHARS = 250;
/**
 * The density candidate replaces the named container only when it has this many times its text: a
 * named container that found only part of the page (a service page's first section) loses, one that
 * merely left out the neighbouring boilerplate wins.
 */
const DENSITY_OVER_KNOWN_RATIO = 2;
/** A block in a named container is a link list (dropped) above this share of words in links… */
const LINK_LIST_SHARE = 0.5;
/** …when it is also shorter than this many words (a long linked paragraph is still text). */
const LINK_LIST_MAX_WORDS = 30;

function knownContainer(body: ParentNode, method: string, prefix: string, kind: PageKind): Outcome | null {
  for (const el of findKnownContainers(body)) {
    const pruned = pruneDiscardable([el]);
    const all = segmentBlocks(el);
    const probs = scoreBlocks(all);
    // an index page's linked items are its content (page-type.ts), elsewhere link lists are navigation
    const index = kind === "other" && isLinkIndex(all, isLinkList);
    const keep = all.map((b, i) => (probs[i] >= KNOWN_MIN_PROBABILITY || isProse(b)) && (index || !isLinkList(b)));
    dropDanglingBlocks(all, keep);
    const blocks = all.filter((_, i) => keep[i]), dropped = all.filter((_, i) => !keep[i]);
    // on an article the teasers set in the container are related stories (their titles leak) unless they
    // are most of it (an index page labelled an article)
    const titles = findTeaserTitles(all, keep, isLinkList);
    if (kind === "article" && teaserShare(all, titles, blocks) < ARTICLE_TEASER_MIN_SHARE) titles.clear();
    const titled = titles.size > 0 ? all.filter((b, i) => keep[i] || titles.has(b)) : undefined;
    if (textLength(blocks) < MIN_KNOWN_CHARS) continue;
    // the lead/standfirst in the article header, outside the element named as the body (lead.ts), without its
    // boilerplate lines (a picture's © credit: trim.ts)
    const lead = findLeadBefore(el);
    if (lead) {
      const have = new Set(blocks.map((b) => b.text));
      const add = dropBoilerplateLines(segmentBlocks(lead).filter((b) => !have.has(b.text))).kept;
      return { blocks: [...add, ...blocks], titled: titled && [...add, ...titled], roots: [lead, el], dropped, method, reason: `${prefix}named container <${el.name}${idHint(el)}> with lead <${lead.name}${idHint(lead)}>; pruned ${pruned} boilerplate elements, dropped ${dropped.length} blocks${index ? ", link lists kept (an index of linked items)" : ""}` };
    }
    return { blocks, titled, roots: [el], dropped, method, reason: `${prefix}named container <${el.name}${idHint(el)}>; pruned ${pruned} boilerplate elements, dropped ${dropped.length} blocks${index ? ", link lists kept (an index of linked items)" : ""}` };
  }
  return null;
}

/**
 * A block in a named container stays whatever its classifier probability when it is running prose: a
 * paragraph (or a bare text run) of at least this many words… (code blocks left out: a script listing in
 * an article body is not prose).
 */
const PROSE_MIN_WORDS = 30;
/** …with at most this share of its words in links. */
const PROSE_MAX_LINK_SHARE = 0.1;

function isProse(b: TextBlock): boolean {
  return (b.kind === "paragraph" || b.kind === "other") && b.words >= PROSE_MIN_WORDS && b.linkWords <= b.words * PROSE_MAX_LINK_SHARE;
}

function isLinkList(b: TextBlock): boolean {
  return b.words > 0 && b.linkWords / b.words > LINK_LIST_SHARE && b.words < LINK_LIST_MAX_WORDS;
}

/**
 * `dated`: the page declares a publication date (metadata), so it is an article and its repeated
 * items are teasers and related links, not content (the crawler's news pages skip the pass).
 */
export function chooseCandidate(body: ParentNode, method: string, prefix: string, dated: boolean, kind: PageKind): Outcome | null {
  // the items are found and segmented before the named container's pruning edits the tree
  const rep = dated ? null : findRepeatedItems(body);
  const items = rep && rep.container !== body && rep.chars >= rep.items * REPEATED_MIN_ITEM_CHARS ? segmentBlocks(rep.container) : null;
  const owners = items ? mapItemOwners(items, rep!.container) : null;
  const chosen = withRepeatedItems(rep, items, owners, chooseSingle(body, method, prefix, kind));
  if (!chosen?.titled) return chosen;
  return { ...chosen, blocks: chosen.titled, titled: undefined, reason: `${chosen.reason}; kept ${chosen.titled.length - chosen.blocks.length} teaser titles` };
}

function chooseSingle(body: ParentNode, method: string, prefix: string, kind: PageKind): Outcome | null {
  const dens = densityWithBlocks(body, method, prefix);
  const known = knownContainer(body, method === "template" ? method : "container+blocks", prefix, kind);
  if (!known) return dens && withoutFurniture(dens);
  if (!dens) return known;
  const k = textLength(known.blocks), d = textLength(dens.blocks);
  // the density container lies in the named one (both found the article) and only the blocks the classifier
  // added outside it make the density candidate larger: on an article those are comments and teasers
  if (kind === "article" && d > k * DENSITY_OVER_KNOWN_RATIO && textInside(dens) <= k * DENSITY_OVER_KNOWN_RATIO && liesInside(dens.roots, known.roots)) {
    return { ...known, reason: `${known.reason}; density candidate (${d} chars) larger only by blocks outside its container inside this one` };
  }
  if (d > k * DENSITY_OVER_KNOWN_RATIO) return withoutFurniture({ ...dens, reason: `${dens.reason}; named container <${known.roots[0] && (known.roots[0] as Element).name}> had ${k} chars against ${d}` });
  return known;
}

/**
 * On article pages the named container keeps its place against a larger density candidate whose roots lie
 * inside it, when the density candidate's text inside its roots is not DENSITY_OVER_KNOWN_RATIO times the
 * container's: the difference is blocks added outside the container (comments, teasers, the next article).
 */
function liesInside(roots: ParentNode[], containers: ParentNode[]): boolean {
  const set = new Set(containers as Element[]);
  return roots.every((r) => isInside(r as Element, set));
}

/** The characters of the candidate's blocks inside its own roots (not the ones added outside them). */
function textInside(o: Outcome): number {
  const roots = new Set(o.roots as Element[]);
  return textLength(o.blocks.filter((b) => isInside(b.el, roots)));
}

/**
 * The density candidate, once chosen, loses the furniture inside its roots the way the named container
 * does (prune.ts: share bars, related lists, author boxes, comments …), but not its captions: a video
 * page's description is its "item-caption", and trafilatura's gold keeps picture captions. Blocks the
 * named container's pruning detached before (the same tree) go too. When that would take more than
 * DENSITY_MAX_PRUNED_SHARE of the candidate's text, or leave too little (the fallbacks would win), the
 * names are misread (a forum whose posts are "comment" boxes, responsive copies named "hidden"): nothing goes.
 */
function withoutFurniture(dens: Outcome): Outcome {
  const found = dens.roots.flatMap((r) => findDiscardable(r)).filter((el) => !isCaption(el));
  const inFound = new Set(found);
  const isGone = (b: TextBlock) => !!b.el && (!isAttached(b.el) || isInside(b.el, inFound));
  const gone = dens.blocks.filter(isGone);
  if (gone.length === 0) return dens;
  const lost = textLength(gone), had = textLength(dens.blocks);
  if (lost > had * DENSITY_MAX_PRUNED_SHARE || had - lost < MIN_TEXT_CHARS) return dens;
  for (const el of found) removeNode(el);
  const blocks = dens.blocks.filter((b) => !isGone(b));
  return { ...dens, blocks, dropped: [...dens.dropped, ...gone], reason: `${dens.reason}; pruned ${found.length} boilerplate elements (${gone.length} blocks)` };
}

/** At most this share of the density candidate's text goes as furniture (more: the names are misread, see withoutFurniture). */
const DENSITY_MAX_PRUNED_SHARE = 0.2;

/** A picture's or video's caption: figure, figcaption, or an element named "caption". */
function isCaption(el: Element): boolean {
  return el.name === "figure" || el.name === "figcaption" || /caption/i.test(`${el.attribs.class ?? ""} ${el.attribs.id ?? ""}`);
}

/** The repeated items replace the chosen container when they hold this many times its text (a listing's items are its content). */
const REPEATED_OVER_CHOSEN = 2;
/**
 * Items that lie strictly inside the chosen container come back whole (the block classifier dropped
 * their linked titles as link lists) when they hold this many times the text the container kept:
 * product grids and card lists whose titles are links.
 */
const REPEATED_INSIDE_SHARE = 1.15;

/**
 * …and their items average at least this many characters: menu entries are a word or two, cards
 * carry a title and a line. (Link share cannot tell them apart: whole cards are often one link.)
 */
const REPEATED_MIN_ITEM_CHARS = 30;

/**
 * Listings, collections and threads: when the largest group of same-kind sibling items holds far
 * more text than the chosen container, the content is the list (plus the chosen container when it
 * lies outside it: the intro above a listing).
 */
function withRepeatedItems(rep: RepeatedItems | null, items: TextBlock[] | null, owners: Map<TextBlock, Element> | null, chosen: Outcome | null): Outcome | null {
  if (!rep || !items || !owners) return chosen;
  const have = chosen ? textLength(chosen.blocks) : 0;
  const container = rep.container;
  const holder = chosen?.roots.find((r) => r !== container && isInside(container, new Set([r as Element])));
  const ratio = holder ? REPEATED_INSIDE_SHARE : REPEATED_OVER_CHOSEN;
  if (rep.chars < have * ratio || rep.chars < rep.items * REPEATED_MIN_ITEM_CHARS) return chosen;
  const reason = `${rep.items} repeated items in <${container.name}${idHint(container)}> (${rep.chars} chars against ${have})`;
  if (!chosen || chosen.roots.every((r) => isInside(r as Element, new Set([container])))) {
    return { blocks: items, roots: [container], dropped: [], method: "repeated-items", reason };
  }
  if (holder) {
    // the items sit inside the chosen container, where the block classifier dropped them as links
    const kept = new Set(chosen.blocks.map((b) => b.text));
    const inItems = new Set([container]);
    const all = chosen.roots.flatMap((r) => segmentBlocks(r)).filter((b) => kept.has(b.text) || isInside(b.el, inItems));
    // the container is one subtree: its blocks are one run, where the titles the pruning took come back
    const first = all.findIndex((b) => isInside(b.el, inItems));
    const last = all.findLastIndex((b) => isInside(b.el, inItems));
    const blocks = first < 0 ? all : [...all.slice(0, first), ...restorePrunedTitles(items, all.slice(first, last + 1), owners), ...all.slice(last + 1)];
    return { blocks, roots: chosen.roots, dropped: [], method: "repeated-items", reason: `${reason}, inside ${chosen.method}` };
  }
  // domutils gives the first node's position relative to the second: PRECEDING (2) = the chosen root comes first
  const before = compareDocumentPosition(chosen.roots[0] as AnyNode, container) & 2;
  const blocks = before ? [...chosen.blocks, ...items] : [...items, ...chosen.blocks];
  const roots = before ? [...chosen.roots, container] : [container, ...chosen.roots];
  return { blocks, roots, dropped: chosen.dropped, method: "repeated-items", reason: `${reason}, with ${chosen.method}` };
}

export function densityWithBlocks(body: ParentNode, method: string, prefix: string): Outcome | null {
  const density = scoreDensity(body);
  const roots = selectContentRoots(density);
  if (roots.length === 0) return null;
  const all = segmentBlocks(body);
  const probs = scoreBlocks(all);
  const inside = new Set<Element>(roots);
  const inContainer = all.map((b) => isInside(b.el, inside));
  const keep = all.map((b, i) => inContainer[i]
    ? probs[i] >= IN_CONTAINER_MIN_PROBABILITY
    : probs[i] >= OUTSIDE_MIN_PROBABILITY && b.linkWords <= b.words * OUTSIDE_MAX_LINK_SHARE);
  dropDanglingBlocks(all, keep);
  const blocks = all.filter((_, i) => keep[i]);
  const dropped = all.filter((_, i) => inContainer[i] && !keep[i]);
  const outside = all.filter((_, i) => !inContainer[i] && keep[i]).length;
  const reason = `${prefix}densest container <${density.best!.name}${idHint(density.best!)}> (score ${Math.round(density.bestScore)}, ${roots.length} root(s)); block classifier dropped ${dropped.length} of ${blocks.length - outside + dropped.length} blocks inside, added ${outside} outside`;
  return { blocks, roots, dropped, method, reason };
}

/**
 * The candidate's text must be at least this share of the text the block classifier keeps over the
 * whole cleaned body, on undated non-product pages without an article slug; below it the whole-body
 * blocks win (index and service pages made of many sections).
 */
const WHOLE_BODY_OVER_CHOSEN = 0.6;

export function wholeBodyOverChosen(body: ParentNode, chosen: Outcome, prefix: string): Outcome | null {
  const whole = blocksAlone(body);
  const have = textLength(chosen.blocks), all = textLength(whole.blocks);
  if (have >= all * WHOLE_BODY_OVER_CHOSEN) return null;
  return { ...whole, reason: `${prefix}${whole.reason}: a page of many sections (undated, no article slug), the ${chosen.method} candidate had ${have} chars of ${all}` };
}

export function blocksAlone(body: ParentNode): Outcome {
  const all = segmentBlocks(body);
  const probs = scoreBlocks(all);
  const blocks = all.filter((_, i) => probs[i] >= CONTENT_PROBABILITY);
  const dropped = all.filter((_, i) => probs[i] < CONTENT_PROBABILITY);
  return { blocks, roots: [body], dropped, method: "blocks", reason: `block classifier over the body kept ${blocks.length} of ${all.length} blocks` };
}

export function relaxed(html: string): Outcome | null {
  const $ = parseHtml(html);
  const body = bodyOf($);
  removeProductReviews($.root().get(0) as ParentNode);
  removeBoilerplate(body, { dropFurniture: false });
  const density = scoreDensity(body);
  // the page footer stays out even here: what is left in it is newsletter boxes, legal lines and link lists
  const roots = selectContentRoots(density).filter((r) => !inFooter(r));
  if (roots.length === 0) return null;
  return { blocks: roots.flatMap((r) => segmentBlocks(r)), roots, dropped: [], method: "density-relaxed", reason: `relaxed clean (furniture kept), densest container <${density.best!.name}> whole` };
}

function inFooter(el: Element): boolean {
  for (let n: AnyNode | null = el; n; n = n.parent) if (isElement(n) && n.name === "footer") return true;
  return false;
}

function isInside(el: Element | null, roots: Set<Element>): boolean {
  for (let n: AnyNode | null = el; n; n = n.parent) if (roots.has(n as Element)) return true;
  return false;
}

export function idHint(el: Element): string {
  const id = el.attribs.id ? `#${el.attribs.id}` : "";
  const cls = el.attribs.class ? `.${el.attribs.class.trim().split(/\s+/)[0]}` : "";
  return id || cls;
}

export function textLength(blocks: TextBlock[]): number {
  let n = 0;
  for (const b of blocks) n += b.text.length;
  return n;
}


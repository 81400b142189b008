// Post headers: a forum thread (XenForo, Invision, phpBB, MyBB, SMF, vBulletin, Discourse) is a run of
// posts, each opened by a header naming its author (a link to the member's profile) and its date (a
// <time> element or a "date" field), and the thread's text is every post with that header line. The
// block classifier and the cleaner drop those headers (short linked lines in a "user" or "author" box),
// so they are read here from the untouched tree, before the clean, and put back in front of each post
// the extraction kept. The thread's title (headings above the first kept post) goes: it names the thread.
import type { AnyNode, Element, ParentNode } from "./dom.ts";
import { collapsedLength, collapseSpace, isElement, textOf } from "./dom.ts";
import { countWords, segmentBlocks, type TextBlock } from "./segment.ts";
import { scoreBlocks } from "./blocks.ts";
import { compareDocumentPosition } from "domutils";
import { signature } from "./repeated.ts";

/** Posts needed to call a run of items a thread (as for repeated items: fewer is a layout). */
const MIN_POSTS = 3;
/** Share of the items of a group that must carry both an author link and a date to be posts. */
const MIN_HEADED_SHARE = 0.6;
/** An author name is a handle or a name: at least this many characters (letter avatars are one)… */
const MIN_AUTHOR_CHARS = 2;
/** …and at most this many words… */
const MAX_AUTHOR_WORDS = 4;
/** …and a date line at most this many characters ("11. Sep 2024, 18:36", "2019-02-23, 09:14 PM"). */
const MAX_DATE_CHARS = 40;

/** Share of a post's text that may come before its author link for the link to be the post's header. */
const HEADER_MAX_TEXT_BEFORE = 0.5;

/** Links to a member's profile (XenForo /members/, Invision /profile/, phpBB memberlist, MyBB user-N, SMF action=profile, Discourse /u/). */
const PROFILE_HREF = /\/(members?|profile|users?|u)\/[^/?#]|memberlist\.php\?mode=viewprofile|member\.php\?|[/?&;]u=\d|\/user-\d+|action=profile/i;
/** Class names of an element holding a post's date. */
const DATE_CLASS = /(^|[\s_-])(date|time|posted|post_?date|dt)([\s_-]|$)/i;

/** A member's join or registration date, in the author box: not the post's date. */
const JOIN_CLASS = /join|regist/i;

export interface PostHeader { author: string; date: string | null }

/** The posts of the page's thread, each with its header, or an empty map when the page is no thread. */
export function findPostHeaders(root: ParentNode): Map<Element, PostHeader> {
  const best = { headed: [] as Element[], chars: 0 };
  // one pass: which elements hold a profile link and a date, grouped among siblings by kind; the
  // thread is the group holding the most text (not a sidebar's "latest posts" with more, shorter items)
  const visit = (el: ParentNode): { author: boolean; date: boolean; chars: number } => {
    const has = { author: false, date: false, chars: 0 };
    // the children with both (and their text), grouped by signature only when MIN_POSTS of them are
    // found: no group can hold a thread otherwise, and most elements have none
    let headed: { child: Element; chars: number }[] | null = null;
    for (const child of el.children) {
      if (child.type === "text") { has.chars += collapsedLength((child as unknown as { data: string }).data); continue; }
      if (!isElement(child) || child.type !== "tag") continue;
      const h = visit(child);
      if (isProfileLink(child) && shortName(child)) h.author = true;
      if (isDateElement(child)) h.date = true;
      has.author ||= h.author; has.date ||= h.date; has.chars += h.chars;
      if (h.author && h.date) (headed ??= []).push({ child, chars: h.chars });
    }
    if (headed && headed.length >= MIN_POSTS) pickThread(el, headed, best);
    return has;
  };
  visit(root);
  const headers = new Map<Element, PostHeader>();
  for (const post of best.headed) {
    const author = firstAuthor(post);
    if (author) headers.set(post, { author, date: firstDate(post) });
  }
  return headers.size >= MIN_POSTS ? headers : new Map();
}

/**
 * Group the element children of `el` by signature, each group with the children that carry an author
 * and a date (`headed`, in document order, with their text's length); a group of MIN_POSTS or more
 * such children that are MIN_HEADED_SHARE of the group, with more text than `best`, becomes `best`.
 */
function pickThread(el: ParentNode, headed: { child: Element; chars: number }[], best: { headed: Element[]; chars: number }): void {
  const groups = new Map<string, { all: number; headed: Element[]; chars: number }>();
  let next = 0;
  for (const child of el.children) {
    if (!isElement(child) || child.type !== "tag") continue;
    const key = signature(child);
    const g = groups.get(key) ?? { all: 0, headed: [], chars: 0 };
    g.all++;
    if (next < headed.length && headed[next]!.child === child) { g.headed.push(child); g.chars += headed[next]!.chars; next++; }
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    if (g.headed.length >= MIN_POSTS && g.headed.length >= g.all * MIN_HEADED_SHARE && g.chars > best.chars) Object.assign(best, g);
  }
}

function isProfileLink(el: Element): boolean {
  return el.name === "a" && PROFILE_HREF.test(el.attribs.href ?? "");
}

function shortName(el: Element): string | null {
  const t = collapseSpace(textOf(el));
  return t.length >= MIN_AUTHOR_CHARS && countWords(t) <= MAX_AUTHOR_WORDS && /\p{L}/u.test(t) ? t : null;
}

function isDateElement(el: Element): boolean {
  return el.name === "time" ? !!timeText(el) : !!classedDate(el);
}

/** A <time>'s text; one that renders two forms ("June 14, 2024" and "1 yr") gives the first. */
function timeText(el: Element): string {
  const parts = el.children.filter((c) => isElement(c) && collapseSpace(textOf(c)));
  return collapseSpace(textOf(parts.length > 1 ? parts[0] : el));
}

/** The text of a date-classed element (not a member's "Joined" date) that is short and has a digit. */
function classedDate(el: Element): string | null {
  const cls = el.attribs.class ?? "";
  if (!DATE_CLASS.test(cls) || JOIN_CLASS.test(cls)) return null;
  const t = collapseSpace(textOf(el));
  return t.length > 0 && t.length <= MAX_DATE_CHARS && /\d/.test(t) ? t : null;
}

/**
 * The post's author: the text of its first profile link that has text (avatar links have none), when
 * that link opens the post, before at most HEADER_MAX_TEXT_BEFORE of its text. Q&A sites sign each
 * answer below its text ("answered May 2 at 9:41 / name"), and WCXB's truth leaves such signatures out.
 */
function firstAuthor(post: Element): string | null {
  let before = 0, found: string | null = null;
  const total = collapsedLength(textOf(post));
  const visit = (n: AnyNode): boolean => {
    if (n.type === "text") { before += collapsedLength((n as unknown as { data: string }).data); return true; }
    if (!isElement(n) || n.type !== "tag") return true;
    if (isProfileLink(n) && (found = shortName(n))) return false;
    for (const c of n.children) if (!visit(c)) return false;
    return true;
  };
  for (const c of post.children) if (!visit(c)) break;
  return found && before <= total * HEADER_MAX_TEXT_BEFORE ? found : null;
}

/** The post's date line: its first <time>, else its first date-classed element. */
function firstDate(post: Element): string | null {
  let found: string | null = null;
  walk(post, (el) => { if (el.name === "time") found = timeText(el) || null; return !found; });
  if (!found) walk(post, (el) => { found = classedDate(el); return !found; });
  return found;
}

/** Depth-first walk in document order while `go` returns true. */
function walk(el: Element, go: (el: Element) => boolean): boolean {
  for (const c of el.children) {
    if (!isElement(c) || c.type !== "tag") continue;
    if (!go(c) || !walk(c, go)) return false;
  }
  return true;
}

/**
 * `blocks` with each post's header (author, date) in front of the post's first block, when the blocks
 * lie in at least MIN_POSTS posts and the post's blocks do not already carry its author's name.
 */
export function addPostHeaders(blocks: TextBlock[], headers: Map<Element, PostHeader>): { blocks: TextBlock[]; added: number; posts: number } {
  if (headers.size === 0) return { blocks, added: 0, posts: 0 };
  const postOf = blocks.map((b) => enclosingPost(b.el, headers));
  const posts = new Set(postOf.filter((p): p is Element => !!p));
  if (posts.size < MIN_POSTS) return { blocks, added: 0, posts: headers.size };
  const out: TextBlock[] = [];
  const done = new Set<Element>();
  let added = 0;
  const firstPost = postOf.findIndex((p) => !!p);
  for (let i = 0; i < blocks.length; i++) {
    const post = postOf[i];
    // the thread's title above its first post names the thread; it is not a post's text
    if (i < firstPost && blocks[i].kind === "heading") continue;
    if (post && !done.has(post)) {
      done.add(post);
      const h = headers.get(post)!;
      const own = blocks.filter((_, j) => postOf[j] === post);
      if (!own.some((b) => b.text.includes(h.author))) {
        for (const text of [h.author, h.date]) if (text) out.push(headerBlock(text, blocks[i]));
        added++;
      }
    }
    out.push(blocks[i]);
  }
  return { blocks: out, added, posts: headers.size };
}

function enclosingPost(el: Element | null, headers: Map<Element, PostHeader>): Element | null {
  for (let n: AnyNode | null = el; n; n = n.parent) if (headers.has(n as Element)) return n as Element;
  return null;
}

function headerBlock(text: string, next: TextBlock): TextBlock {
  const words = countWords(text);
  return { index: next.index, text, kind: "other", words, linkWords: words, density: words, el: null, depth: next.depth };
}

/**
 * Posts that must already hold kept blocks before the thread's other posts are filled in (the content
 * is the thread, not an article above a comment section; a Discourse thread's chosen content can be its first post alone).
 */
const MIN_COVERED_POSTS = 1;
/**
 * A post's own block is part of its text at this content probability, as inside a chosen container
 * (orchestrator's IN_CONTAINER_MIN_PROBABILITY): the post already passed one test, being a post.
 */
const POST_MIN_PROBABILITY = 0.3;
/** A post's block is a link list (reaction bar, "Reply", member links), not text, above this share of linked words… */
const POST_LINK_LIST_SHARE = 0.5;
/** …when it is also shorter than this many words. */
const POST_LINK_LIST_MAX_WORDS = 30;

/**
 * `blocks` with the thread's posts that none of them lies in added in document order, each as its own
 * blocks that the block classifier does not reject: the density container is one post and the
 * classifier, outside it, keeps only the posts it is sure of (the opening post often goes).
 */
export function fillThreadPosts(blocks: TextBlock[], headers: Map<Element, PostHeader>, body: ParentNode): { blocks: TextBlock[]; filled: number } {
  if (headers.size === 0) return { blocks, filled: 0 };
  const covered = new Set(blocks.map((b) => enclosingPost(b.el, headers)).filter((p): p is Element => !!p));
  if (covered.size < MIN_COVERED_POSTS) return { blocks, filled: 0 };
  let out = blocks, filled = 0;
  for (const post of headers.keys()) {
    if (covered.has(post) || !isInsideRoot(post, body)) continue;
    const all = segmentBlocks(post);
    const probs = scoreBlocks(all);
    const own = all.filter((b, i) => probs[i] >= POST_MIN_PROBABILITY && !(b.words > 0 && b.linkWords / b.words > POST_LINK_LIST_SHARE && b.words < POST_LINK_LIST_MAX_WORDS));
    if (own.length === 0) continue;
    // before the first kept block that follows the post
    const at = out.findIndex((b) => b.el && compareDocumentPosition(post, b.el) === PRECEDES);
    out = at < 0 ? [...out, ...own] : [...out.slice(0, at), ...own, ...out.slice(at)];
    filled++;
  }
  return { blocks: out, filled };
}

/** domutils' compareDocumentPosition(a, b) says where a lies relative to b: PRECEDING (2) alone is "a comes before b and does not contain it". */
const PRECEDES = 2;

/** True when `el` is still in the tree under `root` (the clean removes elements; their posts are gone). */
function isInsideRoot(el: Element, root: ParentNode): boolean {
  for (let n: AnyNode | null = el; n; n = n.parent) if (n === root) return true;
  return false;
}

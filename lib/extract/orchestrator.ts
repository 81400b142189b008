// The extraction recipe, read top to bottom (as Readability's parse() and trafilatura's numbered
// fallbacks): observe the page, clean it, climb the ladder of candidates, finish the winner. The steps
// are data — LADDER and FINISH below, each pass with its id, the condition it runs under and where its
// thresholds live — and methodReason ends with the ids of the passes that shaped the page
// ("passes: candidates > repeated-text > labels"); lib/extract/README.md lists them (generated from
// these tables by scripts/extract-rules-table.ts).
//
//   1. Observe (observe.ts): metadata, thread posts and the declared JSON-LD body read from the untouched
//      page (unless the caller observed it already); the site template taken out; the page kind.
//   2. Clean: on product pages the customer reviews go (product-page.ts); then the strict clean
//      (clean.ts: scripts, hidden nodes, forms, nav/footer/aside, furniture by class/id).
//   3. Ladder (LADDER): the first rung always runs; a rival runs once a rung found enough text and wins
//      when it finds more; fallbacks run while none has found MIN_TEXT_CHARS, each considered in turn.
//   4. Finish (FINISH): each pass runs on the winner's blocks in order.
import type { CheerioAPI, Element, ParentNode, AnyNode } from "./dom.ts";
import { bodyOf, isElement, parseHtml, removeNode } from "./dom.ts";
import { removeBoilerplate } from "./clean.ts";
import { scoreDensity } from "./density.ts";
import { selectContentRoots } from "./select.ts";
import { blocksToText, segmentBlocks, type TextBlock } from "./segment.ts";
import { sanitizeArticleNodes } from "./sanitize.ts";
import { dropBoilerplateLines } from "./trim.ts";
import { removeProductReviews } from "./product-page.ts";
import { dropRepeatedBlocks } from "./repeated-text.ts";
import { dropSkipLinks } from "./skip-links.ts";
import { addPostHeaders, fillThreadPosts } from "./post-headers.ts";
import { observePage, snapshotPage, type PageSnapshot } from "./observe.ts";
import { lineRulesOf, matchLineRule, type LineRuleScope } from "./line-rules.ts";
import {
  blocksAlone, chooseCandidate, declaredOverChosen, relaxed, textLength, wholeBodyOverChosen, MIN_TEXT_CHARS, type Outcome,
} from "./candidates.ts";
import type { ExtractOptions, ExtractResult, ExtractStructure } from "./index.ts";

/** What the passes see: the page's snapshot, its cleaned body, the html, and the reason's prefix. */
interface Context { page: PageSnapshot; body: ParentNode; html: string; prefix: string }

/**
 * A rung of the ladder. "first": always runs. "rival": runs once a rung has found MIN_TEXT_CHARS and
 * replaces it when longer. "fallback": runs while none has. "restart": while none has, the whole recipe
 * runs again without the site template (its content was template too).
 */
interface Rung {
  id: string; role: "first" | "rival" | "fallback" | "restart"; does: string; thresholds: string;
  when?: (c: Context) => boolean;
  run?: (c: Context, best: Outcome | null) => Outcome | null;
}

export const LADDER: readonly Rung[] = [
  {
    id: "candidates", role: "first", thresholds: "candidates.ts: DENSITY_OVER_KNOWN_RATIO, MIN_KNOWN_CHARS, REPEATED_OVER_CHOSEN, REPEATED_INSIDE_SHARE",
    does: "density container + block classifier against the named container (pruned, link lists dropped, lead added), the named one winning unless density finds DENSITY_OVER_KNOWN_RATIO times its text; on undated pages the repeated items replace it when far larger",
    run: (c) => chooseCandidate(c.body, c.page.templated ? "template" : "density+blocks", c.prefix, c.page.dated, c.page.kind),
  },
  { id: "without-template", role: "restart", thresholds: "—", does: "the template held the page's content too: extract again without it", when: (c) => c.page.templated !== null },
  {
    id: "whole-body", role: "rival", thresholds: "candidates.ts: WHOLE_BODY_OVER_CHOSEN",
    does: "on undated non-product pages without an article slug (index and service pages), the block classifier over the whole body when the candidate holds under WHOLE_BODY_OVER_CHOSEN of its text",
    when: (c) => c.page.kind !== "product" && !c.page.dated && !c.page.articleSlug,
    run: (c, best) => wholeBodyOverChosen(c.body, best!, c.prefix),
  },
  { id: "blocks", role: "fallback", thresholds: "blocks.ts: CONTENT_PROBABILITY", does: "the block classifier over the whole cleaned body (pages whose text is not in <p>s)", run: (c) => blocksAlone(c.body) },
  { id: "relaxed", role: "fallback", thresholds: "—", does: "clean without the furniture rules, the density container whole unless it lies in the <footer>", run: (c) => relaxed(c.html) },
  {
    id: "body", role: "fallback", thresholds: "—", does: "all remaining body text: a page with any text never comes out empty",
    run: (c) => ({ blocks: segmentBlocks(c.body), roots: [c.body], dropped: [], method: "body", reason: "whole cleaned body" }),
  },
];

/** A finishing pass: the winner in, the winner changed out (null: nothing to do), and the line rules that fired. */
interface Finish {
  id: string; does: string; thresholds: string;
  run: (c: Context, o: Outcome) => (Outcome & { rules?: string[] }) | null;
}

/** Methods whose candidates went through the dangling-block trim (trim.ts dropDanglingBlocks). */
const TRIMMED_METHODS = new Set(["density+blocks", "container+blocks", "template"]);

export const FINISH: readonly Finish[] = [
  {
    id: "json-ld-body", thresholds: "candidates.ts: DECLARED_OVER_CHOSEN, DECLARED_MIN_CHARS",
    does: "the page's declared JSON-LD articleBody replaces the winner when it holds DECLARED_OVER_CHOSEN times its text (a script-rendered article whose HTML shows a shell)",
    run: (c, o) => declaredOverChosen(c.page.declared, o),
  },
  {
    id: "boilerplate-lines", thresholds: "line-rules.ts (scope line)",
    does: "a winner that did not go through the trim (repeated items, blocks alone, relaxed, body, JSON-LD) loses the lines that are boilerplate by their words, and picture captions",
    run: (_c, o) => {
      if (TRIMMED_METHODS.has(o.method)) return null;
      const lines = dropBoilerplateLines(o.blocks);
      return lines.dropped.length ? { ...o, blocks: lines.kept, dropped: [...o.dropped, ...lines.dropped], rules: ruleIds(lines.dropped, "line") } : null;
    },
  },
  {
    id: "thread-posts", thresholds: "post-headers.ts: MIN_COVERED_POSTS, POST_MIN_PROBABILITY",
    does: "on a thread whose kept content lies in its posts, the posts it left out come in (each as its blocks the classifier does not reject)",
    run: (c, o) => {
      const { blocks, filled } = fillThreadPosts(o.blocks, c.page.headers, c.body);
      return filled ? { ...o, blocks, reason: `${o.reason}; filled in ${filled} posts of the thread` } : null;
    },
  },
  {
    id: "repeated-text", thresholds: "repeated-text.ts: *_REPEAT_MIN_WORDS",
    does: "of blocks with the same text the first stays (responsive copies, carousels, quoted posts)",
    run: (c, o) => {
      const { kept, repeats } = dropRepeatedBlocks(o.blocks, c.page.kind, o.method === "repeated-items");
      return repeats.length ? { ...o, blocks: kept, dropped: [...o.dropped, ...repeats], reason: `${o.reason}; dropped ${repeats.length} repeated blocks` } : null;
    },
  },
  {
    id: "labels", thresholds: "line-rules.ts (scope label)",
    does: "blocks that are only a skip link, a control's or a widget's label, a shop badge, a counter, a visitor prompt",
    run: (_c, o) => {
      const { kept, skipLinks } = dropSkipLinks(o.blocks);
      return skipLinks.length ? { ...o, blocks: kept, dropped: [...o.dropped, ...skipLinks], reason: `${o.reason}; dropped ${skipLinks.length} skip links`, rules: ruleIds(skipLinks, "label") } : null;
    },
  },
  {
    id: "post-headers", thresholds: "post-headers.ts: MIN_POSTS",
    does: "on a thread, each kept post gets its author and date line back in front of it (read before the clean)",
    run: (c, o) => {
      const { blocks, added, posts } = addPostHeaders(o.blocks, c.page.headers);
      if (blocks === o.blocks) return null;
      return { ...o, blocks, reason: added ? `${o.reason}; added the headers of ${added} posts (of ${posts} in the thread)` : o.reason };
    },
  },
];

export function runExtraction(html: string, opts: ExtractOptions): ExtractResult {
  // 1. observe
  const seen = opts.observed ?? observePage(opts.document ?? parseHtml(html), opts.url);
  const { $ } = seen;
  const page = snapshotPage(seen, opts.url, opts.template);
  // 2. clean
  const reviews = removeProductReviews(page.root, page.scan);
  removeBoilerplate(page.body, { dropFurniture: true });
  const prefix = `page kind ${page.kind}; ` + (page.templated ? `template removed ${page.templated.removed} text nodes; ` : "") + (reviews ? `product page: removed ${reviews} review sections; ` : "");
  const c: Context = { page, body: page.body, html, prefix };
  // 3. ladder
  const climbed = climb(c);
  if (!climbed) return withTemplateNote(runExtraction(html, { ...opts, template: undefined, document: undefined, observed: undefined }), page.templated!.removed);
  // 4. finish
  let outcome = climbed.best;
  const passes = [climbed.rung];
  let repeatedBlocks = 0;
  for (const f of FINISH) {
    const next = f.run(c, outcome);
    if (!next) continue;
    const { rules, ...o } = next;
    if (f.id === "repeated-text") repeatedBlocks = o.dropped.length - outcome.dropped.length;
    outcome = o;
    passes.push(rules?.length ? `${f.id} [${rules.join(", ")}]` : f.id);
  }
  const structure = structureOf(page, climbed.rung, outcome, repeatedBlocks);
  const said = climbed.tried.length ? `${outcome.reason} (after ${climbed.tried.join("; ")})` : outcome.reason;
  return {
    ...page.meta,
    // Unicode normal form C: pages that write "ü" as u + combining diaeresis (or Bengali nukta letters
    // decomposed) read the same as the composed text readers search and compare
    text: blocksToText(outcome.blocks).normalize("NFC"),
    html: renderHtml($, outcome, opts.url),
    method: outcome.method,
    methodReason: `${said}; passes: ${passes.join(" > ")}`,
    structure,
  };
}

/** The snapshot's facts and the kept content's shape (ExtractResult.structure). */
function structureOf(page: PageSnapshot, rung: string, outcome: Outcome, repeatedBlocks: number): ExtractStructure {
  const blocks = outcome.blocks;
  let headingBlocks = 0, itemBlocks = 0, words = 0, linkWords = 0;
  for (const b of blocks) {
    if (b.kind === "heading") headingBlocks++;
    else if (b.kind === "item") itemBlocks++;
    words += b.words;
    linkWords += b.linkWords;
  }
  return {
    kind: page.kind, dated: page.dated, articleSlug: page.articleSlug, threadPosts: page.headers.size, declaredChars: page.declared.length,
    rung, blocks: blocks.length, headingBlocks, itemBlocks, words, linkWords, repeatedBlocks,
    contentPath: contentPathOf(outcome.roots[0]),
  };
}

/** Steps of a content path kept (the innermost): deeper steps name the template, outer ones the page shell. */
const CONTENT_PATH_STEPS = 4;

/** ExtractStructure.contentPath of a content root ("" for none, "body" for the body itself). */
function contentPathOf(root: ParentNode | undefined): string {
  const steps: string[] = [];
  for (let n: ParentNode | null = root ?? null; n && isElement(n as AnyNode); n = (n as Element).parent as ParentNode | null) {
    const el = n as Element;
    if (el.name === "body" || el.name === "html") break;
    const id = el.attribs.id?.trim(), cls = el.attribs.class?.trim().split(/\s+/)[0];
    steps.unshift(`${el.name}${id ? `#${id}` : cls ? `.${cls}` : ""}`.replace(/\d+/g, "0"));
  }
  return root ? steps.slice(-CONTENT_PATH_STEPS).join(" > ") || "body" : "";
}

/** The ladder climbed: the longest outcome considered, the rung that gave it, what was tried below MIN_TEXT_CHARS; null: restart without the template. */
function climb(c: Context): { best: Outcome; rung: string; tried: string[] } | null {
  let best: Outcome | null = null, rung = "none", won = false;
  const tried: string[] = [];
  const consider = (id: string, o: Outcome | null): boolean => {
    if (o && (!best || textLength(o.blocks) > textLength(best.blocks))) { best = o; rung = id; }
    if (o && textLength(o.blocks) >= MIN_TEXT_CHARS) return true;
    tried.push(`${o?.method ?? "step"}: ${o ? textLength(o.blocks) : 0} chars`);
    return false;
  };
  for (const r of LADDER) {
    if (r.when && !r.when(c)) continue;
    if (r.role === "first") won = consider(r.id, r.run!(c, best));
    else if (r.role === "rival") { const o = won ? r.run!(c, best) : null; if (o) consider(r.id, o); }
    else if (won) continue;
    else if (r.role === "restart") return null;
    else won = consider(r.id, r.run!(c, best));
  }
  return { best: best ?? { blocks: [], roots: [], dropped: [], method: "none", reason: "no text in the page" }, rung, tried };
}

/** The ids of the line rules (line-rules.ts) that took these blocks, each once, in table order ("caption" for picture captions, trim.ts). */
function ruleIds(blocks: TextBlock[], scope: LineRuleScope): string[] {
  const ids = new Set(blocks.map((b) => matchLineRule(b, scope)?.id ?? "caption"));
  return [...lineRulesOf(scope).map((r) => r.id), "caption"].filter((id) => ids.has(id));
}

/** The result of a run without the template, saying why the template was set aside. */
function withTemplateNote(r: ExtractResult, removed: number): ExtractResult {
  return { ...r, methodReason: `template set aside (its ${removed} text nodes left too little text); ${r.methodReason}` };
}

/** Content roots as sanitised HTML, without the elements of dropped blocks. */
function renderHtml($: CheerioAPI, outcome: Outcome, url: string): string {
  const roots = new Set(outcome.roots);
  for (const b of outcome.dropped) if (b.el && !roots.has(b.el) && ownsOnlyBlock(b.el, b)) removeNode(b.el);
  return sanitizeArticleNodes(outcome.roots, url, (r) => (isElement(r as AnyNode) ? $.html(r as Element) : $.html((r as ParentNode).children)));
}

/** True when removing `el` removes only the dropped block's text (not content blocks sharing it). */
function ownsOnlyBlock(el: Element, b: TextBlock): boolean {
  const text = $text(el);
  return text.length <= b.text.length + 2;
}

function $text(el: Element): string {
  let s = "";
  const walk = (n: AnyNode) => {
    if (n.type === "text") s += (n as unknown as { data: string }).data;
    else if (isElement(n)) for (const c of n.children) walk(c);
  };
  walk(el);
  return s.replace(/\s+/g, " ").trim();
}

export type SingleMethod = "density" | "blocks";

/** One method alone, for the benchmark's per-method columns: the article text only. */
export function extractWithMethod(html: string, url: string, method: SingleMethod): string {
  void url;
  const $ = parseHtml(html);
  const body = bodyOf($);
  removeBoilerplate(body, { dropFurniture: true });
  if (method === "blocks") return blocksToText(blocksAlone(body).blocks);
  const roots = selectContentRoots(scoreDensity(body));
  return blocksToText(roots.flatMap((r) => segmentBlocks(r)));
}

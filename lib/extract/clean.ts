// Boilerplate removal before scoring: drop what can never be article text (scripts, styles, forms,
// embedded frames), hidden nodes, and page furniture recognised by tag or by class/id — the same
// kind of lists trafilatura (htmlprocessing.py) and Readability (REGEXPS.unlikelyCandidates) use.
// Works in place on a parsed document: call it on a copy you no longer need.
import type { AnyNode, Element, ParentNode } from "./dom.ts";
import { classAndId, holdsTag, isElement, removeNode } from "./dom.ts";
import { isCollapsedPanel, isHiddenSlide } from "./collapsed.ts";
import { isHiddenFromScreen } from "./hidden.ts";
import { ARTICLE_BODY_NAMES } from "./known-container.ts";

/** Elements whose content is never article text. */
const ALWAYS_DROP_TAGS = new Set([
  "script", "style", "noscript", "template", "iframe", "frame", "frameset", "object", "embed", "svg", "canvas",
  "form", "button", "input", "select", "textarea", "option", "label", "dialog", "link", "meta", "head", "title",
]);

/** Page furniture by tag: dropped in the strict pass, kept when the orchestrator relaxes. */
const FURNITURE_TAGS = new Set(["nav", "footer", "aside", "menu"]);

/**
 * class/id words of furniture (Readability's unlikelyCandidates plus trafilatura's usual suspects: its
 * OVERALL_DISCARD_XPATH names "navigation" boxes, and flyouts are popups that slide in), notices, alerts,
 * tooltips, legal boxes, bylines, (bread)crumbs, announcement bars, trending lists, disclaimers and offers
 * (trafilatura: "byline", "jp-" ids, "message" boxes). Measured effect: calibration.ts.
 */
const UNLIKELY_RE = /(^|[-_\s])(ad|ads|adv|advert|advertisement|banner|breadcrumbs?|combx|comments?|community|cookie|consent|disqus|extra|footer|gdpr|legends?|menu|navbar|nav|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor(ed)?|supplemental|ad-break|agegate|pagination|pager|popup|modal|newsletter|share|sharing|subscribe|subscription|promo|outbrain|taboola|teaser|widget|toolbar|masthead|site-header|topbar|signup|login|tags|tagcloud|author-bio|print|jump|skip|navigation|flyout|notices?|alerts?|tooltips?|legal|bylines?|crumbs|announcements?|trending|disclaimers?|offers?)($|[-_\s])/i;

/**
 * Names of plugin boxes that are furniture whatever else the element is called: WordPress Jetpack's sharing,
 * likes and rating box (div.sharedaddy … jp-post-flair, which the word "post" would otherwise rescue) and its
 * related posts.
 */
const PLUGIN_FURNITURE_RE = /(^|\s)(sharedaddy|jp-post-flair|jp-relatedposts)(?=\s|$)/i;

/** class/id words that rescue an element the unlikely pattern matched (Readability's okMaybeItsACandidate). */
const MAYBE_RE = /and|article|body|column|content|main|shadow|entry|story|post|text/i;

/**
 * ARIA roles of page furniture: landmarks around the article (navigation, banner, contentinfo, complementary)
 * and widgets that are never its text (dialogs, alerts, tooltips, list boxes and their options, menu and tool
 * bars, search, status and log regions, tickers and timers).
 */
const FURNITURE_ROLES = new Set([
  "navigation", "banner", "contentinfo", "complementary", "dialog", "alert",
  "tooltip", "listbox", "option", "menubar", "toolbar", "search", "status", "log", "marquee", "timer",
]);

/** Tags never removed by the class/id rule: the whole document would go with them. */
const PROTECTED_TAGS = new Set(["html", "body", "article", "main"]);

export interface CleanOptions {
  /** Also drop nav/footer/aside and class/id furniture (the strict pass). Default true. */
  dropFurniture?: boolean;
}

export interface CleanStats { removed: number }

/** Remove non-content nodes from the subtree under `root`, in place. */
export function removeBoilerplate(root: ParentNode, opts: CleanOptions = {}): CleanStats {
  const dropFurniture = opts.dropFurniture ?? true;
  const stats = { removed: 0 };
  const total = visibleChars(root as AnyNode);
  const paragraphs = dropFurniture ? paragraphStats(root as AnyNode) : { chars: 0, longest: 0 };
  cleanChildren(root, { dropFurniture, maxFurnitureChars: total * MAX_FURNITURE_SHARE, pageChars: total, paragraphs }, stats);
  return stats;
}

/**
 * An element the class/id rule matches is kept when it holds more than this share of the page's
 * text: a page wrapper named "l-outer--nav" or "loading" is the page, not its furniture.
 */
const MAX_FURNITURE_SHARE = 0.5;

interface CleanCtx { dropFurniture: boolean; maxFurnitureChars: number; pageChars: number; paragraphs: ParagraphStats }

function cleanChildren(parent: ParentNode, ctx: CleanCtx, stats: CleanStats): void {
  // iterate over a copy: removal splices the live array
  for (const child of [...parent.children]) {
    if (child.type === "comment" || child.type === "directive" || child.type === "cdata") { removeNode(child); continue; }
    if (!isElement(child)) continue;
    if (shouldDrop(child, ctx)) { removeNode(child); stats.removed++; continue; }
    cleanChildren(child, ctx, stats);
  }
}

function shouldDrop(el: Element, ctx: CleanCtx): boolean {
  const name = el.name;
  if (name === "noscript") return visibleChars(el, true) < NOSCRIPT_CONTENT_CHARS;
  if (name === "form") return visibleChars(el) <= ctx.pageChars * MAX_FURNITURE_SHARE && !holdsProse(el);
  if (ALWAYS_DROP_TAGS.has(name)) return true;
  if (isHiddenFromScreen(el.attribs)) return !isDeferredContent(el) && !isCollapsedPanel(el) && !isHiddenSlide(el) && visibleChars(el) <= ctx.pageChars * MAX_FURNITURE_SHARE;
  if (!ctx.dropFurniture) return false;
  if (FURNITURE_TAGS.has(name)) return true;
  if (PROTECTED_TAGS.has(name)) return false;
  const ci = withoutBuilderTokens(classAndId(el));
  if (ci.length > 1 && isForumFurniture(el)) return true;
  if (ci.length > 1 && PLUGIN_FURNITURE_RE.test(ci) && visibleChars(el) <= ctx.maxFurnitureChars) return true;
  if (ci.length > 1 && UNLIKELY_RE.test(ci) && !MAYBE_RE.test(ci)) {
    const n = visibleChars(el);
    if ((n >= WIDGET_PROSE_CHARS || holdsTag(el, "h1")) && !UNLIKELY_RE.test(ci.replace(WIDGET_WORD_RE, " "))) return false;
    if (n >= SKIP_LINKS_MAX_CHARS && !UNLIKELY_RE.test(ci.replace(SKIP_WORD_RE, " "))) return false;
    return n <= ctx.maxFurnitureChars && !holdsArticleBody(el) && !holdsMostParagraphs(el, ci, ctx);
  }
  const role = el.attribs.role;
  return role !== undefined && FURNITURE_ROLES.has(role);
}

/**
 * Layout classes of page builders that name every box a "widget" (Elementor's widget wraps, HubSpot's
 * widget spans and modules): they say nothing about furniture, and the unlikely pattern read whole
 * articles built with them as sidebars.
 */
const BUILDER_TOKEN_RE = /(^|\s)(elementor-widget(-wrap|-container)?|elementor-element-populated|widget-span|widget-type-[\w-]+|hs_cos_wrapper(_widget|_type_[\w-]+)?)(?=\s|$)/g;

/**
 * "widget" alone is a weak furniture word: sites name their product boxes and content cards
 * "…-widget" too. An element that matched only through it is kept when it holds this many
 * characters (sidebar widgets are short lists), or an <h1>: the page's title in a "widget-hero"
 * header (sidebar widgets title themselves with h2-h4).
 */
const WIDGET_PROSE_CHARS = 500;
const WIDGET_WORD_RE = /(^|[-_\s])widget(?=$|[-_\s])/gi;

/**
 * "skip" names the accessibility skip links ("skip-links", "skip-to-content"), a line or two; a longer
 * element named so is the links' target, the page's content (div#skip-to-products holding a shop's
 * product grid). ("jump" stays: jump menus and tables of contents are long link lists.)
 */
const SKIP_LINKS_MAX_CHARS = 200;
const SKIP_WORD_RE = /(^|[-_\s])skip(?=$|[-_\s])/gi;

/**
 * Class tokens that name a page layout with a sidebar, not the sidebar: "has-sidebar", "with-sidebar"
 * modifiers on the main wrapper, "sidebar-grid" / "sidebar-layout" blocks and their BEM elements
 * (Politico Europe's article paragraphs sit in div.sidebar-grid__container > div.sidebar-grid__content);
 * the block's own sidebar element (sidebar-grid__sidebar) stays furniture.
 */
const SIDEBAR_LAYOUT_TOKEN_RE = /(^|\s)([\w-]*(?:has|with)-sidebar|sidebar-(?:grid|layout)(?:(?:__|--)(?![\w-]*sidebar)[\w-]+)?)(?=\s|$)/gi;

/**
 * Elementor names each widget by its type (elementor-widget-heading, elementor-widget-icon-box,
 * elementor-widget-nav-menu) and its BEM modifiers (elementor-widget__width-initial): the "widget"
 * part says nothing, the type does, so it is read alone.
 */
const ELEMENTOR_TYPE_RE = /(^|\s)elementor-widget(?:__|-)/g;

/**
 * Modifier tokens that say what an element holds or lacks, not what it is: "o-section--has-ads",
 * "js-section--has-ads", "with-comments", "no-sidebar" name a page section beside an ad slot or a
 * layout without a sidebar (the skateboardmsm article's headline section, section.o-section--has-ads).
 * A whole token or a BEM modifier ("--has-…"): "menu-with-icons" is still a menu.
 */
const HOLDS_MODIFIER_TOKEN_RE = /(^|\s)(?:[\w-]*?--)?(?:has|with|without|no)[-_][\w-]+(?=\s|$)/gi;

function withoutBuilderTokens(ci: string): string {
  const bare = ci.replace(HOLDS_MODIFIER_TOKEN_RE, " ");
  const plain = bare.includes("sidebar") ? bare.replace(SIDEBAR_LAYOUT_TOKEN_RE, " ") : bare;
  return plain.includes("widget") ? plain.replace(BUILDER_TOKEN_RE, " ").replace(ELEMENTOR_TYPE_RE, "$1elementor-") : plain;
}

/**
 * Class names forum platforms give to what surrounds each post: the poster's panel (avatar, join
 * date, post count), signatures, vote and action bars, quoted earlier posts (their text is already
 * on the page), "last edited" lines, AI thread summaries. XenForo, Discourse, phpBB, vBulletin, IPS
 * (Invision), StackExchange. Whole class tokens, so they never match an article's own names.
 */
const FORUM_FURNITURE_CLASSES = new Set([
  "message-cell--user", "message-userDetails", "message-userExtras", "message-attribution", "message-actionBar", "message-footer",
  "message-lastEdit", "message-signature", "bbCodeBlock--quote", "messageUserInfo", "messageUserBlock", "messageDetails", "extraUserInfo",
  "votecell", "js-voting-container", "post-signature", "user-info", "js-post-menu",
  "ipsComment_author", "cAuthorPane", "ipsComment_tools", "ipsComment_meta", "ipsQuote", "postprofile", "signature", "postbody-signature",
  "postbit_signature", "userinfo", "author-info", "postdetails", "ai-summary-block", "xfa-gptts-block",
]);

function isForumFurniture(el: Element): boolean {
  const cls = el.attribs.class;
  if (!cls) return false;
  for (const c of cls.split(/\s+/)) if (FORUM_FURNITURE_CLASSES.has(c)) return true;
  return false;
}

/** An element named as the article body (known-container.ts ARTICLE_BODY_NAMES, "post-entry"): furniture never holds one. */
const ARTICLE_BODY_RE = new RegExp(`(^|[\\s_-])(${[...ARTICLE_BODY_NAMES, "post-entry"].join("|")})($|[\\s_-])`, "i");

function holdsArticleBody(el: Element): boolean {
  for (const c of el.children) {
    if (!isElement(c)) continue;
    if (c.attribs.itemprop === "articleBody" || ARTICLE_BODY_RE.test(classAndId(c))) return true;
    if (holdsArticleBody(c)) return true;
  }
  return false;
}

/**
 * A layout wrapper named with a furniture word ("print", "extra", "sidebar-…") is the article's
 * wrapper, not furniture, when it holds most of the page's <p> text, or the page's longest paragraph
 * and at least a quarter of that text (Fundus news pages: Anadolu's article sits in div.print beside
 * long teaser lists). Comment threads are the exception: a thread can out-write its article.
 */
const WRAPPER_MAJORITY_SHARE = 0.5;
const WRAPPER_MIN_PARAGRAPH_SHARE = 0.25;
/** …and at least this many characters of <p> text (a short page's lone paragraph proves nothing). */
const WRAPPER_MIN_PARAGRAPH_CHARS = 500;
const THREAD_WORD_RE = /(^|[-_\s])(comments?|replies|disqus|community|remark|forum)($|[-_\s])/i;

function holdsMostParagraphs(el: Element, ci: string, ctx: CleanCtx): boolean {
  if (ctx.paragraphs.chars < WRAPPER_MIN_PARAGRAPH_CHARS || THREAD_WORD_RE.test(ci)) return false;
  const own = paragraphStats(el);
  if (own.chars < WRAPPER_MIN_PARAGRAPH_CHARS) return false;
  return own.chars >= ctx.paragraphs.chars * WRAPPER_MAJORITY_SHARE || (own.longest === ctx.paragraphs.longest && own.chars >= ctx.paragraphs.chars * WRAPPER_MIN_PARAGRAPH_SHARE);
}

interface ParagraphStats { chars: number; longest: number }

/** Text characters inside <p> elements of a subtree (outside scripts and styles), and the longest <p>. */
function paragraphStats(node: AnyNode, acc: ParagraphStats = { chars: 0, longest: 0 }): ParagraphStats {
  if (!isElement(node) && node.type !== "root") return acc;
  if (isElement(node) && node.name === "p") {
    const n = visibleChars(node);
    acc.chars += n;
    if (n > acc.longest) acc.longest = n;
    return acc;
  }
  if (isElement(node) && ALWAYS_DROP_TAGS.has(node.name)) return acc;
  for (const c of (node as ParentNode).children) paragraphStats(c, acc);
  return acc;
}

/** Text characters of a subtree outside scripts and styles (and outside <noscript> unless `inNoscript`). */
function visibleChars(node: AnyNode, inNoscript = false): number {
  if (node.type === "text") return (node as unknown as { data: string }).data.length;
  if (!isElement(node) && node.type !== "root") return 0;
  if (isElement(node) && ALWAYS_DROP_TAGS.has(node.name) && !(inNoscript && node.name === "noscript") && node.name !== "form") return 0;
  let n = 0;
  for (const c of (node as ParentNode).children) n += visibleChars(c, inNoscript);
  return n;
}

/**
 * A <form> is input furniture (search, login, newsletter, contact and comment boxes: labels, fields,
 * a notice or two of consent) unless it wraps written text: a shop's product form holds the product's
 * description, a forum's reply form the post. Written text is several paragraphs: at least this many
 * <p> of at least FORM_PARAGRAPH_CHARS characters outside the form's controls (whose own text is
 * still dropped). One or two long paragraphs are a contact form's disclaimer or a sign-up pitch.
 */
const FORM_PROSE_PARAGRAPHS = 3;
const FORM_PARAGRAPH_CHARS = 100;

/** Controls whose text is a form's labels and options, not its prose. */
const FORM_CONTROL_TAGS = new Set(["label", "input", "button", "select", "textarea", "option", "script", "style", "noscript", "template"]);

function holdsProse(form: Element): boolean {
  let long = 0;
  const walk = (node: AnyNode): boolean => {
    if (!isElement(node) || FORM_CONTROL_TAGS.has(node.name)) return false;
    if (node.name === "p") return ownTextChars(node) >= FORM_PARAGRAPH_CHARS && ++long >= FORM_PROSE_PARAGRAPHS;
    return node.children.some(walk);
  };
  return form.children.some(walk);
}

/** Characters of text in a subtree outside form controls, runs of white space counted once. */
function ownTextChars(node: AnyNode): number {
  if (node.type === "text") return (node as unknown as { data: string }).data.replace(/\s+/g, " ").trim().length;
  if (!isElement(node) || FORM_CONTROL_TAGS.has(node.name)) return 0;
  let n = 0;
  for (const c of node.children) n += ownTextChars(c);
  return n;
}

/**
 * A <noscript> with at least this many characters of text is the page's server-rendered content
 * (Discourse forums serve every post there), not a "please enable JavaScript" line: it is kept.
 */
const NOSCRIPT_CONTENT_CHARS = 500;

/** React streaming puts each server-rendered Suspense boundary in `<div hidden id="S:n">` (n in base 36: S:9, S:a, S:2e) and reveals it by script. */
function isDeferredContent(el: Element): boolean {
  return /^S:[0-9a-z]+$/i.test(el.attribs.id ?? "");
}

/** Whether a node is an element with one of the given names. */
export function isTag(node: AnyNode, names: Set<string>): node is Element {
  return isElement(node) && names.has(node.name);
}

// Pruning inside the chosen content container: the parts of an article page that sit inside the
// article's own element but are not article text — share bars, related links, author boxes,
// captions, comments, newsletter boxes, tag lists. The rules follow trafilatura's discard lists
// (trafilatura/xpaths.py: OVERALL_DISCARD_XPATH, TEASER_DISCARD_XPATH, DISCARD_IMAGE_ELEMENTS,
// COMMENTS_DISCARD_XPATH; trafilatura/settings.py: MANUALLY_CLEANED), re-expressed as class/id
// tests. They run only inside the container, where a false hit costs a paragraph, never the
// page; a match that would take most of the container's text with it is left alone.
import type { AnyNode, Element, ParentNode } from "./dom.ts";
import { holdsTag, isElement, measureText, removeNode } from "./dom.ts";
import { isLeadName } from "./lead.ts";
import { ARTICLE_BODY_NAMES } from "./known-container.ts";

/** Tags whose content is never article text inside the container (trafilatura's MANUALLY_CLEANED). */
const DROP_TAGS = new Set(["figure", "figcaption", "aside", "footer", "nav", "menu", "audio", "video", "picture", "map", "time", "address", "fieldset", "legend", "dialog", "ins"]);

/** Tags the class/id rules apply to (trafilatura: div, item, list, p, section, span). */
const RULE_TAGS = new Set(["div", "section", "span", "p", "ul", "ol", "dl", "li", "header", "small", "cite", "table", "blockquote", "h2", "h3", "h4", "h5", "h6"]);

/**
 * Names of boxes set into the article text: inline text boxes and teasers ("inlineTextbox",
 * "pp-inline-teaser", "intext-links", German "kastenBox", Polish "ramka") and flyouts. (Social posts embedded as a quote, blockquote.twitter-tweet
 * and friends, stay: the gold keeps them more often than not.)
 */
const INLINE_BOX_NAMES = [
  "inlinetextbox", "inline-teaser", "inlineteaser", "intext-", "kastenbox", "kasten-", "ramka", "flyout",
];

/** Class substrings of boilerplate (OVERALL_DISCARD_XPATH and friends; lower-cased match). */
const CLASS_SUBSTRINGS = [
  "footer", "related", "viral", "share-", "sharing", "sharedaddy", "social", "sociable", "syndication", "embedded", "newsletter", "subnav", "cookie",
  "tags", "tag-list", "tagcloud", "sidebar", "banner", "navbar", "navbox", "navigation", "breadcrumb", "bread-crumb", "author", "button", "byline",
  "rating", "widget", "attachment", "timestamp", "user-info", "user-profile", "-ad-", "-icon", "article-infos", "infoline", "outbrain",
  "taboola", "criteo", "consent", "modal", "paid-content", "paidcontent", "obfuscated", "blurred", "side-stories", "related-stories",
  "most-popular", "message", "permission", "lightbox", "slide", "teaser", "caption", "comment", "akismet", "suggest-links", "noprint",
  "hide-print", "notloaded", "signin", "subscribe", "promo", "paywall", "advert", "sponsor", "jp-relatedposts", "post-nav",
  "pagination", "pager", "disclaimer", "copyright", "license", "meta", "bottom",
  // boxes that leaked on the trafilatura tuning half: fact boxes, affiliate disclosures, recirculation
  // boxes, author boxes (Simple Author Box), category links, picture credits and legends
  "factbox", "disclosure", "recirculation", "saboxplugin", "catlinks", "cat-links", "credit", "legend", "image-source", "bildunter", "appstore", "crumbs",
  // kickers: the section or topic label over a headline, not article text
  "kicker", "eyebrow", "overline", "preheadline", "pre-headline", "topline", "dachzeile",
  // boxes set into the text that point elsewhere or hold an aside (trafilatura's TEASER_DISCARD_XPATH; readability's
  // unlikely "extra"/"remark"): inline text and link boxes, flyouts
  ...INLINE_BOX_NAMES,
];
/** Class words (whole tokens) of boilerplate, too short to match as substrings. */
const CLASS_WORDS = new Set(["ad", "ads", "bar", "nav", "menu", "share", "hidden", "hide", "tag", "options", "expand", "next", "prev"]);
/** Id substrings of boilerplate. */
const ID_SUBSTRINGS = [
  "footer", "related", "viral", "shar", "social", "syndication", "newsletter", "cookie", "tags", "sidebar", "banner", "menu", "nav",
  "breadcrumb", "bread-crumb", "author", "button", "premium-", "paywall", "hidden", "comment", "respond", "akismet", "reply-", "disqus",
  "caption", "teaser", "jp-", "dpsp-content", "message_container", "bottom",
];

/** The substring lists as one alternation each (one regex test per element instead of a loop of includes). */
const escapeRe = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const CLASS_SUBSTRING_RE = new RegExp(CLASS_SUBSTRINGS.map(escapeRe).join("|"));
const ID_SUBSTRING_RE = new RegExp(ID_SUBSTRINGS.map(escapeRe).join("|"));

/** A match is kept when it holds more than this share of the container's text (it is the article). */
const MAX_PRUNED_SHARE = 0.5;

/** Whether an element's class/id/role marks it as boilerplate inside an article (`spacing`: spacing utilities count as names too). */
export function isDiscardable(el: Element, spacing = false): boolean {
  // a <figure> that holds a <table> is the table (comparison and price tables in a figure wrapper), not a
  // picture with its caption: it stays
  if (DROP_TAGS.has(el.name)) return !(el.name === "figure" && holdsTag(el, "table"));
  const custom = el.name.includes("-");
  if (!RULE_TAGS.has(el.name) && !custom) return false;
  const a = el.attribs;
  const role = a.role;
  if (role && /nav|complementary|contentinfo|banner/i.test(role)) return true;
  if (a["data-testid"] === "AuthorCard") return true;
  // a custom element (a web component: <pp-inline-teaser>, <app-related-slot>) is named by its tag
  const rawCls = custom ? `${el.name} ${a.class ?? ""}` : a.class;
  const cls = rawCls && withoutLayoutTokens(rawCls.toLowerCase(), spacing);
  // the article's own lead ("lead teasertext", "teaser-text", "intro": lead.ts) is text, not a teaser of another page
  if (isLeadName(`${cls ?? ""} ${a.id ?? ""}`) && !isStrongMatch(el)) return false;
  if (cls) {
    if (CLASS_SUBSTRING_RE.test(cls)) return !isArticleBodyClass(cls);
    for (const w of cls.split(/[\s_-]+/)) if (CLASS_WORDS.has(w)) return !isArticleBodyClass(cls);
  }
  const id = a.id?.toLowerCase();
  if (id && ID_SUBSTRING_RE.test(id)) return !isArticleBodyClass(id);
  return false;
}

/**
 * Class tokens that carry a discard word without meaning furniture: Drupal marks every field whose
 * label is not shown "field--label-hidden" — the article's body field included (it made the rules
 * stand down on whole Drupal articles, see MAX_TOTAL_PRUNED_SHARE).
 */
const LAYOUT_TOKEN_RE = /(^|\s)field-{1,2}label-(hidden|above|inline)(?=\s|$)/g;

/**
 * State classes say what an element has or is, not what it is: "has-sharing", "with-abstract",
 * "is-active" on an article header or paragraph (its sharing bar is a child with a name of its
 * own); they are left out before the rules match.
 */
const STATE_TOKEN_RE = /(^|\s)(has|with|is)-(?!hidden|hide)[\w-]+(?=\s|$)/g;

/**
 * Spacing utilities name a margin, padding or border at the bottom of a box, not the page's bottom part
 * ("article__bottom", "footer__bottom", "sidebar-bottom"): "margin-bottom-large", "uk-margin-large-bottom",
 * "o-page-module--bare-bottom", "push-bottom-sm", "mg-bottom-38px", "border-bottom". An element named
 * only by one is not removed, but its text still counts toward the stand-down share
 * (MAX_TOTAL_PRUNED_SHARE): left out of that too, the rules pruned whole service pages whose boxes all
 * carry such names.
 */
const SPACING_TOKEN_RE = /(^|\s)[\w-]*?(margin|padding|border|push|pull|gap|spacing|space|bare|mg|mb|pb)[-_]{1,2}([a-z]{1,6}[-_]{1,2})?bottom([-_]{1,2}[\w-]*)?(?=\s|$)/g;

function withoutLayoutTokens(cls: string, spacing = false): string {
  let c = cls.includes("label-") ? cls.replace(LAYOUT_TOKEN_RE, " ") : cls;
  if (!spacing && c.includes("bottom")) c = c.replace(SPACING_TOKEN_RE, " ");
  if (c.includes("has-") || c.includes("with-") || c.includes("is-")) c = c.replace(STATE_TOKEN_RE, " ");
  return c;
}

/** Names of article bodies that merely contain a discard word (known-container.ts ARTICLE_BODY_NAMES, "main-content"; whole tokens: "entry-content-meta" is not one). */
const ARTICLE_BODY_CLASS_RE = new RegExp(`(^|\\s)(${[...ARTICLE_BODY_NAMES, "main-content"].join("|")})(\\s|$)`);

function isArticleBodyClass(s: string): boolean {
  return ARTICLE_BODY_CLASS_RE.test(s);
}

/**
 * When the matches together hold more than this share of the container's text, the rules are
 * misreading the site's names (a service page whose sections are "promo" and "slide" blocks, a shop
 * whose description sits in a "teaser"): nothing is pruned.
 */
const MAX_TOTAL_PRUNED_SHARE = 0.25;

/**
 * Matches that name boilerplate unambiguously — comments, sharing, related links, newsletter and
 * author boxes, captions, breadcrumbs, tag lists — are removed even when the rules as a
 * whole stand down (MAX_TOTAL_PRUNED_SHARE): that guard is for the ambiguous words ("slide",
 * "teaser", "promo", "meta", "widget", "hidden") that some sites give their content.
 */
const STRONG_TAGS = new Set(["figcaption", "aside", "nav", "footer", "menu", "audio", "video", "dialog"]);
const STRONG_NAME_RE = /comment|share|sharing|sharedaddy|social|related|newsletter|subscribe|breadcrumb|author|byline|caption|jp-|tags|tag-list|disqus|respond|akismet|outbrain|taboola|paywall|signin/;

function isStrongMatch(el: Element): boolean {
  if (STRONG_TAGS.has(el.name)) return true;
  const ci = `${withoutLayoutTokens((el.attribs.class ?? "").toLowerCase())} ${el.attribs.id ?? ""}`.toLowerCase();
  return STRONG_NAME_RE.test(ci);
}

/** Remove discardable descendants of the roots, in place; returns how many elements went. */
export function pruneDiscardable(roots: ParentNode[]): number {
  let removed = 0;
  for (const root of roots) {
    const sure = findDiscardable(root);
    for (const el of sure) removeNode(el);
    removed += sure.length;
  }
  return removed;
}

/** The discardable descendants of one root that pruneDiscardable would remove, without removing them. */
export function findDiscardable(root: ParentNode): Element[] {
  const total = Math.max(1, measureText(root as AnyNode).chars);
  const found: Element[] = [];
  let foundChars = 0;
  const walk = (parent: ParentNode) => {
    for (const child of parent.children) {
      if (!isElement(child)) continue;
      if (isDiscardable(child)) {
        const n = measureText(child).chars;
        if (n <= total * MAX_PRUNED_SHARE) { found.push(child); foundChars += n; continue; }
      } else if (isDiscardable(child, true)) {
        // named only by a spacing utility: kept, but its text counts toward the stand-down share
        const n = measureText(child).chars;
        if (n <= total * MAX_PRUNED_SHARE) foundChars += n;
      }
      walk(child);
    }
  };
  walk(root);
  return foundChars > total * MAX_TOTAL_PRUNED_SHARE ? found.filter(isStrongMatch) : found;
}

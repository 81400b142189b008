// The article's lead (standfirst, intro, teaser text, summary) often sits in the article header,
// outside the element named as the article body: news sites print it under the headline, the body
// container starts with the first paragraph (tagesspiegel ts-intro, zeit article__intro, "teaser-text",
// "article-lead", "chapo" …). Found by name, before the container, close to it. ("excerpt", "subtitle",
// "summary" and "description" are left out: on WCXB dev they name post excerpts, product summaries and
// teaser subtitles its annotators leave out of the main content.) Measured effect: calibration.ts.
import type { AnyNode, Element, ParentNode } from "./dom.ts";
import { isElement, measureText } from "./dom.ts";

/** class/id words of a lead paragraph. */
const LEAD_RE = /(^|[-_\s])(intro|introduction|lead|lede|teaser-?text|teaser__text|chapo|standfirst|sub-?headline|abstract|deck|dek|bajada|sapo)($|[-_\s])/i;
/** Elements a lead is printed in. */
const LEAD_TAGS = new Set(["p", "div", "h2", "h3", "span", "section", "header"]);
/** Names that look like a lead word but are furniture around it. */
const NOT_LEAD_RE = /(^|[-_\s])(nav|menu|related|share|social|author|with-excerpt|comment|footer|sidebar|meta|image|img|photo|media|video|caption|title-wrapper)($|[-_\s])/i;

/** A lead holds at least this many characters (a kicker or a date is not a lead)… */
const LEAD_MIN_CHARS = 60;
/** …and at most this many (a whole section is not a lead). */
const LEAD_MAX_CHARS = 1000;
/** …with at most this share of its text in links (a teaser list is links). */
const LEAD_MAX_LINK_SHARE = 0.3;
/** Ancestors of the container searched for a lead before it (header and body share a close ancestor). */
const LEAD_MAX_LEVELS = 4;

/**
 * The lead element before `container`: the first element named as a lead in the preceding siblings of
 * the container or of its nearest ancestors (at most LEAD_MAX_LEVELS up), holding between
 * LEAD_MIN_CHARS and LEAD_MAX_CHARS of mostly unlinked text; null when there is none.
 */
export function findLeadBefore(container: Element): Element | null {
  let node: Element = container;
  for (let level = 0; level < LEAD_MAX_LEVELS; level++) {
    const parent = node.parent as ParentNode | null;
    if (!parent || !isElement(parent as AnyNode)) return null;
    const siblings = parent.children;
    // nearest preceding sibling first
    for (let i = siblings.indexOf(node) - 1; i >= 0; i--) {
      const s = siblings[i];
      if (!isElement(s)) continue;
      const lead = findLeadIn(s);
      if (lead) return lead;
    }
    node = parent as Element;
  }
  return null;
}

function findLeadIn(el: Element): Element | null {
  if (isLead(el)) return el;
  for (const c of el.children) {
    if (!isElement(c)) continue;
    const lead = findLeadIn(c);
    if (lead) return lead;
  }
  return null;
}

/** Whether a class/id string names a lead (standfirst, intro, teaser text …) and no furniture around it. */
export function isLeadName(ci: string): boolean {
  return ci.length >= 3 && LEAD_RE.test(ci) && !NOT_LEAD_RE.test(ci);
}

/**
 * A <p> named "teaser" before the body is the article's own teaser paragraph ("p.article-teaser" under
 * the headline); teaser cards of other articles are boxes (div, article, li), not paragraphs.
 */
const TEASER_RE = /(^|[-_\s])(article-?teaser|article__teaser|teaser)($|[-_\s])/i;

function isLead(el: Element): boolean {
  if (!LEAD_TAGS.has(el.name)) return false;
  const ci = `${el.attribs.class ?? ""} ${el.attribs.id ?? ""}`;
  if (!isLeadName(ci) && !(el.name === "p" && TEASER_RE.test(ci) && !NOT_LEAD_RE.test(ci))) return false;
  const m = measureText(el);
  return m.chars >= LEAD_MIN_CHARS && m.chars <= LEAD_MAX_CHARS && m.linkChars <= m.chars * LEAD_MAX_LINK_SHARE;
}

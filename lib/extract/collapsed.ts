// Collapsed panels: accordions, FAQ answers and tab panels are written into the page and hidden
// (display:none, the hidden attribute) until a click opens them. Their text is the page's content
// (a course catalogue's descriptions, a service page's FAQ, a city page's tabs): WCXB's annotators
// keep it, as a reader who opens the panels sees it. Hidden menus, dialogs, carts and search boxes
// stay hidden. Slideshows the same way: the hidden slides beside the shown one are the gallery's text.
import type { Element } from "./dom.ts";
import { isElement, textOf } from "./dom.ts";
import { isHiddenByMarkup } from "./hidden.ts";

/** ARIA roles of a panel opened by its tab or accordion header. */
const PANEL_ROLES = new Set(["tabpanel", "region"]);

/**
 * Class/id words of a collapsed content panel: Bootstrap's collapse and tab-pane, the accordion, FAQ,
 * toggle and expander widgets' content boxes (accordion__content, tab__content, toggle-content,
 * a-expander-content), FAQ answers.
 */
const PANEL_NAME_RE = /(^|[-_\s])(accordions?|faqs?|answer|collapse|collapsible|tabpanel|(accordion|faq|tabs?|toggle|expander|collapse|collapsible|disclosure)[-_]*(content|body|panel|pane|inner|answer))($|[-_\s])/i;

/** Names of what is hidden for another reason than to be opened in place: menus, overlays, shop widgets. */
const NOT_PANEL_RE = /(^|[-_\s])(nav|navbar|navbar-collapse|menu|submenu|dropdown|mega|modal|popup|dialog|overlay|cookie|consent|cart|basket|search|login|signup|newsletter|drawer|offcanvas|tooltip)($|[-_\s])/i;

/** True when `el` (a hidden element) is a collapsed accordion, FAQ or tab panel whose text is content. */
export function isCollapsedPanel(el: Element): boolean {
  const a = el.attribs;
  const names = `${a.class ?? ""} ${a.id ?? ""}`;
  if (NOT_PANEL_RE.test(names)) return false;
  if (a.role && PANEL_ROLES.has(a.role)) return true;
  return PANEL_NAME_RE.test(names);
}

/**
 * A slideshow writes every slide into the page and shows one at a time: the others are hidden
 * (display:none, class "hidden") beside a shown sibling of the same tag and class (a gallery
 * article's numbered sections, div.gallery--paragraph-section). Their text is the article's, as a
 * reader paging through sees it. A slide needs at least this many siblings of its kind: two
 * hidden alternatives of one box (a mobile and a desktop variant) are not a slideshow.
 */
const MIN_SLIDE_SIBLINGS = 2;

/**
 * …and a slide of an article holds a caption written as prose: at least this many characters of
 * <p> text. Hidden layout columns, teaser rows and menus beside a shown one hold links and labels.
 */
const MIN_SLIDE_PROSE_CHARS = 100;

/** True when `el` (a hidden element) is one slide of a slideshow whose current slide is shown. */
export function isHiddenSlide(el: Element): boolean {
  const cls = (el.attribs.class ?? "").trim().split(/\s+/)[0];
  if (!cls || NOT_PANEL_RE.test(`${el.attribs.class} ${el.attribs.id ?? ""}`)) return false;
  const parent = el.parent;
  if (!parent) return false;
  let kin = 0;
  let shown = false;
  for (const c of parent.children) {
    if (c === el || !isElement(c) || c.name !== el.name) continue;
    if ((c.attribs.class ?? "").trim().split(/\s+/)[0] !== cls) continue;
    kin++;
    if (!isHiddenByMarkup(c.attribs)) shown = true;
  }
  return kin >= MIN_SLIDE_SIBLINGS && shown && paragraphChars(el) >= MIN_SLIDE_PROSE_CHARS;
}

/** Characters of text inside the <p> elements of a subtree. */
function paragraphChars(el: Element): number {
  let n = 0;
  for (const c of el.children) {
    if (!isElement(c)) continue;
    n += c.name === "p" ? textOf(c).trim().length : paragraphChars(c);
  }
  return n;
}

// Collapsed panels: accordions, FAQ answers and tab panels are written into the page and hidden
// (display:none, the hidden attribute) until a click opens them. Their text is the page's content
// (a course catalogue's descriptions, a service page's FAQ, a city page's tabs): WCXB's annotators
// keep it, as a reader who opens the panels sees it. Hidden menus, dialogs, carts and search boxes
// stay hidden.
import type { Element } from "./dom.ts";

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

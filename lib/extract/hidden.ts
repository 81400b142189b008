// Whether an element is hidden, defined once for lib/extract. Two readers ask it with a different
// question, so there are two named tests over the same attribute checks:
//   - isHiddenFromScreen (the strict clean, clean.ts): not on the screen — the `hidden` attribute, an
//     inline display:none / visibility:hidden, or a class that keeps text for screen readers only.
//     aria-hidden is not enough: it hides from screen readers only, the text is on screen.
//   - isHiddenByMarkup (a slideshow's shown slide, collapsed.ts): the `hidden` attribute or the inline style.
//   - isProbablyInvisible (the byline search, metadata-byline.ts): Readability's _isProbablyVisible
//     negated — the `hidden` attribute, the inline style, or aria-hidden="true" (except Wikimedia's
//     fallback-image).

/** Inline style that hides an element. */
const HIDDEN_STYLE_RE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

/**
 * Class names of text hidden from the screen and kept for screen readers only (Bootstrap's sr-only,
 * WordPress's screen-reader-text, visually-hidden, Drupal's element-invisible): labels such as "opens in a
 * new window", "Ticker information table", a table's caption for the blind. Whole class tokens.
 */
const VISUALLY_HIDDEN_RE = /(^|\s)(sr-only|screen-reader-text|screen-reader-only|visually-hidden|visuallyhidden|element-invisible|u-visually-hidden|a11y-hidden|assistive-text)(?=\s|$)/i;

type Attribs = Record<string, string>;

function hasHiddenAttribute(a: Attribs): boolean {
  return a.hidden !== undefined;
}

function hasHidingStyle(a: Attribs): boolean {
  return a.style !== undefined && HIDDEN_STYLE_RE.test(a.style);
}

/**
 * Not on the screen (the strict clean). aria-hidden is left out: card teasers written as a second link,
 * product tiles and feature panels carry it on text that is shown.
 */
export function isHiddenFromScreen(a: Attribs): boolean {
  return hasHiddenAttribute(a) || (a.class !== undefined && VISUALLY_HIDDEN_RE.test(a.class)) || hasHidingStyle(a);
}

/** Readability's _isProbablyVisible negated, on attributes (the byline search). */
export function isProbablyInvisible(a: Attribs): boolean {
  if (hasHiddenAttribute(a)) return true;
  if (a["aria-hidden"] === "true" && !(a.class ?? "").includes("fallback-image")) return true;
  return hasHidingStyle(a);
}

/** Hidden by the `hidden` attribute or an inline style (a slideshow's slides: collapsed.ts). */
export function isHiddenByMarkup(a: Attribs): boolean {
  return hasHiddenAttribute(a) || hasHidingStyle(a);
}

// Article HTML for the reader view, through sanitize-html: a fixed allow-list of tags and
// attributes (no scripts, no event handlers, no iframes, no javascript: URLs), with links and
// images resolved against the page URL so they work outside the page.
import sanitizeHtml from "sanitize-html";

const ALLOWED_TAGS = [
  "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "ul", "ol", "li", "dl", "dt", "dd",
  "a", "img", "figure", "figcaption", "picture", "em", "strong", "b", "i", "u", "s", "sub", "sup", "small", "mark", "q", "cite",
  "abbr", "time", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "div", "span", "section", "article",
];

/** Resolve `value` against `base`; null when it is not a valid URL. */
export function absoluteUrl(value: string | undefined, base: string): string | null {
  if (!value) return null;
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return null;
  }
}

/** Sanitised copy of an HTML fragment; relative href/src become absolute against `baseUrl`. */
export function sanitizeArticleHtml(html: string, baseUrl: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "title"],
      img: ["src", "alt", "title", "width", "height"],
      time: ["datetime"],
      td: ["colspan", "rowspan"],
      th: ["colspan", "rowspan"],
      abbr: ["title"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https", "data"] },
    allowProtocolRelative: false,
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "template"],
    transformTags: {
      a: (tagName, attribs) => {
        const href = absoluteUrl(attribs.href, baseUrl);
        const out: Record<string, string> = {};
        if (href) out.href = href;
        if (attribs.title) out.title = attribs.title;
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        // lazy-loading pages keep the real source in data-src / data-original
        const raw = attribs["data-src"] || attribs["data-original"] || attribs.src;
        const src = absoluteUrl(raw, baseUrl);
        const out: Record<string, string> = { ...attribs };
        delete out["data-src"]; delete out["data-original"];
        if (src) out.src = src; else delete out.src;
        return { tagName, attribs: out };
      },
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  });
}

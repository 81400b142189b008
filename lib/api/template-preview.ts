// The site page's template view: one stored page with its template text greyed out and its content
// highlighted, as a self-contained HTML document for <iframe sandbox srcdoc>. The page is the
// crawled site's own markup, so it is sanitised (no scripts, handlers, forms, frames or remote
// images) before it is shown, and the sandbox blocks scripts as a second wall.
import sanitizeHtml from "sanitize-html";
import { markTemplate, type TemplateState } from "../extract/template.ts";

const PREVIEW_TAGS = [
  "html", "body", "main", "header", "footer", "nav", "aside", "section", "article", "div", "span", "p", "br", "hr",
  "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "a", "em", "strong", "b", "i", "u", "small",
  "blockquote", "pre", "code", "figure", "figcaption", "table", "thead", "tbody", "tr", "th", "td", "time", "address",
];

const PREVIEW_STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 12px; color: #222; }
a { color: inherit; pointer-events: none; }
.lede-tpl { color: #9a9a9a; background: #f0f0ee; }
.lede-content { background: #fff1a6; color: #111; }
`;

/** Sanitised page HTML keeping only the template marks (span classes) and harmless structure. */
export function sanitizePreview(markedHtml: string): string {
  return sanitizeHtml(markedHtml, {
    allowedTags: PREVIEW_TAGS,
    allowedAttributes: { span: ["class"] },
    allowedClasses: { span: ["lede-tpl", "lede-content"] },
    allowedSchemes: [],
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "template", "head", "title", "svg", "object", "embed"],
  });
}

/** A full document for srcdoc: sanitised marked body plus the legend's colours. */
export function buildTemplatePreview(template: TemplateState, pageHtml: string): string {
  const body = sanitizePreview(markTemplate(template, pageHtml));
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"><style>${PREVIEW_STYLE}</style></head><body>${body}</body></html>`;
}

// Article HTML for the reader view, through sanitize-html: a fixed allow-list of tags and
// attributes (no scripts, no event handlers, no iframes, no javascript: URLs), with links and
// images resolved against the page URL so they work outside the page. One set of options below
// serves both sanitizeArticleHtml (sanitize-html on a string) and sanitizeArticleNodes (the same
// result written straight from parsed nodes, falling back to sanitize-html where it cannot).
import sanitizeHtml from "sanitize-html";
import type { AnyNode, Element, ParentNode } from "./dom.ts";

const ALLOWED_TAGS = [
  "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "ul", "ol", "li", "dl", "dt", "dd",
  "a", "img", "figure", "figcaption", "picture", "em", "strong", "b", "i", "u", "s", "sub", "sup", "small", "mark", "q", "cite",
  "abbr", "time", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "div", "span", "section", "article",
];

/** Attributes kept per allowed tag (every other attribute, event handlers included, goes). */
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "title"], img: ["src", "alt", "title", "width", "height"], time: ["datetime"], td: ["colspan", "rowspan"], th: ["colspan", "rowspan"], abbr: ["title"],
};
/** URL schemes allowed in img src, and in every other checked attribute (href, cite). */
const IMG_SCHEMES = ["http", "https", "data"];
const OTHER_SCHEMES = ["http", "https", "mailto"];
/** Tags dropped with all their content (sanitize-html's nonTextTags; none is allowed). */
const DROPPED_WITH_CONTENT = new Set(["script", "style", "textarea", "option", "noscript", "iframe", "template"]);

/** Resolve `value` against `base`; null when it is not a valid URL. */
export function absoluteUrl(value: string | undefined, base: string): string | null {
  if (!value) return null;
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return null;
  }
}

export interface SanitizeOptions {
  /** rewrite an image's absolute src (the reader view sends images through Lede's image proxy) */
  imageSrc?: (absolute: string) => string;
}

/** Sanitised copy of an HTML fragment; relative href/src become absolute against `baseUrl`. */
export function sanitizeArticleHtml(html: string, baseUrl: string, opts: SanitizeOptions = {}): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: OTHER_SCHEMES,
    allowedSchemesByTag: { img: IMG_SCHEMES },
    allowProtocolRelative: false,
    nonTextTags: [...DROPPED_WITH_CONTENT],
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
        if (src) out.src = opts.imageSrc && !/^data:/i.test(src) ? opts.imageSrc(src) : src; else delete out.src;
        return { tagName, attribs: out };
      },
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  });
}

// ---------------------------------------------------------------------------------------------
// The same sanitising straight from the parsed nodes. The extraction used to serialise its content
// roots (cheerio / dom-serializer) and hand the string to sanitize-html, which parsed it again: a
// second parse of the article, ~15 % of the extraction's CPU. sanitizeArticleNodes walks the nodes
// once and writes what that round trip writes, byte for byte:
//   - the tree is the one sanitize-html's htmlparser2 would build from the serialisation (both
//     htmlparser2 versions share the implied-close and void-element tables, so a tree built by one
//     parses back the same from its serialisation);
//   - text and attribute values come back as serialise-then-decode leaves them (roundTrip below);
//   - the options are those of sanitizeArticleHtml (allow-list, transforms, schemes, the img filter).
// A subtree the round trip could change in other ways (SVG/MathML foreign content, raw-text
// elements whose text is written unescaped, CDATA and odd comments) sends the page down the old
// path (serialise + sanitize-html), so the output is the same on every page.

/** Elements dom-serializer writes text into unescaped and that sanitize-html keeps the text of, and foreign content: the old path. */
const ROUND_TRIP_UNSAFE = new Set(["svg", "math", "xmp", "noembed", "noframes", "plaintext"]);
/** Of the dropped elements, those whose direct text dom-serializer writes unescaped (a `<` there would be re-parsed as markup). */
const UNESCAPED_DROPPED = new Set(["noscript", "iframe"]);
/** Void elements (htmlparser2 and dom-serializer): no children, no closing tag. */
const VOID_TAGS = new Set(["area", "base", "basefont", "br", "col", "command", "embed", "frame", "hr", "img", "input", "isindex", "keygen", "link", "meta", "param", "source", "track", "wbr"]);
/** sanitize-html writes these as `<x />` (its selfClosing default); of the allowed tags: br, hr, img. */
const SELF_CLOSING = new Set(["img", "br", "hr", "area", "base", "basefont", "input", "link", "meta"]);
const ALLOWED_TAG_SET = new Set(ALLOWED_TAGS);
/** Attributes whose URL scheme sanitize-html checks (allowedSchemesAppliedToAttributes). */
const SCHEME_CHECKED = new Set(["href", "src", "cite"]);

/**
 * C1 controls as a numeric character reference decodes them (the HTML spec's windows-1252 table):
 * dom-serializer writes U+0080–U+009F as `&#x80;`…, and decoding maps them to these characters.
 */
const C1_DECODED = new Map<number, number>([
  [128, 8364], [130, 8218], [131, 402], [132, 8222], [133, 8230], [134, 8224], [135, 8225], [136, 710], [137, 8240], [138, 352], [139, 8249], [140, 338], [142, 381],
  [145, 8216], [146, 8217], [147, 8220], [148, 8221], [149, 8226], [150, 8211], [151, 8212], [152, 732], [153, 8482], [154, 353], [155, 8250], [156, 339], [158, 382], [159, 376],
]);
/** A closing script/style tag inside a script's or style's text. */
const RAW_TEXT_CLOSE_RE = /<\/(?:script|style)/i;
const ROUND_TRIP_CHANGES_RE = /[\x80-\x9f\ud800-\udfff]/;

/**
 * A string as serialising (entities' encodeXML) and parsing it again leaves it: C1 controls become
 * their windows-1252 characters, a lone surrogate becomes U+FFFD (a lone high surrogate also takes
 * the character after it with it, as encodeXML skips it). Everything else comes back unchanged.
 */
function roundTrip(s: string): string {
  if (!ROUND_TRIP_CHANGES_RE.test(s)) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80 && c <= 0x9f) out += String.fromCharCode(C1_DECODED.get(c) ?? c);
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) out += s[i] + s[i + 1];
      else out += "\ufffd";
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) out += "\ufffd";
    else out += s[i];
  }
  return out;
}

const TEXT_ESCAPE_RE = /[&<>]/;
const ATTR_ESCAPE_RE = /[&<>"]/;

function escapeText(s: string): string {
  return TEXT_ESCAPE_RE.test(s) ? s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") : s;
}

function escapeAttribute(s: string): string {
  return ATTR_ESCAPE_RE.test(s) ? s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;") : s;
}

/** sanitize-html's naughtyHref with this module's schemes (protocol-relative URLs refused). */
function isNaughtyHref(tag: string, href: string): boolean {
  // eslint-disable-next-line no-control-regex
  href = href.replace(/[\x00-\x20]+/g, "");
  for (;;) {
    const first = href.indexOf("<!--");
    if (first === -1) break;
    const last = href.indexOf("-->", first + 4);
    if (last === -1) break;
    href = href.substring(0, first) + href.substring(last + 3);
  }
  const m = href.match(/^([a-zA-Z][a-zA-Z0-9.\-+]*):/);
  if (!m) return /^[/\\]{2}/.test(href);
  return !(tag === "img" ? IMG_SCHEMES : OTHER_SCHEMES).includes(m[1].toLowerCase());
}

/** Signals a subtree the direct walk does not reproduce: the caller takes the serialise + sanitize-html path. */
class NeedsRoundTrip extends Error {}

/** Attributes of an allowed tag as sanitize-html writes them (` name="value"`…); null for an img that loses its src. */
function writeAttributes(name: string, source: Record<string, string>, baseUrl: string): string | null {
  const allowed = ALLOWED_ATTRIBUTES[name];
  if (!allowed) return "";
  if (name === "a") {
    // sanitizeArticleHtml's transform keeps href (absolute) and title, in that order
    const href = absoluteUrl(source.href === undefined ? undefined : roundTrip(source.href), baseUrl);
    const title = source.title === undefined ? "" : roundTrip(source.title);
    let out = "";
    if (href && !isNaughtyHref(name, href)) out += ` href="${escapeAttribute(href)}"`;
    if (title) out += ` title="${escapeAttribute(title)}"`;
    return out;
  }
  // img: the transform's copy keeps the attributes' order; src stays in its place or, when only
  // data-src / data-original held it, comes last
  let src: string | null = null;
  if (name === "img") {
    const raw = source["data-src"] || source["data-original"] || source.src;
    src = absoluteUrl(raw === undefined ? undefined : roundTrip(raw), baseUrl);
  }
  let out = "";
  let hasSrc = false;
  const write = (a: string, value: string) => {
    if (value === "" && a !== "alt") return;
    if (SCHEME_CHECKED.has(a) && isNaughtyHref(name, value)) return;
    if (a === "src") hasSrc = true;
    out += " " + a + (value ? `="${escapeAttribute(value)}"` : `=""`);
  };
  let srcWritten = false;
  for (const a of Object.keys(source)) {
    if (!allowed.includes(a)) continue;
    if (a === "src") { srcWritten = true; if (src) write(a, src); continue; }
    write(a, roundTrip(source[a]));
  }
  if (name === "img" && src && !srcWritten) write("src", src);
  // sanitizeArticleHtml's exclusiveFilter: an img without a (safe) src goes
  if (name === "img" && !hasSrc) return null;
  return out;
}

function writeNode(node: AnyNode, baseUrl: string): string {
  if (node.type === "text") return escapeText(roundTrip((node as unknown as { data: string }).data));
  if (node.type === "comment") {
    const data = (node as unknown as { data: string }).data;
    if (data.includes("-->") || data.includes("--!>") || data.startsWith(">") || data.startsWith("->")) throw new NeedsRoundTrip();
    return "";
  }
  if (node.type === "directive") {
    const data = (node as unknown as { data: string }).data;
    if (data.startsWith("![") || !(data.startsWith("!") || data.startsWith("?"))) throw new NeedsRoundTrip();
    return "";
  }
  if (node.type === "root") return writeChildren(node as ParentNode, baseUrl);
  if (node.type !== "tag" && node.type !== "script" && node.type !== "style") throw new NeedsRoundTrip();
  const el = node as Element;
  const name = el.name;
  if (ROUND_TRIP_UNSAFE.has(name)) throw new NeedsRoundTrip();
  if (DROPPED_WITH_CONTENT.has(name)) {
    // text written unescaped: a `<` in noscript/iframe text, or a closing tag in a script (htmlparser2 10
    // can leave markup inside a script that version 8, reading it as raw text, does not) would re-parse differently
    if (UNESCAPED_DROPPED.has(name)) for (const c of el.children) if (c.type === "text" && (c as unknown as { data: string }).data.includes("<")) throw new NeedsRoundTrip();
    if (name === "script" || name === "style") for (const c of el.children) if (c.type !== "text" || RAW_TEXT_CLOSE_RE.test((c as unknown as { data: string }).data)) throw new NeedsRoundTrip();
    checkDropped(el);
    return "";
  }
  if (!ALLOWED_TAG_SET.has(name)) return writeChildren(el, baseUrl);
  const attrs = writeAttributes(name, el.attribs, baseUrl);
  if (attrs === null) return "";
  if (SELF_CLOSING.has(name)) return `<${name}${attrs} />`;
  return `<${name}${attrs}>${VOID_TAGS.has(name) ? "" : writeChildren(el, baseUrl)}</${name}>`;
}

/** A dropped subtree writes nothing, but foreign content or CDATA inside it could still re-parse differently: the old path then. */
function checkDropped(el: Element): void {
  for (const c of el.children) {
    if (c.type === "cdata") throw new NeedsRoundTrip();
    if (c.type === "tag" && (ROUND_TRIP_UNSAFE.has((c as Element).name) || (c as Element).children.length)) checkDropped(c as Element);
  }
}

function writeChildren(parent: ParentNode, baseUrl: string): string {
  let out = "";
  for (const c of parent.children) out += writeNode(c, baseUrl);
  return out;
}

/**
 * Sanitised HTML of content roots (an element whole; a document root or other parent by its
 * children), joined by newlines: what sanitizeArticleHtml gives for the roots' serialisation
 * (`render` serialises a root, for the pages the direct walk leaves to that path).
 */
export function sanitizeArticleNodes(roots: ParentNode[], baseUrl: string, render: (root: ParentNode) => string): string {
  try {
    return roots.map((r) => (r.type === "tag" || r.type === "script" || r.type === "style" ? writeNode(r as AnyNode, baseUrl) : writeChildren(r, baseUrl))).join("\n");
  } catch (e) {
    if (!(e instanceof NeedsRoundTrip)) throw e;
    return sanitizeArticleHtml(roots.map(render).join("\n"), baseUrl);
  }
}

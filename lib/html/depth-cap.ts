// A cap on how deep a page's elements nest, applied to the HTML text before it is parsed (by parseHtml,
// lib/extract/dom.ts, to a page whose parse goes past half the cap: other pages are parsed as they are).
//
// htmlparser2 keeps its stack of open elements with Array.unshift, so parsing n nested elements costs
// O(n²): 100,000 nested <div>s (1.1 MB) took 14-25 s to parse, and every recursive walk over the
// tree after it overflowed the stack (issue 19, item 3). Browsers bound this too: Blink's HTML parser
// stops nesting at depth 512 and puts deeper elements beside their parent. So does this: an open tag
// past MAX_DOM_DEPTH gets an end tag for the element on top written before it (it opens beside that
// element, not inside), and that element's own end tag later is removed; every element, text and link
// stays. One linear scan mirrors the parser's stack (void elements,
// raw-text elements, comments, the open tags that close an open <p>/<li>/<td>…, self-closing tags in
// SVG and MathML); a page that stays within the cap is returned unchanged, the same string.

/** Deepest element nesting kept (Blink's parser limit, kMaximumHTMLParserDOMTreeDepth). */
export const MAX_DOM_DEPTH = 512;

const VOID = new Set(["area", "base", "basefont", "br", "col", "command", "embed", "frame", "hr", "img", "input", "isindex", "keygen", "link", "meta", "param", "source", "track", "wbr"]);
/** Elements whose content is text up to their close tag (htmlparser2's special tags, and what browsers add). */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"]);
const FOREIGN = new Set(["svg", "math"]);

// htmlparser2's openImpliesClose (Parser.ts): opening the key closes open elements of the set on top of the stack.
const P = new Set(["p"]);
const FORM = new Set(["input", "option", "optgroup", "select", "button", "datalist", "textarea"]);
const DDT = new Set(["dt", "dd"]);
const IMPLIES_CLOSE = new Map<string, ReadonlySet<string>>([
  ["tr", new Set(["tr", "th", "td"])], ["th", new Set(["th"])], ["td", new Set(["thead", "th", "td"])],
  ["body", new Set(["head", "link", "script"])], ["li", new Set(["li"])],
  ["select", FORM], ["input", FORM], ["output", FORM], ["button", FORM], ["datalist", FORM], ["textarea", FORM],
  ["option", new Set(["option"])], ["optgroup", new Set(["optgroup", "option"])], ["dd", DDT], ["dt", DDT],
  ...["p", "h1", "h2", "h3", "h4", "h5", "h6", "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset",
    "figcaption", "figure", "footer", "form", "header", "hr", "main", "nav", "ol", "pre", "section", "table", "ul"].map((t) => [t, P] as [string, ReadonlySet<string>]),
  ["rt", new Set(["rt", "rp"])], ["rp", new Set(["rt", "rp"])], ["tbody", new Set(["thead", "tbody"])], ["tfoot", new Set(["thead", "tbody"])],
]);

/** A comment, a doctype/processing instruction, or a start/end tag with its attributes (quoted values may hold ">"). */
const TOKEN = /<(?:!--[\s\S]*?(?:-->|$)|[!?][^>]*(?:>|$)|(\/?)([a-zA-Z][^\t\n\f\r />]*)([^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*)>)/g;

const RAW_TEXT_END = new Map<string, RegExp>();
/** The close tag of a raw-text element (one sticky-free global regex per name, reused). */
function rawTextEnd(name: string): RegExp {
  let re = RAW_TEXT_END.get(name);
  if (!re) RAW_TEXT_END.set(name, (re = new RegExp(`</${name}[\\t\\n\\f\\r />]`, "gi")));
  return re;
}

/** `html` with element nesting capped at `maxDepth` (the same string when it never gets that deep). */
export function capNestingDepth(html: string, maxDepth = MAX_DOM_DEPTH): string {
  const stack: string[] = [];
  /** End tags still to come of elements closed early (by name): they are removed. */
  const dropped = new Map<string, number>();
  /** Edits to the text, in order: [from, to, replacement]. */
  const edits: [number, number, string][] = [];
  /** Close the element on top so that the tag at `at` opens beside it. */
  const closeTop = (at: number) => {
    const top = stack.pop()!;
    if (FOREIGN.has(top)) foreign--;
    dropped.set(top, (dropped.get(top) ?? 0) + 1);
    edits.push([at, at, `</${top}>`]);
  };
  let foreign = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m !== null; m = TOKEN.exec(html)) {
    const name = m[2]?.toLowerCase();
    if (!name) continue;
    if (m[1]) {
      // an end tag: one whose start tag was dropped goes too; else it closes down to its element, if open
      const d = dropped.get(name);
      if (d) {
        dropped.set(name, d - 1);
        edits.push([m.index, TOKEN.lastIndex, ""]);
        continue;
      }
      const at = stack.lastIndexOf(name);
      if (at >= 0) {
        for (let i = at; i < stack.length; i++) if (FOREIGN.has(stack[i])) foreign--;
        stack.length = at;
      }
      continue;
    }
    const implied = IMPLIES_CLOSE.get(name);
    if (implied) while (stack.length > 0 && implied.has(stack[stack.length - 1])) stack.pop();
    if (RAW_TEXT.has(name)) {
      // its text runs to the close tag: skip it
      const close = rawTextEnd(name);
      close.lastIndex = TOKEN.lastIndex;
      const end = close.exec(html);
      TOKEN.lastIndex = end ? end.index : html.length;
      if (stack.length >= maxDepth) closeTop(m.index);
      stack.push(name);
      continue;
    }
    if (VOID.has(name) || (foreign > 0 && m[3].endsWith("/"))) continue;
    if (stack.length >= maxDepth) closeTop(m.index);
    stack.push(name);
    if (FOREIGN.has(name)) foreign++;
  }
  if (edits.length === 0) return html;
  const parts: string[] = [];
  let from = 0;
  for (const [a, b, text] of edits) {
    parts.push(html.slice(from, a), text);
    from = b;
  }
  parts.push(html.slice(from));
  return parts.join("");
}

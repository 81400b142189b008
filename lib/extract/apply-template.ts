// Applying a site template (lib/extract/template.ts) to a parsed page: text nodes whose
// "tag path + text" key is part of the template are removed before cleaning and scoring. The key
// is computed exactly as template.ts does (same parser options, tag path from <html> to the parent
// element, white space collapsed, scripts/styles and SKIP subtrees not walked).
//
// Removal is by block, not by text node: a block (the text nodes sharing their nearest block-level
// ancestor, as template.ts groups them) goes only when ALL its text is template. A block with any
// page-specific text keeps its template nodes too: on documentation and code pages the template
// holds the recurring inline tokens of the article itself ("(", ")", "*", "return (", "ValueError"
// in highlighted code and signatures), and removing them one by one mangled every line
// (WCXB react.dev, docs.python.org: recall 0.91–0.99 → 0.79–0.95).
import type { AnyNode, Element, ParentNode } from "./dom.ts";
import { removeNode } from "./dom.ts";
import { entryKey, isTemplateKey, isTemplateReady, type TemplateState } from "./template.ts";

/** Subtrees template.ts never walks (its SKIP_TAGS); they cannot hold template entries. */
const SKIP_TAGS = new Set(["script", "style", "noscript", "template", "svg", "math", "iframe", "object", "embed", "canvas", "head", "title", "select", "option"]);

/** Elements that start a new block of text (template.ts's BLOCK_TAGS: the same grouping as its subtraction). */
const BLOCK_TAGS = new Set([
  "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "div", "dl", "dt",
  "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "html",
  "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "menu",
]);

/** The text nodes of one block, and whether each is template. */
interface BlockNodes { nodes: AnyNode[]; template: boolean[] }

/**
 * Remove the template's blocks under `root` (the document root or <body>): the text nodes of every
 * block whose text is all template. `removed` counts the text nodes that went, `kept` the rest
 * (template nodes kept inside page-specific blocks included).
 */
export function removeTemplateNodes(root: ParentNode, t: TemplateState): { removed: number; kept: number } | null {
  if (!isTemplateReady(t)) return null;
  const blocks = new Map<AnyNode | null, BlockNodes>();
  const walk = (node: AnyNode, path: string, block: AnyNode | null) => {
    if (node.type === "text") {
      const text = (node as unknown as { data: string }).data.replace(/[\s\u00a0]+/g, " ").trim();
      if (!text) return;
      let b = blocks.get(block);
      if (!b) blocks.set(block, (b = { nodes: [], template: [] }));
      b.nodes.push(node);
      b.template.push(isTemplateKey(t, entryKey(path, text)));
      return;
    }
    if (node.type !== "tag") return;
    const el = node as Element;
    if (SKIP_TAGS.has(el.name)) return;
    const childPath = path ? `${path}>${el.name}` : el.name;
    const childBlock = BLOCK_TAGS.has(el.name) ? el : block;
    for (const c of el.children) walk(c, childPath, childBlock);
  };
  // walk from the document root so paths start at <html>, as template.ts builds them
  let top: ParentNode = root;
  while (top.parent) top = top.parent as ParentNode;
  for (const c of top.children) walk(c, "", null);
  let removed = 0, kept = 0;
  for (const b of blocks.values()) {
    if (b.template.every(Boolean)) {
      for (const n of b.nodes) removeNode(n);
      removed += b.nodes.length;
    } else kept += b.nodes.length;
  }
  return { removed, kept };
}

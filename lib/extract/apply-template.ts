// Applying a site template (lib/extract/template.ts) to a parsed page: text nodes whose
// "tag path + text" key is part of the template are removed before cleaning and scoring. The key
// is computed exactly as template.ts does (same parser options, tag path from <html> to the parent
// element, white space collapsed, scripts/styles and SKIP subtrees not walked).
//
// Removal is by block, not by text node: a block (the text nodes sharing their nearest block-level
// ancestor, as template.ts groups them) goes only when ALL its text is template. A block with any
// page-specific text keeps its template nodes too: on documentation and code pages the template
// holds the recurring inline tokens of the article itself ("(", ")", "*", "return (", "ValueError"
// in highlighted code and signatures), and removing them one by one mangled every line (calibration.ts).
import type { AnyNode, ParentNode } from "./dom.ts";
import { removeNode } from "./dom.ts";
import { isTemplateKey, isTemplateReady, walkTextNodes, type PageEntry, type TemplateState } from "./template.ts";

/** The text nodes of one block, and whether each is template. */
interface BlockNodes { nodes: AnyNode[]; template: boolean[] }

/**
 * Remove the template's blocks under `root` (the document root or <body>): the text nodes of every
 * block whose text is all template. `removed` counts the text nodes that went, `kept` the rest
 * (template nodes kept inside page-specific blocks included). The walk is template.ts's own, from the
 * document root, so keys and blocks are those the template was built from. `walked`: that walk already
 * done on the same untouched page (template.ts pageEntryNodes, read by observe.ts), used instead of walking again.
 */
export function removeTemplateNodes(
  root: ParentNode, t: TemplateState, walked?: { entries: readonly PageEntry[]; nodes: readonly AnyNode[] } | null,
): { removed: number; kept: number } | null {
  if (!isTemplateReady(t)) return null;
  const blocks = new Map<number, BlockNodes>();
  const add = (node: AnyNode, block: number, key: string) => {
    let b = blocks.get(block);
    if (!b) blocks.set(block, (b = { nodes: [], template: [] }));
    b.nodes.push(node);
    b.template.push(isTemplateKey(t, key));
  };
  if (walked) walked.entries.forEach((e, i) => add(walked.nodes[i]!, e.block, e.key));
  else walkTextNodes(root, (node, _path, block, _blockTag, _n, _text, key) => add(node, block, key));
  let removed = 0, kept = 0;
  for (const b of blocks.values()) {
    if (b.template.every(Boolean)) {
      for (const n of b.nodes) removeNode(n);
      removed += b.nodes.length;
    } else kept += b.nodes.length;
  }
  return { removed, kept };
}

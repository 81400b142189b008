// Applying a site template (lib/extract/template.ts) to a parsed page: text nodes whose
// "tag path + text" key is part of the template are removed before cleaning and scoring. The key
// is computed exactly as template.ts does (same parser options, tag path from <html> to the parent
// element, white space collapsed, scripts/styles and SKIP subtrees not walked).
import type { AnyNode, Element, ParentNode } from "./dom.ts";
import { removeNode } from "./dom.ts";
import { entryKey, isTemplateKey, isTemplateReady, type TemplateState } from "./template.ts";

/** Subtrees template.ts never walks (its SKIP_TAGS); they cannot hold template entries. */
const SKIP_TAGS = new Set(["script", "style", "noscript", "template", "svg", "math", "iframe", "object", "embed", "canvas", "head", "title", "select", "option"]);

/** Remove the template's text nodes under `root` (the document root or <body>); counts what went. */
export function removeTemplateNodes(root: ParentNode, t: TemplateState): { removed: number; kept: number } | null {
  if (!isTemplateReady(t)) return null;
  const doomed: AnyNode[] = [];
  let kept = 0;
  const walk = (node: AnyNode, path: string) => {
    if (node.type === "text") {
      const text = (node as unknown as { data: string }).data.replace(/[\s\u00a0]+/g, " ").trim();
      if (!text) return;
      if (isTemplateKey(t, entryKey(path, text))) doomed.push(node); else kept++;
      return;
    }
    if (node.type !== "tag") return;
    const el = node as Element;
    if (SKIP_TAGS.has(el.name)) return;
    const childPath = path ? `${path}>${el.name}` : el.name;
    for (const c of el.children) walk(c, childPath);
  };
  // walk from the document root so paths start at <html>, as template.ts builds them
  let top: ParentNode = root;
  while (top.parent) top = top.parent as ParentNode;
  for (const c of top.children) walk(c, "");
  for (const n of doomed) removeNode(n);
  return { removed: doomed.length, kept };
}

// The article text a page declares in its schema.org JSON-LD (`articleBody` of an Article, NewsArticle,
// BlogPosting …). Script-rendered pages often print only a shell in their HTML (an author card, a teaser)
// and fill the article in from data; their JSON-LD still carries the whole text. The orchestrator takes
// it when the HTML routes found far less (orchestrator.ts, step 6c).
import type { AnyNode, ParentNode } from "./dom.ts";
import { isElement } from "./dom.ts";
import { parseJsonText } from "./json-ld.ts";

/** How deep the JSON-LD objects are searched for an articleBody (@graph, mainEntity, nested arrays). */
const MAX_JSON_DEPTH = 6;

/**
 * The longest `articleBody` string of the page's JSON-LD scripts, its markup stripped and its paragraphs
 * (line breaks in the string) kept apart; "" when there is none.
 */
export function readJsonArticleBody(root: ParentNode): string {
  let best = "";
  for (const text of ldScripts(root)) {
    let data: unknown;
    try { data = parseJsonText(text); } catch { continue; }
    for (const body of articleBodies(data, 0)) {
      const clean = toPlainText(body);
      if (clean.length > best.length) best = clean;
    }
  }
  return best;
}

/** The texts of <script type="application/ld+json"> anywhere under the root, in document order. */
function ldScripts(root: ParentNode): string[] {
  const out: string[] = [];
  const walk = (n: AnyNode) => {
    if (!isElement(n)) {
      if (n.type === "root") for (const c of (n as ParentNode).children) walk(c);
      return;
    }
    if (n.name === "script") {
      if ((n.attribs.type ?? "").trim().toLowerCase() === "application/ld+json") {
        out.push(n.children.map((c) => (c.type === "text" ? (c as unknown as { data: string }).data : "")).join(""));
      }
      return;
    }
    for (const c of n.children) walk(c);
  };
  walk(root as AnyNode);
  return out;
}

function articleBodies(data: unknown, depth: number): string[] {
  if (depth > MAX_JSON_DEPTH || data === null || typeof data !== "object") return [];
  if (Array.isArray(data)) return data.flatMap((d) => articleBodies(d, depth + 1));
  const obj = data as Record<string, unknown>;
  const own = typeof obj.articleBody === "string" ? [obj.articleBody] : [];
  return [...own, ...Object.values(obj).flatMap((v) => articleBodies(v, depth + 1))];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: "\"", apos: "'", nbsp: " ", "#39": "'" };

/** Markup out (a tag that closes a block starts a new paragraph), entities decoded, paragraphs one per line. */
function toPlainText(s: string): string {
  return s
    .replace(/<\/(p|div|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, e: string) => ENTITIES[e])
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .split(/\n+/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

// The article body by name: most publishing systems wrap the article text in an element whose
// class or id says so ("entry-content", "article-body", itemprop="articleBody", <article>, ...).
// The patterns and their order follow trafilatura's BODY_XPATH (trafilatura/xpaths.py): a list of
// increasingly generic rules, the first element in document order matching the earliest rule wins.
import type { Element, ParentNode } from "./dom.ts";
import { isElement } from "./dom.ts";

const CONTAINER_TAGS = new Set(["article", "div", "main", "section"]);

/**
 * Class/id names that say an element is the article body itself: a furniture word inside them ("post-body",
 * "entry-content") does not make it furniture (clean.ts holdsArticleBody, prune.ts isArticleBodyClass).
 */
export const ARTICLE_BODY_NAMES = ["entry-content", "post-body", "post-content", "article-body", "article-content", "articlebody", "article__body", "story-body"];

type Rule = (el: Element, cls: string, id: string) => boolean;

const has = (s: string, parts: string[]) => parts.some((p) => s.includes(p));

// Name lists of the rules, hoisted so that testing an element allocates nothing.
const BODY_CLASS_PARTS = ["post-text", "post_text", "post-body", "post-entry", "postentry", "post-content", "post_content", "postcontent", "postContent",
      "post_inner_wrapper", "article-text", "articletext", "articleText", "entry-content", "article-content", "article__content", "article-body",
      "article__body", "articleBody", "articlebody", "ArticleContent", "page-content", "text-content", "body-text", "article__container", "art-content"];
const BODY_ID_PARTS = ["entry-content", "article-content", "article__content", "article-body", "article__body", "articlebody", "articleBody", "body-text", "art-content"];
const STORY_CLASS_PARTS = ["post-bodycopy", "storycontent", "story-content", "theme-content", "blog-content", "section-content", "single-content", "single-post",
      "main-column", "wpb_text_column", "story-body", "field-body"];
const STORY_CLASS_PARTS_LOWER = ["fulltext"];
const CONTENT_CLASS_PARTS = ["content-main", "content_main", "content-body", "content__body"];
const CONTENT_ID_PARTS = ["content-main", "content-body", "contentBody"];
const MAIN_CLASS_PARTS_LOWER = ["main-content", "page-content"];

/** The rules, most specific first (each is one BODY_XPATH expression). */
const RULES: Rule[] = [
  // 1. explicit article-body names
  (el, cls, id) => CONTAINER_TAGS.has(el.name) && (
    cls === "post" || cls === "entry" || el.attribs.itemprop === "articleBody" || id === "articleContent" ||
    has(cls, BODY_CLASS_PARTS) ||
    has(id, BODY_ID_PARTS)),
  // 2. the first <article>
  (el) => el.name === "article",
  // 3. story/blog names
  (el, cls, id) => CONTAINER_TAGS.has(el.name) && (
    has(cls, STORY_CLASS_PARTS) || has(cls.toLowerCase(), STORY_CLASS_PARTS_LOWER) ||
    cls === "postarea" || cls === "art-postcontent" || id.startsWith("primary") || cls.startsWith("article ") || cls === "text" ||
    id === "article" || cls === "cell" || id === "story" || cls === "story" || id.includes("story-body") || el.attribs.role === "article"),
  // 4. generic content names
  (el, cls, id) => CONTAINER_TAGS.has(el.name) && (
    has(cls, CONTENT_CLASS_PARTS) || has(id, CONTENT_ID_PARTS) ||
    has(cls.toLowerCase(), MAIN_CLASS_PARTS_LOWER) || id.toLowerCase().includes("main-content") || id === "content" || cls === "content"),
  // 5. "main"
  (el, cls, id) => (el.name === "main") || (el.name !== "main" && CONTAINER_TAGS.has(el.name) && (cls.startsWith("main") || id.startsWith("main") || (el.attribs.role ?? "").startsWith("main"))),
];

/** Candidate containers, one per rule that matches (first match in document order), in rule order. */
export function findKnownContainers(root: ParentNode): Element[] {
  const found: (Element | null)[] = RULES.map(() => null);
  let open = RULES.length;
  const walk = (parent: ParentNode) => {
    for (const child of parent.children) {
      if (!isElement(child) || open === 0) continue;
      const cls = child.attribs.class ?? "", id = child.attribs.id ?? "";
      for (let r = 0; r < RULES.length; r++) {
        if (found[r] === null && RULES[r](child, cls, id)) { found[r] = child; open--; }
      }
      walk(child);
    }
  };
  walk(root);
  const out: Element[] = [];
  for (const el of found) if (el && !out.includes(el)) out.push(el);
  return out;
}

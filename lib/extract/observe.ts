// Observe before acting: what the recipe (orchestrator.ts) needs to know about a page, read once, before
// any clean edits the tree, into one typed snapshot. Nothing after it reads the page for these facts.
//   1. metadata (title, authors, dates, language, image, canonical URL, site name) from the untouched page;
//   2. the site's template, when one is ready: its text nodes are taken out (apply-template.ts) — the one
//      edit before the facts below, which are the page's own part;
//   3. page kind (product-page.ts's walk: article, product or other), whether it is dated, whether its
//      URL has an article slug;
//   4. the posts of a thread with their headers (author, date), read before the clean drops the headers;
//   5. the article text the page declares in its JSON-LD, read before the clean drops the scripts.
import type { CheerioAPI, Element, ParentNode } from "./dom.ts";
import { bodyOf } from "./dom.ts";
import { readMetadata, type ArticleMetadataFields } from "./read-metadata.ts";
import { removeTemplateNodes } from "./apply-template.ts";
import { scanProductPage, type ProductScan } from "./product-page.ts";
import { guessPageKind, hasArticleSlug, type PageKind } from "./page-type.ts";
import { findPostHeaders, type PostHeader } from "./post-headers.ts";
import { readJsonArticleBody } from "./json-body.ts";
import type { TemplateState } from "./template.ts";

export interface PageSnapshot {
  meta: ArticleMetadataFields;
  root: ParentNode;
  body: ParentNode;
  /** Template text nodes removed and kept (null: no template, or not ready). */
  templated: { removed: number; kept: number } | null;
  scan: ProductScan;
  kind: PageKind;
  /** The metadata gives a publication date. */
  dated: boolean;
  /** The URL's last path segment reads as an article's slug (page-type.ts). */
  articleSlug: boolean;
  /** The posts of a thread and their headers (empty: no thread). */
  headers: Map<Element, PostHeader>;
  /** The JSON-LD articleBody ("" when none). */
  declared: string;
}

export function observePage($: CheerioAPI, url: string, template: TemplateState | undefined): PageSnapshot {
  const meta = readMetadata($, url);
  const root = $.root().get(0) as ParentNode;
  const body = bodyOf($);
  const templated = template ? removeTemplateNodes(body, template) : null;
  const scan = scanProductPage(root);
  return {
    meta, root, body, templated, scan, kind: guessPageKind(scan), dated: !!meta.publishedAt, articleSlug: hasArticleSlug(url),
    headers: findPostHeaders(root), declared: readJsonArticleBody(root),
  };
}

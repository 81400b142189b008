// Observe before acting: everything the recipe (orchestrator.ts) and its callers need to know about a
// page, read from the untouched tree in one step, into one typed snapshot. Nothing after it reads the
// page for these facts.
//
// observePage — the untouched page, before any edit:
//   1. metadata (title, authors, dates, language, image, canonical URL, site name);
//   2. when asked, the site-template entries (template.ts pageEntries: the crawler learns the site's
//      template from them before extracting) and the classifier's DOM facts (lib/classify/features.ts
//      readDocumentFacts: links, headings, players, JSON-LD types, meta tags, markup words);
//   3. the posts of a thread with their headers (author, date), before the template and the clean drop
//      the header lines;
//   4. the article text the page declares in its JSON-LD, before the clean drops the scripts.
// snapshotPage — the one edit before the recipe's clean, and what it leaves:
//   5. the site's template, when one is ready: its text nodes are taken out (apply-template.ts);
//   6. page kind of what is left (product-page.ts's walk: article, product or other), whether it is
//      dated, whether its URL has an article slug.
import type { AnyNode, CheerioAPI, Element, ParentNode } from "./dom.ts";
import { bodyOf } from "./dom.ts";
import { readMetadata, type ArticleMetadataFields } from "./read-metadata.ts";
import { removeTemplateNodes } from "./apply-template.ts";
import { scanProductPage, type ProductScan } from "./product-page.ts";
import { guessPageKind, hasArticleSlug, type PageKind } from "./page-type.ts";
import { findPostHeaders, type PostHeader } from "./post-headers.ts";
import { readJsonArticleBody } from "./json-body.ts";
import { pageEntryNodes, type PageEntries, type TemplateState } from "./template.ts";
import { readDocumentFacts, type DocumentFacts } from "../classify/features.ts";

/** What a caller wants read besides what the recipe itself needs. */
export interface ObserveOptions {
  /** The site-template entries (the crawler learns the site's template from them). */
  entries?: boolean;
  /** The classifier's DOM facts. */
  facts?: boolean;
}

/** The untouched page, read once. Holds the parsed document: hand it to extractArticle as `observed`. */
export interface PageObservation {
  $: CheerioAPI;
  meta: ArticleMetadataFields;
  /** The site-template entries (null: not asked for). */
  entries: PageEntries | null;
  /** The text node of each entry (entryNodes[i] is entries.entries[i]'s; null with entries): the template is taken out by them. */
  entryNodes: AnyNode[] | null;
  /** The classifier's DOM facts (null: not asked for). */
  facts: DocumentFacts | null;
  /** The posts of a thread and their headers (empty: no thread). */
  headers: Map<Element, PostHeader>;
  /** The JSON-LD articleBody ("" when none). */
  declared: string;
}

/** The snapshot the recipe works on: the observation, the template taken out, the kind of page that is left. */
export interface PageSnapshot extends PageObservation {
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
}

export function observePage($: CheerioAPI, url: string, opts: ObserveOptions = {}): PageObservation {
  const root = $.root().get(0) as ParentNode;
  const walked = opts.entries ? pageEntryNodes($) : null;
  return {
    $, meta: readMetadata($, url), entries: walked?.page ?? null, entryNodes: walked?.nodes ?? null, facts: opts.facts ? readDocumentFacts($) : null,
    headers: findPostHeaders(root), declared: readJsonArticleBody(root),
  };
}

export function snapshotPage(seen: PageObservation, url: string, template: TemplateState | undefined): PageSnapshot {
  const root = seen.$.root().get(0) as ParentNode;
  const body = bodyOf(seen.$);
  // The entries' walk, when observePage read them, is the one removeTemplateNodes would do again: nothing edits the page in between.
  const walked = seen.entries && seen.entryNodes ? { entries: seen.entries.entries, nodes: seen.entryNodes } : null;
  const templated = template ? removeTemplateNodes(body, template, walked) : null;
  const scan = scanProductPage(root);
  return { ...seen, root, body, templated, scan, kind: guessPageKind(scan), dated: !!seen.meta.publishedAt, articleSlug: hasArticleSlug(url) };
}

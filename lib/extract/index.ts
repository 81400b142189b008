// Public entry point of article extraction: one call, one result. The crawler worker, the CLI and
// the benchmark all come through here; the recipe itself lives in orchestrator.ts.
import type { ArticleMetadata } from "./metadata.ts";
import type { TemplateState } from "./template.ts";
import type { CheerioAPI } from "./dom.ts";
import type { PageKind } from "./page-type.ts";
import type { PageObservation } from "./observe.ts";
import { runExtraction } from "./orchestrator.ts";

export interface ExtractOptions {
  /** Page URL: resolves relative links and images, feeds metadata (dates in the URL, site). */
  url: string;
  /** The site's template (from ./template.ts), when the site has one. */
  template?: TemplateState;
  /**
   * The page already parsed with parseHtml (lib/extract/dom.ts) from this same `html`: used instead of
   * parsing again. The extractor MODIFIES it (cleaning, template removal): read what needs the
   * untouched page before handing it over.
   */
  document?: CheerioAPI;
  /**
   * The page already observed (observe.ts observePage, on parseHtml of this same `html`): its snapshot is
   * used instead of reading the page again, and its document is the one modified. Wins over `document`.
   */
  observed?: PageObservation;
}

/** The metadata fields an extraction carries, as lib/extract/metadata.ts defines them. */
type ResultMetadata = Pick<ArticleMetadata, "author" | "publishedAt" | "modifiedAt" | "lang" | "imageUrl" | "canonicalUrl" | "siteName">;

export interface ExtractResult extends ResultMetadata {
  title: string;
  /** Paragraphs separated by "\n\n"; headings kept as their own paragraphs. */
  text: string;
  /** Sanitised article HTML: no scripts, no on* handlers, no iframes, links/images absolute. */
  html: string;
  /** Which method won: "template" | "container+blocks" | "density+blocks" | "blocks" | "density-relaxed" | "body". */
  method: string;
  /** Why that method won (and what was tried before it). */
  methodReason: string;
  /** What the recipe saw and did, as data (the classifier reads it: lib/classify/features.ts). */
  structure: ExtractStructure;
}

/**
 * The page's snapshot (observe.ts) and the shape of the chosen content, as the recipe found them: no
 * extra walk, every field is read from what the recipe computed anyway.
 */
export interface ExtractStructure {
  /** page-type.ts guessPageKind: declared article, product, or other (index, service, docs, forum…). */
  kind: PageKind;
  /** The metadata gives a publication date. */
  dated: boolean;
  /** The URL's last segment reads as an article slug (page-type.ts hasArticleSlug). */
  articleSlug: boolean;
  /** Posts of a comment or forum thread found with their author/date headers (post-headers.ts). */
  threadPosts: number;
  /** Characters of the JSON-LD articleBody the page declares (0: none). */
  declaredChars: number;
  /** The ladder rung that gave the content: candidates, whole-body, blocks, relaxed, body, none. */
  rung: string;
  /** Content blocks kept, and of them headings and list items. */
  blocks: number;
  headingBlocks: number;
  itemBlocks: number;
  /** Words of the kept content, and of them inside links. */
  words: number;
  linkWords: number;
  /** Blocks the finishing passes dropped as repeats of another block (repeated-text.ts). */
  repeatedBlocks: number;
  /**
   * Where the content sits in the page: the tag path of its first root below <body>, each step the tag
   * with its id or first class, digit runs as "0" ("main#content > article.post-body"). Pages of one
   * site's template share it: the site evidence counts it like a URL pattern (lib/classify/site-evidence.ts).
   */
  contentPath: string;
}

/** Extract the main article and its metadata from one page's HTML. Never throws on odd HTML. */
export function extractArticle(html: string, opts: ExtractOptions): ExtractResult {
  return runExtraction(html, opts);
}

// Public entry point of article extraction: one call, one result. The crawler worker, the CLI and
// the benchmark all come through here; the recipe itself lives in orchestrator.ts.
import type { ArticleMetadata } from "./metadata.ts";
import type { TemplateState } from "./template.ts";
import type { CheerioAPI } from "./dom.ts";
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
}

/** Extract the main article and its metadata from one page's HTML. Never throws on odd HTML. */
export function extractArticle(html: string, opts: ExtractOptions): ExtractResult {
  return runExtraction(html, opts);
}

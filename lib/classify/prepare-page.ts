// Raw bytes → what the classifier reads, the way the crawler does it: decode the charset
// (lib/encoding), parse once with the crawler's parse function, observe the untouched page with the
// classifier's DOM facts (lib/extract/observe.ts, as the crawler's page job does), extract the article
// from that observation (lib/extract).
import { decodeHtml } from "../encoding/decode.ts";
import { extractArticle, type ExtractResult } from "../extract/index.ts";
import { parseHtml } from "../extract/dom.ts";
import { observePage } from "../extract/observe.ts";
import type { DocumentFacts } from "./features.ts";

export interface PreparedPage {
  html: string;
  url: string;
  extraction: ExtractResult;
  /** The classifier's DOM facts, read from the untouched page before the extraction modified it. */
  document: DocumentFacts;
}

export function preparePage(input: { bytes: Uint8Array; url: string; contentType?: string | null }): PreparedPage {
  const { text: html } = decodeHtml(input.bytes, input.contentType ?? null);
  return prepareHtml(html, input.url);
}

export function prepareHtml(html: string, url: string): PreparedPage {
  // the crawler's parse and observation (lib/pipeline/page-job.ts): training and serving read the same facts
  const observed = observePage(parseHtml(html), url, { facts: true });
  return { html, url, extraction: extractArticle(html, { url, observed }), document: observed.facts! };
}

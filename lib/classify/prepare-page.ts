// Raw bytes → what the classifier reads, the way the crawler does it: decode the charset
// (lib/encoding), extract the article (lib/extract), parse once more for page-level features with
// the crawler's one parse function.
import type { CheerioAPI } from "cheerio";
import { decodeHtml } from "../encoding/decode.ts";
import { extractArticle, type ExtractResult } from "../extract/index.ts";
import { parseHtml } from "../extract/dom.ts";

export interface PreparedPage {
  html: string;
  $: CheerioAPI;
  url: string;
  extraction: ExtractResult;
}

export function preparePage(input: { bytes: Uint8Array; url: string; contentType?: string | null }): PreparedPage {
  const { text: html } = decodeHtml(input.bytes, input.contentType ?? null);
  return prepareHtml(html, input.url);
}

export function prepareHtml(html: string, url: string): PreparedPage {
  const extraction = extractArticle(html, { url });
  // the crawler's parse (lib/extract/dom.ts parseHtml): training and serving read the same document facts
  const $ = parseHtml(html);
  return { html, $, url, extraction };
}

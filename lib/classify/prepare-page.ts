// Raw bytes → what the classifier reads, the way the crawler does it: decode the charset
// (lib/encoding), extract the article (lib/extract), parse once more for page-level features.
import { load, type CheerioAPI } from "cheerio";
import { decodeHtml } from "../encoding/decode.ts";
import { extractArticle, type ExtractResult } from "../extract/index.ts";
import { capNestingDepth } from "../html/depth-cap.ts";

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
  const $ = load(capNestingDepth(html), { xml: { xmlMode: false, decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true } });
  return { html, $, url, extraction };
}

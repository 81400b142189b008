// Word tokens of a page for the word-based scores (./token-scorer.ts): the extracted text, the URL
// path, the title and the page's markup words (class/id/itemprop/role attributes: "reply",
// "price", "byline", "sidebar"), each as a set of lower-case tokens. The structural features
// (./features.ts) cannot tell a guide on a company site from a news story; the words can, a little.
import { resolveDocumentFacts, resolveTextWords, type ExtractionInput, type FeatureInput } from "./features.ts";
import { readWordRuns, runWords } from "../word-runs.ts";

export const TOKEN_FIELDS = ["text", "url", "title", "markup"] as const;
export type TokenField = (typeof TOKEN_FIELDS)[number];
/** One token set per field, each token once (presence, not counts: long pages must not dominate). */
export type PageTokens = Record<TokenField, string[]>;

/** Characters of extracted text read: enough for any article's vocabulary, bounded for 50,000-word dumps. */
const MAX_TEXT_CHARS = 20_000;
/** Shorter tokens are mostly noise ("s", "t"); longer ones are hashes and glued identifiers. */
const MIN_TOKEN_CHARS = 2;
const MAX_TOKEN_CHARS = 30;
/** Path depths above this all read as "deep". */
const MAX_DEPTH_TOKEN = 6;
/** Digit runs in URLs become "#d<length>" (years, ids), capped here so long ids share one token. */
const MAX_DIGIT_RUN_TOKEN = 6;

/** Lower-case letter/digit runs of usable length. */
export function tokeniseWords(text: string): string[] {
  return usable(runWords(readWordRuns(text.toLowerCase())));
}

function usable(words: string[]): string[] {
  return words.filter((w) => w.length >= MIN_TOKEN_CHARS && w.length <= MAX_TOKEN_CHARS);
}

/** Path words, digit runs by length, the path depth and whether there is a query string. The host is left out: it names the site, not the page type. */
export function tokeniseUrlPath(url: string): string[] {
  let parsed: URL;
  try { parsed = new URL(url); } catch { return []; }
  const segments = parsed.pathname.split("/").filter(Boolean);
  const out: string[] = [];
  for (const segment of segments) {
    for (const w of tokeniseWords(safeDecode(segment))) out.push(/^\d+$/.test(w) ? `#d${Math.min(w.length, MAX_DIGIT_RUN_TOKEN)}` : w);
  }
  out.push(`#depth${Math.min(segments.length, MAX_DEPTH_TOKEN)}`);
  if (parsed.search.length > 1) out.push("#query");
  return out;
}

/** A page's token sets; markup words come from its DOM facts (or its html/$), none without a page. */
export function extractPageTokens(input: Pick<FeatureInput, "html" | "$" | "document" | "textWords"> & { url: string; extraction: Pick<ExtractionInput, "title" | "text"> }): PageTokens {
  const hasPage = input.document !== undefined || input.$ !== undefined || input.html !== undefined;
  const { text } = input.extraction;
  return {
    // a text within the bound: the words the features read (the same runs of the same lower-case text)
    text: unique(text.length <= MAX_TEXT_CHARS ? usable(runWords(resolveTextWords(input))) : tokeniseWords(text.slice(0, MAX_TEXT_CHARS))),
    url: unique(tokeniseUrlPath(input.url)),
    title: unique(tokeniseWords(input.extraction.title)),
    markup: hasPage ? resolveDocumentFacts(input).markupWords : [],
  };
}

function unique(tokens: string[]): string[] {
  return [...new Set(tokens)];
}

function safeDecode(segment: string): string {
  try { return decodeURIComponent(segment); } catch { return segment; }
}

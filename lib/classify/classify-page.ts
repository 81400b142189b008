// The classifier as the pipeline calls it: one page in, a decision with its score and a short
// human reason out. Pure: the caller supplies the model (loadActiveClassifier) and the extraction.
import type { CheerioAPI } from "cheerio";
import { computeFeatures, FEATURE_NAMES, readTextWords, resolveDocumentFacts, type DocumentFacts, type ExtractionInput, type FeatureName, type PageFacts } from "./features.ts";
import { tokenInputName, type Classifier } from "./model.ts";
import { extractPageTokens, TOKEN_FIELDS, type PageTokens, type TokenField } from "./tokens.ts";
import { judgePageForm, PAGE_FORM_SCORE_CAP } from "./page-form.ts";

export interface ClassifyInput {
  html?: string;
  $?: CheerioAPI;
  /** DOM facts read before the page was handed to the extractor (features.ts readDocumentFacts). */
  document?: DocumentFacts;
  url: string;
  extraction: ExtractionInput;
}

export interface ClassifyDecision {
  isNews: boolean;
  /** P(news), 0..1. */
  score: number;
  /** The strongest evidence, e.g. "NewsArticle JSON-LD, 640 words, date in URL" or "privacy words in title". */
  reason: string;
}

/** Evidence items named in a reason. */
const MAX_REASON_ITEMS = 3;
/** A feature must move P(news) by at least this much (occlusion) to be named as evidence. */
const MIN_EVIDENCE_SHIFT = 0.01;

export function classifyPage(model: Classifier, input: ClassifyInput): ClassifyDecision {
  // the DOM is read once, for features and markup words; the text's words once, for features and word tokens
  const page = { ...input, document: resolveDocumentFacts(input), textWords: readTextWords(input.extraction.text) };
  const { vector, facts } = computeFeatures(page);
  return decideFromFeatures(model, vector, facts, model.usesTokens ? extractPageTokens(page) : undefined);
}

/**
 * Decision for an already computed feature vector and token sets (training tools reuse cached ones):
 *   1. the model's P(news) from features and word scores;
 *   2. a page the model calls news whose form says media page or front (./page-form.ts) is not news:
 *      its score is capped below the threshold and the reason names the form and the model's score;
 *   3. otherwise the model's decision, explained by occlusion.
 */
export function decideFromFeatures(model: Classifier, vector: Float64Array, facts: PageFacts, tokens?: PageTokens): ClassifyDecision {
  const inputs = model.inputVector({ x: vector, tokens });
  const score = model.scoreInputs(inputs);
  const isNews = model.isNews(score);
  const form = isNews ? judgePageForm(vector, facts) : null;
  if (form) {
    const capped = Math.min(score, PAGE_FORM_SCORE_CAP, model.threshold - 1e-6);
    return { isNews: false, score: capped, reason: `${form.reason}; model P(news) ${score.toFixed(2)}` };
  }
  return { isNews, score, reason: explainDecision(model, inputs, facts, score, isNews, tokens) };
}

const known = new Set<string>(FEATURE_NAMES);

/** Words named for a word-based score in a reason. */
const REASON_TOKENS = 2;

/**
 * Occlusion: replace each input by its training mean and see how far P(news) moves. The inputs
 * that pushed most towards the decision are named, in the words of `describeFeature` (features)
 * or with the page's strongest words (token scores).
 */
export function explainDecision(model: Classifier, inputs: Float64Array, facts: PageFacts, score: number, isNews: boolean, tokens?: PageTokens): string {
  const names = model.inputNames;
  const shifts: { name: string; j: number; shift: number }[] = [];
  const without = model.scoreEachWithout(inputs);
  names.forEach((name, j) => {
    const field = TOKEN_FIELDS.find((f) => tokenInputName(f) === name);
    if (!known.has(name) && !field) return;
    const shift = score - without[j]!;
    shifts.push({ name, j, shift: isNews ? shift : -shift });
  });
  shifts.sort((a, b) => b.shift - a.shift);
  const phrases: string[] = [];
  for (const { name, j, shift } of shifts) {
    if (shift < MIN_EVIDENCE_SHIFT || phrases.length >= MAX_REASON_ITEMS) break;
    const field = TOKEN_FIELDS.find((f) => tokenInputName(f) === name);
    const phrase = field
      ? describeTokenScore(field, tokens ? model.strongestTokens(tokens, field, isNews, REASON_TOKENS) : [], isNews)
      : describeFeature(name as FeatureName, inputs[j]!, facts, isNews);
    if (phrase && !phrases.includes(phrase)) phrases.push(phrase);
  }
  if (phrases.length === 0) phrases.push(`${facts.words} words`);
  return phrases.join(", ");
}

/** Words quoted; the URL's synthetic tokens (./tokens.ts tokeniseUrlPath) in plain words. */
function describeToken(token: string): string {
  const depth = /^#depth(\d+)$/.exec(token);
  if (depth) return depth[1] === "0" ? "site root" : `path depth ${depth[1]}`;
  const digits = /^#d(\d+)$/.exec(token);
  if (digits) return `${digits[1]}-digit number`;
  if (token === "#query") return "query string";
  return `"${token}"`;
}

const FIELD_WORDS: Record<TokenField, string> = { text: "text", url: "URL", title: "title", markup: "page markup" };

/** e.g. `news-like URL words ("politics", "2024")` or `not-news title words ("pricing")`. */
export function describeTokenScore(field: TokenField, words: readonly string[], isNews: boolean): string {
  const quoted = words.length > 0 ? ` (${words.map(describeToken).join(", ")})` : "";
  return `${isNews ? "news-like" : "not-news"} ${FIELD_WORDS[field]} words${quoted}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A few words for one feature on this page, or null when it says nothing a reader would use. */
export function describeFeature(name: FeatureName, value: number, f: PageFacts, isNews: boolean): string | null {
  const on = value > 0;
  switch (name) {
    case "log_text_chars": case "log_words": case "log_upper_case": case "log_line_breaks":
      return isNews ? `${f.words} words` : f.words < 150 ? `only ${plural(f.words, "word")}` : `${f.words} words`;
    case "log_paragraphs": case "mean_paragraph_words": case "sentence_end_ratio":
      return isNews ? `${plural(f.paragraphs, "paragraph")} of prose` : `${plural(f.paragraphs, "long paragraph")}`;
    case "log_title_chars":
      return f.titleChars < 20 ? "short title" : `${f.titleChars}-character title`;
    case "legal_words_title":
      return f.legalWordsTitle.length > 0 ? `${f.legalWordsTitle.slice(0, 2).join("/")} words in title` : "no imprint/privacy words in title";
    case "log_legal_words_text":
      return f.legalWordsText > 0 ? `${plural(f.legalWordsText, "imprint/privacy/contact word")} in text` : "no imprint/privacy words";
    case "url_trailing_slash":
      return on ? "URL ends with /" : "URL does not end with /";
    case "link_density": case "log_links":
      return `link density ${f.linkDensity.toFixed(2)}`;
    case "log_similar_link_blocks": case "log_article_elements":
      return f.similarLinkBlocks > 0 ? `${f.similarLinkBlocks} similar link blocks` : "no repeated link blocks";
    case "og_type_article":
      return on ? "og:type article" : f.ogType ? `og:type ${f.ogType}` : "no og:type";
    case "og_type_product": case "og_type_website":
      return f.ogType ? `og:type ${f.ogType}` : "no og:type";
    case "jsonld_news":
      return on ? `${f.jsonLdTypes.find((t) => /article|posting|report/i.test(t)) ?? "Article"} JSON-LD` : "no Article JSON-LD";
    case "jsonld_product": case "jsonld_forum": case "jsonld_listing": case "jsonld_docs": case "jsonld_service":
      return on ? `${f.jsonLdTypes.slice(0, 2).join("/")} JSON-LD` : null;
    case "date_on_page": case "date_in_text_top": case "log_time_elements":
      return f.dateOnPage ? "date on page" : "no publication date";
    case "date_in_url":
      return f.dateInUrl ? "date in URL" : "no date in URL";
    case "has_author":
      return f.author ? "author named" : "no author";
    case "log_path_depth":
      return `path depth ${f.pathDepth}`;
    case "url_news_words":
      return on ? "news/blog word in URL" : "no news/blog word in URL";
    case "url_nonnews_words":
      return on ? "shop/docs/forum word in URL" : "no shop/docs/forum word in URL";
    case "url_has_query": return on ? "query string in URL" : null;
    case "url_numeric_id": return on ? "numeric id in URL" : null;
    case "log_slug_words":
      return f.slugWords >= 4 ? `${f.slugWords}-word URL slug` : "short URL slug";
    case "log_code_blocks":
      return f.codeBlocks > 0 ? plural(f.codeBlocks, "code block") : "no code blocks";
    case "log_price_mentions": case "log_commerce_words":
      return f.prices > 0 ? plural(f.prices, "price") : "no shop words";
    case "log_forum_words":
      return f.forumWords > 0 ? plural(f.forumWords, "forum word") : "no forum words";
    case "log_service_words":
      return on ? "calls to action" : null;
    case "log_share_links": return on ? "share links" : "no share links";
    case "log_article_words": return on ? "byline/related-posts words" : "no byline words";
    case "log_buttons": return on ? "buttons" : null;
    case "log_list_items": return on ? "list items" : null;
    case "comment_section": return on ? "comment section" : null;
    case "short_paragraph_ratio": return "short text fragments";
    case "mean_sentence_words": return "sentence length";
    case "first_plural_ratio": return on ? "we/our voice" : null;
    case "second_person_ratio": return on ? "you/your voice" : null;
    case "title_howto": return on ? "how-to title" : null;
    case "log_meta_description_chars": return "meta description";
    case "stopword_ratio": return isNews ? "running prose" : "little running prose";
    case "digit_ratio": return "share of digits";
    case "log_title_words": return `${f.titleChars}-character title`;
    case "article_meta": return on ? "article: meta tags" : "no article: meta tags";
    case "log_long_page_paragraphs": return on ? "long paragraphs on page" : "no long paragraphs";
    case "list_text_ratio": return "share of text in lists";
    case "log_headings": return "headings";
    case "log_forms": return "form fields";
    case "log_images": return "images";
    case "upper_case_ratio": return "upper-case share";
    case "text_to_page_ratio": return "share of page that is main text";
    case "og_type_media": return on ? "og:type video/audio" : null;
    case "jsonld_media": return on ? "video/gallery/podcast JSON-LD" : "no media JSON-LD";
    case "log_media_elements": case "media_per_paragraph": return on ? "video/audio player" : "no player";
    case "jsonld_generic_only": return on ? "WebPage JSON-LD, no article type" : null;
    case "log_linked_headings": case "linked_heading_ratio": return on ? "linked headlines (teasers)" : "few linked headlines";
    case "log_teaser_blocks": return on ? "teaser blocks" : "no teaser blocks";
    case "log_slug_chars": return f.slugWords >= 4 ? `${f.slugWords}-word URL slug` : "short URL slug";
    case "log_url_digit_runs": case "url_slug_has_id": return on ? "id in URL" : "no id in URL";
    case "url_file_extension": return null;
    // the extraction's findings (lib/extract ExtractResult.structure)
    case "ex_kind_article": return on ? "extractor: declared article" : "extractor: no article declared";
    case "ex_kind_product": return on ? "extractor: shop page" : null;
    case "ex_dated": return on ? "publication date in metadata" : "no publication date in metadata";
    case "ex_article_slug": return on ? "article slug in URL" : "no article slug in URL";
    case "ex_log_thread_posts": return on ? `thread of ${plural(Math.round(Math.expm1(value)), "post")}` : null;
    case "ex_log_declared_chars": return on ? "article body declared in JSON-LD" : null;
    case "ex_repeated_items": return on ? "content is repeated items (an index)" : null;
    case "ex_whole_body": return on ? "content spread over many sections" : null;
    case "ex_fallback": return on ? "no main content container" : null;
    case "ex_json_ld_body": return on ? "content from the JSON-LD body" : null;
    case "ex_content_link_ratio": return `${Math.round(value * 100)} % of the content's words in links`;
    case "ex_heading_block_ratio": case "ex_item_block_ratio": case "ex_log_blocks": case "ex_log_block_words": return "shape of the main content";
    case "ex_log_repeated_blocks": return on ? "repeated text blocks" : null;
    default: return null;
  }
}

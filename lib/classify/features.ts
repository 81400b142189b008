// Page features for the news/not-news classifier. Input: the raw HTML (or its cheerio document),
// the page URL and what the extractor made of it. Counts are log-transformed (log1p) so that one
// 20,000-word page does not dominate the scaler; ratios and flags stay in [0, 1].
//
// The brief's seven come first (text length, URL ends with "/", title length, line breaks,
// imprint/privacy/terms words in text and in title, upper-case letters), then structural ones.
import type { CheerioAPI } from "cheerio";
import type { AnyNode, Element, ParentNode } from "domhandler";
import { isJsSpace, parseHtml } from "../extract/dom.ts";
import { parseJsonText } from "../extract/json-ld.ts";
import type { ExtractStructure } from "../extract/index.ts";
import { readWordRuns, runWords, type WordRuns } from "../word-runs.ts";
import { PhraseLists } from "./phrase-lists.ts";

/** The part of an extraction result the classifier reads (lib/extract ExtractResult fits). */
export interface ExtractionInput {
  title: string;
  text: string;
  author?: string | null;
  publishedAt?: string | null;
  /** The extraction's winning method ("repeated-items", "json-ld", …). */
  method?: string;
  /** What the extractor saw and did (lib/extract ExtractResult.structure); absent: the ex_* features read 0. */
  structure?: ExtractStructure;
}

export interface FeatureInput {
  html?: string;
  $?: CheerioAPI;
  /** What the DOM says, read beforehand (readDocumentFacts): lets the caller hand the parsed page to a
   *  step that modifies it (the extractor) and still classify from the untouched page. Wins over html/$. */
  document?: DocumentFacts;
  /** The extracted text's words, read beforehand (readTextWords): classifyPage reads them once for the features and the word tokens. */
  textWords?: WordRuns;
  url: string;
  extraction: ExtractionInput;
}

/** The letter/digit runs of the extracted text in lower case (lib/word-runs.ts). */
export function readTextWords(text: string): WordRuns {
  return readWordRuns(text.toLowerCase());
}

/** The text words of a classifier input: handed in, or read from its extraction's text. */
export function resolveTextWords(input: Pick<FeatureInput, "textWords"> & { extraction: Pick<ExtractionInput, "text"> }): WordRuns {
  return input.textWords ?? readTextWords(input.extraction.text);
}

/** The DOM-derived part of the features: one walk over the untouched page and its meta tags. */
export interface DocumentFacts {
  page: PageMeasure;
  meta: MetaSignals;
  articleMeta: boolean;
  metaDescription: string;
  /** Words of the page's class, id, itemprop and role attributes (./tokens.ts scores them). */
  markupWords: string[];
}

/** Read the DOM-derived facts from a parsed page (only read, never modified). */
export function readDocumentFacts($: CheerioAPI): DocumentFacts {
  const { page, marks } = measurePage($);
  const meta = readMetadata($, marks);
  return {
    page,
    markupWords: markupWordsOf(page.markupValues),
    meta,
    articleMeta: marks.metas.some((m) => m.attribs.property?.startsWith("article:") || m.attribs.name?.startsWith("article:")),
    metaDescription: marks.metas.find((m) => m.attribs.name === "description" || m.attribs.property === "og:description")?.attribs.content ?? "",
  };
}

/** Raw observations kept beside the vector, for the human-readable reason. */
export interface PageFacts {
  words: number;
  titleChars: number;
  legalWordsTitle: string[];
  legalWordsText: number;
  linkDensity: number;
  paragraphs: number;
  ogType: string | null;
  jsonLdTypes: string[];
  dateInUrl: boolean;
  dateOnPage: boolean;
  pathDepth: number;
  similarLinkBlocks: number;
  articleElements: number;
  codeBlocks: number;
  prices: number;
  forumWords: number;
  slugWords: number;
  author: boolean;
}

export interface PageFeatures {
  vector: Float64Array;
  facts: PageFacts;
}

// ---- word lists (lower case; matched on whole words, Unicode-aware) ----

/** Imprint, privacy, terms, cookie, contact and about words in the languages Lede meets most. */
export const LEGAL_WORDS = [
  // de
  "impressum", "datenschutz", "datenschutzerklärung", "agb", "haftung", "haftungsausschluss", "nutzungsbedingungen", "kontakt", "über uns",
  // en
  "imprint", "privacy", "privacy policy", "terms", "terms of service", "terms of use", "terms and conditions", "cookie", "cookies",
  "contact", "contact us", "about", "about us", "disclaimer", "legal notice", "gdpr",
  // fr
  "mentions légales", "confidentialité", "conditions générales", "cgu", "cgv", "nous contacter", "à propos",
  // es / pt
  "aviso legal", "privacidad", "política de privacidad", "términos", "condiciones de uso", "contacto", "quiénes somos",
  "privacidade", "termos de uso", "fale conosco", "sobre nós",
  // it
  "informativa", "note legali", "termini", "condizioni", "contatti", "chi siamo",
  // nl / nordic / pl
  "privacyverklaring", "voorwaarden", "algemene voorwaarden", "colofon", "integritetspolicy", "personvern", "vilkår",
  "polityka prywatności", "regulamin", "kontakt",
];

/** Shop words: a page that sells rather than reports. */
const COMMERCE_WORDS = [
  "add to cart", "add to basket", "add to bag", "buy now", "in stock", "out of stock", "free shipping", "checkout", "wishlist",
  "in den warenkorb", "warenkorb", "jetzt kaufen", "lieferzeit", "ajouter au panier", "añadir al carrito", "aggiungi al carrello",
  "sku", "quantity", "qty",
];

/** Forum and Q&A words. */
const FORUM_WORDS = [
  "reply", "replies", "quote", "joined", "posts", "thread", "threads", "topic", "topics", "upvote", "upvotes", "answered",
  "asked", "answers", "permalink", "report post", "antworten", "beiträge", "répondre", "responder", "rispondi",
];

/** Calls to action of service and landing pages. */
const SERVICE_WORDS = [
  "get a quote", "request a quote", "book a demo", "free consultation", "our services", "get started", "sign up", "contact us",
  "schedule a call", "learn more", "pricing", "testimonials", "our team", "free trial",
];

/** Article furniture: bylines, reading time, related posts, comment prompts. */
const ARTICLE_WORDS = [
  "min read", "minute read", "minutes read", "read more", "related posts", "related articles", "related stories", "posted in",
  "posted on", "filed under", "share this", "written by", "published", "updated", "leave a comment", "leave a reply", "comments",
  "editor", "reporter", "correspondent", "lesezeit", "veröffentlicht", "aktualisiert", "publié le", "mis à jour",
  "publicado", "actualizado", "pubblicato", "aggiornato", "gepubliceerd",
];

/** Links that share the page on social networks: articles carry them, shops and docs rarely. */
const SHARE_LINK = /facebook\.com\/sharer|twitter\.com\/(?:intent|share)|x\.com\/intent|linkedin\.com\/(?:shareArticle|sharing)|pinterest\.[a-z.]+\/pin\/create|reddit\.com\/submit|api\.whatsapp\.com\/send|wa\.me\/\?text|^mailto:\?|t\.me\/share|flipboard\.com\/bookmarklet/i;
const BUTTON_CLASS = /(?:^|[\s_-])(?:btn|button|cta)(?:$|[\s_-])/i;
const COMMENT_ATTR = /comment/i;
const FIRST_PLURAL = ["we", "our", "us", "ours", "wir", "unser", "unsere", "nous", "notre", "nos", "nosotros", "nuestro", "nuestra", "noi", "nostro", "nostra"];
const SECOND_PERSON = ["you", "your", "yours", "sie", "ihr", "ihre", "vous", "votre", "vos", "usted", "tu", "tus", "voi", "vostro"];
/** The word lists read in the extracted text, in the page's text, and in the title (./phrase-lists.ts: all lists of a text in one pass). */
const TEXT_LISTS = new PhraseLists([LEGAL_WORDS, FIRST_PLURAL, SECOND_PERSON]);
const PAGE_LISTS = new PhraseLists([FORUM_WORDS, COMMERCE_WORDS, SERVICE_WORDS, ARTICLE_WORDS]);
const TITLE_LISTS = new PhraseLists([LEGAL_WORDS]);
/** Function words of running prose (en, de, fr, es, it, nl); menus and product grids have few. */
const STOPWORDS = new Set(("the a an and or of to in on for with is are was were be been it that this as at by from has have had not but " +
  "der die das und oder von zu im in mit ist sind war auf für den dem ein eine nicht auch sich " +
  "le la les et ou de des du un une est sont dans pour avec sur pas que qui " +
  "el los las y o del en con es son por para una que no se " +
  "il lo gli e di da con per che non sono è " +
  "de het een en van in op met voor dat niet zijn").split(" "));
/** A <p> anywhere on the page with at least this many characters counts as prose. */
const LONG_PAGE_PARAGRAPH_CHARS = 150;

const HOWTO_TITLE = /(?:^|\s)(?:how|what|why|when|who|guide|tips|ways|steps|wie|was|warum|comment|pourquoi|cómo|qué|come|perché)(?:\s|$)|\?|^\d+\s/i;

const NEWS_JSONLD = new Set(["newsarticle", "article", "blogposting", "reportagenewsarticle", "analysisnewsarticle", "opinionnewsarticle",
  "reviewnewsarticle", "backgroundnewsarticle", "socialmediaposting", "liveblogposting", "scholarlyarticle", "report", "posting"]);
const PRODUCT_JSONLD = new Set(["product", "offer", "aggregateoffer", "productgroup", "individualproduct", "car", "book"]);
const FORUM_JSONLD = new Set(["discussionforumposting", "qapage", "question", "answer", "comment"]);
const LISTING_JSONLD = new Set(["collectionpage", "itemlist", "searchresultspage", "offercatalog", "blog"]);
/** The main entity is a video, audio or image set: a news site's media pages, not its articles. */
const MEDIA_JSONLD = new Set(["videoobject", "imagegallery", "mediagallery", "podcastepisode", "podcastseries", "podcastseason",
  "audioobject", "radioseries", "tvseries", "episode", "clip", "musicrecording", "videogallery"]);
/** Generic page types: a front or hub declares WebPage/WebSite and no article type. */
const GENERIC_PAGE_JSONLD = new Set(["webpage", "website", "collectionpage", "itemlist", "sitenavigationelement"]);
const DOCS_JSONLD = new Set(["techarticle", "apireference", "howto", "faqpage"]);
const SERVICE_JSONLD = new Set(["service", "localbusiness", "organization", "professionalservice", "aboutpage", "contactpage",
  "softwareapplication", "webapplication", "event", "course", "jobposting", "recipe"]);

const NEWS_PATH = /(^|[/_.-])(news|article|articles|story|stories|blog|blogs|post|posts|artikel|nachrichten|meldung|actualites?|actualidad|noticias?|notizie|nieuws|wiadomosci|uutiset|nyheter|politik|politics|opinion|sport|sports|economy|wirtschaft)([/_.-]|$)/i;
const NONNEWS_PATH = /(^|[/_.-])(tag|tags|category|categories|categorie|kategorie|page|search|product|products|produkt|shop|store|collections?|catalog|forum|forums|thread|threads|topic|topics|questions?|community|discussions?|docs?|documentation|api|reference|manual|guide|guides|wiki|help|support|faq|kb|services?|solutions?|pricing|about|contact|impressum|privacy|terms|login|cart|account|careers|jobs)([/_.-]|$)/i;
const DATE_IN_URL = /(?:^|\/)(?:19|20)\d\d[/_-](?:0?[1-9]|1[0-2])(?:[/_-](?:0?[1-9]|[12]\d|3[01]))?(?:[/_-]|$)|(?:^|[/_-])(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:[/_-]|$)/;
const MONTHS = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|januar|februar|märz|mai|juni|juli|oktober|dezember|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre";
const DATE_IN_TEXT = new RegExp(`\\b(?:(?:19|20)\\d\\d-\\d\\d-\\d\\d|\\d{1,2}\\.\\s?\\d{1,2}\\.\\s?(?:19|20)\\d\\d|\\d{1,2}/\\d{1,2}/(?:19|20)\\d\\d|(?:${MONTHS})\\.?\\s+\\d{1,2},?\\s+(?:19|20)\\d\\d|\\d{1,2}\\.?\\s+(?:de\\s+)?(?:${MONTHS})\\.?\\s+(?:de\\s+)?(?:19|20)\\d\\d)\\b`, "i");
const PRICE = /(?:[$€£¥]\s?\d{1,5}(?:[.,]\d{2})?|\d{1,5}(?:[.,]\d{2})?\s?(?:€|eur|usd|\$|£|chf|kr|zł))(?![\d])/gi;
const DATE_META = ["article:published_time", "og:article:published_time", "datepublished", "date", "pubdate", "publishdate",
  "dc.date", "dc.date.issued", "sailthru.date", "parsely-pub-date", "article.published", "published_time"];

/** Share of the extracted text's characters that start a paragraph with ≥ this many characters. */
const LONG_PARAGRAPH_CHARS = 80;
/** Paragraphs shorter than this (characters) are labels, buttons or list entries rather than prose. */
const SHORT_PARAGRAPH_CHARS = 40;
/** A sibling group with at least this many link-bearing items is a "similar link block" list. */
const MIN_SIMILAR_BLOCK = 3;
/** Characters of extracted text scanned for a visible date near the top (bylines sit there). */
const DATE_SCAN_CHARS = 600;

// ---- the feature table: order is the model's input order ----

export const FEATURE_NAMES = [
  // the brief's seven (legal words counted twice: text and title)
  "log_text_chars", "url_trailing_slash", "log_title_chars", "log_line_breaks", "log_legal_words_text", "legal_words_title", "log_upper_case",
  // text shape
  "upper_case_ratio", "log_words", "log_paragraphs", "mean_paragraph_words", "sentence_end_ratio", "text_to_page_ratio",
  // structure
  "link_density", "log_links", "log_similar_link_blocks", "log_article_elements", "log_time_elements", "log_headings",
  "log_code_blocks", "log_forms", "log_images",
  // metadata
  "og_type_article", "og_type_product", "og_type_website", "jsonld_news", "jsonld_product", "jsonld_forum", "jsonld_listing",
  "jsonld_docs", "jsonld_service", "has_author", "date_on_page", "date_in_text_top",
  // URL
  "date_in_url", "log_path_depth", "url_news_words", "url_nonnews_words", "log_slug_words", "url_has_query", "url_numeric_id",
  // vocabulary
  "log_price_mentions", "log_commerce_words", "log_forum_words", "log_service_words",
  // article furniture and voice
  "log_share_links", "log_article_words", "log_buttons", "log_list_items", "comment_section", "short_paragraph_ratio",
  "mean_sentence_words", "first_plural_ratio", "second_person_ratio", "title_howto", "log_meta_description_chars",
  // prose and page shape
  "stopword_ratio", "digit_ratio", "log_title_words", "article_meta", "log_long_page_paragraphs", "list_text_ratio",
  // media pages (issue 15): the main entity is a player or a gallery, the text caption-sized
  "og_type_media", "jsonld_media", "log_media_elements", "media_per_paragraph", "jsonld_generic_only", "log_players",
  // fronts and hubs: many teaser blocks (a heading inside a link), most text inside links
  "log_linked_headings", "linked_heading_ratio", "log_teaser_blocks",
  // URL shape
  "log_slug_chars", "log_url_digit_runs", "url_slug_has_id", "url_file_extension",
  // the extraction's own findings (issue 15, fourth round; lib/extract ExtractResult.structure): its page kind, the thread
  // it found, the JSON-LD body, the route its recipe took and the shape of the content it kept
  "ex_kind_article", "ex_kind_product", "ex_dated", "ex_article_slug", "ex_log_thread_posts", "ex_log_declared_chars",
  "ex_repeated_items", "ex_whole_body", "ex_fallback", "ex_json_ld_body",
  "ex_content_link_ratio", "ex_heading_block_ratio", "ex_item_block_ratio", "ex_log_blocks", "ex_log_block_words", "ex_log_repeated_blocks",
] as const;

/** Ladder rungs (lib/extract/orchestrator.ts LADDER) that run only when the named candidates found too little text. */
const FALLBACK_RUNGS = new Set(["blocks", "relaxed", "body", "none"]);

export type FeatureName = (typeof FEATURE_NAMES)[number];

/** The DOM facts of a classifier input: handed in, or read from its parsed page or its HTML. */
export function resolveDocumentFacts(input: Pick<FeatureInput, "html" | "$" | "document">): DocumentFacts {
  return input.document
    ?? readDocumentFacts(input.$ ?? parseHtml(input.html ?? ""));
}

/** Compute the feature vector (FEATURE_NAMES order) and the facts behind it. */
export function computeFeatures(input: FeatureInput): PageFeatures {
  const doc = resolveDocumentFacts(input);
  const { page, meta, articleMeta, metaDescription } = doc;
  const { title, text } = input.extraction;
  const url = parseUrl(input.url);
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const counts = countTextChars(text);
  const words = counts.words;
  const runs = resolveTextWords(input);
  const [legalText, firstPlural, secondPerson] = TEXT_LISTS.count(runs) as [number, number, number];
  // the page's text in lower case once, for its word lists and its prices
  const pageText = page.text.toLowerCase();
  const [forumWords, commerceWords, serviceWords, articleWords] = PAGE_LISTS.count(readWordRuns(pageText)) as [number, number, number, number];
  const legalTitle = [...new Set(TITLE_LISTS.hits(readWordRuns(title.toLowerCase()), 0))];
  const { upper, letters } = counts;
  const segments = url ? url.pathname.split("/").filter(Boolean) : [];
  const slug = segments.at(-1) ?? "";
  const slugWords = slug.replace(/\.[a-z0-9]{2,5}$/i, "").split(/[-_+]|%20/).filter((w) => /[a-z\u00c0-\uffff]/i.test(w)).length;
  const dateInUrl = url ? DATE_IN_URL.test(url.pathname) : false;
  const dateInTextTop = DATE_IN_TEXT.test(text.slice(0, DATE_SCAN_CHARS)) || DATE_IN_TEXT.test(title);
  const dateOnPage = Boolean(input.extraction.publishedAt) || meta.dateMeta;
  const author = Boolean(input.extraction.author) || meta.author;
  const prices = (pageText.match(PRICE) ?? []).length;
  const types = meta.jsonLdTypes.map((t) => t.toLowerCase());
  const hasType = (set: Set<string>) => (types.some((t) => set.has(t)) ? 1 : 0);
  const og = meta.ogType?.toLowerCase() ?? null;
  const sentenceEnds = paragraphs.filter((p) => /[.!?…»"”')]$/.test(p)).length;
  const longParas = paragraphs.filter((p) => p.length >= LONG_PARAGRAPH_CHARS).length;
  const shortParas = paragraphs.filter((p) => p.length < SHORT_PARAGRAPH_CHARS).length;
  const sentences = Math.max(1, (text.match(/[.!?…](?=\s|$)/g) ?? []).length);
  const { letterRuns, stopwords } = countStopwords(runs);
  const { digits } = counts;
  const slugBase = slug.replace(/\.[a-z0-9]{2,5}$/i, "");
  const pathDigitRuns = url ? (url.pathname.match(/\d+/g) ?? []).length : 0;

  const values: Record<FeatureName, number> = {
    log_text_chars: Math.log1p(text.length),
    url_trailing_slash: url && url.pathname.length > 1 && url.pathname.endsWith("/") ? 1 : 0,
    log_title_chars: Math.log1p(title.length),
    log_line_breaks: Math.log1p(countChar(text, "\n")),
    log_legal_words_text: Math.log1p(legalText),
    legal_words_title: legalTitle.length > 0 ? 1 : 0,
    log_upper_case: Math.log1p(upper),
    upper_case_ratio: letters > 0 ? upper / letters : 0,
    log_words: Math.log1p(words),
    log_paragraphs: Math.log1p(longParas),
    mean_paragraph_words: paragraphs.length > 0 ? Math.log1p(words / paragraphs.length) : 0,
    sentence_end_ratio: paragraphs.length > 0 ? sentenceEnds / paragraphs.length : 0,
    text_to_page_ratio: page.chars > 0 ? Math.min(1, text.length / page.chars) : 0,
    link_density: page.chars > 0 ? page.linkChars / page.chars : 0,
    log_links: Math.log1p(page.links),
    log_similar_link_blocks: Math.log1p(page.similarLinkBlocks),
    log_article_elements: Math.log1p(page.articleElements),
    log_time_elements: Math.log1p(page.timeElements),
    log_headings: Math.log1p(page.headings),
    log_code_blocks: Math.log1p(page.codeBlocks),
    log_forms: Math.log1p(page.formFields),
    log_images: Math.log1p(page.images),
    og_type_article: og === "article" || og === "news" || og?.startsWith("article") ? 1 : 0,
    og_type_product: og && /product|og:product/.test(og) ? 1 : 0,
    og_type_website: og === "website" || og === "webpage" ? 1 : 0,
    jsonld_news: hasType(NEWS_JSONLD),
    jsonld_product: hasType(PRODUCT_JSONLD),
    jsonld_forum: hasType(FORUM_JSONLD),
    jsonld_listing: hasType(LISTING_JSONLD),
    jsonld_docs: hasType(DOCS_JSONLD),
    jsonld_service: hasType(SERVICE_JSONLD),
    has_author: author ? 1 : 0,
    date_on_page: dateOnPage ? 1 : 0,
    date_in_text_top: dateInTextTop ? 1 : 0,
    date_in_url: dateInUrl ? 1 : 0,
    log_path_depth: Math.log1p(segments.length),
    url_news_words: url && NEWS_PATH.test(url.pathname) ? 1 : 0,
    url_nonnews_words: url && NONNEWS_PATH.test(url.pathname) ? 1 : 0,
    log_slug_words: Math.log1p(slugWords),
    url_has_query: url && url.search.length > 1 ? 1 : 0,
    url_numeric_id: url && /(?:^|[/_-])\d{5,}(?:[/_.-]|$)/.test(url.pathname) ? 1 : 0,
    log_price_mentions: Math.log1p(prices),
    log_commerce_words: Math.log1p(commerceWords),
    log_forum_words: Math.log1p(forumWords),
    log_service_words: Math.log1p(serviceWords),
    log_share_links: Math.log1p(page.shareLinks),
    log_article_words: Math.log1p(articleWords),
    log_buttons: Math.log1p(page.buttons),
    log_list_items: Math.log1p(page.listItems),
    comment_section: page.commentBlocks > 0 ? 1 : 0,
    short_paragraph_ratio: paragraphs.length > 0 ? shortParas / paragraphs.length : 1,
    mean_sentence_words: Math.log1p(words / sentences),
    first_plural_ratio: words > 0 ? firstPlural / words : 0,
    second_person_ratio: words > 0 ? secondPerson / words : 0,
    title_howto: HOWTO_TITLE.test(title) ? 1 : 0,
    log_meta_description_chars: Math.log1p(metaDescription.length),
    stopword_ratio: letterRuns > 0 ? stopwords / letterRuns : 0,
    digit_ratio: text.length > 0 ? digits / text.length : 0,
    log_title_words: Math.log1p(countWords(title)),
    article_meta: articleMeta ? 1 : 0,
    log_long_page_paragraphs: Math.log1p(page.longParagraphs),
    list_text_ratio: page.chars > 0 ? Math.min(1, page.listChars / page.chars) : 0,
    og_type_media: og && /^(?:video|music|audio)/.test(og) ? 1 : 0,
    jsonld_media: hasType(MEDIA_JSONLD),
    log_media_elements: Math.log1p(page.mediaElements),
    media_per_paragraph: Math.min(1, page.mediaElements / (1 + longParas)),
    log_players: Math.log1p(page.players),
    jsonld_generic_only: types.length > 0 && types.every((t) => GENERIC_PAGE_JSONLD.has(t) || !hasPageType(t)) && types.some((t) => GENERIC_PAGE_JSONLD.has(t)) ? 1 : 0,
    log_linked_headings: Math.log1p(page.linkedHeadings),
    linked_heading_ratio: Math.min(1, page.linkedHeadings / Math.max(1, page.headings)),
    log_teaser_blocks: Math.log1p(page.teaserBlocks),
    log_slug_chars: Math.log1p(slugBase.length),
    log_url_digit_runs: Math.log1p(pathDigitRuns),
    url_slug_has_id: /\d{4,}/.test(slugBase) && /[a-z\u00c0-\uffff]{3,}/i.test(slugBase) ? 1 : 0,
    url_file_extension: /\.[a-z0-9]{2,5}$/i.test(slug) ? 1 : 0,
    ...structureFeatures(input.extraction),
  };
  const vector = Float64Array.from(FEATURE_NAMES, (name) => values[name]);
  return {
    vector,
    facts: {
      words, titleChars: title.length, legalWordsTitle: legalTitle, legalWordsText: legalText,
      linkDensity: values.link_density, paragraphs: longParas, ogType: og, jsonLdTypes: meta.jsonLdTypes,
      dateInUrl, dateOnPage: dateOnPage || dateInTextTop, pathDepth: segments.length, similarLinkBlocks: page.similarLinkBlocks,
      articleElements: page.articleElements, codeBlocks: page.codeBlocks, prices, forumWords, slugWords, author,
    },
  };
}

type StructureFeature = Extract<FeatureName, `ex_${string}`>;

/** The ex_* features from the extraction's structure (all 0 when the caller has none). */
function structureFeatures(e: ExtractionInput): Record<StructureFeature, number> {
  const s = e.structure;
  if (!s) {
    return { ex_kind_article: 0, ex_kind_product: 0, ex_dated: 0, ex_article_slug: 0, ex_log_thread_posts: 0, ex_log_declared_chars: 0,
      ex_repeated_items: 0, ex_whole_body: 0, ex_fallback: 0, ex_json_ld_body: 0, ex_content_link_ratio: 0, ex_heading_block_ratio: 0,
      ex_item_block_ratio: 0, ex_log_blocks: 0, ex_log_block_words: 0, ex_log_repeated_blocks: 0 };
  }
  return {
    ex_kind_article: s.kind === "article" ? 1 : 0,
    ex_kind_product: s.kind === "product" ? 1 : 0,
    ex_dated: s.dated ? 1 : 0,
    ex_article_slug: s.articleSlug ? 1 : 0,
    ex_log_thread_posts: Math.log1p(s.threadPosts),
    ex_log_declared_chars: Math.log1p(s.declaredChars),
    ex_repeated_items: e.method === "repeated-items" ? 1 : 0,
    ex_whole_body: s.rung === "whole-body" ? 1 : 0,
    ex_fallback: FALLBACK_RUNGS.has(s.rung) ? 1 : 0,
    ex_json_ld_body: e.method === "json-ld" ? 1 : 0,
    ex_content_link_ratio: s.words > 0 ? s.linkWords / s.words : 0,
    ex_heading_block_ratio: s.blocks > 0 ? s.headingBlocks / s.blocks : 0,
    ex_item_block_ratio: s.blocks > 0 ? s.itemBlocks / s.blocks : 0,
    ex_log_blocks: Math.log1p(s.blocks),
    ex_log_block_words: s.blocks > 0 ? Math.log1p(s.words / s.blocks) : 0,
    ex_log_repeated_blocks: Math.log1p(s.repeatedBlocks),
  };
}

// ---- page measurements: one walk over the DOM ----

export interface PageMeasure {
  text: string;
  chars: number;
  linkChars: number;
  links: number;
  similarLinkBlocks: number;
  articleElements: number;
  timeElements: number;
  headings: number;
  codeBlocks: number;
  formFields: number;
  images: number;
  shareLinks: number;
  buttons: number;
  listItems: number;
  commentBlocks: number;
  longParagraphs: number;
  listChars: number;
  /** <video>, <audio> and embedded players (<iframe>, <object>, <embed>): a media page's main content. */
  mediaElements: number;
  /** <video> and <audio>: a player the page itself carries (iframes are as often social posts and ads as players). */
  players: number;
  /** h1–h4 inside a link or holding one: the headline of a teaser. */
  linkedHeadings: number;
  /** Elements that hold a linked heading and a paragraph of summary: a front's teaser. */
  teaserBlocks: number;
  /** Distinct class/id/itemprop/role attribute values (split into words once, by markupWordsOf). */
  markupValues: Set<string>;
}

const SKIP_TAGS = new Set(["script", "style", "noscript", "template", "svg", "head", "iframe", "object"]);

function isElement(node: AnyNode): node is Element {
  return node.type === "tag" || node.type === "script" || node.type === "style";
}

/**
 * Levels of elements down to the nearest <a> below an element (1: a child is one), NO_LINK when there is
 * none: containsLink(node, d) is linkDepth(node) <= d. The walk returns it for each element it leaves, so
 * the link tests of similar link blocks and linked headings read no subtree again.
 */
const NO_LINK = 0xfffff;

/**
 * One walk over the page: the measures (text outside skipped subtrees: scripts, styles, <head> …) and the
 * metadata elements (everywhere, skipped subtrees included), both in document order. The DOM walk is
 * bound by reading the nodes from memory, so one walk for both costs about half of two.
 */
function measurePage($: CheerioAPI): { page: PageMeasure; marks: MetadataElements } {
  const m: PageMeasure = { text: "", chars: 0, linkChars: 0, links: 0, similarLinkBlocks: 0, articleElements: 0, timeElements: 0,
    headings: 0, codeBlocks: 0, formFields: 0, images: 0, shareLinks: 0, buttons: 0, listItems: 0, commentBlocks: 0,
    longParagraphs: 0, listChars: 0, mediaElements: 0, players: 0, linkedHeadings: 0, teaserBlocks: 0, markupValues: new Set() };
  const marks: MetadataElements = { metas: [], jsonLdScripts: [], itemtypes: [], dateItemprop: false, authorMarkup: false };
  const parts: string[] = [];
  const root = $.root()[0] as unknown as ParentNode;
  /** Metadata elements of a skipped subtree (not measured); returns its element's link depth. */
  const scanSkipped = (el: Element): number => {
    let depth = NO_LINK;
    for (const child of el.children) {
      if (!isElement(child)) continue;
      readAttributes(child.attribs);
      readMarks(child, marks);
      const d = child.children.length > 0 ? scanSkipped(child) : NO_LINK;
      depth = Math.min(depth, child.name === "a" ? 1 : d + 1);
    }
    return depth;
  };
  /** Measures one node; returns the link depth of an element (NO_LINK for anything else). */
  const walk = (node: AnyNode, inLink: boolean, inList: boolean): number => {
    if (node.type === "text") {
      const data = (node as unknown as { data: string }).data;
      const n = collapsedTrimmedLength(data);
      if (n > 0) { parts.push(data); m.chars += n; if (inLink) m.linkChars += n; if (inList) m.listChars += n; }
      return NO_LINK;
    }
    if (!isElement(node)) return NO_LINK;
    const tag = node.name;
    readAttributes(node.attribs);
    readMarks(node, marks);
    if (MEDIA_TAGS.has(tag)) { m.mediaElements++; if (tag === "video" || tag === "audio") m.players++; }
    if (SKIP_TAGS.has(tag)) return scanSkipped(node);
    const { cls, id, itemprop, role } = attrs;
    if (cls) m.markupValues.add(cls);
    if (id) m.markupValues.add(id);
    if (itemprop) m.markupValues.add(itemprop);
    if (role) m.markupValues.add(role);
    let link = inLink;
    if (tag === "a") { const href = attrs.href; if (href) { m.links++; link = true; if (SHARE_LINK.test(href)) m.shareLinks++; } }
    if (tag === "button" || (cls && BUTTON_CLASS.test(cls))) m.buttons++;
    if ((id && COMMENT_ATTR.test(id)) || (tag === "section" || tag === "div" || tag === "ol" || tag === "ul") && cls && COMMENT_ATTR.test(cls)) m.commentBlocks++;
    if (tag === "p" && trimmedTextLength(node) >= LONG_PAGE_PARAGRAPH_CHARS) m.longParagraphs++;
    let heading = false;
    if (tag === "li") m.listItems++;
    else if (tag === "article") m.articleElements++;
    else if (tag === "time") m.timeElements++;
    else if (tag === "h1" || tag === "h2" || tag === "h3" || tag === "h4") {
      if (tag !== "h4") m.headings++;
      heading = true;
    }
    else if (tag === "pre" || tag === "code") m.codeBlocks++;
    else if (tag === "input" || tag === "textarea" || tag === "select") m.formFields++;
    else if (tag === "img") m.images++;
    const list = inList || tag === "li";
    const children = node.children;
    // similar link blocks: element children sharing tag + first two classes that hold a link within 3 levels
    const grouping = children.length >= MIN_SIMILAR_BLOCK;
    let groups: Map<string, number> | null = null;
    let best = 0;
    let depth = NO_LINK;
    for (const child of children) {
      const d = walk(child, link, list);
      if (!isElement(child)) continue;
      const name = child.name;
      depth = Math.min(depth, name === "a" ? 1 : d + 1);
      if (!grouping || name === "a" || d > 3 || SKIP_TAGS.has(name)) continue;
      const key = groupKey(name, child.attribs.class);
      const n = ((groups ??= new Map()).get(key) ?? 0) + 1;
      groups.set(key, n);
      if (n > best) best = n;
    }
    if (best >= MIN_SIMILAR_BLOCK) m.similarLinkBlocks = Math.max(m.similarLinkBlocks, best);
    if (heading && (inLink || depth <= 2)) {
      m.linkedHeadings++;
      if (isTeaser(node)) m.teaserBlocks++;
    }
    return depth;
  };
  for (const child of root.children) walk(child, false, false);
  m.text = parts.join(" ");
  return { page: m, marks };
}

/** The attributes of an element that measurePage reads (undefined: absent), of the element being read. */
const attrs: { cls?: string; id?: string; itemprop?: string; role?: string; href?: string; rel?: string; itemtype?: string; type?: string } = {};

/**
 * Fill `attrs` from an element's attributes. One pass over the element's own attributes (most have none to
 * three) instead of a lookup of each name: the attribs objects have as many shapes as there are attribute
 * sets on the page, so each `attribs.name` was a megamorphic lookup, most of them of an absent name.
 */
function readAttributes(a: Record<string, string>): void {
  attrs.cls = attrs.id = attrs.itemprop = attrs.role = attrs.href = attrs.rel = attrs.itemtype = attrs.type = undefined;
  for (const k in a) {
    switch (k) {
      case "class": attrs.cls = a[k]; break;
      case "id": attrs.id = a[k]; break;
      case "itemprop": attrs.itemprop = a[k]; break;
      case "role": attrs.role = a[k]; break;
      case "href": attrs.href = a[k]; break;
      case "rel": attrs.rel = a[k]; break;
      case "itemtype": attrs.itemtype = a[k]; break;
      case "type": attrs.type = a[k]; break;
    }
  }
}

/** The metadata an element carries (readMetadata reads them), from `attrs` (readAttributes of the element). */
function readMarks(el: Element, out: MetadataElements): void {
  const name = el.name;
  const { itemtype, itemprop } = attrs;
  if (name === "meta") out.metas.push(el);
  else if (name === "script" && attrs.type?.toLowerCase() === "application/ld+json") out.jsonLdScripts.push(el);
  if (itemtype !== undefined) out.itemtypes.push(itemtype);
  if (itemprop === "datePublished" || itemprop === "dateCreated") out.dateItemprop = true;
  if (!out.authorMarkup && (attrs.rel?.toLowerCase() === "author" || itemprop === "author" || (attrs.cls !== undefined && isAuthorClass(attrs.cls)))) out.authorMarkup = true;
}

const AUTHOR_CLASS = /(?:^|\s)(?:byline|author)(?:\s|$)/;

/** AUTHOR_CLASS.test(cls), the regular expression run only on the few classes that hold one of its words (it was run on every class of the page until one matched). */
function isAuthorClass(cls: string): boolean {
  return (cls.includes("author") || cls.includes("byline")) && AUTHOR_CLASS.test(cls);
}

/**
 * `${name}.${(cls ?? "").trim().split(/\s+/).slice(0, 2).join(".")}` (a similar link block's key: tag and
 * first two classes) without the arrays.
 */
function groupKey(name: string, cls: string | undefined): string {
  if (!cls) return `${name}.`;
  const n = cls.length;
  let i = 0;
  while (i < n && isJsSpace(cls.charCodeAt(i))) i++;
  const s1 = i;
  while (i < n && !isJsSpace(cls.charCodeAt(i))) i++;
  const e1 = i;
  while (i < n && isJsSpace(cls.charCodeAt(i))) i++;
  const s2 = i;
  while (i < n && !isJsSpace(cls.charCodeAt(i))) i++;
  return s2 < i ? `${name}.${cls.slice(s1, e1)}.${cls.slice(s2, i)}` : `${name}.${cls.slice(s1, e1)}`;
}

/**
 * `s.replace(/\s+/g, " ").trim().length` without building the string: the length of a text node's text
 * with runs of white space (JavaScript's \s, which is also what trim() removes) collapsed to one
 * space and trimmed. Called on every text node of the page.
 */
function collapsedTrimmedLength(s: string): number {
  let n = 0;
  let space = true;
  for (let i = 0; i < s.length; i++) {
    if (isJsSpace(s.charCodeAt(i))) {
      if (!space) { n++; space = true; }
    } else { n++; space = false; }
  }
  return space && n > 0 ? n - 1 : n;
}

/**
 * `textContent(node).trim().length` (domutils: the text nodes below, in document order, comments left out)
 * without building the text: from the first character that is not white space to the last one.
 */
function trimmedTextLength(node: AnyNode): number {
  let offset = 0, first = -1, last = -1;
  const visit = (n: AnyNode): void => {
    if (n.type === "text") {
      const data = (n as unknown as { data: string }).data;
      let end = data.length - 1;
      while (end >= 0 && isJsSpace(data.charCodeAt(end))) end--;
      if (end >= 0) {
        if (first < 0) { let i = 0; while (isJsSpace(data.charCodeAt(i))) i++; first = offset + i; }
        last = offset + end;
      }
      offset += data.length;
      return;
    }
    if (n.type === "comment") return;
    const children = (n as Partial<ParentNode>).children;
    if (children) for (const c of children) visit(c);
  };
  visit(node);
  return first < 0 ? 0 : last - first + 1;
}

/** Elements that play media or embed a player. */
const MEDIA_TAGS = new Set(["video", "audio", "iframe", "object", "embed"]);
/** Ancestor levels searched from a linked heading for the teaser's summary paragraph. */
const TEASER_LEVELS = 3;

/** A linked heading whose enclosing block (up to TEASER_LEVELS up) also holds a <p> of summary. */
function isTeaser(heading: Element): boolean {
  let node: Element | null = heading;
  for (let level = 0; level < TEASER_LEVELS && node; level++) {
    const parent: ParentNode | null = node.parent;
    if (!parent || parent.type !== "tag") return false;
    for (const sibling of (parent as Element).children) if (sibling !== node && isElement(sibling) && holdsParagraph(sibling, 2)) return true;
    node = parent as Element;
  }
  return false;
}

function holdsParagraph(node: Element, depth: number): boolean {
  if (node.name === "p") return true;
  if (depth <= 0) return false;
  for (const child of node.children) if (isElement(child) && holdsParagraph(child, depth - 1)) return true;
  return false;
}

/** Attributes whose words name what an element is: "comment-reply", "product-price", "articleBody", "navigation". */
const MARKUP_ATTRIBUTES = ["class", "id", "itemprop", "role"] as const;
/** Shorter words are noise ("js", "mt", "col"); longer ones are hashes and generated names. */
const MIN_MARKUP_WORD = 3;
const MAX_MARKUP_WORD = 20;

/** Words of attribute values: "post-body" → post, body; "articleBody" → article, body. */
function markupWordsOf(values: Iterable<string>): string[] {
  const out = new Set<string>();
  // What `[...values].join(" ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z]+/)` finds, value by
  // value (no match and no word crosses the space between two values): an ASCII value in one pass without the
  // regular expressions; any other by them (a few non-ASCII letters lower-case to a-z: K, the Kelvin sign, to k).
  for (const v of values) {
    if (!ASCII_ONLY.test(v)) {
      for (const w of v.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z]+/)) if (w.length >= MIN_MARKUP_WORD && w.length <= MAX_MARKUP_WORD) out.add(w);
      continue;
    }
    // a word is a run of letters, cut where a lower-case letter is followed by an upper-case one
    let start = -1, lower = false, upper = false;
    for (let i = 0; i <= v.length; i++) {
      const c = i < v.length ? v.charCodeAt(i) : 0;
      const isUpper = c >= 65 && c <= 90, isLower = c >= 97 && c <= 122;
      if (start >= 0 && ((!isUpper && !isLower) || (isUpper && lower))) {
        if (i - start >= MIN_MARKUP_WORD && i - start <= MAX_MARKUP_WORD) out.add(upper ? v.slice(start, i).toLowerCase() : v.slice(start, i));
        start = -1;
      }
      if ((isUpper || isLower) && start < 0) { start = i; upper = false; }
      if (isUpper) upper = true;
      lower = isLower;
    }
  }
  return [...out];
}

const ASCII_ONLY = /^[\x00-\x7f]*$/;

// ---- metadata ----

export interface MetaSignals {
  ogType: string | null;
  jsonLdTypes: string[];
  dateMeta: boolean;
  author: boolean;
}

/** The elements metadata is read from, gathered in one pass over the whole document (head and scripts included). */
interface MetadataElements {
  metas: Element[];
  jsonLdScripts: Element[];
  itemtypes: string[];
  /** An element with itemprop datePublished or dateCreated. */
  dateItemprop: boolean;
  /** rel="author", itemprop="author", class byline or author. */
  authorMarkup: boolean;
}

function textOf(node: Element): string {
  return node.children.map((c) => (c.type === "text" ? (c as unknown as { data: string }).data : isElement(c) ? textOf(c) : "")).join("");
}

function readMetadata($: CheerioAPI, marks: MetadataElements): MetaSignals {
  const ogType = marks.metas.find((m) => m.attribs.property === "og:type" || m.attribs.name === "og:type")?.attribs.content?.trim() || null;
  const types = new Set<string>();
  let ldDatePublished = false;
  for (const el of marks.jsonLdScripts) {
    const raw = textOf(el);
    ldDatePublished ||= DATE_PUBLISHED_KEY.test(raw);
    try {
      collectTypes(parseJsonText(raw), types, 0);
    } catch {
      // Broken JSON-LD is common; fall back to the @type strings it mentions.
      for (const m of raw.matchAll(/"@type"\s*:\s*"([^"]+)"/g)) types.add(m[1]!);
    }
  }
  for (const t of marks.itemtypes) {
    for (const part of t.split(/\s+/)) { const name = part.split("/").pop(); if (name) types.add(name); }
  }
  let dateMeta = marks.dateItemprop;
  for (const m of marks.metas) {
    if (dateMeta) break;
    const key = (m.attribs.property ?? m.attribs.name ?? m.attribs.itemprop ?? "").toLowerCase();
    if (DATE_META.includes(key) && m.attribs.content) dateMeta = true;
  }
  // anywhere in the page's HTML; a script's text is written out as it is, so a JSON-LD script that has it
  // answers without rendering the page
  if (types.has("NewsArticle") || types.has("BlogPosting")) dateMeta ||= ldDatePublished || DATE_PUBLISHED_KEY.test($.html() ?? "");
  const author = marks.authorMarkup || marks.metas.some((m) => m.attribs.name === "author" || m.attribs.property === "article:author");
  return { ogType, jsonLdTypes: [...types], dateMeta, author };
}

/** A "datePublished" key (JSON-LD, or any script's data). */
const DATE_PUBLISHED_KEY = /"datePublished"\s*:/;

const MAX_JSONLD_DEPTH = 6;

function collectTypes(value: unknown, out: Set<string>, depth: number): void {
  if (depth > MAX_JSONLD_DEPTH || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) { for (const v of value) collectTypes(v, out, depth + 1); return; }
  const obj = value as Record<string, unknown>;
  const t = obj["@type"];
  if (typeof t === "string") out.add(t.replace(/^.*[/:]/, ""));
  else if (Array.isArray(t)) for (const x of t) if (typeof x === "string") out.add(x.replace(/^.*[/:]/, ""));
  // Only the top-level entities and their @graph: nested authors/publishers (Organization) are not the page's type.
  if (Array.isArray(obj["@graph"])) collectTypes(obj["@graph"], out, depth + 1);
  if (obj.mainEntity && typeof obj.mainEntity === "object") collectTypes(obj.mainEntity, out, depth + 1);
}

/** Whether a JSON-LD type names what a page is (as opposed to its parts: Organization, Person, BreadcrumbList, ImageObject …). */
function hasPageType(t: string): boolean {
  return NEWS_JSONLD.has(t) || PRODUCT_JSONLD.has(t) || FORUM_JSONLD.has(t) || LISTING_JSONLD.has(t) || DOCS_JSONLD.has(t) || SERVICE_JSONLD.has(t) || MEDIA_JSONLD.has(t) || GENERIC_PAGE_JSONLD.has(t);
}

// ---- text helpers ----

function parseUrl(url: string): URL | null {
  try { return new URL(url); } catch { return null; }
}

function countWords(text: string): number {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;
}

const LETTER = /\p{L}/u;
const UPPER = /\p{Lu}/u;
const NUMBER = /\p{N}/u;

/** Counts of the text's code points, as the regular expressions count them. */
export interface TextCounts {
  /** /\p{L}/gu matches */
  letters: number;
  /** /\p{Lu}/gu matches */
  upper: number;
  /** /\p{N}/gu matches */
  digits: number;
  /** /[\p{L}\p{N}]+/gu matches (words) */
  words: number;
}

/**
 * Letters, upper-case letters, digits and words in one pass without a match array: the four
 * `text.match(…/gu)` it replaces built an array of one string per letter of a 5,000-word text
 * (session 12: the classifier's largest allocations). ASCII is decided by its code; any other
 * code point by the same Unicode classes (a lone surrogate is none of them, as with /u).
 */
export function countTextChars(text: string): TextCounts {
  let letters = 0, upper = 0, digits = 0, words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let isLetter: boolean, isUpper: boolean, isNumber: boolean;
    if (c < 128) {
      isUpper = c >= 65 && c <= 90;
      isLetter = isUpper || (c >= 97 && c <= 122);
      isNumber = c >= 48 && c <= 57;
    } else {
      const cp = text.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      if (cp > 0xffff) i++;
      isLetter = LETTER.test(ch);
      isUpper = isLetter && UPPER.test(ch);
      isNumber = !isLetter && NUMBER.test(ch);
    }
    if (isLetter) letters++;
    if (isUpper) upper++;
    if (isNumber) digits++;
    const wordChar = isLetter || isNumber;
    if (wordChar && !inWord) words++;
    inWord = wordChar;
  }
  return { letters, upper, digits, words };
}

function countChar(text: string, ch: string): number {
  let n = 0;
  for (let i = text.indexOf(ch); i >= 0; i = text.indexOf(ch, i + 1)) n++;
  return n;
}


/** The runs of letters only (/[\p{L}]+/gu: a digit splits a run) and how many of them are stop words. */
function countStopwords(runs: WordRuns): { letterRuns: number; stopwords: number } {
  let letterRuns = 0, stopwords = 0;
  runWords(runs).forEach((w, i) => {
    if (runs.digits[i] === 0) {
      letterRuns++;
      if (STOPWORDS.has(w)) stopwords++;
      return;
    }
    for (const part of w.match(/\p{L}+/gu) ?? []) {
      letterRuns++;
      if (STOPWORDS.has(part)) stopwords++;
    }
  });
  return { letterRuns, stopwords };
}

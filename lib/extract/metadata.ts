// Article metadata: title, author(s), published and modified dates, language, lead image, canonical
// URL, site name, description. Sources in order of trust, as Readability and trafilatura read them:
//   1. JSON-LD (NewsArticle and kin, inside @graph and arrays too),
//   2. OpenGraph / article:* / Dublin Core / Parse.ly / Sailthru / plain meta tags,
//   3. the document: <title> (cleaned of " | Site name" like Readability), <h1>, <time datetime>,
//      rel=author and byline elements, the <html lang> attribute,
//   4. the URL (dates such as /2024/05/17/) and visible date lines ("Published 4 May 2024").
// Every field records where it came from (`sources`), for the orchestrator's explanation.
import type { AnyNode, CheerioAPI, Element } from "./dom.ts";
import { parseHtml, textOf } from "./dom.ts";
import { parseJsonText } from "./json-ld.ts";
import { scanPage, type PageScan } from "./metadata-scan.ts";
import { findByline } from "./metadata-byline.ts";
import { own } from "../dict.ts";

/** Longest author string believed (longer is a bio or a sentence). */
const MAX_AUTHOR_CHARS = 100;
/** Words in one name found in the page text (longer is a job title, a bio or a sentence). */
const MAX_NAME_WORDS = 5;
/** Longest text node read as a visible date line. */
const MAX_DATE_LINE_CHARS = 100;
/** Text nodes of <body> scanned for a visible date line, in document order. */
const MAX_DATE_LINE_NODES = 400;
/** Dates before this year are misreadings (the web's news archives start in the mid-1990s). */
const MIN_YEAR = 1995;
/** Readability: a cleaned title of this many words or fewer is only trusted if the cut was a real hierarchy. */
const SHORT_TITLE_WORDS = 4;
/**
 * An <h1> that is only the last part of the declared title ("Story headline :: Site name") agrees
 * with it only when it is at least this share of it: a shorter one is the site's logo.
 */
const H1_MIN_TITLE_SHARE = 0.5;
/** Readability: the JSON-LD name/headline "matches" the page title above this similarity. */
const LD_TITLE_MATCH = 0.75;
/** Word-set Jaccard above which the <h1> and the declared title are the same headline (then the visible one wins). */
const TITLE_AGREEMENT = 0.5;

export type MetadataField = "title" | "author" | "publishedAt" | "modifiedAt" | "lang" | "imageUrl" | "canonicalUrl" | "siteName" | "description";

export interface ArticleMetadata {
  title: string | null;
  /** Several authors joined with ", ". */
  author: string | null;
  /** ISO 8601 (UTC; date-only values at 00:00Z). */
  publishedAt: string | null;
  modifiedAt: string | null;
  /** Primary language subtag, lower case ("en", "de"). */
  lang: string | null;
  imageUrl: string | null;
  canonicalUrl: string | null;
  siteName: string | null;
  description: string | null;
  /** Where each field was found, e.g. { title: "json-ld", publishedAt: "meta:article:published_time" }. */
  sources: Partial<Record<MetadataField, string>>;
}

const ARTICLE_TYPES = new Set([
  "article", "newsarticle", "reportagenewsarticle", "analysisnewsarticle", "opinionnewsarticle", "reviewnewsarticle",
  "backgroundnewsarticle", "blogposting", "liveblogposting", "socialmediaposting", "techarticle", "scholarlyarticle",
  "report", "review", "discussionforumposting", "medicalwebpage", "videoobject", "recipe", "howto", "qapage",
]);
/** Article types that carry a text (preferred over a video or a recipe described on the same page). */
const TEXT_TYPE_RE = /article|posting|report/;
const PAGE_TYPES = new Set(["webpage", "itempage", "aboutpage", "collectionpage", "profilepage", "searchresultspage"]);

const TITLE_METAS = ["dc:title", "dcterm:title", "dcterms:title", "dc.title", "dcterms.title", "og:title", "twitter:title", "parsely-title", "sailthru.title", "title"];
const AUTHOR_METAS = ["dc:creator", "dcterm:creator", "dcterms:creator", "author", "article:author", "parsely-author", "sailthru.author", "byl", "dc.creator", "dcterms.creator", "citation_author", "og:article:author"];
const PUBLISHED_METAS = [
  "article:published_time", "og:article:published_time", "article:published", "parsely-pub-date", "sailthru.date", "dc.date.issued",
  "dcterms.issued", "dc.date", "dcterms.date", "dcterms.created", "dc.date.created", "citation_publication_date", "citation_date",
  "pubdate", "publishdate", "publish-date", "publish_date", "date", "datepublished", "article.published", "og:published_time",
];
const MODIFIED_METAS = ["article:modified_time", "og:updated_time", "og:article:modified_time", "dcterms.modified", "dc.date.modified", "last-modified", "datemodified", "article.updated"];
const IMAGE_METAS = ["og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src", "thumbnail"];
const SITE_METAS = ["og:site_name", "application-name", "al:ios:app_name", "publisher", "dc.publisher"];
const DESCRIPTION_METAS = ["og:description", "description", "twitter:description", "dc.description", "dcterms.description"];

/** Title separators Readability cuts at. */
const TITLE_SEPARATOR_RE = / [|\-–—\\/>»·•] /;
const HIERARCHY_SEPARATOR_RE = / [\\/>»] /;
const URL_DATE_RES = [
  /\/((?:19|20)\d{2})[/_-](0?[1-9]|1[0-2])[/_-](0?[1-9]|[12]\d|3[01])(?=[/_.-]|$)/,
  /[/_-]((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=[/_.-]|$)/,
];
/** "By", "By:", "Written by", "Par", ... before a byline's names. */
const BY_PREFIX_RE = /^\s*(?:(?:[\p{L}&]+\s+){0,3}?by\b|(?:von|par|por|door|av|af)\s|(?:author|authors|autor|auteur|autore)\s*:)\s*:?\s*/iu;
/** Labels that bylines carry instead of (or next to) a name: "Author", "About the author", "Sign in". */
const AUTHOR_LABEL_RE = /^(?:about\s+)?(?:the\s+)?(?:author|authors|writer|editor|staff|contributor|admin|guest)$|^(?:sign|log)\s*in$|^follow(?:\s+author)?$|^(?:share|comments?|reply|more)$|^(?:your\s+)?(?:name|e-?mail|website)\s*\*?$/i;
/** Characters no personal or organisation name in a byline carries: ©, ®, !, ?. */
const NOT_A_NAME_RE = /[©®!?]/;
const WEEKDAY = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat)\\b";
/** What follows the names in a byline line: a date, a time, "Updated …", "Published …". */
const AUTHOR_TAIL_RE = new RegExp(
  `(?:^|\\s+)(?:(?:last\\s+)?(?:updated|published|posted)\\b(?!\\s+by\\b)|\\d{1,2}[:./-]\\d|(?:19|20)\\d\\d\\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?\\s+\\d|on\\s+${WEEKDAY}|${WEEKDAY}(?=,|\\s+\\d|$)|[»›]).*$`, "i");
/** Dashes, bars and bullets left at either end of a name ("Jane Roe —"). */
const EDGE_PUNCTUATION_RE = /^[\s—–\-|·•:,~*]+|[\s—–\-|·•:,~*]+$/g;
/** " | " before a trailing site name, and "Site | " after a leading one. */
const SITE_SUFFIX_SEPARATOR_RE = /\s+[|\-–—·•:»]\s+$/;
const SITE_PREFIX_SEPARATOR_RE = /^\s*[|\-–—·•:»]\s+/;
const TRAILING_SEPARATORS_RE = /[\s|:·•»\-–—]+$/;
const YEAR_RE = /(?:19|20)\d\d/;
const NON_SPACE_RE = /\S/;
const DATE_HINT_RE = /date|time|publish|posted|byline|meta|dateline|timestamp/i;
const DATE_WORD_RE = /published|posted|updated|veröffentlicht|publié|publicado|pubblicato|aktualisiert|am\b|on\b/i;

const MONTH_NUMBERS: [RegExp, number][] = [
  [/^(jan|janv|enero|ene|gen|gennaio|jänner|januar|janvier|janeiro)/, 1], [/^(feb|fév|fev|febrero|febbraio|februar|février|fevereiro)/, 2],
  [/^(mar|mär|mrz|marzo|märz|mars|março)/, 3], [/^(apr|avr|abr|aprile|avril|abril)/, 4], [/^(may|mai|mayo|maggio|maio|mag)/, 5],
  [/^(jun|juin|junio|giugno|juni|junho|giu)/, 6], [/^(jul|juil|julio|luglio|juli|julho|lug)/, 7], [/^(aug|août|aout|ago|agosto)/, 8],
  [/^(sep|set|septiembre|settembre|september|septembre|setembro)/, 9], [/^(oct|okt|ott|octubre|ottobre|oktober|octobre|outubro|out)/, 10],
  [/^(nov|noviembre|novembre|november|novembro)/, 11], [/^(dec|dez|déc|dic|diciembre|dicembre|dezember|décembre|dezembro)/, 12],
];
const MONTH_WORD = "[A-Za-zÀ-ÿ]{3,10}\\.?";
const TEXT_DATE_RES: { re: RegExp; order: "ymd" | "dmy" | "mdy" | "dMy" | "Mdy" }[] = [
  { re: /\b((?:19|20)\d{2})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?/, order: "ymd" },
  { re: /\b((?:19|20)\d{2})\/(\d{1,2})\/(\d{1,2})\b/, order: "ymd" },
  { re: /\b(\d{1,2})\.\s?(\d{1,2})\.\s?((?:19|20)\d{2})\b/, order: "dmy" },
  { re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|\\.)?\\s+(?:de\\s+)?(${MONTH_WORD})\\s+(?:de\\s+)?((?:19|20)\\d{2})\\b`, "u"), order: "dMy" },
  { re: new RegExp(`\\b(${MONTH_WORD})\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+((?:19|20)\\d{2})\\b`, "u"), order: "Mdy" },
  { re: /\b(\d{1,2})\/(\d{1,2})\/((?:19|20)\d{2})\b/, order: "mdy" },
  { re: /((?:19|20)\d{2})年(\d{1,2})月(\d{1,2})日/, order: "ymd" },
];

/**
 * Metadata of a page. `input` is HTML or a cheerio document already parsed (only read, never
 * changed); `url` is the page's address, used to make links absolute and to read dates in it.
 * The page is walked once (metadata-scan.ts); sources further down each field's list (the body's
 * <time>, byline elements, visible date lines) are only read when the ones above gave nothing.
 */
export function extractMetadata(input: string | CheerioAPI, url?: string | null): ArticleMetadata {
  const $ = typeof input === "string" ? parseHtml(input) : input;
  const base = url ?? null;
  const page = scanPage($.root()[0] as AnyNode);
  const metas = page.metas;
  const docTitle = cleanText(textOrEmpty(page.headTitle) || textOrEmpty(page.firstTitle));
  const ld = readJsonLd(page.ldScripts, docTitle);
  const sources: ArticleMetadata["sources"] = {};
  const pick = (field: MetadataField, candidates: Candidate[]): string | null => {
    for (const [src, read] of candidates) {
      const v = read();
      if (v) { sources[field] = src; return v; }
    }
    return null;
  };
  const metaFirst = (names: string[], clean: (v: string) => string | null = (v) => v): Candidate[] =>
    names.map((n) => [`meta:${n}`, () => { const v = metas.get(n); return v ? clean(v) : null; }]);

  const siteName = pick("siteName", [["json-ld", () => ld.siteName], ...metaFirst(SITE_METAS, cleanText)]);
  const h1 = cleanText(textOrEmpty(page.articleH1) || textOrEmpty(page.h1));
  const ogTitle = metas.get("og:title");
  const metaTitle = ld.title ? trimSiteName(ld.title, siteName) : ogTitle ? trimSiteName(cleanText(ogTitle) ?? "", siteName) : null;
  const headings = () => page.headings.map((el) => cleanText(textOf(el)));
  const title = pick("title", [
    ["h1", () => (metaTitle && h1 && agreesWith(h1, metaTitle) ? h1 : null)],
    ["json-ld", () => (ld.title ? trimSiteName(ld.title, siteName) : null)],
    ...metaFirst(TITLE_METAS, (v) => trimSiteName(cleanText(v) ?? "", siteName)),
    ["title", () => (docTitle ? cleanTitle(docTitle, siteName, headings) : null)],
    ["h1", () => h1],
  ]);
  const author = pick("author", [
    ["json-ld", () => ld.author],
    ...metaFirst(AUTHOR_METAS, cleanAuthor),
    ["byline", () => findByline(page.body, (t) => cleanAuthor(t, { strict: true }))],
    ["json-ld:organization", () => ld.orgAuthor],
  ]);
  const publishedAt = pick("publishedAt", [
    ["json-ld", () => toIsoDate(ld.published)],
    ...metaFirst(PUBLISHED_METAS, toIsoDate),
    ["time", () => readTimeElement(page, "published")],
    ["url", () => (base ? dateFromUrl(base) : null)],
    ["date-line", () => readVisibleDate(page.body)],
  ]);
  const modifiedAt = pick("modifiedAt", [
    ["json-ld", () => toIsoDate(ld.modified)], ...metaFirst(MODIFIED_METAS, toIsoDate), ["time", () => readTimeElement(page, "modified")],
  ]);
  const lang = pick("lang", [
    ["html-lang", () => primaryLang(page.htmlEl?.attribs.lang ?? page.htmlEl?.attribs["xml:lang"])],
    ["meta:content-language", () => primaryLang(metas.get("content-language") ?? metas.get("language") ?? metas.get("dc.language"))],
    ["meta:og:locale", () => primaryLang(metas.get("og:locale"))],
    ["json-ld", () => primaryLang(ld.lang)],
  ]);
  const imageUrl = pick("imageUrl", [
    ...metaFirst(IMAGE_METAS, (v) => absolutise(v, base)),
    ["json-ld", () => (ld.image ? absolutise(ld.image, base) : null)],
    ["link:image_src", () => absolutise(page.imageSrc?.attribs.href, base)],
  ]);
  const canonicalUrl = pick("canonicalUrl", [
    ["link:canonical", () => absolutise(page.canonical?.attribs.href, base)],
    ["meta:og:url", () => absolutise(metas.get("og:url"), base)],
    ["json-ld", () => absolutise(ld.url, base)],
  ]);
  const description = pick("description", [...metaFirst(DESCRIPTION_METAS, cleanText), ["json-ld", () => cleanText(ld.description ?? "")]]);
  return { title, author, publishedAt, modifiedAt, lang, imageUrl, canonicalUrl, siteName, description, sources };
}

/** A source name and how to read it (called only when every source before it gave nothing). */
type Candidate = [string, () => string | null | undefined];

// ---- JSON-LD ----

interface LdFields { title?: string; author?: string | null; orgAuthor?: string | null; published?: string; modified?: string; image?: string; siteName?: string; url?: string; description?: string; lang?: string }

function readJsonLd(scripts: string[], docTitle: string | null): LdFields {
  const nodes: Record<string, unknown>[] = [];
  for (const text of scripts) {
    const parsed = parseLdScript(text);
    if (parsed !== undefined) collectLdNodes(parsed, nodes, 0);
  }
  const typed = (n: Record<string, unknown>) => ldTypes(n);
  const article = nodes.find((n) => typed(n).some((t) => ARTICLE_TYPES.has(t) && TEXT_TYPE_RE.test(t)))
    ?? nodes.find((n) => typed(n).some((t) => ARTICLE_TYPES.has(t)))
    ?? nodes.find((n) => typed(n).some((t) => PAGE_TYPES.has(t)) && (n.headline || n.datePublished));
  const org = nodes.find((n) => typed(n).some((t) => t === "website" || t === "organization" || t === "newsmediaorganization"));
  if (!article) return { siteName: org ? ldText(org.name) : undefined };
  const publisher = article.publisher as Record<string, unknown> | undefined;
  return {
    title: chooseLdTitle(ldText(article.headline), ldText(article.name), docTitle),
    author: ldAuthors(article.author ?? article.creator, "person"),
    orgAuthor: ldAuthors(article.author ?? article.creator, "organization"),
    published: ldText(article.datePublished) ?? ldText(article.dateCreated) ?? ldText(article.uploadDate),
    modified: ldText(article.dateModified),
    image: ldImage(article.image ?? article.thumbnailUrl),
    siteName: ldText(publisher?.name) ?? (org ? ldText(org.name) : undefined),
    url: ldText(article.url) ?? ldText((article.mainEntityOfPage as Record<string, unknown> | undefined)?.["@id"]),
    description: ldText(article.description),
    lang: ldText(article.inLanguage),
  };
}

/**
 * JSON-LD headline or name, when they differ: the headline, unless only the name matches the page's
 * <title> (Readability compares both with the title: some sites put the site's name in "name",
 * Wikipedia puts a description in "headline").
 */
function chooseLdTitle(headline: string | undefined, name: string | undefined, docTitle: string | null): string | undefined {
  if (!headline || !name || headline === name || !docTitle) return headline ?? name;
  const nameMatches = titleSimilarity(docTitle, name) > LD_TITLE_MATCH, headlineMatches = titleSimilarity(docTitle, headline) > LD_TITLE_MATCH;
  return nameMatches && !headlineMatches ? name : headline;
}

/** Readability's _textSimilarity: share of b's words (by length) also in a. */
function titleSimilarity(a: string, b: string): number {
  const ta = new Set(a.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const tb = b.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!ta.size || !tb.length) return 0;
  const uniq = tb.filter((t) => !ta.has(t));
  return 1 - uniq.join(" ").length / tb.join(" ").length;
}

/**
 * A JSON-LD script's value: as the page's other readers parse it (json-ld.ts, shared) when it is valid
 * JSON as it stands (then taking off CDATA markers and white space would change nothing: a JSON text
 * neither starts with "<" nor ends with ">"), else loosely, without the markers and the white space.
 */
function parseLdScript(text: string): unknown {
  try {
    return parseJsonText(text);
  } catch {
    return parseJsonLoosely(text.replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, "").trim());
  }
}

function parseJsonLoosely(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    try {
      // Common breakage: raw newlines/tabs inside strings, trailing commas.
      return JSON.parse(raw.replace(/[\n\r\t]+/g, " ").replace(/,\s*([}\]])/g, "$1"));
    } catch {
      return undefined;
    }
  }
}

function collectLdNodes(v: unknown, out: Record<string, unknown>[], depth: number): void {
  if (depth > 4 || !v || typeof v !== "object") return;
  if (Array.isArray(v)) { for (const x of v) collectLdNodes(x, out, depth + 1); return; }
  const o = v as Record<string, unknown>;
  if (o["@type"]) out.push(o);
  if (o["@graph"]) collectLdNodes(o["@graph"], out, depth + 1);
  if (o.mainEntity && typeof o.mainEntity === "object") collectLdNodes(o.mainEntity, out, depth + 1);
}

function ldTypes(n: Record<string, unknown>): string[] {
  const t = n["@type"];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === "string").map((x) => x.toLowerCase().replace(/^.*[/:]/, ""));
}

function ldText(v: unknown): string | undefined {
  if (typeof v === "string") return decodeEntities(v).trim() || undefined;
  if (typeof v === "number") return String(v);
  if (Array.isArray(v)) return ldText(v[0]);
  if (v && typeof v === "object" && "@value" in v) return ldText((v as Record<string, unknown>)["@value"]);
  return undefined;
}

/** Author names of JSON-LD; people and organisations apart (a byline names people; an organisation is a last resort). */
function ldAuthors(v: unknown, kind: "person" | "organization"): string | null {
  const list = (Array.isArray(v) ? v : [v]).flatMap((a): string[] => {
    if (typeof a === "string") return kind === "person" ? [a] : [];
    if (a && typeof a === "object") {
      const isOrg = ldTypes(a as Record<string, unknown>).some((t) => t.includes("organization") || t === "newsmediaorganization" || t === "corporation");
      if (isOrg !== (kind === "organization")) return [];
      const name = ldText((a as Record<string, unknown>).name);
      return name ? [name] : [];
    }
    return [];
  });
  return joinDistinct(list.map((n) => cleanAuthor(n) ?? ""));
}

function ldImage(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return ldImage(v[0]);
  if (v && typeof v === "object") return ldText((v as Record<string, unknown>).url) ?? ldText((v as Record<string, unknown>).contentUrl);
  return undefined;
}

// ---- title ----

/** Readability's title cleaning: cut " | Site" / "Site - " parts unless that leaves too few words. */
export function cleanTitle(orig: string, siteName: string | null, headings?: () => (string | null)[]): string {
  const bySite = trimSiteName(orig, siteName);
  if (bySite !== orig) return bySite;
  let cur = orig;
  let hierarchical = false;
  if (TITLE_SEPARATOR_RE.test(orig)) {
    hierarchical = HIERARCHY_SEPARATOR_RE.test(orig);
    const seps = [...orig.matchAll(/ [|\-–—\\/>»·•] /g)];
    cur = orig.slice(0, seps[seps.length - 1].index);
    if (wordCount(cur) < 3) cur = orig.replace(/^[^|\-–—\\/>»·•]*[|\-–—\\/>»·•]/, "");
  } else if (orig.includes(": ")) {
    if (!(headings?.() ?? []).includes(orig.trim())) {
      cur = orig.slice(orig.lastIndexOf(":") + 1).trim();
      if (wordCount(cur) < 3) cur = orig.slice(orig.indexOf(":") + 1).trim();
      else if (wordCount(orig.slice(0, orig.indexOf(":"))) > 5) cur = orig;
    }
  }
  cur = cur.trim();
  const sepWords = wordCount(orig.replace(/[|\-–—\\/>»·•]+/g, "")) - 1;
  if (wordCount(cur) <= SHORT_TITLE_WORDS && (!hierarchical || wordCount(cur) !== sepWords)) return orig;
  return cur;
}

/** Drop a leading or trailing " | Site name" when the site name is known. */
function trimSiteName(title: string, siteName: string | null): string {
  const t = title.trim();
  const name = siteName?.trim().toLowerCase();
  if (!name) return t;
  const lower = t.toLowerCase();
  if (lower.length !== t.length) return t; // lower-casing changed offsets (rare letters): leave it
  let cut = t;
  if (lower.endsWith(name)) {
    const m = SITE_SUFFIX_SEPARATOR_RE.exec(t.slice(0, t.length - name.length));
    if (m) cut = t.slice(0, m.index);
  }
  if (cut.toLowerCase().startsWith(name)) {
    const m = SITE_PREFIX_SEPARATOR_RE.exec(cut.slice(name.length));
    if (m) cut = cut.slice(name.length + m[0].length);
  }
  cut = cut.trim();
  return cut || t;
}

/** The visible headline agrees with the declared title: contained in it, or sharing most words (SEO titles add site names and years). */
function agreesWith(h1: string, title: string): boolean {
  const a = h1.toLowerCase();
  const b = title.toLowerCase();
  if (wordCount(a) < 2) return false;
  if (b.includes(a)) return b.startsWith(a) || a.length >= b.length * H1_MIN_TITLE_SHARE || !b.replace(TRAILING_SEPARATORS_RE, "").endsWith(a);
  const wa = new Set(a.match(/[\p{L}\p{N}]+/gu) ?? []);
  const wb = new Set(b.match(/[\p{L}\p{N}]+/gu) ?? []);
  let inter = 0;
  for (const w of wa) if (wb.has(w)) inter++;
  return inter / (wa.size + wb.size - inter) >= TITLE_AGREEMENT;
}

function wordCount(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

// ---- authors ----

/**
 * Author names from a meta value or a byline: "By Jane Roe | May 3, 2024" → "Jane Roe". Drops the
 * leading "By", whatever follows a date or "Updated"/"Published", URLs and handles' "@", and with
 * `strict` (text found in the page rather than declared) rejects parts that do not look like a name.
 */
function cleanAuthor(v: string | null | undefined, opts: { strict?: boolean } = {}): string | null {
  if (!v) return null;
  const parts = splitNames(decodeEntities(v).replace(/[\s\u00a0]+/g, " ").replace(/\S+@\S+\.\S+/g, "").replace(AUTHOR_TAIL_RE, "").replace(BY_PREFIX_RE, ""))
    .map((p) => cleanText(p.replace(BY_PREFIX_RE, "").replace(EDGE_PUNCTUATION_RE, ""))?.replace(/^@/, "") ?? "")
    .filter((p) => p && !/^https?:|www\.|\.(?:com|org|net)\b|^\d+$/i.test(p) && !AUTHOR_LABEL_RE.test(p) && p.length <= MAX_AUTHOR_CHARS)
    .filter((p) => !opts.strict || (wordCount(p) <= MAX_NAME_WORDS && !/\d/.test(p) && !NOT_A_NAME_RE.test(p)));
  const joined = joinDistinct(parts);
  return joined && joined.length <= MAX_AUTHOR_CHARS * 2 ? joined : null;
}

/** "A, B and C" → [A, B, C]; "and"/"&" split only between capitalised names ("Center for Drug Evaluation and Research" stays whole). */
function splitNames(v: string): string[] {
  return v.split(/\s*[,;|]\s*/).flatMap((part) => {
    const pieces = part.split(/\s+(?:and|und|et|y|e|&)\s+/i);
    const names = pieces.every((p) => /^(?:\p{Lu}[\p{L}.'’-]*\s*){1,4}$/u.test(p.trim()));
    return names ? pieces : [part];
  });
}

function joinDistinct(list: string[]): string | null {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const v = cleanText(raw);
    if (!v || seen.has(v.toLowerCase())) continue;
    seen.add(v.toLowerCase());
    out.push(v);
  }
  return out.length ? out.join(", ") : null;
}

// ---- dates ----

/** A date string in any common format → ISO 8601, or null when it is not a plausible date. */
export function toIsoDate(v: string | null | undefined): string | null {
  if (!v) return null;
  const s = v.trim();
  if (/^\d{10}(\d{3})?$/.test(s)) return plausible(new Date(Number(s) * (s.length === 10 ? 1000 : 1)));
  for (const { re, order } of TEXT_DATE_RES) {
    const m = re.exec(s);
    if (!m) continue;
    if (order === "ymd" && m[4] !== undefined) {
      // Keep the offset as written: the publisher's local date is the date (UTC may be the next day).
      const pad = (x: string | undefined) => (x ?? "0").padStart(2, "0");
      const offset = !m[7] || m[7] === "Z" ? "Z" : m[7].replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2");
      const iso = `${m[1]}-${pad(m[2])}-${pad(m[3])}T${pad(m[4])}:${pad(m[5])}:${pad(m[6])}${offset}`;
      if (plausible(new Date(iso))) return iso;
    }
    if (/\d{1,2}:\d{2}/.test(s) && /[a-z]{3},?\s+\d|gmt|utc|[+-]\d{4}$/i.test(s)) {
      const rfc = Date.parse(s); // RFC 2822 and kin carry a time and zone worth keeping
      if (!Number.isNaN(rfc)) return plausible(new Date(rfc));
    }
    const [y, mo, d] = ymdOf(m, order);
    if (y && mo && d) return plausible(new Date(Date.UTC(y, mo - 1, d)));
  }
  const parsed = Date.parse(s);
  return Number.isNaN(parsed) ? null : plausible(new Date(parsed));
}

function ymdOf(m: RegExpExecArray, order: string): [number, number | null, number] {
  switch (order) {
    case "ymd": return [+m[1], +m[2], +m[3]];
    case "dmy": return [+m[3], +m[2], +m[1]];
    case "mdy": return [+m[3], +m[1], +m[2]];
    case "dMy": return [+m[3], monthNumber(m[2]), +m[1]];
    default: return [+m[3], monthNumber(m[1]), +m[2]];
  }
}

function monthNumber(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, "");
  for (const [re, n] of MONTH_NUMBERS) if (re.test(w)) return n;
  return null;
}

function plausible(d: Date): string | null {
  const t = d.getTime();
  if (Number.isNaN(t)) return null;
  const y = d.getUTCFullYear();
  if (y < MIN_YEAR || t > Date.now() + 2 * 86_400_000) return null;
  return d.toISOString();
}

/** Date written in the URL path: /2024/05/17/, /2024-05-17-, /20240517/. */
export function dateFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  for (const re of URL_DATE_RES) {
    const m = re.exec(path);
    if (m) return plausible(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])));
  }
  return null;
}

/** <time datetime> marked as publication (or modification), else the first one in the article or the page. */
function readTimeElement(page: PageScan, kind: "published" | "modified"): string | null {
  const marked = kind === "published" ? page.publishedEl : page.modifiedEl;
  const fromMarked = marked?.attribs.datetime ?? marked?.attribs.content;
  if (fromMarked) return toIsoDate(fromMarked);
  if (kind === "modified") return null;
  const pub = page.pubdateTime?.attribs.datetime ?? page.articleTime?.attribs.datetime ?? page.firstTime?.attribs.datetime;
  return toIsoDate(pub);
}

/** A short visible line with a date: inside an element whose class/id says date/time/byline first, else one that says "Published …". */
function readVisibleDate(body: Element | null): string | null {
  if (!body) return null;
  let hinted: string | null = null;
  let worded: string | null = null;
  let seen = 0;
  const walk = (node: AnyNode, hint: boolean): boolean => {
    if (seen > MAX_DATE_LINE_NODES) return true;
    if (node.type === "text") {
      const data = (node as unknown as { data: string }).data;
      if (!NON_SPACE_RE.test(data)) return false;
      seen++;
      if (!YEAR_RE.test(data)) return false; // every date pattern has a four-digit year
      const text = cleanText(data);
      if (!text || text.length > MAX_DATE_LINE_CHARS) return false;
      const iso = TEXT_DATE_RES.some(({ re }) => re.test(text)) ? toIsoDate(text) : null;
      if (!iso) return false;
      if (hint && !hinted) hinted = iso;
      if (!worded && DATE_WORD_RE.test(text)) worded = iso;
      return hinted !== null;
    }
    if (node.type !== "tag") return false;
    const el = node as Element;
    if (el.name === "script" || el.name === "style" || el.name === "noscript") return false;
    // (class and id tested apart: no hint word holds a space, so none spans the two)
    const h = hint || isDateHinted(el.attribs);
    for (const c of el.children) if (walk(c, h)) return true;
    return false;
  };
  walk(body, false);
  return hinted ?? worded;
}

function isDateHinted(a: Record<string, string>): boolean {
  const cls = a.class, id = a.id;
  return (cls !== undefined && DATE_HINT_RE.test(cls)) || (id !== undefined && DATE_HINT_RE.test(id));
}

// ---- small helpers ----

function textOrEmpty(el: Element | null): string {
  return el ? textOf(el) : "";
}

function primaryLang(v: string | null | undefined): string | null {
  const m = /^\s*([A-Za-z]{2,3})(?:[-_]|$|\s|,)/.exec(v ?? "");
  return m ? m[1].toLowerCase() : null;
}

function absolutise(href: string | null | undefined, base: string | null): string | null {
  const h = href?.trim();
  if (!h || h.startsWith("data:") || h.startsWith("javascript:")) return null;
  try {
    return new URL(h, base ?? undefined).toString();
  } catch {
    return null;
  }
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ndash: "–", mdash: "—", hellip: "…", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“",
  bull: "•", middot: "·", raquo: "»", laquo: "«", copy: "©", reg: "®", trade: "™" };

/** JSON-LD and meta values are often HTML-escaped twice: decode numeric and common named entities. */
function decodeEntities(v: string): string {
  return v.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1].toLowerCase() === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return own(NAMED_ENTITIES, e.toLowerCase()) ?? m;
  });
}

function cleanText(v: string): string | null {
  const t = decodeEntities(v).replace(/[\s\u00a0]+/g, " ").trim();
  return t || null;
}

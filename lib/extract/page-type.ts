// A light guess of the page's kind from DOM evidence, so that the orchestrator can route the
// non-article pages of the web (WCXB's listings, collections, products, services, forums) to the
// extraction their content needs, as rs-trafilatura routes by predicted page type:
//   - "article": the page declares itself one (og:type article, JSON-LD Article / NewsArticle /
//     BlogPosting / Review ...: product-page.ts reads them in its walk);
//   - "product": it sells something (schema.org Product/Offer, og:type product, price or add-to-cart
//     markup) and is not an article;
//   - "other": neither: index pages (news and blog front pages, topic and category pages, course
//     catalogues, recipe indexes), service pages, documentation, forums.
// The evidence comes from the walk product-page.ts already makes (no second walk of the page).
import type { ProductScan } from "./product-page.ts";
import type { TextBlock } from "./segment.ts";

export type PageKind = "article" | "product" | "other";

export function guessPageKind(scan: ProductScan): PageKind {
  if (scan.article) return "article";
  if (scan.product) return "product";
  return "other";
}

/**
 * An index page's container is a list of linked items (headline + teaser cards, course titles, recipe
 * tiles): the block classifier's link-list rule would drop them as navigation. A container reads as
 * such a list when it holds at least this many link-list blocks…
 */
const INDEX_MIN_LINK_LISTS = 5;
/**
 * …holding at least this share of its text (less lets in pages whose link lists are furniture).
 */
const INDEX_MIN_LINK_LIST_SHARE = 0.3;

/** True when `blocks` (a named container's blocks) form an index of linked items, judged by `isLinkList`. */
export function isLinkIndex(blocks: TextBlock[], isLinkList: (b: TextBlock) => boolean): boolean {
  let lists = 0, listChars = 0, chars = 0;
  for (const b of blocks) {
    chars += b.text.length;
    if (isLinkList(b)) { lists++; listChars += b.text.length; }
  }
  return lists >= INDEX_MIN_LINK_LISTS && listChars >= chars * INDEX_MIN_LINK_LIST_SHARE;
}

/** Words in a URL's last path segment from which it reads as an article slug ("/2024/05/council-approves-new-lanes"). */
const SLUG_MIN_WORDS = 4;
/** A run of this many digits in the path is an article id or a date (/artykul/9491-..., /2024/05/). */
const ID_MIN_DIGITS = 4;
const ID_RE = new RegExp(`\\d{${ID_MIN_DIGITS},}`);

/**
 * True when the URL names one document: an id or date in the path, or a last segment of at least
 * SLUG_MIN_WORDS words. Index pages live at short paths ("/", "/technology", "/recipes/air-fryer-recipes").
 */
export function hasArticleSlug(url: string): boolean {
  let path: string;
  try { path = new URL(url).pathname; } catch { return false; }
  if (ID_RE.test(path)) return true;
  const last = path.split("/").filter(Boolean).pop() ?? "";
  const stem = last.replace(/\.[a-z0-9]+$/i, "");
  return stem.split(/[-_+,]+/).filter((t) => /\p{L}/u.test(t)).length >= SLUG_MIN_WORDS;
}

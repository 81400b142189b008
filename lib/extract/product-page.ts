// Product pages: shops show customer reviews, star-rating histograms and review widgets (Bazaarvoice,
// Yotpo, Judge.me, Okendo, Trustpilot, ...) under the product, and the main content of such a page is
// the product and its description without them (WCXB's ground truth leaves them out). The rule is
// gated on evidence that the page sells a product, so that review *articles* (whose reviews are the
// content) are never touched:
//   - schema.org Product / ProductGroup / Offer / AggregateOffer as a JSON-LD @type or microdata itemtype,
//   - og:type "product…", product:price:amount, itemprop="price",
//   - add-to-cart / add-to-bag markup in a class, id or name;
// and no article evidence (og:type article, JSON-LD Article / NewsArticle / BlogPosting / Review).
// A page whose JSON-LD declares a Product as a top-level item (or @graph member) is a product page even
// when an article type appears nested in it (the Product's "review" items) or og:type says "article"
// (WordPress SEO plugins write it on every page, WooCommerce products included); only a top-level
// article type (a review article's Review, whose "itemReviewed" is the Product) outranks it.
// One walk over the document collects the evidence and the outermost review elements together.
import type { AnyNode, Element, ParentNode } from "./dom.ts";
import { isElement, removeNode } from "./dom.ts";
import { parseJsonText } from "./json-ld.ts";

/** schema.org types (JSON-LD or microdata) that say the page sells something. */
const PRODUCT_TYPES = ["Product", "ProductGroup", "Offer", "AggregateOffer", "IndividualProduct"];
/** schema.org types that say the page is an article (a product review article embeds a Product too). */
const ARTICLE_TYPES = ["Article", "NewsArticle", "BlogPosting", "Review", "ReviewNewsArticle", "TechArticle", "Report"];
/** A JSON-LD "@type" (or an array of types) naming one of `types`, anywhere in a script's text. */
const ldTypeRe = (types: string[]) => new RegExp(`"@type"\\s*:\\s*(?:\\[[^\\]]*?)?"(?:${types.join("|")})"`);
const PRODUCT_LD_RE = ldTypeRe(PRODUCT_TYPES);
const ARTICLE_LD_RE = ldTypeRe(ARTICLE_TYPES);
const PRODUCT_ITEMTYPE_RE = new RegExp(`schema\\.org\\/(?:${PRODUCT_TYPES.join("|")})\\b`, "i");
const PRODUCT_TYPE_SET = new Set(PRODUCT_TYPES);
const ARTICLE_TYPE_SET = new Set(ARTICLE_TYPES);
const ADD_TO_CART_RE = /add[-_ ]?to[-_ ]?(?:cart|bag|basket)/i;
/**
 * Class/id of a review section or review item: "review(s)" not preceded by a
 * letter ("customer-reviews", "reviewText", "user_reviews"; not "preview"), and the review widgets' names.
 * (Testimonials are left alone: on service pages they are content.)
 */
const REVIEW_NAME_RE = /(?:^|[^a-z])reviews?|yotpo|jdgm|okendo|trustpilot|stamped-reviews|bv_|bv-content|pr-review/;

export interface ProductScan { product: boolean; article: boolean; reviews: Element[] }

/** The evidence as read, before it is weighed into `product` and `article`. */
interface Evidence extends ProductScan { ldProductTop: boolean; ldArticleTop: boolean }

/** Evidence and the outermost review elements of the page (document order). */
export function scanProductPage(root: ParentNode): ProductScan {
  const scan: Evidence = { product: false, article: false, reviews: [], ldProductTop: false, ldArticleTop: false };
  const walk = (parent: ParentNode, inReview: boolean) => {
    for (const child of parent.children) {
      if (!isElement(child)) continue;
      const a = child.attribs;
      if (child.name === "script") {
        if ((a.type ?? "").toLowerCase() === "application/ld+json") readLdJson(child, scan);
        continue;
      }
      if (child.name === "meta") { readMeta(a, scan); continue; }
      if (a.itemtype && PRODUCT_ITEMTYPE_RE.test(a.itemtype)) scan.product = true;
      if (a.itemprop === "price") scan.product = true;
      const cls = a.class ? a.class.toLowerCase() : "", id = a.id ? a.id.toLowerCase() : "";
      if (!scan.product && (ADD_TO_CART_RE.test(cls) || ADD_TO_CART_RE.test(id) || (a.name !== undefined && ADD_TO_CART_RE.test(a.name)))) scan.product = true;
      let here = inReview;
      if (!inReview && child.name !== "body" && child.name !== "html" && child.name !== "main" && (REVIEW_NAME_RE.test(cls) || REVIEW_NAME_RE.test(id))) {
        scan.reviews.push(child);
        here = true;
      }
      walk(child, here);
    }
  };
  walk(root, false);
  // a top-level JSON-LD Product outranks article evidence that is not a top-level JSON-LD article type
  const article = scan.ldArticleTop || (scan.article && !scan.ldProductTop);
  return { product: scan.product, article, reviews: scan.reviews };
}

function readLdJson(el: Element, scan: Evidence): void {
  let text = "";
  for (const c of el.children) if (c.type === "text") text += (c as unknown as { data: string }).data;
  if (PRODUCT_LD_RE.test(text)) scan.product = true;
  if (ARTICLE_LD_RE.test(text)) scan.article = true;
  let data: unknown;
  // not valid JSON (comments, trailing commas, several objects): only the types anywhere in the text count
  try { data = parseJsonText(text); } catch { return; }
  for (const type of topLevelTypes(data)) {
    if (PRODUCT_TYPE_SET.has(type)) scan.ldProductTop = true;
    if (ARTICLE_TYPE_SET.has(type)) scan.ldArticleTop = true;
  }
}

/** The @type names of a JSON-LD document's top-level items: the object, an array's items, @graph members. */
function topLevelTypes(data: unknown): string[] {
  const items = Array.isArray(data) ? data : [data];
  const types: string[] = [];
  for (const item of items) {
    if (!item || typeof item !== "object") continue;
    const o = item as Record<string, unknown>;
    const t = o["@type"];
    if (typeof t === "string") types.push(t);
    else if (Array.isArray(t)) for (const x of t) if (typeof x === "string") types.push(x);
    if (Array.isArray(o["@graph"])) types.push(...topLevelTypes(o["@graph"]));
  }
  return types.map((t) => t.replace(/^(?:https?:\/\/)?schema\.org\//, ""));
}

function readMeta(a: Record<string, string>, scan: Evidence): void {
  const key = (a.property ?? a.name ?? "").toLowerCase();
  const content = (a.content ?? "").toLowerCase();
  if (key === "og:type") {
    if (content.startsWith("product")) scan.product = true;
    else if (content === "article") scan.article = true;
  } else if (key === "product:price:amount") scan.product = true;
}

/**
 * Remove the review sections of a product page, in place; returns how many elements went (0 when
 * the page is not a product page). A review element holding the page's <h1> (the product title) is
 * a wrapper of the whole product, not a review section, and stays. `scan`: the page's scan when the
 * caller already made it (the orchestrator also reads the page kind from it).
 */
export function removeProductReviews(root: ParentNode, scan: ProductScan = scanProductPage(root)): number {
  if (!scan.product || scan.article) return 0;
  let removed = 0;
  for (const el of scan.reviews) {
    if (containsH1(el)) continue;
    removeNode(el);
    removed++;
  }
  return removed;
}

function containsH1(el: Element): boolean {
  const walk = (n: AnyNode): boolean => {
    if (!isElement(n)) return false;
    if (n.name === "h1") return true;
    for (const c of n.children) if (walk(c)) return true;
    return false;
  };
  return walk(el);
}

// Links out of an HTML page, read with a real parser (cheerio), resolved the way a browser does:
// against <base href> (itself resolved against the page's final URL), then normalised (lib/url/normalize.ts).
import * as cheerio from "cheerio";
import type { CheerioAPI } from "cheerio";
import type { AnyNode, Element } from "domhandler";
import { findOne } from "domutils";
import { collapseSpace, textOf } from "../extract/dom.ts";
import { normalizeUrl } from "../url/normalize.ts";
import { BoundedMap } from "../bounded-map.ts";

export interface PageLink {
  /** normalised absolute http(s) URL. */
  url: string;
  /** anchor text, white space collapsed ("" for image links without alt). */
  text: string;
  /** rel attribute, lower-cased ("" when absent), e.g. "nofollow", "next". */
  rel: string;
}

export type FeedType = "rss" | "atom" | "json" | "rdf";
export interface FeedLink { url: string; type: FeedType; title: string; }

const FEED_TYPES: Record<string, FeedType> = {
  "application/rss+xml": "rss",
  "application/atom+xml": "atom",
  "application/feed+json": "json",
  "application/json": "json",
  "application/rdf+xml": "rdf",
  "text/xml": "rss",
  "application/xml": "rss",
};

function load(html: string | CheerioAPI): CheerioAPI {
  return typeof html === "string" ? cheerio.load(html) : html;
}

/** The URL relative links resolve against: <base href> (first one, resolved) or the page URL. */
export function baseUrlOf($: CheerioAPI, pageUrl: string): string {
  const href = $("base[href]").first().attr("href");
  if (href) {
    try {
      const b = new URL(href.trim(), pageUrl);
      if (b.protocol === "http:" || b.protocol === "https:") return b.toString();
    } catch {
      /* an unparsable <base> is ignored, as browsers do */
    }
  }
  return pageUrl;
}

/**
 * Resolved hrefs a process remembers (href and what it resolves against → normalised URL): every page
 * of a site repeats its navigation (hundreds of links), and resolving + normalising an href (URL
 * parsing, tracking-parameter removal) is most of a link's cost. 10,000 entries of ~100-character
 * URLs ≈ 3 MB, enough for the navigation of the sites a worker is crawling at a time; least recently used evicted first.
 */
const RESOLVED_CACHE_ENTRIES = 10_000;
const resolved = new BoundedMap<string, string | null>(RESOLVED_CACHE_ENTRIES);

/**
 * What an href's resolution against `base` depends on, as a memo key prefix: nothing for an absolute
 * http(s) URL, the base's scheme and authority for a path-absolute one ("/news"), the whole base otherwise.
 * `base` must parse (an unparsable base fails every href, absolute ones too).
 */
function resolutionScope(href: string, base: string, authority: string | null): string {
  const h = href.trim();
  if (/^https?:\/\//i.test(h)) return "";
  // "/x" but not "//host" or "/\\host" (authorities), nor a tab or newline the URL parser would drop before one.
  if (authority !== null && h.charCodeAt(0) === 0x2f && !/^\/[/\\\t\n\r]/.test(h)) return authority;
  return base;
}

/** normalizeUrl(href, base) through the memo; `authority`: base's scheme://authority (null: not an http(s) URL). */
function resolveHref(href: string, base: string, authority: string | null): string | null {
  const key = `${resolutionScope(href, base, authority)}\u0000${href}`;
  const hit = resolved.get(key);
  if (hit !== undefined) return hit;
  const url = normalizeUrl(href, base);
  resolved.set(key, url);
  return url;
}

/** The elements links are read from, collected in one walk of the document (document order). */
interface LinkElements {
  /** The first <base href>. */
  base: Element | null;
  /** <a href> and <area href>. */
  anchors: Element[];
  /** <link href>. */
  links: Element[];
}

function collectLinkElements(nodes: AnyNode[]): LinkElements {
  const out: LinkElements = { base: null, anchors: [], links: [] };
  const stack: AnyNode[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push(nodes[i]!);
  while (stack.length) {
    const node = stack.pop()!;
    // Elements only, as a selector query walks (comments and CDATA sections are not descended into).
    if (node.type !== "tag" && node.type !== "script" && node.type !== "style") {
      if (node.type === "root") for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
      continue;
    }
    const el = node as Element;
    if (Object.hasOwn(el.attribs, "href")) {
      if (el.name === "a" || el.name === "area") out.anchors.push(el);
      else if (el.name === "link") out.links.push(el);
      else if (el.name === "base" && !out.base) out.base = el;
    }
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]!);
  }
  return out;
}

/** An attribute's value as cheerio's .attr() reads it (undefined when absent). */
const attr = (el: Element, name: string): string | undefined => (Object.hasOwn(el.attribs, name) ? el.attribs[name] : undefined);

const hasAlt = (n: AnyNode) => (n as Element).name === "img" && Object.hasOwn((n as Element).attribs, "alt");

/** The alt text of the first <img alt> inside a link (looked for only when the link has no text). */
const altOf = (el: Element): string | undefined => {
  const img = findOne(hasAlt, el.children, true);
  return img ? attr(img, "alt") : undefined;
};

/** The base URL from a <base> element (as baseUrlOf), or the page URL. */
function baseOf(el: Element | null, pageUrl: string): string {
  const href = el ? attr(el, "href") : undefined;
  if (href) {
    try {
      const b = new URL(href.trim(), pageUrl);
      if (b.protocol === "http:" || b.protocol === "https:") return b.toString();
    } catch {
      /* an unparsable <base> is ignored, as browsers do */
    }
  }
  return pageUrl;
}

/**
 * The page's links (extractLinks) and advertised feeds (findFeedLinks) from one walk of the document,
 * hrefs resolved through a bounded per-process memo.
 */
export function readPageLinks(html: string | CheerioAPI, pageUrl: string): { links: PageLink[]; feeds: FeedLink[] } {
  const $ = load(html);
  const found = collectLinkElements([$.root().get(0) as AnyNode]);
  const base = baseOf(found.base, pageUrl);
  const parsable = URL.canParse(base);
  const authority = parsable ? (/^https?:\/\/[^/?#\\]*/i.exec(base)?.[0] ?? null) : null;
  const resolve = (href: string) => (parsable ? resolveHref(href, base, authority) : normalizeUrl(href, base));

  const byUrl = new Map<string, PageLink>();
  for (const el of found.anchors) {
    const url = resolve(attr(el, "href") ?? "");
    if (!url) continue;
    const text = collapseSpace(textOf(el) || altOf(el) || attr(el, "title") || "");
    const rel = (attr(el, "rel") ?? "").trim().toLowerCase();
    const seen = byUrl.get(url);
    if (!seen) byUrl.set(url, { url, text, rel });
    else if (!seen.text && text) seen.text = text;
  }

  const feeds = new Map<string, FeedLink>();
  for (const el of found.links) {
    const rels = (attr(el, "rel") ?? "").toLowerCase().split(/\s+/);
    if (!rels.includes("alternate") && !rels.includes("feed")) continue;
    const mime = (attr(el, "type") ?? "").toLowerCase().split(";")[0].trim();
    const type = FEED_TYPES[mime];
    if (!type) continue;
    const url = resolve(attr(el, "href") ?? "");
    if (url && !feeds.has(url)) feeds.set(url, { url, type, title: (attr(el, "title") ?? "").trim() });
  }
  return { links: [...byUrl.values()], feeds: [...feeds.values()] };
}

/**
 * Every <a href> / <area href> of the page as a normalised http(s) URL; javascript:, mailto:, tel:,
 * data: and unparsable hrefs are dropped. pageUrl must be the FINAL URL after redirects.
 * Each URL appears once (first occurrence; its text is taken from the first occurrence with text).
 */
export function extractLinks(html: string | CheerioAPI, pageUrl: string): PageLink[] {
  return readPageLinks(html, pageUrl).links;
}

/**
 * Feeds the page advertises: <link rel="alternate" type="application/rss+xml|atom+xml|feed+json|json|rdf+xml">
 * (also rel="feed"). URLs normalised; each once; "title" is the link's title attribute.
 */
export function findFeedLinks(html: string | CheerioAPI, pageUrl: string): FeedLink[] {
  return readPageLinks(html, pageUrl).feeds;
}

/** rel=canonical (else og:url) of the page, normalised; null when absent or not http(s). */
export function findCanonicalUrl(html: string | CheerioAPI, pageUrl: string): string | null {
  const $ = load(html);
  const base = baseUrlOf($, pageUrl);
  const canonical = $('link[rel~="canonical"][href]').first().attr("href");
  const og = $('meta[property="og:url"][content]').first().attr("content");
  for (const href of [canonical, og]) {
    const url = href ? normalizeUrl(href, base) : null;
    if (url) return url;
  }
  return null;
}

// One XML parser configuration shared by the feed and sitemap readers (fast-xml-parser).
import { XMLParser } from "fast-xml-parser";

/** Elements that may repeat and must always come back as arrays. */
const REPEATED = new Set(["item", "entry", "url", "sitemap", "link"]);

/**
 * Namespace prefixes are removed (`news:title` → `title`, `atom:link` → `link`), so documents that
 * bind the Google News or Atom namespace to another prefix read the same.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => REPEATED.has(name),
});

export type XmlNode = Record<string, unknown>;

/** Parsed document, or null when it is not well-formed enough to read. */
export function parseXml(text: string): XmlNode | null {
  try {
    return parser.parse(text) as XmlNode;
  } catch {
    return null;
  }
}

/** The text of an element that may be a string, a number or `{ "#text": ... }` (when it has attributes). */
export function textOf(node: unknown): string | null {
  if (node == null) return null;
  if (typeof node === "string") return node.trim() || null;
  if (typeof node === "number" || typeof node === "boolean") return String(node);
  if (Array.isArray(node)) return textOf(node[0]);
  if (typeof node === "object" && "#text" in (node as XmlNode)) return textOf((node as XmlNode)["#text"]);
  return null;
}

export function asArray<T = unknown>(node: unknown): T[] {
  if (node == null) return [];
  return (Array.isArray(node) ? node : [node]) as T[];
}

/** A date from RFC 822 (RSS), RFC 3339 (Atom, sitemaps) or W3C date formats; null when unreadable. */
export function parseDate(value: string | null): Date | null {
  if (!value) return null;
  const t = Date.parse(value.trim());
  return Number.isNaN(t) ? null : new Date(t);
}

/** `raw` resolved against `base`; null when it is not an http(s) URL. */
export function resolveHref(raw: string | null, base: string): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw.trim(), base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}

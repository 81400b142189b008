// RSS 2.0, RSS 1.0 (RDF), Atom and JSON Feed readers: item links and their dates.
import type { DiscoveredUrl, ParsedDocument } from "./types.ts";
import { asArray, parseDate, resolveHref, textOf, type XmlNode } from "./xml.ts";

/** The link of an Atom entry: rel="alternate" (or no rel) first, as RFC 4287 §4.2.7.2 defines. */
function atomLink(links: unknown, base: string): string | null {
  const list = asArray<XmlNode | string>(links);
  const href = (l: XmlNode | string) => (typeof l === "string" ? l : (l["@_href"] as string | undefined) ?? null);
  const alternate = list.find((l) => typeof l !== "string" && (!l["@_rel"] || l["@_rel"] === "alternate"));
  return resolveHref(alternate ? href(alternate) : list.length ? href(list[0]!) : null, base);
}

/** The link of an RSS item: the first text <link> (an atom:link may sit beside it), else a permalink guid. */
function rssLink(item: XmlNode, base: string): string | null {
  for (const l of asArray<unknown>(item.link)) {
    const text = textOf(l);
    if (text) return resolveHref(text, base);
    if (l && typeof l === "object" && (l as XmlNode)["@_href"]) return resolveHref((l as XmlNode)["@_href"] as string, base);
  }
  const guid = item.guid;
  const permalink = guid && typeof guid === "object" ? (guid as XmlNode)["@_isPermaLink"] !== "false" : true;
  return permalink ? resolveHref(textOf(guid), base) : null;
}

function rssEntries(items: unknown, base: string): DiscoveredUrl[] {
  const out: DiscoveredUrl[] = [];
  for (const item of asArray<XmlNode>(items)) {
    const url = rssLink(item, base);
    if (!url) continue;
    // pubDate (RSS 2.0), dc:date (RSS 1.0 and many 2.0 feeds; the dc: prefix is removed by the parser).
    out.push({ url, kind: "page", title: textOf(item.title), publishedAt: parseDate(textOf(item.pubDate) ?? textOf(item.date)) });
  }
  return out;
}

/** RSS/RDF/Atom from an already parsed XML tree; null when the root is none of them. */
export function readXmlFeed(doc: XmlNode, base: string): ParsedDocument | null {
  const rss = doc.rss as XmlNode | undefined;
  if (rss && typeof rss === "object") {
    const channel = (asArray<XmlNode>(rss.channel)[0] ?? {}) as XmlNode;
    return { ok: true, format: "rss", title: textOf(channel.title), entries: rssEntries(channel.item, base) };
  }
  const rdf = doc.RDF as XmlNode | undefined;
  if (rdf && typeof rdf === "object") {
    const channel = (asArray<XmlNode>(rdf.channel)[0] ?? {}) as XmlNode;
    return { ok: true, format: "rdf", title: textOf(channel.title), entries: rssEntries(rdf.item, base) };
  }
  const feed = doc.feed as XmlNode | undefined;
  if (feed && typeof feed === "object") {
    const entries: DiscoveredUrl[] = [];
    for (const entry of asArray<XmlNode>(feed.entry)) {
      const url = atomLink(entry.link, base);
      if (!url) continue;
      const date = textOf(entry.published) ?? textOf(entry.updated) ?? textOf(entry.issued);
      entries.push({ url, kind: "page", title: textOf(entry.title), publishedAt: parseDate(date) });
    }
    return { ok: true, format: "atom", title: textOf(feed.title), entries };
  }
  return null;
}

const JSON_FEED_VERSION = /^https?:\/\/jsonfeed\.org\/version\//;

/** JSON Feed 1.0/1.1 (https://jsonfeed.org/version/1.1); null when the text is not one. */
export function readJsonFeed(text: string, base: string): ParsedDocument | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== "object") return null;
  const feed = data as { version?: unknown; title?: unknown; items?: unknown };
  if (typeof feed.version !== "string" || !JSON_FEED_VERSION.test(feed.version)) return null;
  const entries: DiscoveredUrl[] = [];
  for (const item of Array.isArray(feed.items) ? feed.items : []) {
    if (!item || typeof item !== "object") continue;
    const it = item as Record<string, unknown>;
    const raw = typeof it.url === "string" ? it.url : typeof it.external_url === "string" ? it.external_url : null;
    const url = resolveHref(raw, base);
    if (!url) continue;
    const date = typeof it.date_published === "string" ? it.date_published : typeof it.date_modified === "string" ? it.date_modified : null;
    entries.push({ url, kind: "page", title: typeof it.title === "string" ? it.title : null, publishedAt: parseDate(date) });
  }
  return { ok: true, format: "json-feed", title: typeof feed.title === "string" ? feed.title : null, entries };
}

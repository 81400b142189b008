// OPML (the feed readers' subscription-list format) → seed sites. Each <outline> with an htmlUrl or
// xmlUrl names a site; the site's home page is the seed (Lede finds its feeds itself), falling back
// to the feed URL's origin when the outline has no htmlUrl. Nested folders are walked.
import { XMLParser } from "fast-xml-parser";

/** Outlines read from one file: a generous reading list, and a bound on work per upload. */
export const MAX_OPML_OUTLINES = 2000;
/** bytes of OPML accepted: large subscription lists are ~1 MB. */
export const MAX_OPML_BYTES = 5 * 1024 * 1024;

export interface OpmlSite {
  name: string | undefined;
  seedUrl: string;
  feedUrl: string | undefined;
}

export type OpmlParse = { ok: true; sites: OpmlSite[]; skipped: number } | { ok: false; reason: "too_large" | "not_opml" | "malformed" };

type Outline = Record<string, unknown> & { outline?: Outline | Outline[] };

function httpUrl(v: unknown): URL | null {
  if (typeof v !== "string" || !v.trim()) return null;
  try {
    const u = new URL(v.trim());
    return u.protocol === "http:" || u.protocol === "https:" ? u : null;
  } catch {
    return null;
  }
}

export function parseOpml(xml: string): OpmlParse {
  if (xml.length > MAX_OPML_BYTES) return { ok: false, reason: "too_large" };
  let doc: Record<string, unknown>;
  try {
    doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", processEntities: true, htmlEntities: false, isArray: (n) => n === "outline" }).parse(xml);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const opml = doc?.opml as { body?: Outline } | undefined;
  if (!opml || typeof opml !== "object" || !opml.body) return { ok: false, reason: "not_opml" };
  const sites: OpmlSite[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  let visited = 0;
  const walk = (o: Outline | Outline[] | undefined): void => {
    for (const node of Array.isArray(o) ? o : o ? [o] : []) {
      if (++visited > MAX_OPML_OUTLINES) return;
      const html = httpUrl(node.htmlUrl);
      const feed = httpUrl(node.xmlUrl);
      if (html || feed) {
        const seed = html ? html.href : `${feed!.origin}/`;
        if (seen.has(seed)) skipped++;
        else {
          seen.add(seed);
          const name = [node.title, node.text].find((t) => typeof t === "string" && t.trim()) as string | undefined;
          sites.push({ name: name?.trim().slice(0, 120), seedUrl: seed, feedUrl: feed?.href });
        }
      } else if (!node.outline) skipped++;
      walk(node.outline);
    }
  };
  walk(opml.body.outline);
  return { ok: true, sites, skipped };
}

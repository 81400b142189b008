// OPML (the feed readers' subscription-list format) → seed sites. Each <outline> with an htmlUrl or
// xmlUrl names a site; the site's home page is the seed and its feed is read too. An outline with
// a feed and no htmlUrl becomes a site of that feed (its host's front page may be a feed service's,
// not the publisher's). Nested folders are walked. An outline that cannot be used is reported with
// its reason, never dropped silently.
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

/** An outline that gave no site, and why (shown after an import). */
export interface OpmlProblem {
  outline: string;
  reason: string;
}

export type OpmlParse =
  | { ok: true; sites: OpmlSite[]; skipped: number; problems: OpmlProblem[] }
  | { ok: false; reason: "too_large" | "not_opml" | "malformed" };

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
  const problems: OpmlProblem[] = [];
  const seen = new Set<string>();
  let visited = 0;
  const label = (node: Outline): string => {
    const t = [node.title, node.text].find((v) => typeof v === "string" && v.trim()) as string | undefined;
    return (t?.trim() || String(node.xmlUrl ?? node.htmlUrl ?? "(untitled outline)")).slice(0, 120);
  };
  const walk = (o: Outline | Outline[] | undefined): void => {
    for (const node of Array.isArray(o) ? o : o ? [o] : []) {
      if (++visited > MAX_OPML_OUTLINES) {
        if (visited === MAX_OPML_OUTLINES + 1) problems.push({ outline: label(node), reason: `more than ${MAX_OPML_OUTLINES} outlines: the rest of the file was not read` });
        return;
      }
      const html = httpUrl(node.htmlUrl);
      const feed = httpUrl(node.xmlUrl);
      const given = (v: unknown) => typeof v === "string" && v.trim() !== "";
      if (html || feed) {
        const seed = html ? html.href : feed!.href;
        const name = [node.title, node.text].find((t) => typeof t === "string" && t.trim()) as string | undefined;
        if (seen.has(seed)) problems.push({ outline: label(node), reason: `${seed} is already listed above` });
        else {
          seen.add(seed);
          sites.push({ name: name?.trim().slice(0, 120), seedUrl: seed, feedUrl: feed?.href });
        }
        if (given(node.htmlUrl) && !html) problems.push({ outline: label(node), reason: `htmlUrl “${String(node.htmlUrl).slice(0, 200)}” is not an http(s) address; the feed was used` });
      } else if (given(node.xmlUrl) || given(node.htmlUrl)) {
        problems.push({ outline: label(node), reason: `“${String(node.xmlUrl ?? node.htmlUrl).slice(0, 200)}” is not an http(s) address` });
      } else if (!node.outline) {
        problems.push({ outline: label(node), reason: "no xmlUrl or htmlUrl, and no outlines inside" });
      }
      walk(node.outline);
    }
  };
  walk(opml.body.outline);
  return { ok: true, sites, skipped: problems.length, problems };
}

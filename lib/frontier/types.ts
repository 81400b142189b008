// The vocabulary of the crawl frontier (FrontierUrl rows).

/** seed: the site's start page; feed and sitemap: discovery documents; page: everything else. */
export type FrontierKind = "seed" | "feed" | "sitemap" | "page";
/** queued → leased → done | failed | skipped; seeds, feeds and sitemaps go back to queued with a later nextCheckAt. */
export type FrontierState = "queued" | "leased" | "done" | "failed" | "skipped";

export const RECHECKED_KINDS: ReadonlySet<FrontierKind> = new Set(["seed", "feed", "sitemap"]);

/** A URL to put in the frontier. `url` must already be normalised (lib/url/normalize.ts). */
export interface NewFrontierUrl {
  url: string;
  siteId: number;
  depth: number;
  kind: FrontierKind;
  discoveredFrom?: string | null;
  /** When it may first be fetched; now when omitted. */
  nextCheckAt?: Date;
}

/** A row a worker holds a lease on. */
export interface LeasedUrl {
  id: number;
  url: string;
  siteId: number;
  depth: number;
  kind: FrontierKind;
  /** Including this lease. */
  attempts: number;
  etag: string | null;
  lastModified: string | null;
  recheckIntervalSec: number | null;
  discoveredFrom: string | null;
}

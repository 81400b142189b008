// Put discovered URLs on the frontier: normalise, keep what the site's scope allows, respect its
// page budget (Site.maxPages), insert the new ones.
import { enqueueUrls, enqueueUrlsReturning } from "../db/frontier.ts";
import { plainClient } from "../db/direct.ts";
import type { Db } from "../db/client.ts";
import type { CrawlSite } from "../db/sites.ts";
import type { FrontierKind, NewFrontierUrl } from "../frontier/types.ts";
import { checkScope } from "../frontier/scope.ts";
import { isLikelyBinaryUrl } from "../http/content.ts";
import { normalizeUrl } from "../url/normalize.ts";
import { timeStage, timeStageAsync } from "../pipeline/stage-clock.ts";
import { BoundedMap } from "../bounded-map.ts";
import type { CrawlContext } from "./context.ts";

/**
 * Discovery documents queued from one page or document, and held by one site: each is fetched and
 * re-checked for ever, so a page with 2,000 <link rel=alternate> feeds (or a sitemap index of
 * 100,000 sitemaps) would multiply the crawl (issue 19: 2,000 feeds, 677 MB). Past these, the
 * first ones stand for the site. Real news sites advertise 1-5 feeds per page and keep their
 * sitemaps in an index of at most a few hundred (one per month or section).
 */
export const MAX_DOCS_PER_SOURCE: Readonly<Record<"feed" | "sitemap", number>> = { feed: 10, sitemap: 100 };
export const MAX_DOCS_PER_SITE: Readonly<Record<"feed" | "sitemap", number>> = { feed: 50, sitemap: 300 };
/** INSERT rounds per page when the site's page budget is nearly used up. */
const MAX_BUDGET_ROUNDS = 4;
/**
 * Link URLs whose normal form a worker remembers: every page of a site repeats the same navigation
 * links, and normalising (URL parsing, tracking-parameter removal) is most of the cost of a link.
 * 20,000 entries of ~100-character URLs ≈ 5 MB.
 */
const NORMALIZED_CACHE_ENTRIES = 20_000;

const normalized = new BoundedMap<string, string | null>(NORMALIZED_CACHE_ENTRIES);

/** normalizeUrl with a bounded per-process memo (least recently used entry evicted first). */
function normalizeCached(url: string): string | null {
  const hit = normalized.get(url);
  if (hit !== undefined) return hit;
  const n = normalizeUrl(url);
  normalized.set(url, n);
  return n;
}

/**
 * Page URLs this worker process inserted into the frontier through a client (one database), as "siteId url":
 * the INSERT returned them, so their rows exist with that site (a FrontierUrl row is deleted only with its
 * site, by cascade). Every page of a site repeats its navigation links: those this process added are not
 * sent to the database again, where ON CONFLICT DO NOTHING would only drop them. A URL another process added
 * is still sent (its row's site is not known here), and a restart starts empty. 20,000 entries per client
 * ≈ 3 MB, least recently used first out (lib/bounded-map.ts).
 */
const ADDED_CACHE_ENTRIES = 20_000;

const addedByClient = new WeakMap<Db, BoundedMap<string, true>>();

const addedKey = (siteId: number, url: string) => `${siteId} ${url}`;

/** Remember URLs that a committed INSERT added for `siteId`. */
function noteAdded(addedUrls: BoundedMap<string, true>, siteId: number, urls: string[]): void {
  for (const url of urls) addedUrls.set(addedKey(siteId, url), true);
}

/**
 * Insert pages of site `siteId` (enqueueUrls) minus those this process already added, and remember the new
 * ones; returns how many were new. On a client inside a transaction (it could still roll back) nothing is
 * skipped or remembered.
 */
async function enqueueSitePages(db: Db, siteId: number, pages: NewFrontierUrl[]): Promise<number> {
  if (plainClient(db) !== db) return enqueueUrls(db, pages);
  let addedUrls = addedByClient.get(db);
  if (!addedUrls) addedByClient.set(db, (addedUrls = new BoundedMap(ADDED_CACHE_ENTRIES)));
  const unknown = pages.filter((p) => !addedUrls.has(addedKey(siteId, p.url)));
  if (unknown.length === 0) return 0;
  const inserted = await enqueueUrlsReturning(db, unknown);
  noteAdded(addedUrls, siteId, inserted);
  return inserted.length;
}

export interface Candidate {
  url: string;
  kind: FrontierKind;
  depth: number;
}

/** Normalised, in-scope, not-binary candidates; pages beyond the site's budget are dropped. Returns how many were new. */
export async function enqueueCandidates(ctx: CrawlContext, site: CrawlSite, from: string, candidates: Candidate[]): Promise<number> {
  const { docs, pages } = timeStage(ctx.clock, "links", () => filterCandidates(site, from, candidates));
  return timeStageAsync(ctx.clock, "db: frontier", () => insertCandidates(ctx, site, docs, pages));
}

/** Normalised, in-scope, not-binary candidates, split into discovery documents and pages. */
function filterCandidates(site: CrawlSite, from: string, candidates: Candidate[]): { docs: NewFrontierUrl[]; pages: NewFrontierUrl[] } {
  const seen = new Set<string>();
  const docs: NewFrontierUrl[] = [];
  const pages: NewFrontierUrl[] = [];
  // Feeds and sitemaps are discovery documents: depth and include/exclude patterns apply to pages only.
  let docScope: CrawlSite | null = null;
  const docsOf = { feed: 0, sitemap: 0 };
  for (const c of candidates) {
    if (c.kind === "feed" || c.kind === "sitemap") {
      if (docsOf[c.kind] >= MAX_DOCS_PER_SOURCE[c.kind]) continue;
    }
    const url = normalizeCached(c.url);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    const scope = c.kind === "page" ? site : (docScope ??= { ...site, maxDepth: Number.MAX_SAFE_INTEGER, includePattern: null, excludePattern: null });
    if (!checkScope(scope, url, c.depth).ok) continue;
    if (c.kind === "page" && isLikelyBinaryUrl(url)) continue;
    if (c.kind === "feed" || c.kind === "sitemap") docsOf[c.kind]++;
    (c.kind === "page" ? pages : docs).push({ url, siteId: site.id, depth: c.depth, kind: c.kind, discoveredFrom: from });
  }
  return { docs, pages };
}

/** Insert the filtered candidates within the site's page budget; returns how many were new. */
async function insertCandidates(ctx: CrawlContext, site: CrawlSite, docs: NewFrontierUrl[], pages: NewFrontierUrl[]): Promise<number> {
  let added = 0;
  for (const kind of ["feed", "sitemap"] as const) {
    const ofKind = docs.filter((d) => d.kind === kind);
    if (ofKind.length === 0) continue;
    const room = await ctx.sites.docRoom(site, kind, MAX_DOCS_PER_SITE[kind]);
    if (room <= 0) continue;
    const n = await enqueueUrls(ctx.db, ofKind.slice(0, room));
    ctx.sites.noteDocsAdded(site.id, kind, n);
    added += n;
  }
  // Insert at most the remaining budget at a time; links already in the frontier cost nothing,
  // so try the next ones (a few rounds at most, each one INSERT).
  let room = pages.length ? await ctx.sites.pageRoom(site) : 0;
  // Every link fits in the budget: one INSERT of them all, less those this process already added (the
  // same rows are added). Otherwise the rounds below pick the links, as they always did.
  if (room >= pages.length && pages.length > 0) {
    const n = await enqueueSitePages(ctx.db, site.id, pages);
    ctx.sites.notePagesAdded(site.id, n);
    room = 0;
    added += n;
  }
  for (let rest = pages, round = 0; room > 0 && rest.length > 0 && round < MAX_BUDGET_ROUNDS; round++) {
    const n = await enqueueUrls(ctx.db, rest.slice(0, room));
    rest = rest.slice(room);
    ctx.sites.notePagesAdded(site.id, n);
    room -= n;
    added += n;
  }
  ctx.stats.enqueued += added;
  return added;
}

// Sites as the worker sees them, re-read at most every SITE_CACHE_MS so admin changes (pause,
// delay, limits) take effect within seconds without a query per URL; plus each site's page budget.
import type { Db } from "../db/client.ts";
import { countSitePageUrls, countSiteUrlsOfKind } from "../db/frontier.ts";
import { getCrawlSite, type CrawlSite } from "../db/sites.ts";

/** ms a cached site row is trusted: short enough that a pause on the Sites page stops the crawl quickly. */
const SITE_CACHE_MS = 5_000;
/** ms a page count is trusted; between refreshes the worker adds what it inserted itself. */
const BUDGET_CACHE_MS = 30_000;

export class SiteCache {
  private readonly sites = new Map<number, { site: CrawlSite | null; at: number }>();
  private readonly budgets = new Map<number, { pageUrls: number; at: number }>();
  private readonly docBudgets = new Map<string, { urls: number; at: number }>();
  constructor(private readonly db: Db) {}

  async get(id: number): Promise<CrawlSite | null> {
    const hit = this.sites.get(id);
    if (hit && Date.now() - hit.at < SITE_CACHE_MS) return hit.site;
    const site = await getCrawlSite(this.db, id);
    this.sites.set(id, { site, at: Date.now() });
    return site;
  }

  /** Forget a site's row (after the worker changed it: robots state, back-off). */
  invalidate(id: number): void {
    this.sites.delete(id);
  }

  /** How many more page URLs this site may add to the frontier (Site.maxPages counts page rows, all time). */
  async pageRoom(site: CrawlSite): Promise<number> {
    let b = this.budgets.get(site.id);
    if (!b || Date.now() - b.at > BUDGET_CACHE_MS) {
      b = { pageUrls: await countSitePageUrls(this.db, site.id), at: Date.now() };
      this.budgets.set(site.id, b);
    }
    return Math.max(0, site.maxPages - b.pageUrls);
  }

  /** How many more feeds (or sitemaps) this site may add to the frontier, of `max` (rows of that kind, all time). */
  async docRoom(site: CrawlSite, kind: "feed" | "sitemap", max: number): Promise<number> {
    const key = `${site.id}:${kind}`;
    let b = this.docBudgets.get(key);
    if (!b || Date.now() - b.at > BUDGET_CACHE_MS) {
      b = { urls: await countSiteUrlsOfKind(this.db, site.id, kind), at: Date.now() };
      this.docBudgets.set(key, b);
    }
    return Math.max(0, max - b.urls);
  }

  noteDocsAdded(siteId: number, kind: "feed" | "sitemap", n: number): void {
    const b = this.docBudgets.get(`${siteId}:${kind}`);
    if (b) b.urls += n;
  }

  notePagesAdded(siteId: number, n: number): void {
    const b = this.budgets.get(siteId);
    if (b) b.pageUrls += n;
  }
}

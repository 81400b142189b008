// Put discovered URLs on the frontier: normalise, keep what the site's scope allows, respect its
// page budget (Site.maxPages), insert the new ones.
import { enqueueUrls } from "../db/frontier.ts";
import type { CrawlSite } from "../db/sites.ts";
import type { FrontierKind, NewFrontierUrl } from "../frontier/types.ts";
import { checkScope } from "../frontier/scope.ts";
import { isLikelyBinaryUrl } from "../http/content.ts";
import { normalizeUrl } from "../url/normalize.ts";
import type { CrawlContext } from "./context.ts";

/** INSERT rounds per page when the site's page budget is nearly used up. */
const MAX_BUDGET_ROUNDS = 4;

export interface Candidate {
  url: string;
  kind: FrontierKind;
  depth: number;
}

/** Normalised, in-scope, not-binary candidates; pages beyond the site's budget are dropped. Returns how many were new. */
export async function enqueueCandidates(ctx: CrawlContext, site: CrawlSite, from: string, candidates: Candidate[]): Promise<number> {
  const seen = new Set<string>();
  const docs: NewFrontierUrl[] = [];
  const pages: NewFrontierUrl[] = [];
  for (const c of candidates) {
    const url = normalizeUrl(c.url);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    // Feeds and sitemaps are discovery documents: depth and include/exclude patterns apply to pages only.
    const scope = c.kind === "page" ? site : { ...site, maxDepth: Number.MAX_SAFE_INTEGER, includePattern: null, excludePattern: null };
    if (!checkScope(scope, url, c.depth).ok) continue;
    if (c.kind === "page" && isLikelyBinaryUrl(url)) continue;
    (c.kind === "page" ? pages : docs).push({ url, siteId: site.id, depth: c.depth, kind: c.kind, discoveredFrom: from });
  }
  let added = docs.length ? await enqueueUrls(ctx.db, docs) : 0;
  // Insert at most the remaining budget at a time; links already in the frontier cost nothing,
  // so try the next ones (a few rounds at most, each one INSERT).
  let room = pages.length ? await ctx.sites.pageRoom(site) : 0;
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

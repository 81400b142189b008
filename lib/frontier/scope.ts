// Which discovered URLs a site's crawl may follow: same site, include/exclude patterns, depth.

export interface ScopeRules {
  host: string;
  maxDepth: number;
  includePattern: string | null;
  excludePattern: string | null;
}

export type ScopeDecision = { ok: true } | { ok: false; reason: "other_site" | "too_deep" | "excluded" | "not_included" };

/** "www.example.com" and "example.com" are one site; other subdomains are other sites. */
export function siteHostKey(host: string): string {
  return host.toLowerCase().replace(/^www\./, "");
}

/** Compiled patterns, cached per pattern text (a bad regex from the form matches nothing, see compile). */
const compiled = new Map<string, RegExp | null>();
function compile(pattern: string): RegExp | null {
  if (!compiled.has(pattern)) {
    try {
      compiled.set(pattern, new RegExp(pattern));
    } catch {
      compiled.set(pattern, null);
    }
  }
  return compiled.get(pattern)!;
}

/** Host of an absolute URL as URL.hostname gives it ("[::1]" for IPv6), without a full parse. */
const HOST_OF_URL = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?(\[[^\]/?#]*\]|[^/?#:]*)/i;

function hostOf(url: string): string | null {
  const m = HOST_OF_URL.exec(url);
  if (m && m[1]) return m[1];
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** May `url` (normalised, absolute) at `depth` link hops from the seed be crawled for this site? */
export function checkScope(rules: ScopeRules, url: string, depth: number): ScopeDecision {
  // Links are checked by the hundred per page: the host is read with a regular expression (a
  // normalised URL has no backslashes or odd spellings that would need the WHATWG parser).
  const host = hostOf(url);
  if (host === null) return { ok: false, reason: "other_site" };
  if (siteHostKey(host) !== siteHostKey(rules.host)) return { ok: false, reason: "other_site" };
  if (depth > rules.maxDepth) return { ok: false, reason: "too_deep" };
  if (rules.excludePattern && compile(rules.excludePattern)?.test(url)) return { ok: false, reason: "excluded" };
  if (rules.includePattern) {
    const re = compile(rules.includePattern);
    if (!re || !re.test(url)) return { ok: false, reason: "not_included" };
  }
  return { ok: true };
}

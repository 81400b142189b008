// Which discovered URLs a site's crawl may follow: same site, include/exclude patterns, depth.

export interface ScopeRules {
  host: string;
  /** The seed URL: its port is the site's port (a site on :8080 does not own :9090 of the same host). */
  seedUrl?: string;
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

/** Host and port of an absolute URL as URL.hostname / URL.port give them ("[::1]" for IPv6), without a full parse. */
const HOST_OF_URL = /^([a-z][a-z0-9+.-]*):\/\/(?:[^/?#@]*@)?(\[[^\]/?#]*\]|[^/?#:]*)(?::(\d*))?(?=[/?#]|$)/i;
/** Ports a URL leaves out: URL.port is "" for them. */
const DEFAULT_PORTS: ReadonlyMap<string, string> = new Map([["http", "80"], ["https", "443"]]);

function hostOf(url: string): { host: string; port: string } | null {
  const m = HOST_OF_URL.exec(url);
  if (m && m[2]) {
    const port = (m[3] ?? "").replace(/^0+(?=\d)/, "");
    return { host: m[2], port: port === DEFAULT_PORTS.get(m[1].toLowerCase()) ? "" : port };
  }
  try {
    const u = new URL(url);
    return { host: u.hostname, port: u.port };
  } catch {
    return null;
  }
}

/** The seed's port ("" for the scheme's default), memoised: checkScope runs for every link of a page. */
const seedPorts = new Map<string, string>();
const SEED_PORT_ENTRIES = 10_000;
function portOfSeed(seedUrl: string): string {
  let p = seedPorts.get(seedUrl);
  if (p === undefined) {
    p = hostOf(seedUrl)?.port ?? "";
    if (seedPorts.size >= SEED_PORT_ENTRIES) seedPorts.clear();
    seedPorts.set(seedUrl, p);
  }
  return p;
}

/** May `url` (normalised, absolute) at `depth` link hops from the seed be crawled for this site? */
export function checkScope(rules: ScopeRules, url: string, depth: number): ScopeDecision {
  // Links are checked by the hundred per page: the host is read with a regular expression (a
  // normalised URL has no backslashes or odd spellings that would need the WHATWG parser).
  const at = hostOf(url);
  if (at === null) return { ok: false, reason: "other_site" };
  if (siteHostKey(at.host) !== siteHostKey(rules.host)) return { ok: false, reason: "other_site" };
  // Another port of the same host is another server (another site): http and https share the default.
  if (rules.seedUrl !== undefined && at.port !== portOfSeed(rules.seedUrl)) return { ok: false, reason: "other_site" };
  if (depth > rules.maxDepth) return { ok: false, reason: "too_deep" };
  if (rules.excludePattern && compile(rules.excludePattern)?.test(url)) return { ok: false, reason: "excluded" };
  if (rules.includePattern) {
    const re = compile(rules.includePattern);
    if (!re || !re.test(url)) return { ok: false, reason: "not_included" };
  }
  return { ok: true };
}

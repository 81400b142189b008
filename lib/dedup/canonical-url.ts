// The URL spellings that name the same page: scheme, "www.", a trailing slash, tracking parameters
// and the fragment do not make a different article. Used to look up an already stored article by URL.

const TRACKING_PARAM = /^(utm_\w+|fbclid|gclid|mc_cid|mc_eid|ocid|cmpid|ref|ref_src|smid|smtyp)$/i;

/** A normalised form: https, no "www.", no fragment, no tracking parameters, no trailing slash. */
export function canonicalizeUrl(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  u.protocol = "https:";
  u.hostname = u.hostname.toLowerCase().replace(/^www\./, "");
  u.hash = "";
  for (const key of [...u.searchParams.keys()]) if (TRACKING_PARAM.test(key)) u.searchParams.delete(key);
  u.searchParams.sort();
  if (u.pathname.length > 1 && u.pathname.endsWith("/")) u.pathname = u.pathname.replace(/\/+$/, "");
  const s = u.toString();
  return u.pathname === "/" && !u.search ? s.replace(/\/$/, "") : s;
}

/**
 * The stored spellings to look for (a small fixed set, each an indexed equality lookup on Article.url):
 * the URL itself, and its canonical form with and without "www.", over http and https, with and without
 * a trailing slash.
 */
export function urlVariants(raw: string): string[] {
  const out = new Set<string>([raw]);
  const canonical = canonicalizeUrl(raw);
  if (!canonical) return [...out];
  const rest = canonical.slice("https://".length);
  for (const scheme of ["https://", "http://"]) {
    for (const host of [rest, `www.${rest}`]) {
      out.add(scheme + host);
      if (!host.includes("?")) out.add(`${scheme}${host}/`);
    }
  }
  return [...out];
}

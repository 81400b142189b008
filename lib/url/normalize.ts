// One spelling per URL, so the frontier and the dedup step see a page once.
//
// Decisions (documented for everyone who keys on these strings):
// - only http: and https: URLs; anything else (javascript:, mailto:, data:, ftp:) → null;
// - host lower-cased (IDN hosts as punycode, by the WHATWG URL parser), trailing dot dropped,
//   default ports dropped, fragment dropped, empty path → "/";
// - percent-escapes of unreserved characters decoded (%7E → ~), the others upper-cased (%c3 → %C3);
// - tracking and session parameters removed (TRACKING_PARAMS, utm_*), ";jsessionid=..." path parameters removed;
// - the remaining query parameters SORTED by name (stable, so repeated names keep their order):
//   servers that depend on parameter order are rare, duplicates from re-ordered links are common;
// - an empty query ("?") dropped. The scheme is kept: http and https stay different URLs.

/** Query parameters that only track the click, never select content. */
export const TRACKING_PARAMS = new Set([
  "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "ttclid", "li_fat_id",
  "mc_cid", "mc_eid", "_ga", "_gl", "_hsenc", "_hsmi", "__hstc", "__hssc", "__hsfp", "hsctatracking", "igshid",
  "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_conv", "vero_id", "wickedid", "rb_clickid", "s_cid", "ncid",
  "cmpid", "ocid", "sr_share", "at_medium", "at_campaign", "at_custom1", "at_custom2", "at_custom3", "at_custom4",
  "spm", "scm", "__twitter_impression", "ref_src", "ref_url", "phpsessid", "jsessionid", "sessionid",
]);
const TRACKING_PREFIXES = ["utm_", "pk_", "mtm_", "hmb_", "ga_"];

const UNRESERVED = /%(2[DdEe]|3[0-9]|4[1-9A-Fa-f]|5[0-9Aa]|5[Ff]|6[1-9A-Fa-f]|7[0-9Aa]|7[Ee])/g;

function fixEscapes(s: string): string {
  if (!s.includes("%")) return s;
  return s
    .replace(UNRESERVED, (m) => {
      const ch = String.fromCharCode(parseInt(m.slice(1), 16));
      return /[A-Za-z0-9\-._~]/.test(ch) ? ch : m.toUpperCase();
    })
    .replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());
}

function paramName(pair: string): string {
  const raw = pair.split("=", 1)[0].replace(/\+/g, " ");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function isTrackingParam(name: string): boolean {
  const n = name.toLowerCase();
  return TRACKING_PARAMS.has(n) || TRACKING_PREFIXES.some((p) => n.startsWith(p));
}

/** Normalised absolute http(s) URL, or null when the input is not one (relative inputs resolve against base). */
export function normalizeUrl(url: string, base?: string): string | null {
  let u: URL;
  try {
    u = base ? new URL(url.trim(), base) : new URL(url.trim());
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  if (!u.hostname) return null;
  // Each setter re-parses the URL: one that would set what is there already is skipped (a serialised
  // component set again parses to itself).
  // a fragment, empty ones too ("#"), comes from the input only
  if (url.includes("#")) u.hash = "";
  if (u.hostname.endsWith(".")) u.hostname = u.hostname.replace(/\.+$/, "");
  const path = u.pathname;
  const fixedPath = fixEscapes(path.includes(";") ? path.replace(/;jsessionid=[^/?#]*/i, "") : path) || "/";
  if (fixedPath !== path) u.pathname = fixedPath;
  const search = u.search;
  if (search) {
    // Work on the raw pairs: re-serialising through URLSearchParams would re-encode values ("/" → %2F).
    const pairs = search.slice(1).split("&").filter((p) => p !== "" && !isTrackingParam(paramName(p)));
    pairs.sort((a, b) => { const ka = paramName(a), kb = paramName(b); return ka < kb ? -1 : ka > kb ? 1 : 0; });
    const fixedSearch = pairs.length ? `?${pairs.map(fixEscapes).join("&")}` : "";
    if (fixedSearch !== search) u.search = fixedSearch;
  }
  return u.href;
}

/** Lower-cased host of an http(s) URL ("" when it does not parse). */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
}

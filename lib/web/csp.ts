// The Content-Security-Policy of Lede's pages: a second line of defence behind sanitising. Article
// HTML comes from the open web, so no script may run unless Lede wrote it: scripts need this
// response's nonce ('strict-dynamic' lets Next.js's nonce'd loader pull its own chunks), no plugin
// or foreign frame loads, forms post only to Lede, and images come from Lede itself (articles'
// pictures go through the image proxy, app/api/img/route.ts), so reading leaks nothing to publishers.
// Styles keep 'unsafe-inline': React writes style attributes (charts), which a nonce cannot cover,
// and a style cannot run code.

/** bytes of randomness per nonce (128 bits, as CSP Level 3 recommends at least). */
const NONCE_BYTES = 16;

export function newNonce(): string {
  const bytes = new Uint8Array(NONCE_BYTES);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function pageCsp(nonce: string, opts: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its error overlay; production never does
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/** API answers (JSON, feeds, proxied images) are never documents to run anything in. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

// Rewrite the charset declarations inside an HTML string: used to build test and benchmark pages
// that declare a given charset, a wrong one, or none at all.

const META_CHARSET = /<meta\b[^>]*\bcharset\s*=\s*["']?[^"'\s>;]+["']?[^>]*>/gi;
const META_HTTP_EQUIV = /<meta\b[^>]*http-equiv\s*=\s*["']?content-type["']?[^>]*>/gi;
const XML_DECL = /^(\s*<\?xml\b[^>]*?)\s+encoding\s*=\s*["'][^"']*["']/i;

/** <head> further in than this: the declaration goes first in the document, so the 1024-byte prescan finds it. */
const LATE_HEAD_OFFSET = 900;

/**
 * Remove every <meta charset>/<meta http-equiv=Content-Type> and XML encoding; then, if charset is
 * given, declare it right after <head> (or at the very start when <head> comes late).
 */
export function setDeclaredCharset(html: string, charset: string | null): string {
  let out = html.replace(META_CHARSET, "").replace(META_HTTP_EQUIV, "").replace(XML_DECL, "$1");
  if (charset) {
    const tag = `<meta charset="${charset}">`;
    const head = /<head\b[^>]*>/i.exec(out);
    out = head && head.index < LATE_HEAD_OFFSET ? out.slice(0, head.index + head[0].length) + tag + out.slice(head.index + head[0].length) : tag + out;
  }
  return out;
}

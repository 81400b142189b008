// The reader view's image addresses: an article's picture at https://publisher/x.jpg is shown
// from /api/img?u=…&p=…&s=…, fetched by Lede. The signature (HMAC under the server secret) makes
// the route fetch only what Lede itself wrote into a page, so it is no open proxy; `p` carries
// the article's site's private-network setting, so the SSRF guard judges the image as the crawler
// judged the page.
import { sign, safeEqual } from "../auth/session.ts";

export const IMAGE_ROUTE = "/api/img";

export interface ImageTarget {
  url: string;
  /** private and loopback addresses allowed (the site allows them, or ALLOW_PRIVATE_NETWORK) */
  allowPrivateNetwork: boolean;
}

function signature(secret: string, t: ImageTarget): string {
  return sign(secret, `img|${t.allowPrivateNetwork ? 1 : 0}|${t.url}`);
}

/** The proxied address of an absolute http(s) image URL; data: and other schemes are returned unchanged. */
export function proxiedImageSrc(secret: string, t: ImageTarget): string {
  if (!/^https?:/i.test(t.url)) return t.url;
  const q = new URLSearchParams({ u: t.url, p: t.allowPrivateNetwork ? "1" : "0", s: signature(secret, t) });
  return `${IMAGE_ROUTE}?${q}`;
}

/** The image a proxied address names, or null when its signature does not hold. */
export function readImageAddress(secret: string, params: URLSearchParams): ImageTarget | null {
  const url = params.get("u");
  const s = params.get("s");
  const p = params.get("p");
  if (!url || !s || (p !== "0" && p !== "1")) return null;
  const t = { url, allowPrivateNetwork: p === "1" };
  return safeEqual(s, signature(secret, t)) ? t : null;
}

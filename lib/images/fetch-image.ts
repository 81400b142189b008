// Fetch one image for the reader view: the crawler's fetchUrl (the SSRF guard on every address and
// redirect hop, timeouts, a cap on decompressed bytes), then only raster formats a browser shows,
// recognised by their first bytes, not by what the server claims. SVG is refused: opened directly
// from Lede's origin it could run script.
import { fetchUrl, type FetchOptions } from "../http/fetch.ts";
import { mediaType } from "../http/content.ts";
import { FetchError, toFetchError } from "../http/errors.ts";

/** Image limits, with unit and reason. */
export const imageLimits = {
  /** bytes of one image: a large news photo is 1-3 MB; more is a video, a bomb or a mistake. */
  maxBytes: 5 * 1024 * 1024,
  /** ms for the whole fetch: a reader is waiting for the page. */
  totalTimeoutMs: 20_000,
} as const;

export const IMAGE_ACCEPT = "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9";

/** Raster formats by signature; the type served is the sniffed one. */
export function sniffImageType(b: Buffer): string | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (b.length >= 6 && (b.subarray(0, 6).toString("latin1") === "GIF87a" || b.subarray(0, 6).toString("latin1") === "GIF89a")) return "image/gif";
  if (b.length >= 12 && b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  if (b.length >= 12 && b.subarray(4, 8).toString("latin1") === "ftyp" && /^avi[fs]$/.test(b.subarray(8, 12).toString("latin1"))) return "image/avif";
  return null;
}

/** Declared types that say nothing (sniffing decides) or say "image". */
function declaredOk(type: string): boolean {
  return type === "" || type === "application/octet-stream" || type === "binary/octet-stream" || (type.startsWith("image/") && type !== "image/svg+xml");
}

export interface FetchedImage {
  url: string;
  contentType: string;
  body: Buffer;
}

export async function fetchImage(url: string, opts: Pick<FetchOptions, "userAgent" | "allowPrivateNetwork" | "hostMap">): Promise<FetchedImage> {
  let res;
  try {
    res = await fetchUrl(url, { ...opts, accept: IMAGE_ACCEPT, maxBodyBytes: imageLimits.maxBytes, totalTimeoutMs: imageLimits.totalTimeoutMs });
  } catch (err) {
    throw toFetchError(err, url);
  }
  const declared = mediaType(res.contentType);
  if (!declaredOk(declared)) throw new FetchError("not_image", `${url} is ${declared || "untyped"}, not an image Lede shows (JPEG, PNG, GIF, WebP, AVIF)`, { url });
  const sniffed = sniffImageType(res.body);
  if (!sniffed) throw new FetchError("not_image", `${url} does not start like a JPEG, PNG, GIF, WebP or AVIF image${declared ? ` (it says ${declared})` : ""}`, { url });
  return { url, contentType: sniffed, body: res.body };
}

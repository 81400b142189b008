import { NextResponse } from "next/server";
import { getEnv } from "@/lib/config.ts";
import { serverSecret } from "@/lib/auth/secret.ts";
import { readHostMap } from "@/lib/http/hostmap.ts";
import { FetchError } from "@/lib/http/errors.ts";
import { readImageAddress } from "@/lib/images/address.ts";
import { ImageCache, imageCacheDir } from "@/lib/images/cache.ts";
import { fetchImage } from "@/lib/images/fetch-image.ts";
import { log } from "@/lib/log.ts";

export const dynamic = "force-dynamic";

/** s a browser may reuse a proxied image: the bytes at a URL rarely change, and the cache keeps them anyway. */
const BROWSER_CACHE_SECONDS = 7 * 24 * 3600;

/** HTTP status per fetch failure key: refused by policy, too large or not an image, else the publisher failed. */
function statusOf(key: string): number {
  if (key === "ssrf_blocked" || key === "invalid_url" || key === "unsupported_scheme") return 403;
  if (key === "body_too_large") return 413;
  if (key === "not_image") return 415;
  if (key.startsWith("timeout_")) return 504;
  return 502;
}

const g = globalThis as unknown as { ledeImageCache?: ImageCache };

/**
 * An article's image, fetched by Lede (the reader's browser never contacts the publisher): only
 * addresses Lede signed into a reader page, through the crawler's SSRF guard and limits, raster
 * images only; kept on disk so it shows again offline.
 */
export async function GET(req: Request): Promise<Response> {
  const target = readImageAddress(serverSecret(), new URL(req.url).searchParams);
  if (!target) return NextResponse.json({ error: "bad_signature", message: "not an image address Lede wrote" }, { status: 403 });
  const env = getEnv();
  const cache = (g.ledeImageCache ??= new ImageCache(imageCacheDir(env.DATABASE_URL)));
  let image = cache.get(target.url);
  if (!image) {
    try {
      image = await fetchImage(target.url, {
        userAgent: env.USER_AGENT, hostMap: readHostMap(env.HOST_MAP),
        allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK || target.allowPrivateNetwork,
      });
    } catch (err) {
      const key = err instanceof FetchError ? err.key : "fetch_failed";
      log.info({ url: target.url, key }, "image not proxied");
      return NextResponse.json({ error: key, message: err instanceof Error ? err.message : String(err) }, { status: statusOf(key) });
    }
    cache.put(target.url, image);
  }
  return new Response(new Uint8Array(image.body), {
    headers: {
      "content-type": image.contentType,
      "content-length": String(image.body.length),
      "cache-control": `private, max-age=${BROWSER_CACHE_SECONDS}, immutable`,
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
    },
  });
}

// Where sites put their feeds when no <link rel=alternate> says so (WordPress, Ghost, Hugo, Jekyll,
// Drupal and hand-made sites between them cover these).
export const COMMON_FEED_PATHS = ["/feed", "/rss", "/feed.xml", "/rss.xml", "/atom.xml", "/index.xml", "/feed.json"] as const;

/** Absolute URLs of the common feed paths on the origin of `seedUrl`. */
export function commonFeedUrls(seedUrl: string): string[] {
  const origin = new URL(seedUrl).origin;
  return COMMON_FEED_PATHS.map((p) => origin + p);
}

/** Where a site's sitemap usually is when robots.txt names none. */
export function defaultSitemapUrl(seedUrl: string): string {
  return new URL("/sitemap.xml", seedUrl).href;
}

import { getDb } from "@/lib/db/client.ts";
import { listNews } from "@/lib/db/news.ts";
import { buildAtomFeed } from "@/lib/api/atom.ts";
import { handle } from "@/lib/api/respond.ts";
import { requestOrigin } from "@/lib/api/mutation.ts";

export const dynamic = "force-dynamic";

/** Stories in the feed: a day's worth of top news for a feed reader. */
const FEED_STORIES = 50;

/** Atom feed of the top stories. */
export const GET = handle(async (req: Request) => {
  const stories = await listNews(await getDb(), { limit: FEED_STORIES });
  const xml = buildAtomFeed(stories, { baseUrl: requestOrigin(req) });
  return new Response(xml, { headers: { "content-type": "application/atom+xml; charset=utf-8", "cache-control": "public, max-age=60" } });
});

import { getDb } from "@/lib/db/client.ts";
import { buildAtom } from "@/lib/api/atom.ts";
import { handle } from "@/lib/api/respond.ts";
import { requestOrigin } from "@/lib/api/mutation.ts";
import { conditionalResponse } from "@/lib/api/conditional.ts";
import { feedQuery, loadFeedView, FEED_MAX_AGE_SEC } from "@/lib/api/feed-view.ts";

export const dynamic = "force-dynamic";

/** Atom feed of a News view (?site=, ?lang=, ?entity=, ?q=), with ETag and Last-Modified (304 when unchanged). */
export const GET = handle(async (req: Request) => {
  const q = feedQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  const base = requestOrigin(req);
  const view = await loadFeedView(await getDb(), q, base);
  const xml = buildAtom(view.entries, { baseUrl: base, title: view.title, selfPath: `/feed.xml${view.search}`, alternatePath: `/${view.search}` });
  return conditionalResponse(req, xml, {
    contentType: "application/atom+xml; charset=utf-8", lastModified: view.lastModified, cacheControl: `public, max-age=${FEED_MAX_AGE_SEC}`,
  });
});

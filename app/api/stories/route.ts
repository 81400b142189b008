import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client.ts";
import { listNewsPage } from "@/lib/db/news.ts";
import { handle } from "@/lib/api/respond.ts";
import { newsViewQuery } from "@/lib/api/news-query.ts";

export const dynamic = "force-dynamic";

/**
 * Stories only (no loose articles), freshest first. Pages like /api/news (?before=<next>): a page
 * holds the stories among `limit` cards, so it can be shorter than `limit` and still have a next page.
 */
export const GET = handle(async (req: Request) => {
  const q = newsViewQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  const page = await listNewsPage(await getDb(), { limit: q.limit, siteId: q.site, lang: q.lang, entity: q.entity, before: q.before });
  return NextResponse.json({ stories: page.stories.filter((c) => c.storyId !== null), next: page.next });
});

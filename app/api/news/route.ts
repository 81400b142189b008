import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client.ts";
import { listNewsPage } from "@/lib/db/news.ts";
import { handle } from "@/lib/api/respond.ts";
import { newsViewQuery } from "@/lib/api/news-query.ts";

export const dynamic = "force-dynamic";

/** The News page's story cards (stories and not-yet-grouped articles), freshest first; ?before=<next> pages on. */
export const GET = handle(async (req: Request) => {
  const q = newsViewQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  return NextResponse.json(await listNewsPage(await getDb(), { limit: q.limit, siteId: q.site, lang: q.lang, entity: q.entity, before: q.before }));
});

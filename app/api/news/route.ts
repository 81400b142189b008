import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { listNews, MAX_NEWS_LIMIT } from "@/lib/db/news.ts";
import { handle } from "@/lib/api/respond.ts";

export const dynamic = "force-dynamic";

const newsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_NEWS_LIMIT).optional(),
  site: z.coerce.number().int().positive().optional(),
  lang: z.string().regex(/^[a-z]{2,3}(-[a-z0-9]+)?$/i).optional(),
  entity: z.string().max(200).optional(),
});

/** The News page's story cards (stories and not-yet-grouped articles), freshest first. */
export const GET = handle(async (req: Request) => {
  const q = newsQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  return NextResponse.json({ stories: await listNews(await getDb(), { limit: q.limit, siteId: q.site, lang: q.lang, entity: q.entity }) });
});

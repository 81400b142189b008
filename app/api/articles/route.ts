import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { listRecentArticles } from "@/lib/db/articles-view.ts";
import { searchArticles, MAX_SEARCH_RESULTS } from "@/lib/db/search.ts";
import { handle } from "@/lib/api/respond.ts";

export const dynamic = "force-dynamic";

const query = z.object({
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_SEARCH_RESULTS).optional(),
  site: z.coerce.number().int().positive().optional(),
  lang: z.string().regex(/^[a-z]{2,3}(-[a-z0-9]+)?$/i).optional(),
  before: z.coerce.number().int().positive().optional(),
});

/** News articles: full-text search with ?q=, else newest first (page with ?before=<last id>). */
export const GET = handle(async (req: Request) => {
  const q = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  const db = await getDb();
  if (q.q) return NextResponse.json({ articles: await searchArticles(db, q.q, { limit: q.limit, siteId: q.site, lang: q.lang }) });
  return NextResponse.json({ articles: await listRecentArticles(db, { limit: q.limit, siteId: q.site, lang: q.lang, beforeId: q.before }) });
});

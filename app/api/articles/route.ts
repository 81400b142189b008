import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { listRecentArticlesPage } from "@/lib/db/articles-view.ts";
import { searchPage, MAX_SEARCH_RESULTS } from "@/lib/db/search.ts";
import { handle } from "@/lib/api/respond.ts";

export const dynamic = "force-dynamic";

const query = z.object({
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_SEARCH_RESULTS).optional(),
  site: z.coerce.number().int().positive().optional(),
  lang: z.string().regex(/^[a-z]{2,3}(-[a-z0-9]+)?$/i).optional(),
  before: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().positive().optional(),
});

/**
 * News articles: full-text search with ?q= (pages with ?page=<next>), else newest first (pages with
 * ?before=<next>, the last id of the page before). `next` is null on the last page.
 */
export const GET = handle(async (req: Request) => {
  const q = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  const db = await getDb();
  if (q.q) {
    const r = await searchPage(db, q.q, { limit: q.limit, siteId: q.site, lang: q.lang, page: q.page });
    return NextResponse.json({ articles: r.hits, page: r.page, next: r.next });
  }
  return NextResponse.json(await listRecentArticlesPage(db, { limit: q.limit, siteId: q.site, lang: q.lang, beforeId: q.before }));
});

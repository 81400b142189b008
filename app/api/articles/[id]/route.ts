import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { getArticleOrThrow } from "@/lib/db/news.ts";
import { listAlsoPublishedBy } from "@/lib/db/dedup.ts";
import { sanitizeArticleHtml } from "@/lib/extract/sanitize.ts";
import { handle } from "@/lib/api/respond.ts";

export const dynamic = "force-dynamic";

/** One article: sanitised HTML, text, extraction and classification facts, entities, other copies. */
export const GET = handle(async (_req: Request, ctx: { params: Promise<{ id: string }> }) => {
  const id = z.coerce.number().int().positive().parse((await ctx.params).id);
  const db = await getDb();
  const a = await getArticleOrThrow(db, id);
  const { page, site, story, entities, ...rest } = a;
  return NextResponse.json({
    article: {
      ...rest,
      html: sanitizeArticleHtml(a.html, a.url),
      site, story,
      charset: page.charset, charsetSource: page.charsetSource, fetchedAt: page.fetchedAt,
      entities: entities.map((e) => ({ ...e.entity, mentions: e.mentions })),
      alsoPublishedBy: await listAlsoPublishedBy(db, id),
    },
  });
});

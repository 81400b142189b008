import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { listNews } from "@/lib/db/news.ts";
import { handle } from "@/lib/api/respond.ts";

export const dynamic = "force-dynamic";

const query = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });

export const GET = handle(async (req: Request) => {
  const { limit } = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  return NextResponse.json({ stories: await listNews(await getDb(), { limit }) });
});

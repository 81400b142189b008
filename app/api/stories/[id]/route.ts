import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { getStoryOrThrow } from "@/lib/db/stories-view.ts";
import { handle } from "@/lib/api/respond.ts";

export const dynamic = "force-dynamic";

/** One story with its articles, sources, entities and timeline (a merged story answers with the one it joined). */
export const GET = handle(async (_req: Request, ctx: { params: Promise<{ id: string }> }) => {
  const id = z.coerce.number().int().positive().parse((await ctx.params).id);
  return NextResponse.json({ story: await getStoryOrThrow(await getDb(), id) });
});

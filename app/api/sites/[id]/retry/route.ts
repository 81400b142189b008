import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { retrySiteNow } from "@/lib/db/sites.ts";
import { handle } from "@/lib/api/respond.ts";
import { readMutation, redirectTo, safeLocalPath } from "@/lib/api/mutation.ts";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** "Retry now" (admin): the site's failing seeds are due at once, with their attempts and the host back-off cleared. */
export const POST = handle(async (req: Request, ctx: Ctx) => {
  const id = z.coerce.number().int().positive().parse((await ctx.params).id);
  const { input, form } = await readMutation(req);
  const requeued = await retrySiteNow(await getDb(), id);
  return form ? redirectTo(req, safeLocalPath(input.back, `/sites/${id}`)) : NextResponse.json({ requeued });
});

import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { setSiteStatus } from "@/lib/db/sites.ts";
import { listRecentPages, listSiteStatus } from "@/lib/db/sites-view.ts";
import { NotFoundError } from "@/lib/db/news.ts";
import { handle } from "@/lib/api/respond.ts";
import { readMutation, redirectTo, safeLocalPath } from "@/lib/api/mutation.ts";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };
const idSchema = z.coerce.number().int().positive();
const statusSchema = z.object({ status: z.enum(["active", "paused"]), back: z.string().optional() });

/** One site's status and its recent pages. */
export const GET = handle(async (_req: Request, ctx: Ctx) => {
  const id = idSchema.parse((await ctx.params).id);
  const db = await getDb();
  const [site] = await listSiteStatus(db, { siteId: id });
  if (!site) throw new NotFoundError(`site ${id} not found`);
  return NextResponse.json({ site, recentPages: await listRecentPages(db, id) });
});

/** Pause or resume a site (admin). JSON PATCH from scripts, or POST from the Sites page's forms. */
async function changeStatus(req: Request, ctx: Ctx): Promise<Response> {
  const id = idSchema.parse((await ctx.params).id);
  const { input, form } = await readMutation(req);
  const { status, back } = statusSchema.parse(input);
  const db = await getDb();
  if (!(await db.site.findUnique({ where: { id }, select: { id: true } }))) throw new NotFoundError(`site ${id} not found`);
  const site = await setSiteStatus(db, id, status);
  return form ? redirectTo(req, safeLocalPath(back, "/sites")) : NextResponse.json({ site });
}

export const PATCH = handle(changeStatus);
export const POST = handle(changeStatus);

import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { deleteSite, updateSite } from "@/lib/db/sites.ts";
import { editSiteSchema } from "@/lib/schemas/site.ts";
import { listRecentPages, listSiteStatus } from "@/lib/db/sites-view.ts";
import { NotFoundError } from "@/lib/db/news.ts";
import { handle } from "@/lib/api/respond.ts";
import { readMutation, redirectTo, safeLocalPath } from "@/lib/api/mutation.ts";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };
const idSchema = z.coerce.number().int().positive();

/** One site's status and its recent pages. */
export const GET = handle(async (_req: Request, ctx: Ctx) => {
  const id = idSchema.parse((await ctx.params).id);
  const db = await getDb();
  const [site] = await listSiteStatus(db, { siteId: id });
  if (!site) throw new NotFoundError(`site ${id} not found`);
  return NextResponse.json({ site, recentPages: await listRecentPages(db, id) });
});

/**
 * Edit a site (admin): name, status, limits, delay, scope patterns, private networks. JSON PATCH
 * from scripts, or POST from the Sites pages' forms (answered with a redirect to `back`).
 */
async function editSite(req: Request, ctx: Ctx): Promise<Response> {
  const id = idSchema.parse((await ctx.params).id);
  const { input, form } = await readMutation(req);
  const back = typeof input.back === "string" ? input.back : undefined;
  delete input.back;
  const patch = editSiteSchema.parse(input);
  const site = await updateSite(await getDb(), id, patch);
  return form ? redirectTo(req, safeLocalPath(back, "/sites")) : NextResponse.json({ site });
}

/** Delete a site and what it brought in (admin); the site page's confirmation says what goes. */
async function removeSite(req: Request, ctx: Ctx): Promise<Response> {
  const id = idSchema.parse((await ctx.params).id);
  const { form } = await readMutation(req);
  const deleted = await deleteSite(await getDb(), id);
  return form ? redirectTo(req, `/sites?deleted=${encodeURIComponent(String(id))}`) : NextResponse.json({ deleted });
}

export const PATCH = handle(editSite);
export const POST = handle(editSite);
export const DELETE = handle(removeSite);

import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { addSiteSection } from "@/lib/db/sites.ts";
import { handle } from "@/lib/api/respond.ts";
import { readMutation, redirectTo } from "@/lib/api/mutation.ts";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };
const sectionSchema = z.object({ url: z.string().trim().min(1, "Enter the section's address").max(2000) });

/** Add a section address (e.g. https://example.com/health/) to a site as one more seed (admin). */
export const POST = handle(async (req: Request, ctx: Ctx) => {
  const id = z.coerce.number().int().positive().parse((await ctx.params).id);
  const { input, form } = await readMutation(req);
  const { url } = sectionSchema.parse(input);
  const section = await addSiteSection(await getDb(), id, url);
  return form ? redirectTo(req, `/sites/${id}`) : NextResponse.json({ section }, { status: 201 });
});

import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { markSitePattern } from "@/lib/db/site-evidence.ts";
import { NotFoundError } from "@/lib/db/news.ts";
import { handle } from "@/lib/api/respond.ts";
import { readMutation, redirectTo, safeLocalPath } from "@/lib/api/mutation.ts";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };
const idSchema = z.coerce.number().int().positive();
const markSchema = z.object({
  pattern: z.string().min(1).max(300),
  /** "true" (form) or true (JSON): the pattern's pages are not news; false lifts the mark. */
  notNews: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).default(true),
  back: z.string().optional(),
});

/** Mark one of a site's learnt URL patterns "not news" (admin, CSRF): one action decides all its pages. */
export const POST = handle(async (req: Request, ctx: Ctx) => {
  const id = idSchema.parse((await ctx.params).id);
  const { input, form } = await readMutation(req);
  const { pattern, notNews, back } = markSchema.parse(input);
  const db = await getDb();
  const result = await markSitePattern(db, id, pattern, notNews);
  if (!result.ok) {
    if (result.reason === "site_not_found") throw new NotFoundError(`site ${id} not found`);
    if (form) return redirectTo(req, `${safeLocalPath(back, `/sites/${id}`)}?pattern_error=unknown_pattern`);
    return NextResponse.json({ error: "unknown_pattern", message: `site ${id} has no learnt URL pattern "${pattern}"` }, { status: 422 });
  }
  // Undo says so (it was reported as "marked not news; 0 articles taken off")
  if (form) return redirectTo(req, `${safeLocalPath(back, `/sites/${id}`)}?${notNews ? `pattern_marked=${result.articlesChanged}` : "pattern_unmarked=1"}`);
  return NextResponse.json(result);
});

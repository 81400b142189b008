import { NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { listLabels } from "@/lib/db/labels.ts";
import { labelPage } from "@/lib/pipeline/apply-label.ts";
import { NotFoundError } from "@/lib/db/news.ts";
import { handle } from "@/lib/api/respond.ts";
import { readMutation, redirectTo, safeLocalPath } from "@/lib/api/mutation.ts";
import { readAdmin, UnauthorizedError } from "@/lib/auth/guard.ts";

export const dynamic = "force-dynamic";

const labelSchema = z.object({
  pageId: z.coerce.number().int().positive(),
  isNews: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]),
  note: z.string().max(500).optional(),
  back: z.string().optional(),
});

/** Labels, newest first (admin). */
export const GET = handle(async (req: Request) => {
  if (!(await readAdmin(req))) throw new UnauthorizedError("log in as admin first");
  return NextResponse.json({ labels: await listLabels(await getDb(), { limit: 500 }) });
});

/** Label a stored page news / not news (admin): it takes effect on every reader view at once. */
export const POST = handle(async (req: Request) => {
  const { input, form } = await readMutation(req);
  const l = labelSchema.parse(input);
  const res = await labelPage(await getDb(), l.pageId, l.isNews, l.note);
  if (!res.ok) throw new NotFoundError(`page ${l.pageId} not found`);
  return form ? redirectTo(req, `${safeLocalPath(l.back, "/review")}?labelled=${res.label.id}`) : NextResponse.json({ label: res.label, effect: res.effect }, { status: 201 });
});

import { NextResponse } from "next/server";
import { handle } from "@/lib/api/respond.ts";
import { readImportJob } from "@/lib/api/label-import-job.ts";
import { requireAdminSession } from "@/lib/auth/guard.ts";

export const dynamic = "force-dynamic";

/** A label import job's progress (admin): lines read, labels stored, bad lines, and its state. */
export const GET = handle(async (req: Request, ctx: { params: Promise<{ id: string }> }) => {
  await requireAdminSession(req);
  const { id } = await ctx.params;
  const s = readImportJob(id);
  return NextResponse.json({ ...s, pid: undefined }, { headers: { "cache-control": "no-store" } });
});

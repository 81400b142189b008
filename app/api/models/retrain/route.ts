import { NextResponse } from "next/server";
import { handle } from "@/lib/api/respond.ts";
import { readMutation, redirectTo } from "@/lib/api/mutation.ts";
import { runTraining } from "@/lib/api/run-training.ts";
import { log } from "@/lib/log.ts";

export const dynamic = "force-dynamic";
export const maxDuration = 900;

/** Retrain the classifier (admin): `lede train` makes a new, activated model version with its CV metrics. */
export const POST = handle(async (req: Request) => {
  const { form } = await readMutation(req);
  const result = await runTraining();
  if (!result.ok) {
    if (result.reason !== "too_few_samples") log.warn({ reason: result.reason, output: result.output }, "retrain failed");
    const need = "needed" in result && result.needed ? result.needed : null;
    if (form) return redirectTo(req, `/review?retrain_error=${result.reason}${need ? `&need_news=${need.news}&need_not_news=${need.notNews}` : ""}`);
    return NextResponse.json({ error: result.reason === "busy" ? "retrain_running" : "retrain_failed", reason: result.reason, message: result.output.slice(-500), ...(need ? { needed: need } : {}) },
      { status: result.reason === "busy" ? 409 : 422 });
  }
  if (form) return redirectTo(req, `/review?retrained=${result.modelVersionId}`);
  return NextResponse.json({ modelVersionId: result.modelVersionId });
});

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client.ts";
import { retrainModel } from "@/lib/classify/retrain.ts";
import { handle } from "@/lib/api/respond.ts";
import { readMutation, redirectTo } from "@/lib/api/mutation.ts";
import { getEnv } from "@/lib/config.ts";

export const dynamic = "force-dynamic";
export const maxDuration = 600;

/** The evaluation corpus when present (LEDE_CORPUS, else ../shared/corpus); null trains on labels only. */
function corpusDir(): string | null {
  const dir = getEnv().LEDE_CORPUS ?? resolve(process.cwd(), "..", "shared", "corpus");
  return existsSync(dir) ? dir : null;
}

/** Retrain the classifier (admin): a new, activated model version with its CV metrics. */
export const POST = handle(async (req: Request) => {
  const { form } = await readMutation(req);
  const result = await retrainModel(await getDb(), { corpusDir: corpusDir() });
  if (!result.ok) {
    if (form) return redirectTo(req, `/review?retrain_error=${result.samples}`);
    return NextResponse.json({ error: result.reason, samples: result.samples }, { status: 422 });
  }
  if (form) return redirectTo(req, `/review?retrained=${result.modelVersionId}`);
  return NextResponse.json({ modelVersionId: result.modelVersionId, metrics: result.run.metrics, previous: result.previous });
});

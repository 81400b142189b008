import { getDb } from "@/lib/db/client.ts";
import { exportLabelsJsonl } from "@/lib/db/labels.ts";
import { handle } from "@/lib/api/respond.ts";
import { readAdmin, UnauthorizedError } from "@/lib/auth/guard.ts";

export const dynamic = "force-dynamic";

/** Every label as JSONL (admin). */
export const GET = handle(async (req: Request) => {
  if (!(await readAdmin(req))) throw new UnauthorizedError("log in as admin first");
  return new Response(await exportLabelsJsonl(await getDb()), {
    headers: { "content-type": "application/jsonl; charset=utf-8", "content-disposition": `attachment; filename="lede-labels.jsonl"` },
  });
});

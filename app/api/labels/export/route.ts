import { getDb } from "@/lib/db/client.ts";
import { exportLabelsJsonlChunks } from "@/lib/db/labels.ts";
import { handle } from "@/lib/api/respond.ts";
import { readAdmin, UnauthorizedError } from "@/lib/auth/guard.ts";

export const dynamic = "force-dynamic";

/** Every label as JSONL (admin), streamed a page of labels at a time: 300k labels never sit in the server at once. */
export const GET = handle(async (req: Request) => {
  if (!(await readAdmin(req))) throw new UnauthorizedError("log in as admin first");
  const chunks = exportLabelsJsonlChunks(await getDb());
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close(); else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() { await chunks.return(undefined); },
  });
  return new Response(body, {
    headers: { "content-type": "application/jsonl; charset=utf-8", "content-disposition": `attachment; filename="lede-labels.jsonl"` },
  });
});

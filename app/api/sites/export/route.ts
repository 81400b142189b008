import { getDb } from "@/lib/db/client.ts";
import { listSitesForExport } from "@/lib/db/sites.ts";
import { buildOpml } from "@/lib/opml/export-opml.ts";
import { handle } from "@/lib/api/respond.ts";
import { readAdmin, UnauthorizedError } from "@/lib/auth/guard.ts";

export const dynamic = "force-dynamic";

/** The sites as OPML (admin): for a feed reader, or another Lede's "Import sites from OPML". */
export const GET = handle(async (req: Request) => {
  if (!readAdmin(req)) throw new UnauthorizedError("log in as admin first");
  return new Response(buildOpml(await listSitesForExport(await getDb())), {
    headers: { "content-type": "text/x-opml; charset=utf-8", "content-disposition": `attachment; filename="lede-sites.opml"` },
  });
});

import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client.ts";
import { addSite, listSites } from "@/lib/db/sites.ts";
import { addSiteSchema } from "@/lib/schemas/site.ts";
import { handle } from "@/lib/api/respond.ts";
import { getEnv } from "@/lib/config.ts";
import { checkSeedUrl } from "@/lib/http/ssrf.ts";

export const dynamic = "force-dynamic";

export const GET = handle(async () => NextResponse.json({ sites: await listSites(await getDb()) }));

export const POST = handle(async (req: Request) => {
  const input = addSiteSchema.parse(await req.json().catch(() => ({})));
  const allowPrivateNetwork = getEnv().ALLOW_PRIVATE_NETWORK;
  const safe = await checkSeedUrl(input.seedUrl, { allowPrivateNetwork });
  if (!safe.ok) {
    return NextResponse.json({ error: safe.key, message: safe.message, fields: { seedUrl: safe.message } }, { status: 422 });
  }
  const site = await addSite(await getDb(), { ...input, allowPrivateNetwork });
  return NextResponse.json({ site: { id: site.id, seedUrl: site.seedUrl, name: site.name } }, { status: 201 });
});

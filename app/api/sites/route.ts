import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client.ts";
import { addSite, assertNewSite, SiteExistsError } from "@/lib/db/sites.ts";
import { listSiteStatus } from "@/lib/db/sites-view.ts";
import { addSiteSchema } from "@/lib/schemas/site.ts";
import { handle } from "@/lib/api/respond.ts";
import { readMutation } from "@/lib/api/mutation.ts";
import { getEnv } from "@/lib/config.ts";
import { checkSeedUrl } from "@/lib/http/ssrf.ts";
import { readHostMap } from "@/lib/http/hostmap.ts";

export const dynamic = "force-dynamic";

/** Every site with its crawl status. */
export const GET = handle(async () => NextResponse.json({ sites: await listSiteStatus(await getDb()) }));

/** Add a seed site (admin): validated, SSRF-checked, then queued for crawling. */
export const POST = handle(async (req: Request) => {
  const { input: body } = await readMutation(req);
  const input = addSiteSchema.parse(body);
  const env = getEnv();
  // The admin may allow private networks for this one site (an intranet, a test server).
  const allowPrivateNetwork = env.ALLOW_PRIVATE_NETWORK || (input.allowPrivateNetwork ?? false);
  const db = await getDb();
  let site;
  try {
    // 1. Already there? Answered before any network look-up.
    await assertNewSite(db, input.seedUrl);
    // 2. SSRF guard; HOST_MAP names the addresses the crawler will really connect to (the replay web in tests).
    const safe = await checkSeedUrl(input.seedUrl, { allowPrivateNetwork, hostMap: readHostMap(env.HOST_MAP) });
    if (!safe.ok) {
      return NextResponse.json({ error: safe.key, message: safe.message, fields: { seedUrl: safe.message } }, { status: 422 });
    }
    // Only an admin's explicit choice is stored: a site added while the server allows private networks
    // is not fetched from them once it runs strict (issue 19).
    site = await addSite(db, { ...input, allowPrivateNetwork: input.allowPrivateNetwork ?? false });
  } catch (err) {
    // "Already added": the answer links to the site, and offers a section address to it instead.
    if (!(err instanceof SiteExistsError)) throw err;
    return NextResponse.json({
      error: err.key, message: err.message, site: { id: err.site.id, name: err.site.name, seedUrl: err.site.seedUrl, href: `/sites/${err.site.id}` },
      sectionUrl: err.sectionUrl,
    }, { status: 409 });
  }
  return NextResponse.json({ site: { id: site.id, seedUrl: site.seedUrl, name: site.name } }, { status: 201 });
});

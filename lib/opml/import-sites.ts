// Add the sites of an OPML file, each through the same checks as the Sites form: schema, SSRF
// guard, uniqueness. One bad outline never stops the others; each gets its own result.
import type { Db } from "../db/client.ts";
import { addSite, assertNewSite } from "../db/sites.ts";
import { addSiteSchema } from "../schemas/site.ts";
import { checkSeedUrl } from "../http/ssrf.ts";
import type { HostMap } from "../http/hostmap.ts";
import type { OpmlSite } from "./parse-opml.ts";

export type ImportResult =
  | { seedUrl: string; ok: true; siteId: number }
  | { seedUrl: string; ok: false; reason: string; message: string };

export interface ImportOptions {
  allowPrivateNetwork: boolean;
  /** HOST_MAP overrides, as the crawler will use them */
  hostMap?: HostMap;
}

export async function importSites(db: Db, sites: OpmlSite[], opts: ImportOptions): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  for (const s of sites) {
    const input = addSiteSchema.safeParse({ seedUrl: s.seedUrl, name: s.name });
    if (!input.success) {
      results.push({ seedUrl: s.seedUrl, ok: false, reason: "invalid_input", message: input.error.issues[0]?.message ?? "invalid" });
      continue;
    }
    try {
      // Already there? Answered before the SSRF guard's network look-up, as on the Sites form.
      await assertNewSite(db, input.data.seedUrl);
      const safe = await checkSeedUrl(input.data.seedUrl, { allowPrivateNetwork: opts.allowPrivateNetwork, hostMap: opts.hostMap });
      if (!safe.ok) {
        results.push({ seedUrl: s.seedUrl, ok: false, reason: safe.key, message: safe.message });
        continue;
      }
      const site = await addSite(db, { ...input.data, allowPrivateNetwork: opts.allowPrivateNetwork, feedUrl: s.feedUrl });
      results.push({ seedUrl: s.seedUrl, ok: true, siteId: site.id });
    } catch (err) {
      const key = (err as { key?: unknown }).key;
      if (typeof key !== "string") throw err;
      results.push({ seedUrl: s.seedUrl, ok: false, reason: key, message: (err as Error).message });
    }
  }
  return results;
}

import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client.ts";
import { handle } from "@/lib/api/respond.ts";
import { readMutation, redirectTo } from "@/lib/api/mutation.ts";
import { routeLimits } from "@/lib/api/body.ts";
import { getEnv } from "@/lib/config.ts";
import { parseOpml, MAX_OPML_BYTES } from "@/lib/opml/parse-opml.ts";
import { importSites } from "@/lib/opml/import-sites.ts";
import { readHostMap } from "@/lib/http/hostmap.ts";

export const dynamic = "force-dynamic";

/** Problems listed on the Sites page after a form import (the JSON answer has them all). */
const IMPORT_PROBLEMS_SHOWN = 20;

class OpmlError extends Error {
  readonly key = "invalid_input";
}

/** Import seed sites from OPML (admin): a multipart upload ("file") or JSON {opml: "<opml…>"}. */
export const POST = handle(async (req: Request) => {
  const { input, form } = await readMutation(req, routeLimits.opml);
  const file = input.file;
  const xml = file instanceof Blob ? (file.size > MAX_OPML_BYTES ? "" : await file.text()) : typeof input.opml === "string" ? input.opml : "";
  const parsed = parseOpml(xml);
  if (!parsed.ok) throw new OpmlError(`not an OPML file we can read (${parsed.reason})`);
  const results = await importSites(await getDb(), parsed.sites, { allowPrivateNetwork: getEnv().ALLOW_PRIVATE_NETWORK, hostMap: readHostMap(getEnv().HOST_MAP) });
  const imported = results.filter((r) => r.ok).length;
  // Every outline that gave no site says why: the parse's problems, then each refused site's reason.
  const problems = [
    ...parsed.problems,
    ...results.flatMap((r) => (r.ok ? [] : [{ outline: r.seedUrl, reason: r.message }])),
  ];
  const skipped = problems.length;
  if (form) {
    const shown = encodeURIComponent(JSON.stringify(problems.slice(0, IMPORT_PROBLEMS_SHOWN)));
    return redirectTo(req, `/sites?imported=${imported}&skipped=${skipped}&problems=${shown}`);
  }
  return NextResponse.json({ imported, skipped, results, problems });
});

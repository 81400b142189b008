// Database → WARC: one response record per stored page, HTTP headers rebuilt from status and content type.
import { gunzipSync } from "node:zlib";
import type { Db } from "../db/client.ts";
import { listPagesForExport } from "../db/warc.ts";
import { WarcWriter, type WarcVersion } from "./writer.ts";

/** Pages read per query: bounded memory however many pages are stored. */
const EXPORT_BATCH = 200;

export interface WarcExportOptions {
  siteIds?: number[];
  version?: WarcVersion;
  onProgress?: (records: number) => void;
}

/**
 * 1. Write a warcinfo record naming the software and format.
 * 2. Page through stored pages in id order; for each, gunzip the raw body and write a response
 *    record for its final URL, dated when it was fetched.
 * Returns the number of response records written.
 */
export async function exportWarc(db: Db, path: string, opts: WarcExportOptions = {}): Promise<number> {
  const version = opts.version ?? "1.1";
  const writer = new WarcWriter(path, { version });
  let written = 0;
  try {
    await writer.writeWarcinfo({
      software: "Lede (self-hosted news aggregator)",
      format: `WARC File Format ${version}`,
      description: "Pages stored by Lede; HTTP headers reconstructed from status and content type",
    });
    for (let afterId = 0; ; ) {
      const batch = await listPagesForExport(db, { siteIds: opts.siteIds, afterId, take: EXPORT_BATCH });
      if (batch.length === 0) break;
      for (const p of batch) {
        await writer.writeResponse({ url: p.finalUrl, date: p.fetchedAt, status: p.status, contentType: p.contentType, body: gunzipSync(p.rawBody) });
        written++;
      }
      opts.onProgress?.(written);
      afterId = batch[batch.length - 1].id;
    }
  } finally {
    await writer.close();
  }
  return written;
}

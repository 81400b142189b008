// WARC → database: every HTML response record goes through the same ingest as a crawled page.
import type { Db } from "../db/client.ts";
import { findOrCreateArchiveSite } from "../db/warc.ts";
import { ingestPage } from "../pipeline/ingest.ts";
import { flushSiteEvidence, flushTemplates } from "../pipeline/context.ts";
import { normalizeUrl } from "../url/normalize.ts";
import { classifyContentType, looksLikeHtml, sniffBinary } from "../http/content.ts";
import { readWarc } from "./reader.ts";
import { parseHttpResponse } from "./record.ts";

export interface WarcImportStats {
  /** response records read. */
  responses: number;
  /** pages handed to ingestPage. */
  ingested: number;
  /** skipped responses by reason: not_http, not_2xx, not_html, binary_content, bad_url, empty_body. */
  skipped: Record<string, number>;
  /** ingest outcomes (article, not_news, duplicate, too_short). */
  outcomes: Record<string, number>;
}

export interface WarcImportOptions {
  /** every page into this site instead of one (paused) site per origin. */
  siteId?: number;
  onProgress?: (stats: WarcImportStats) => void;
}

/** Why a response record is not an HTML page we ingest, or null when it is one. */
function skipReason(status: number, contentType: string | null, body: Buffer): string | null {
  if (status < 200 || status >= 300) return "not_2xx";
  if (body.length === 0 || body.toString("latin1").trim() === "") return "empty_body";
  const cls = classifyContentType(contentType);
  if (cls === "no") return "not_html";
  if (sniffBinary(body.subarray(0, 512))) return "binary_content";
  if (cls === "maybe" && !looksLikeHtml(body)) return "not_html";
  return null;
}

/**
 * 1. Stream the WARC's response records (others are skipped unread).
 * 2. Parse the HTTP message; keep 2xx HTML (by Content-Type and by sniffing).
 * 3. Hand each page to ingestPage with its WARC-Date as fetch time, under the site of its origin.
 */
export async function importWarc(db: Db, path: string, opts: WarcImportOptions = {}): Promise<WarcImportStats> {
  const stats: WarcImportStats = { responses: 0, ingested: 0, skipped: {}, outcomes: {} };
  const skip = (k: string) => { stats.skipped[k] = (stats.skipped[k] ?? 0) + 1; };
  const sites = new Map<string, number>();
  for await (const rec of readWarc(path, { types: ["response"] })) {
    stats.responses++;
    const url = rec.targetUri ? normalizeUrl(rec.targetUri) : null;
    if (!url || !rec.targetUri) { skip("bad_url"); continue; }
    const http = parseHttpResponse(rec.block);
    if (!http) { skip("not_http"); continue; }
    const contentType = http.headers["content-type"] ?? null;
    const reason = skipReason(http.status, contentType, http.body);
    if (reason) { skip(reason); continue; }
    const origin = new URL(url).origin;
    let siteId = opts.siteId ?? sites.get(origin);
    if (siteId === undefined) {
      siteId = await findOrCreateArchiveSite(db, url);
      sites.set(origin, siteId);
    }
    const res = await ingestPage(db, {
      siteId, url, finalUrl: rec.targetUri, status: http.status, contentType, body: http.body, fetchedAt: rec.date ?? new Date(),
    });
    stats.ingested++;
    stats.outcomes[res.outcome] = (stats.outcomes[res.outcome] ?? 0) + 1;
    opts.onProgress?.(stats);
  }
  await flushTemplates(db);
  await flushSiteEvidence(db);
  return stats;
}

// A site's URL-pattern evidence (lib/classify/site-evidence.ts) in the SiteEvidence table: one row per
// site, the state as JSON in `data`, `pageCount` mirrored for listings. The crawler merges what it
// learnt into a fresh read (lib/pipeline/context.ts); feeds, labels and the admin's marks go through
// updateSiteEvidence, one read and one write.
import { Prisma } from "../generated/prisma/client.ts";
import type { Db } from "./client.ts";
import { execute, queryRows } from "./direct.ts";
import { log } from "../log.ts";
import {
  addEvidence, describeSiteEvidence, markPatternNotNews, mergeEvidence, newSiteEvidence, parseSiteEvidence, urlPatterns, TEMPLATE_PATTERN_PREFIX,
  type PatternRow, type SiteEvidence,
} from "../classify/site-evidence.ts";

/** The site's stored evidence; null when it has none or it cannot be read (logged: it restarts). */
export async function getSiteEvidence(db: Db, siteId: number): Promise<SiteEvidence | null> {
  // Raw and portable: the ORM's query compiler costs ~2 ms CPU a statement, and this runs once per site per 30 s in every worker.
  const [row] = await queryRows<{ data: string }[]>(db, Prisma.sql`SELECT "data" FROM "SiteEvidence" WHERE "siteId" = ${siteId}`);
  if (!row) return null;
  const parsed = parseSiteEvidence(row.data);
  if (!parsed.ok) {
    log.warn({ siteId, reason: parsed.reason }, "stored site evidence unreadable; starting anew");
    return null;
  }
  return parsed.evidence;
}

/** Insert or replace the site's evidence (one portable upsert statement). */
export async function saveSiteEvidence(db: Db, siteId: number, evidence: SiteEvidence): Promise<void> {
  const data = JSON.stringify(evidence);
  const now = new Date();
  await execute(db, Prisma.sql`INSERT INTO "SiteEvidence" ("siteId", "pageCount", "data", "updatedAt", "createdAt") VALUES (${siteId}, ${evidence.pages}, ${data}, ${now}, ${now})
     ON CONFLICT ("siteId") DO UPDATE SET "pageCount" = excluded."pageCount", "data" = excluded."data", "updatedAt" = excluded."updatedAt"`);
}

/** Read, change, store: for feeds, admin labels and admin marks (not the per-page hot path). */
export async function updateSiteEvidence(db: Db, siteId: number, change: (current: SiteEvidence) => SiteEvidence): Promise<SiteEvidence> {
  const next = change((await getSiteEvidence(db, siteId)) ?? newSiteEvidence());
  await saveSiteEvidence(db, siteId, next);
  return next;
}

/** Merge a worker's unsaved delta into the stored state and store it; returns the merged state. */
export async function mergeSiteEvidence(db: Db, siteId: number, delta: SiteEvidence): Promise<SiteEvidence> {
  return updateSiteEvidence(db, siteId, (current) => mergeEvidence(current, delta));
}

export interface SiteEvidenceView {
  pages: number;
  patterns: (PatternRow & { example: string | null })[];
}

/** Sites → site: the learnt patterns with their counts, each with one stored page URL it covers. */
export async function getSiteEvidenceView(db: Db, siteId: number, limit = 40): Promise<SiteEvidenceView | null> {
  const evidence = await getSiteEvidence(db, siteId);
  if (!evidence) return null;
  const rows = describeSiteEvidence(evidence).slice(0, limit);
  const pages = await db.page.findMany({ where: { siteId }, select: { finalUrl: true }, orderBy: { id: "desc" }, take: 500 });
  const example = new Map<string, string>();
  for (const p of pages) for (const key of urlPatterns(p.finalUrl)) if (!example.has(key)) example.set(key, p.finalUrl);
  return { pages: evidence.pages, patterns: rows.map((r) => ({ ...r, example: example.get(r.pattern) ?? null })) };
}

/** An admin's label teaches the page's site its URL pattern (source c, ADMIN_LABEL_WEIGHT pages). */
export async function learnFromLabel(db: Db, pageId: number, isNews: boolean): Promise<void> {
  const page = await db.page.findUnique({ where: { id: pageId }, select: { siteId: true, finalUrl: true } });
  if (!page) return;
  await updateSiteEvidence(db, page.siteId, (s) => addEvidence(s, page.finalUrl, isNews, "admin_label"));
}

export type MarkPatternResult = { ok: true; pattern: string; notNews: boolean; articlesChanged: number } | { ok: false; reason: "site_not_found" | "unknown_pattern" };

/**
 * The admin's site-level correction, one action: every page of `pattern` on this site is not news.
 * Stored on the site's evidence (the crawler decides the pattern's new pages by it) and applied at
 * once to the site's stored articles of that pattern. Undo (notNews false) lifts the mark for pages
 * to come; articles it took off stay off until re-processed (`lede reprocess`) or labelled "news".
 */
export async function markSitePattern(db: Db, siteId: number, pattern: string, notNews: boolean): Promise<MarkPatternResult> {
  if (!(await db.site.findUnique({ where: { id: siteId }, select: { id: true } }))) return { ok: false, reason: "site_not_found" };
  const current = await getSiteEvidence(db, siteId);
  if (!current?.patterns[pattern]) return { ok: false, reason: "unknown_pattern" };
  await saveSiteEvidence(db, siteId, markPatternNotNews(current, pattern, notNews));
  // A template pattern (content path) is not stored with the articles: its mark decides pages to come and re-processed ones.
  if (!notNews || pattern.startsWith(TEMPLATE_PATTERN_PREFIX)) return { ok: true, pattern, notNews, articlesChanged: 0 };
  const articles = await db.article.findMany({ where: { siteId, isNews: true }, select: { id: true, page: { select: { finalUrl: true } } } });
  const ids = articles.filter((a) => (urlPatterns(a.page.finalUrl) as string[]).includes(pattern)).map((a) => a.id);
  if (ids.length > 0) {
    await db.article.updateMany({ where: { id: { in: ids } }, data: { isNews: false, decisionReason: `URL pattern "${pattern}" marked not news by an admin` } });
    await db.page.updateMany({ where: { article: { id: { in: ids } } }, data: { outcome: "not_news", outcomeReason: `URL pattern "${pattern}" marked not news by an admin` } });
  }
  return { ok: true, pattern, notNews, articlesChanged: ids.length };
}

// Label: an admin's "news or not?" for a URL, kept forever (several per URL: the newest counts).
// Also the review-loop queries: least-certain pages, pages where a label disagrees with the
// decision, the misclassified list, and labelled pages with their raw bodies for training.
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import type { Db } from "./client.ts";
import { learnFromLabel } from "./site-evidence.ts";
import { queryRows } from "./direct.ts";
import { dialect, type JsonColumn } from "./dialect.ts";
import { columns, ident, join, num, sql } from "./sql.ts";

export type LabelSource = "admin" | "import";

export interface NewLabel {
  url: string;
  isNews: boolean;
  pageId?: number | null;
  source?: LabelSource;
  note?: string | null;
  createdAt?: Date;
}

export interface LabelRow {
  id: number;
  url: string;
  pageId: number | null;
  isNews: boolean;
  source: string;
  note: string | null;
  createdAt: Date;
}

const labelSelect = { id: true, url: true, pageId: true, isNews: true, source: true, note: true, createdAt: true } as const;

/** The page a URL was stored under (request URL first, then final URL after redirects). */
async function findPageIdByUrl(db: Db, url: string): Promise<number | null> {
  const page = await db.page.findFirst({ where: { OR: [{ url }, { finalUrl: url }] }, select: { id: true }, orderBy: { id: "desc" } });
  return page?.id ?? null;
}

export async function addLabel(db: Db, label: NewLabel): Promise<LabelRow> {
  const pageId = label.pageId ?? (await findPageIdByUrl(db, label.url));
  if (pageId !== null && (label.source ?? "admin") === "admin") await learnFromLabel(db, pageId, label.isNews);
  return db.label.create({
    data: {
      url: label.url, isNews: label.isNews, pageId, source: label.source ?? "admin", note: label.note ?? null,
      ...(label.createdAt ? { createdAt: label.createdAt } : {}),
    },
    select: labelSelect,
  });
}

/**
 * The newest label of a page: given for its id, or for one of its URLs (request, final, canonical).
 * Null when the page was never labelled. Indexed on Label(pageId) and Label(url).
 */
export async function findNewestLabel(db: Db, pageId: number, urls: string[]): Promise<LabelRow | null> {
  // Raw on the driver adapter (lib/db/direct.ts): the crawl asks this for every article it stores.
  const rows = await queryRows<LabelRow[]>(db, sql`
    SELECT "id", "url", "pageId", "isNews", "source", "note", "createdAt" FROM "Label"
     WHERE "pageId" = ${pageId} OR "url" IN (${join([...new Set(urls)])}) ORDER BY "id" DESC LIMIT 1`);
  const r = rows[0];
  return r ? { ...r, id: Number(r.id), pageId: r.pageId === null ? null : Number(r.pageId) } : null;
}

/** Label a stored page by id (the review buttons). */
export async function addPageLabel(db: Db, pageId: number, isNews: boolean, note?: string): Promise<{ ok: true; label: LabelRow } | { ok: false; reason: "page_not_found" }> {
  const page = await db.page.findUnique({ where: { id: pageId }, select: { id: true, url: true } });
  if (!page) return { ok: false, reason: "page_not_found" };
  return { ok: true, label: await addLabel(db, { url: page.url, pageId: page.id, isNews, note: note ?? null }) };
}

/** Every label, newest first (paged by id). */
export async function listLabels(db: Db, opts: { limit?: number; beforeId?: number } = {}): Promise<LabelRow[]> {
  return db.label.findMany({
    where: opts.beforeId ? { id: { lt: opts.beforeId } } : {},
    orderBy: { id: "desc" },
    take: opts.limit ?? 100,
    select: labelSelect,
  });
}

/**
 * Labels, labelled URLs and news among their newest labels, counted in the database: the review page
 * shows it on every view, and an import can leave 300k labels (binding their ids failed past
 * SQLite's 32,766 parameters, P2029, and held them all in the web server).
 */
export async function countLabels(db: Db): Promise<{ total: number; urls: number; news: number }> {
  const [row] = await db.$queryRaw<{ total: number | bigint; urls: number | bigint; news: number | bigint | null }[]>(sql`
    SELECT (SELECT count(*) FROM "Label") AS "total", count(*) AS "urls", sum(CASE WHEN l."isNews" = true THEN 1 ELSE 0 END) AS "news"
    FROM "Label" l JOIN ${NEWEST_PER_URL} ON ${ident("newest")}."id" = l."id"`);
  return { total: num(row?.total ?? 0), urls: num(row?.urls ?? 0), news: num(row?.news ?? 0) };
}

/** The newest label's id of every labelled URL, as a joinable sub-select ("newest"."id"). */
const NEWEST_PER_URL = sql`(SELECT max("id") AS "id" FROM "Label" GROUP BY "url") AS "newest"`;

/** The newest label of every labelled URL (one query, whatever the count). */
export async function listLatestLabels(db: Db): Promise<LabelRow[]> {
  const rows = await db.$queryRaw<RawLabel[]>(sql`
    SELECT l."id", l."url", l."pageId", l."isNews", l."source", l."note", l."createdAt"
    FROM "Label" l JOIN ${NEWEST_PER_URL} ON ${ident("newest")}."id" = l."id" ORDER BY l."id" ASC`);
  return rows.map(toLabelRow);
}

type RawLabel = { id: number | bigint; url: string; pageId: number | bigint | null; isNews: boolean | number; source: string; note: string | null; createdAt: Date | string };

function toLabelRow(r: RawLabel): LabelRow {
  return { id: num(r.id), url: r.url, pageId: r.pageId === null ? null : num(r.pageId), isNews: Boolean(r.isNews), source: r.source, note: r.note, createdAt: new Date(r.createdAt) };
}

// ---- export / import (JSONL, one label per line) ----

export const labelLineSchema = z.object({
  url: z.string().url(),
  isNews: z.boolean(),
  source: z.enum(["admin", "import"]).optional(),
  note: z.string().nullable().optional(),
  createdAt: z.string().datetime({ offset: true }).optional(),
});
export type LabelLine = z.infer<typeof labelLineSchema>;

/** Labels per page of an export: the server holds one page of rows at a time, whatever the total. */
const EXPORT_PAGE_ROWS = 2000;

/** Every label as JSONL, oldest first (so an import replays them in order), a page of lines at a time. */
export async function* exportLabelsJsonlChunks(db: Db): AsyncGenerator<string> {
  let afterId = 0;
  for (;;) {
    const rows = await db.label.findMany({ where: { id: { gt: afterId } }, orderBy: { id: "asc" }, take: EXPORT_PAGE_ROWS, select: labelSelect });
    if (rows.length === 0) return;
    afterId = rows[rows.length - 1]!.id;
    yield rows
      .map((r) => `${JSON.stringify({ url: r.url, isNews: r.isNews, source: r.source === "import" ? "import" : "admin", note: r.note, createdAt: r.createdAt.toISOString() } satisfies LabelLine)}\n`)
      .join("");
  }
}

/** Every label as JSONL in one string (the CLI, tests). */
export async function exportLabelsJsonl(db: Db): Promise<string> {
  let out = "";
  for await (const chunk of exportLabelsJsonlChunks(db)) out += chunk;
  return out;
}

export interface ImportResult {
  imported: number;
  /** Lines identical (url, decision, time) to a label already stored: importing twice changes nothing. */
  duplicates: number;
  /** The first MAX_INVALID_REPORTED bad lines with their numbers and why (invalidCount has them all). */
  invalid: { line: number; reason: string }[];
  invalidCount: number;
}

/** One line of an import: its text, or how long it was when it was too long to keep (lib/api/lines.ts). */
export type ImportLine = { text: string } | { tooLongBytes: number };

/** Bad lines reported one by one; past this only counted, so a file of garbage cannot fill memory. */
export const MAX_INVALID_REPORTED = 100;
/**
 * Lines written per batch: three statements per batch (duplicates, pages, insert), each binding the
 * batch as one JSON parameter, and a yield to the event loop between batches; 400 lines is ~40 KiB
 * of JSON per statement.
 */
const IMPORT_BATCH_LINES = 400;

/** Import JSONL held in a string (the CLI, small JSON bodies). */
export async function importLabelsJsonl(db: Db, jsonl: string, onLabel?: OnImportedLabel): Promise<ImportResult> {
  return importLabelLines(db, (function* () {
    for (const text of jsonl.split(/\r?\n/)) yield { text };
  })(), onLabel);
}

/**
 * Runs after each stored label of an import, in file order (the review loop applies it to its page:
 * lib/pipeline/apply-label.ts), so the newest label of a URL is the one in effect.
 */
export type OnImportedLabel = (label: Pick<LabelRow, "url" | "isNews" | "pageId">) => Promise<unknown>;

/**
 * Import labels line by line from any (async) iterable of lines, in batches, yielding to the event
 * loop after each: a large upload streams through in bounded memory and the server keeps answering.
 */
export async function importLabelLines(
  db: Db, lines: Iterable<ImportLine> | AsyncIterable<ImportLine>, onLabel?: OnImportedLabel,
  onBatch?: (progress: ImportResult & { lines: number }) => void | Promise<void>,
): Promise<ImportResult> {
  const result: ImportResult = { imported: 0, duplicates: 0, invalid: [], invalidCount: 0 };
  const bad = (line: number, reason: string) => {
    result.invalidCount++;
    if (result.invalid.length < MAX_INVALID_REPORTED) result.invalid.push({ line, reason });
  };
  let batch: LabelLine[] = [];
  let n = 0;
  for await (const line of lines) {
    n++;
    if ("tooLongBytes" in line) { bad(n, `line of ${line.tooLongBytes} bytes is longer than a label can be`); continue; }
    const text = line.text.trim();
    if (!text) continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      bad(n, "not JSON");
      continue;
    }
    const r = labelLineSchema.safeParse(json);
    if (!r.success) { bad(n, r.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")); continue; }
    batch.push(r.data);
    if (batch.length >= IMPORT_BATCH_LINES) {
      await writeImportBatch(db, batch, result, onLabel);
      batch = [];
      await onBatch?.({ ...result, lines: n });
      await new Promise((ok) => setImmediate(ok));
    }
  }
  if (batch.length) await writeImportBatch(db, batch, result, onLabel);
  await onBatch?.({ ...result, lines: n });
  return result;
}

/** Columns of an imported label row, in the JSON a batch is bound as (lib/db/dialect.ts jsonRecords). */
const LABEL_IMPORT_COLUMNS: readonly JsonColumn[] = [
  { name: "url", type: "text" }, { name: "pageId", type: "int" }, { name: "isNews", type: "bool" },
  { name: "source", type: "text" }, { name: "note", type: "text" }, { name: "createdAt", type: "timestamp" },
];

/** A time as the SQLite adapter stores DateTimes ("…+00:00"); PostgreSQL reads it as UTC. */
const storedTime = (d: Date) => d.toISOString().replace("Z", "+00:00");

/**
 * Store one batch: skip labels already stored (same url, decision and time), attach pages by URL,
 * insert in order. Three statements, each binding the batch as one JSON parameter: through Prisma's
 * query path a bound parameter per value (or createMany) allocates ~9× the time and several times the
 * garbage (100k lines: 108 s and a heap grown by 110 MiB, against 12 s; lib/api/label-import-job.ts).
 */
async function writeImportBatch(db: Db, batch: LabelLine[], result: ImportResult, onLabel?: OnImportedLabel): Promise<void> {
  const d = dialect(db);
  const urls = JSON.stringify([...new Set(batch.map((l) => l.url))]);
  const key = (url: string, isNews: boolean, at: Date) => `${isNews ? 1 : 0}|${at.getTime()}|${url}`;
  const seen = new Set<string>();
  const timed = [...new Set(batch.filter((l) => l.createdAt).map((l) => l.url))];
  if (timed.length) {
    const stored = await db.$queryRaw<{ url: string; isNews: boolean | number; createdAt: Date | string }[]>(sql`
      SELECT "url", "isNews", "createdAt" FROM "Label" WHERE "url" IN (${d.jsonTexts(JSON.stringify(timed))})`);
    for (const s of stored) seen.add(key(s.url, Boolean(s.isNews), new Date(s.createdAt)));
  }
  const pages = await db.$queryRaw<{ id: number | bigint; url: string; finalUrl: string | null }[]>(sql`
    SELECT "id", "url", "finalUrl" FROM "Page"
    WHERE "url" IN (${d.jsonTexts(urls)}) OR "finalUrl" IN (${d.jsonTexts(urls)}) ORDER BY "id" DESC`);
  const pageByUrl = new Map<string, number>();
  for (const p of pages) {
    if (!pageByUrl.has(p.url)) pageByUrl.set(p.url, num(p.id));
    if (p.finalUrl && !pageByUrl.has(p.finalUrl)) pageByUrl.set(p.finalUrl, num(p.id));
  }
  const rows: { url: string; pageId: number | null; isNews: boolean; source: string; note: string | null; createdAt: string }[] = [];
  const now = storedTime(new Date());
  for (const l of batch) {
    const createdAt = l.createdAt ? new Date(l.createdAt) : undefined;
    if (createdAt) {
      const k = key(l.url, l.isNews, createdAt);
      if (seen.has(k)) { result.duplicates++; continue; }
      seen.add(k);
    }
    rows.push({ url: l.url, pageId: pageByUrl.get(l.url) ?? null, isNews: l.isNews, source: l.source ?? "import", note: l.note ?? null, createdAt: createdAt ? storedTime(createdAt) : now });
  }
  if (rows.length) {
    const cols = columns(LABEL_IMPORT_COLUMNS.map((c) => c.name));
    await db.$executeRaw(sql`INSERT INTO "Label" (${cols}) SELECT ${cols} FROM ${d.jsonRecords(JSON.stringify(rows), LABEL_IMPORT_COLUMNS)}`);
  }
  result.imported += rows.length;
  if (onLabel) for (const row of rows) await onLabel(row);
}

// ---- review queue ----

export interface ReviewItem {
  articleId: number;
  pageId: number;
  url: string;
  title: string;
  text: string;
  siteName: string | null;
  newsScore: number | null;
  /** What the classifier said (Article.modelIsNews), whatever a label says. */
  isNews: boolean;
  decisionReason: string | null;
  modelVersionId: number | null;
  /** The newest admin label of this page's URL, when there is one. */
  label: { isNews: boolean; source: string; createdAt: Date } | null;
}

const reviewSelect = {
  id: true, pageId: true, url: true, title: true, text: true, siteName: true, newsScore: true, modelIsNews: true,
  decisionReason: true, modelVersionId: true, page: { select: { url: true } },
} as const;

async function loadReviewItems(db: Db, articleIds: number[], labels: Map<number, LabelRow>): Promise<ReviewItem[]> {
  if (articleIds.length === 0) return [];
  const rows = await db.article.findMany({ where: { id: { in: articleIds } }, select: reviewSelect });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return articleIds.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const l = labels.get(id);
    return [{
      articleId: r.id, pageId: r.pageId, url: r.url, title: r.title, text: r.text, siteName: r.siteName, newsScore: r.newsScore,
      isNews: r.modelIsNews, decisionReason: r.decisionReason, modelVersionId: r.modelVersionId,
      label: l ? { isNews: l.isNews, source: l.source, createdAt: l.createdAt } : null,
    }];
  });
}

/** Unlabelled articles whose score is closest to the 0.5 boundary: the model is least sure there. */
export async function listUncertainArticles(db: Db, opts: { limit?: number } = {}): Promise<ReviewItem[]> {
  const rows = await db.$queryRaw<{ id: number | bigint }[]>`
    SELECT a."id" FROM "Article" a JOIN "Page" p ON p."id" = a."pageId"
    WHERE a."newsScore" IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "Label" l WHERE l."pageId" = a."pageId" OR l."url" = p."url" OR l."url" = a."url")
    ORDER BY abs(a."newsScore" - 0.5) ASC, a."id" DESC
    LIMIT ${opts.limit ?? 50}`;
  return loadReviewItems(db, rows.map((r) => Number(r.id)), new Map());
}

interface LabelledArticle { articleId: number; label: LabelRow; modelIsNews: boolean; newsScore: number | null }

/**
 * Articles with their URL's newest label (label matched by page id, else by page or article URL) and
 * the classifier's decision, in one query: no list of ids is bound, so any number of labels works.
 */
async function listLabelledArticles(db: Db): Promise<LabelledArticle[]> {
  const rows = await db.$queryRaw<(RawLabel & { articleId: number | bigint; modelIsNews: boolean | number; newsScore: number | null })[]>(sql`
    SELECT m."articleId", a."modelIsNews", a."newsScore", l."id", l."url", l."pageId", l."isNews", l."source", l."note", l."createdAt"
    FROM (
      SELECT a."id" AS "articleId", max(l."id") AS "labelId"
      FROM "Article" a JOIN "Page" p ON p."id" = a."pageId"
      JOIN "Label" l ON l."pageId" = a."pageId" OR l."url" = p."url" OR l."url" = a."url"
      GROUP BY a."id"
    ) AS m
    JOIN "Article" a ON a."id" = m."articleId"
    JOIN "Label" l ON l."id" = m."labelId"`);
  return rows.map((r) => ({ articleId: num(r.articleId), label: toLabelRow(r), modelIsNews: Boolean(r.modelIsNews), newsScore: r.newsScore }));
}

/** Pages whose newest admin label disagrees with the classifier's decision, newest label first. */
export async function listDisagreements(db: Db, opts: { limit?: number } = {}): Promise<ReviewItem[]> {
  const labelled = await listLabelledArticles(db);
  const wrong = labelled.filter((l) => l.modelIsNews !== l.label.isNews).sort((a, b) => b.label.id - a.label.id).slice(0, opts.limit ?? 50);
  return loadReviewItems(db, wrong.map((w) => w.articleId), new Map(wrong.map((w) => [w.articleId, w.label])));
}

export interface MisclassifiedList {
  items: ReviewItem[];
  /** Labelled pages the model called news but the admin did not. */
  falsePositives: number;
  /** Labelled pages the model called not news but the admin did. */
  falseNegatives: number;
  labelled: number;
}

/** Every labelled page where the decision is wrong, the most confidently wrong first. */
export async function listMisclassified(db: Db, opts: { limit?: number } = {}): Promise<MisclassifiedList> {
  const labelled = await listLabelledArticles(db);
  const wrong = labelled.filter((l) => l.modelIsNews !== l.label.isNews);
  const confidence = (l: LabelledArticle) => Math.abs((l.newsScore ?? 0.5) - 0.5);
  wrong.sort((a, b) => confidence(b) - confidence(a) || b.articleId - a.articleId);
  const shown = wrong.slice(0, opts.limit ?? 100);
  return {
    items: await loadReviewItems(db, shown.map((w) => w.articleId), new Map(shown.map((w) => [w.articleId, w.label]))),
    falsePositives: wrong.filter((w) => !w.label.isNews).length,
    falseNegatives: wrong.filter((w) => w.label.isNews).length,
    labelled: labelled.length,
  };
}

// ---- training data ----

export interface LabelledPage {
  url: string;
  finalUrl: string;
  isNews: boolean;
  contentType: string | null;
  /** Raw response body (un-gzipped). */
  body: Uint8Array;
}

/** The newest label of every URL whose page is stored, with the page's raw body, for `lede train`. */
export async function listLabelledPages(db: Db): Promise<LabelledPage[]> {
  const latest = await listLatestLabels(db);
  const out: LabelledPage[] = [];
  for (const label of latest) {
    const page = await db.page.findFirst({
      where: label.pageId ? { id: label.pageId } : { OR: [{ url: label.url }, { finalUrl: label.url }] },
      select: { url: true, finalUrl: true, contentType: true, rawBody: true },
      orderBy: { id: "desc" },
    });
    if (!page) continue;
    out.push({ url: page.url, finalUrl: page.finalUrl, isNews: label.isNews, contentType: page.contentType, body: new Uint8Array(gunzipSync(page.rawBody)) });
  }
  return out;
}

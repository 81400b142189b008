// Read models for the Quality page: how extraction, classification, decoding and crawling are doing.
import type { Db } from "./client.ts";
import { errorClass } from "../http/errors.ts";
import { dialect } from "./dialect.ts";
import { join, sql } from "./sql.ts";

/** Upper bounds (characters) of the text-length histogram's buckets: doubling, from "too short" up. */
export const TEXT_LENGTH_BUCKETS = [250, 500, 1000, 2000, 4000, 8000, 16000];
/** Hours of crawl history charted. */
export const THROUGHPUT_HOURS = 48;
/** Error keys charted separately; rarer ones are summed as "other". */
const TOP_ERROR_KEYS = 5;

export interface CountRow {
  name: string;
  count: number;
}

export interface ModelVersionRow {
  id: number;
  kind: string;
  active: boolean;
  trainingSize: number;
  createdAt: string;
  accuracy: number | null;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  heldOutAccuracy: number | null;
}

export interface ThroughputRow {
  hour: string; // yyyy-mm-ddThh
  fetches: number;
  /** failures: network, 5xx, limits, policy (lib/http/errors.ts errorClass) */
  errors: number;
  /** dead links (404, 410): answers, not failures */
  notFound: number;
  bytes: number;
  /** error count per key (top keys, then "other") */
  byKey: Record<string, number>;
}

export interface QualityReport {
  articles: number;
  methodMix: CountRow[];
  textLengths: CountRow[];
  encodingSources: CountRow[];
  outcomes: CountRow[];
  models: ModelVersionRow[];
  throughput: ThroughputRow[];
  errorKeys: string[];
}

function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** Metric JSON is lib/classify's: accept the CV figures at the top level or under "cv". */
export function readMetrics(json: string): Pick<ModelVersionRow, "accuracy" | "precision" | "recall" | "f1" | "heldOutAccuracy"> {
  let m: Record<string, unknown> = {};
  try {
    m = JSON.parse(json) ?? {};
  } catch { /* unreadable metrics show as blanks */ }
  const cv = (m.cv && typeof m.cv === "object" ? m.cv : m.crossValidation && typeof m.crossValidation === "object" ? m.crossValidation : m) as Record<string, unknown>;
  const held = m.heldOut;
  return {
    accuracy: num(cv.accuracy), precision: num(cv.precision), recall: num(cv.recall), f1: num(cv.f1),
    heldOutAccuracy: typeof held === "number" ? held : num((held as Record<string, unknown> | undefined)?.accuracy),
  };
}

export async function listModelMetrics(db: Db): Promise<ModelVersionRow[]> {
  const rows = await db.modelVersion.findMany({
    orderBy: { id: "asc" },
    select: { id: true, kind: true, active: true, trainingSize: true, createdAt: true, metrics: true },
  });
  return rows.map((r) => ({ id: r.id, kind: r.kind, active: r.active, trainingSize: r.trainingSize, createdAt: r.createdAt.toISOString(), ...readMetrics(r.metrics) }));
}

function bucketLabel(i: number): string {
  const lo = i === 0 ? 0 : TEXT_LENGTH_BUCKETS[i - 1];
  const hi = TEXT_LENGTH_BUCKETS[i];
  return hi === undefined ? `≥ ${lo.toLocaleString("en")}` : `${lo.toLocaleString("en")}–${(hi - 1).toLocaleString("en")}`;
}

async function textLengthHistogram(db: Db): Promise<CountRow[]> {
  const cases = join(TEXT_LENGTH_BUCKETS.map((hi, i) => sql`WHEN "textLength" < ${hi} THEN ${i}`), " ");
  const rows = await db.$queryRaw<{ b: number | bigint; n: number | bigint }[]>(sql`
    SELECT "b", COUNT(*) AS "n" FROM (
      SELECT CAST(CASE ${cases} ELSE ${TEXT_LENGTH_BUCKETS.length} END AS INTEGER) AS "b" FROM "Article") buckets
    GROUP BY "b"`);
  const counts = new Map(rows.map((r) => [Number(r.b), Number(r.n)]));
  return Array.from({ length: TEXT_LENGTH_BUCKETS.length + 1 }, (_, i) => ({ name: bucketLabel(i), count: counts.get(i) ?? 0 }));
}

async function crawlThroughput(db: Db, now: Date): Promise<{ rows: ThroughputRow[]; keys: string[] }> {
  const since = new Date(now.getTime() - THROUGHPUT_HOURS * 3_600_000);
  const grouped = await db.$queryRaw<{ h: string; k: string | null; n: number | bigint; bytes: number | bigint | null }[]>(sql`
    SELECT "h", "k", COUNT(*) AS "n", CAST(SUM("bytes") AS BIGINT) AS "bytes" FROM (
      SELECT ${dialect(db).utcHour(sql`"at"`)} AS "h", "errorKey" AS "k", "bytes" FROM "FetchAttempt" WHERE "at" >= ${since}) hours
    GROUP BY "h", "k" ORDER BY "h"`);
  const totals = new Map<string, number>();
  for (const g of grouped) if (g.k && errorClass(g.k) === "failure") totals.set(g.k, (totals.get(g.k) ?? 0) + Number(g.n));
  const top = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP_ERROR_KEYS).map(([k]) => k);
  const byHour = new Map<string, ThroughputRow>();
  for (let t = since.getTime(); t <= now.getTime(); t += 3_600_000) {
    const h = new Date(t).toISOString().slice(0, 13);
    byHour.set(h, { hour: h, fetches: 0, errors: 0, notFound: 0, bytes: 0, byKey: {} });
  }
  for (const g of grouped) {
    const row = byHour.get(g.h) ?? { hour: g.h, fetches: 0, errors: 0, notFound: 0, bytes: 0, byKey: {} };
    const n = Number(g.n);
    row.fetches += n;
    row.bytes += Number(g.bytes ?? 0);
    if (g.k && errorClass(g.k) === "not_found") row.notFound += n;
    else if (g.k) {
      row.errors += n;
      const key = top.includes(g.k) ? g.k : "other";
      row.byKey[key] = (row.byKey[key] ?? 0) + n;
    }
    byHour.set(g.h, row);
  }
  const keys = totals.size > top.length ? [...top, "other"] : top;
  return { rows: [...byHour.values()].sort((a, b) => a.hour.localeCompare(b.hour)), keys };
}

function counts(rows: { _count: { _all: number } }[], name: (r: any) => string | null): CountRow[] {
  return rows.map((r) => ({ name: name(r) ?? "unknown", count: r._count._all })).sort((a, b) => b.count - a.count);
}

export async function getQualityReport(db: Db, now = new Date()): Promise<QualityReport> {
  const [articles, methods, lengths, encodings, outcomes, models, crawl] = await Promise.all([
    db.article.count(),
    db.article.groupBy({ by: ["method"], _count: { _all: true } }),
    textLengthHistogram(db),
    db.page.groupBy({ by: ["charsetSource"], _count: { _all: true } }),
    db.page.groupBy({ by: ["outcome"], _count: { _all: true } }),
    listModelMetrics(db),
    crawlThroughput(db, now),
  ]);
  return {
    articles,
    methodMix: counts(methods, (r) => r.method),
    textLengths: lengths,
    encodingSources: counts(encodings, (r) => r.charsetSource),
    outcomes: counts(outcomes, (r) => r.outcome),
    models,
    throughput: crawl.rows,
    errorKeys: crawl.keys,
  };
}

// ModelVersion: trained article classifiers with their cross-validation metrics. Exactly one is
// active at a time; the worker classifies with it (lib/classify/active-model.ts).
import type { Db } from "./client.ts";
import { sql } from "./sql.ts";

export interface NewModelVersion {
  kind: string;
  /** Serialised classifier (lib/classify/model.ts format). */
  params: unknown;
  /** Metrics summary (lib/classify/train.ts ModelMetrics). */
  metrics: unknown;
  trainingSize: number;
}

export interface ModelVersionSummary {
  id: number;
  kind: string;
  active: boolean;
  metrics: Record<string, unknown>;
  trainingSize: number;
  createdAt: Date;
}

export interface ActiveModelVersion {
  id: number;
  kind: string;
  params: unknown;
  createdAt: Date;
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function saveModelVersion(db: Db, model: NewModelVersion): Promise<{ id: number }> {
  return db.modelVersion.create({
    data: { kind: model.kind, params: JSON.stringify(model.params), metrics: JSON.stringify(model.metrics), trainingSize: model.trainingSize },
    select: { id: true },
  });
}

/** Newest first, metrics parsed; weights left out (they are large). */
export async function listModelVersions(db: Db, opts: { limit?: number } = {}): Promise<ModelVersionSummary[]> {
  const rows = await db.modelVersion.findMany({
    orderBy: { id: "desc" },
    take: opts.limit ?? 50,
    select: { id: true, kind: true, active: true, metrics: true, trainingSize: true, createdAt: true },
  });
  return rows.map((r) => ({ ...r, metrics: parseJson(r.metrics) }));
}

export async function getActiveModelVersion(db: Db): Promise<ActiveModelVersion | null> {
  const row = await db.modelVersion.findFirst({
    where: { active: true },
    orderBy: { id: "desc" },
    select: { id: true, kind: true, params: true, createdAt: true },
  });
  return row ? { ...row, params: parseJson(row.params) } : null;
}

/**
 * Only the id of the active version (null: none), one indexed raw statement: cheap enough for a worker to
 * ask often and reload the classifier (~1 s CPU to read and parse) only when the answer changes.
 */
export async function getActiveModelVersionId(db: Db): Promise<number | null> {
  const rows = await db.$queryRaw<{ id: number | bigint }[]>(
    sql`SELECT "id" FROM "ModelVersion" WHERE "active" = true ORDER BY "id" DESC LIMIT 1`,
  );
  return rows.length === 0 ? null : Number(rows[0]!.id);
}

/** Make one version the active one (and every other inactive) in a single transaction. */
export async function activateModelVersion(db: Db, id: number): Promise<{ ok: true } | { ok: false; reason: "not_found" }> {
  const exists = await db.modelVersion.findUnique({ where: { id }, select: { id: true } });
  if (!exists) return { ok: false, reason: "not_found" };
  await db.$transaction([
    db.modelVersion.updateMany({ where: { active: true, NOT: { id } }, data: { active: false } }),
    db.modelVersion.update({ where: { id }, data: { active: true } }),
  ]);
  return { ok: true };
}

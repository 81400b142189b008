// Which classifier the worker uses: the active ModelVersion when it fits the current feature set,
// otherwise the default model shipped with Lede (trained on WCXB dev by `lede train --default`).
import type { Db } from "../db/client.ts";
import { getActiveModelVersion } from "../db/models.ts";
import { log } from "../log.ts";
import { FEATURE_NAMES } from "./features.ts";
import { Classifier } from "./model.ts";
import defaultModel from "./default-model.json" with { type: "json" };

export interface LoadedClassifier {
  classifier: Classifier;
  /** ModelVersion id, null for the shipped default. */
  modelVersionId: number | null;
  source: "active" | "default";
}

const logger = log.child({ c: "classify" });

function fitsCurrentFeatures(c: Classifier): boolean {
  return c.featureNames.length === FEATURE_NAMES.length && c.featureNames.every((n, i) => n === FEATURE_NAMES[i]);
}

let cachedDefault: Classifier | undefined;

/** The shipped default model (lib/classify/default-model.json). */
export function loadDefaultClassifier(): Classifier {
  cachedDefault ??= Classifier.fromJSON((defaultModel as { model: unknown }).model);
  return cachedDefault;
}

export async function loadActiveClassifier(db: Db): Promise<LoadedClassifier> {
  const active = await getActiveModelVersion(db);
  if (active) {
    try {
      const classifier = Classifier.fromJSON(active.params);
      if (fitsCurrentFeatures(classifier)) return { classifier, modelVersionId: active.id, source: "active" };
      logger.warn({ modelVersionId: active.id }, "active model was trained on another feature set; using the default model until `lede train` runs");
    } catch (err) {
      logger.warn({ modelVersionId: active.id, err: String(err) }, "active model does not parse; using the default model");
    }
  }
  return { classifier: loadDefaultClassifier(), modelVersionId: null, source: "default" };
}

/** ms a worker keeps its classifier before asking the database again: a retrain shows up within a minute. */
export const ACTIVE_MODEL_TTL_MS = 60_000;

/**
 * For long-running workers: returns the active classifier, re-reading the database at most once
 * per `ttlMs`, so a model activated by `lede train` or the dashboard is picked up without a restart.
 */
export function createActiveClassifierCache(db: Db, options: { ttlMs?: number; now?: () => number } = {}): () => Promise<LoadedClassifier> {
  const ttl = options.ttlMs ?? ACTIVE_MODEL_TTL_MS;
  const now = options.now ?? Date.now;
  let cached: { at: number; value: LoadedClassifier } | null = null;
  return async () => {
    if (!cached || now() - cached.at >= ttl) cached = { at: now(), value: await loadActiveClassifier(db) };
    return cached.value;
  };
}

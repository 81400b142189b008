// Failures after a successful fetch: a bug or bad input in extraction, classification, entities,
// story grouping or a database write. They are not network problems, so they get keys of their own
// (stored on the URL and its site like fetch errors, shown in the dashboard's error lists). They
// are retried like a transient failure (a fixed bug, a released lock or a new model may let the
// page through) at most maxAttempts times, and never stop the worker.
import { FetchError } from "../http/errors.ts";

/**
 * Stable keys, by the part of the pipeline that threw:
 * - extract_failed: decode, parse, links, template, extraction, fingerprint (lib/extract, lib/dedup);
 * - classify_failed: the news classifier (lib/classify);
 * - group_failed: entity recognition or story grouping (lib/entities, lib/stories);
 * - store_failed: a database write of the page, article, duplicates, entities or outcome;
 * - pipeline_failed: anything else between the fetch and the settled row.
 */
export type PipelineErrorKey = "extract_failed" | "classify_failed" | "group_failed" | "store_failed" | "pipeline_failed";

export class PipelineError extends FetchError {
  constructor(key: PipelineErrorKey, cause: unknown, url?: string) {
    const msg = cause instanceof Error ? cause.message : String(cause);
    super(key, `${key}: ${msg}`, { url, cause, retryable: true });
  }
}

/** Any thrown value → a PipelineError (FetchErrors, including PipelineErrors, pass through unchanged). */
export function toPipelineError(err: unknown, key: PipelineErrorKey = "pipeline_failed", url?: string): FetchError {
  return err instanceof FetchError ? err : new PipelineError(key, err, url);
}

/** Run a pipeline step; what it throws comes out as a PipelineError with `key`. */
export function inStep<T>(key: PipelineErrorKey, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw toPipelineError(err, key);
  }
}

/** Async inStep. */
export async function inStepAsync<T>(key: PipelineErrorKey, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toPipelineError(err, key);
  }
}

// The worker asks only for the active model's id once its classifier's TTL has passed, and re-reads and
// re-parses the model (~1 s CPU) only when that id changed.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { activateModelVersion, getActiveModelVersionId, saveModelVersion } from "../../lib/db/models.ts";
import { loadDefaultClassifier } from "../../lib/classify/active-model.ts";
import { Classifier } from "../../lib/classify/model.ts";
import { getPageClassifier } from "../../lib/pipeline/context.ts";

/** The context's CLASSIFIER_TTL_MS (60 s) plus a margin. */
const AFTER_TTL_MS = 61_000;

describe("active classifier reload", () => {
  let t: TestDb;
  beforeAll(async () => { t = await createTestDb(); });
  afterAll(async () => { vi.restoreAllMocks(); await t.cleanup(); });

  it("getActiveModelVersionId follows activation", async () => {
    expect(await getActiveModelVersionId(t.db)).toBeNull();
    const params = loadDefaultClassifier().toJSON();
    const a = await saveModelVersion(t.db, { kind: "mlp", params, metrics: {}, trainingSize: 1 });
    const b = await saveModelVersion(t.db, { kind: "mlp", params, metrics: {}, trainingSize: 1 });
    expect(await getActiveModelVersionId(t.db)).toBeNull();
    await activateModelVersion(t.db, a.id);
    expect(await getActiveModelVersionId(t.db)).toBe(a.id);
    await activateModelVersion(t.db, b.id);
    expect(await getActiveModelVersionId(t.db)).toBe(b.id);
  });

  it("re-parses the model only when the active id changed", async () => {
    const parse = vi.spyOn(Classifier, "fromJSON");
    const t0 = 1_000_000;
    const first = await getPageClassifier(t.db, t0);
    expect(parse).toHaveBeenCalledTimes(1);
    // within the TTL: the cached function, no database read
    expect(await getPageClassifier(t.db, t0 + 1_000)).toBe(first);
    // after the TTL, same active model: the id is checked, nothing re-parsed
    expect(await getPageClassifier(t.db, t0 + AFTER_TTL_MS)).toBe(first);
    expect(await getPageClassifier(t.db, t0 + 2 * AFTER_TTL_MS)).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    // another model activated: picked up at the next check, parsed once
    const c = await saveModelVersion(t.db, { kind: "mlp", params: loadDefaultClassifier().toJSON(), metrics: {}, trainingSize: 1 });
    await activateModelVersion(t.db, c.id);
    expect(await getPageClassifier(t.db, t0 + 2 * AFTER_TTL_MS + 1_000)).toBe(first);
    const second = await getPageClassifier(t.db, t0 + 3 * AFTER_TTL_MS);
    expect(second).not.toBe(first);
    expect(parse).toHaveBeenCalledTimes(2);
    expect(await getPageClassifier(t.db, t0 + 4 * AFTER_TTL_MS)).toBe(second);
    expect(parse).toHaveBeenCalledTimes(2);
  });
});

// learnTemplate stores a site's template on its first page, when it becomes usable and when its window fills, otherwise
// every TEMPLATE_SAVE_PAGES pages (the state is ~100 KB); flushTemplates stores what is left (a worker stopping).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { flushTemplates, getTemplate, learnTemplate, TEMPLATE_SAVE_PAGES } from "../../lib/pipeline/context.ts";
import { pageEntries, DEFAULT_TEMPLATE_WINDOW, MIN_TEMPLATE_PAGES } from "../../lib/extract/template.ts";
import { loadReplayPages, defaultReplayDir } from "../../lib/replay/server.ts";

const npr = loadReplayPages().filter((p) => p.host === "www.npr.org").slice(0, 3)
  .map((p) => pageEntries(gunzipSync(readFileSync(join(defaultReplayDir, p.file))).toString("utf8")));

describe("site template persistence", () => {
  let t: TestDb;
  let siteId: number;
  beforeAll(async () => {
    t = await createTestDb();
    siteId = (await t.db.site.create({ data: { seedUrl: "https://www.npr.org/", host: "www.npr.org", name: "NPR" } })).id;
  });
  afterAll(async () => { await t.cleanup(); });
  const storedCount = async () => (await t.db.siteTemplate.findUnique({ where: { siteId } }))?.pageCount ?? 0;

  it("stores when the template becomes usable and when its window fills, then throttles, and flushes the rest", async () => {
    const start = Date.now();
    const window = DEFAULT_TEMPLATE_WINDOW;
    const writes: number[] = [];
    const newVersions: number[] = [];
    let last = 0;
    let version = 0;
    for (let i = 0; i < window; i++) {
      const next = await learnTemplate(t.db, siteId, npr[i % npr.length]!, start + i * 10);
      if (next.version !== version && next.pageCount > MIN_TEMPLATE_PAGES) newVersions.push(next.pageCount);
      version = next.version;
      const stored = await storedCount();
      if (stored !== last) writes.push(stored);
      last = stored;
    }
    // stores while filling (was one per page): the first page, usable for other workers, each new version
    // (stale pages are found from the stored row), the full window
    expect(writes).toEqual([...new Set([1, MIN_TEMPLATE_PAGES, ...newVersions, window])]);
    expect(writes.length).toBeLessThan(window / 2);
    // window full: the next TEMPLATE_SAVE_PAGES - 1 pages stay in this worker's cache, whatever the time
    for (let i = 0; i < TEMPLATE_SAVE_PAGES - 1; i++) await learnTemplate(t.db, siteId, npr[i % npr.length]!, start + 100 + i * 1_000);
    expect(await storedCount()).toBe(window);
    expect((await getTemplate(t.db, siteId, start + 200))?.pageCount).toBe(window + TEMPLATE_SAVE_PAGES - 1);
    // the TEMPLATE_SAVE_PAGES-th page stores the state again
    await learnTemplate(t.db, siteId, npr[0]!, start + 300);
    expect(await storedCount()).toBe(window + TEMPLATE_SAVE_PAGES);
    await learnTemplate(t.db, siteId, npr[1]!, start + 400);
    expect(await storedCount()).toBe(window + TEMPLATE_SAVE_PAGES);
    expect(await flushTemplates(t.db)).toBe(1);
    expect(await storedCount()).toBe(window + TEMPLATE_SAVE_PAGES + 1);
    expect(await flushTemplates(t.db)).toBe(0);
  });
});

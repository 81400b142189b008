// The worker hands ingestPage the page it already parsed for links (one parse per page): the stored
// article must be the same as when the pipeline parses by itself, and a StageClock sees each stage.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { ingestPage } from "../../lib/pipeline/ingest.ts";
import { StageClock } from "../../lib/pipeline/stage-clock.ts";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { parseHtml } from "../../lib/extract/dom.ts";
import { loadReplayPages, defaultReplayDir } from "../../lib/replay/server.ts";

const articles = loadReplayPages().filter((p) => p.type === "article").slice(0, 3);

describe("ingestPage with the worker's parsed document", () => {
  let a: TestDb, b: TestDb;
  beforeAll(async () => { [a, b] = await Promise.all([createTestDb(), createTestDb()]); });
  afterAll(async () => { await Promise.all([a.cleanup(), b.cleanup()]); });

  it("stores the same article, outcome and template as parsing inside", async () => {
    const clock = new StageClock();
    for (const t of [a, b]) await t.db.site.create({ data: { seedUrl: "https://many.example/", host: "many.example", name: "many" } });
    expect(articles.length).toBe(3);
    for (const p of articles) {
      const body = gunzipSync(readFileSync(join(defaultReplayDir, p.file)));
      const url = `https://${p.host}${p.path}`;
      const input = { siteId: 1, url, finalUrl: url, status: 200, contentType: "text/html; charset=utf-8", body };
      const decoded = decodeHtml(body, input.contentType);
      const own = await ingestPage(a.db, input);
      const shared = await ingestPage(b.db, { ...input, decoded, document: parseHtml(decoded.text) }, { clock });
      expect(shared.outcome, url).toBe(own.outcome);
      expect(shared.reason, url).toBe(own.reason);
      const pick = { select: { title: true, text: true, html: true, simhash: true, newsScore: true, method: true, publishedAt: true } } as const;
      expect(await b.db.article.findUnique({ where: { id: shared.articleId }, ...pick }), url)
        .toEqual(await a.db.article.findUnique({ where: { id: own.articleId }, ...pick }));
    }
    // the same state, but for the time its version last changed (each run's own clock)
    const tpl = async (t: TestDb) => ({ ...JSON.parse((await t.db.siteTemplate.findUniqueOrThrow({ where: { siteId: 1 } })).data), changedAt: null });
    expect(await tpl(b)).toEqual(await tpl(a));
    for (const stage of ["template", "extract", "classify", "fingerprint", "db: page", "db: dedup", "db: article", "db: outcome"]) {
      expect(clock.totals.get(stage)?.count, stage).toBeGreaterThan(0);
    }
    expect(clock.totals.has("parse")).toBe(false); // the document was given: no parse inside
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { ingestPage, reprocessPage } from "../../lib/pipeline/ingest.ts";
import { loadReplayPages, defaultReplayDir } from "../../lib/replay/server.ts";

const pages = loadReplayPages();
const nprArticle = pages.find((p) => p.host === "www.npr.org" && p.type === "article")!;
const body = gunzipSync(readFileSync(join(defaultReplayDir, nprArticle.file)));

describe("ingestPage", () => {
  let t: TestDb;
  let siteId: number;
  beforeAll(async () => {
    t = await createTestDb();
    siteId = (await t.db.site.create({ data: { seedUrl: "https://www.npr.org/", host: "www.npr.org", name: "NPR" } })).id;
  });
  afterAll(async () => { await t.cleanup(); });

  const input = (url: string) => ({
    siteId, url, finalUrl: url, status: 200, contentType: "text/html; charset=utf-8", body,
  });

  it("stores the page compressed and its article with text, method and fingerprint", async () => {
    const url = `https://www.npr.org${nprArticle.path}`;
    const res = await ingestPage(t.db, input(url));
    expect(res.outcome).toBe("article");
    const page = await t.db.page.findUniqueOrThrow({ where: { id: res.pageId } });
    expect(page.rawBody.byteLength).toBeLessThan(body.byteLength);
    expect(page.charset).toBe("utf-8");
    expect(page.charsetSource).toBe("header");
    const article = await t.db.article.findUniqueOrThrow({ where: { id: res.articleId } });
    expect(article.title).toMatch(/Plumbers are training as substitute teachers/i);
    expect(article.text.length).toBeGreaterThan(1000);
    expect(article.simhash).toMatch(/^[0-9a-f]{16}$/);
    expect(article.method).not.toBe("");
    // classified by the shipped default model, with its evidence
    expect(article.newsScore).toBeGreaterThan(0.5);
    expect(article.decisionReason).toMatch(/default model/);
    // grouped: entities found and a story opened with the article's headline
    expect(article.storyId).not.toBeNull();
    const story = await t.db.story.findUniqueOrThrow({ where: { id: article.storyId! } });
    expect(story.articleCount).toBe(1);
    expect(await t.db.articleEntity.count({ where: { articleId: article.id } })).toBeGreaterThan(0);
    // the page streamed into the site's template
    expect((await t.db.siteTemplate.findUniqueOrThrow({ where: { siteId } })).pageCount).toBe(1);
  });

  it("records a copy under another URL as a duplicate of the first", async () => {
    const res = await ingestPage(t.db, input("https://mirror.example/npr-copy"));
    expect(res.outcome).toBe("duplicate");
    expect(res.reason).toMatch(/duplicate of article|canonical/);
  });

  it("re-processes a stored page in place, without a second article", async () => {
    const before = await t.db.article.count();
    const first = await t.db.page.findFirstOrThrow({ orderBy: { id: "asc" } });
    const res = await reprocessPage(t.db, first.id);
    expect(res?.outcome).toBe("article");
    expect(await t.db.article.count()).toBe(before);
    const story = await t.db.story.findFirstOrThrow();
    expect(story.articleCount).toBe(1);
  });

  it("stores too-short pages with their reason and no article", async () => {
    const res = await ingestPage(t.db, { ...input("https://www.npr.org/tiny"), body: Buffer.from("<html><body><p>Hi</p></body></html>") });
    expect(res.outcome).toBe("too_short");
    const page = await t.db.page.findUniqueOrThrow({ where: { id: res.pageId } });
    expect(page.outcome).toBe("too_short");
    expect(page.outcomeReason).toMatch(/characters/);
  });
});

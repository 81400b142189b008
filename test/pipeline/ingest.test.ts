import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { ingestPage, reprocessPage } from "../../lib/pipeline/ingest.ts";
import { processPage } from "../../lib/pipeline/process.ts";
import { loadReplayPages, defaultReplayDir } from "../../lib/replay/server.ts";
import { extractEntities } from "../../lib/entities/extract-entities.ts";
import { entityInputOf, storyEvidence } from "../../lib/stories/evidence.ts";
import { parseProfile } from "../../lib/stories/profile.ts";

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

  it("groups by the tagger's mentions in the title and lead (story evidence), and keeps the whole text's as the article's entities", async () => {
    const article = await t.db.article.findFirstOrThrow({ where: { storyId: { not: null } }, orderBy: { id: "asc" } });
    const mentions = extractEntities(entityInputOf(article), { lang: article.lang });
    const evidence = storyEvidence(mentions, article);
    const profile = parseProfile((await t.db.story.findUniqueOrThrow({ where: { id: article.storyId! } })).profile);
    expect(evidence.length).toBeGreaterThan(0);
    expect(Object.entries(profile.entities).map(([key, e]) => [key, e.count]).sort())
      .toEqual(evidence.map((e) => [e.key, e.mentions]).sort());
    // the article's entities (chips, filter) are the whole text's: names after the lead among them
    const stored = await t.db.articleEntity.findMany({ where: { articleId: article.id }, select: { entity: { select: { key: true } } } });
    const lateKeys = stored.map((r) => r.entity.key).filter((k) => !evidence.some((e) => e.key === k));
    expect(lateKeys.length).toBeGreaterThan(0);
    expect(mentions.filter((m) => lateKeys.includes(m.key)).every((m) => m.start > article.title.length + 2 + 1_000)).toBe(true);
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

// Issue #17 item 4: a page's article, duplicates, entities, story and outcome are stored in one transaction
// (lib/db/direct.ts scopedTransaction). A failure between those writes — here the story's INSERT, after the
// article and its entities were written — leaves none of them (the page row stays, without an outcome, for
// the frontier's retry); the same page stored again succeeds.
describe("ingestPage stores a processed page in one transaction", () => {
  let t: TestDb;
  let siteId: number;
  beforeAll(async () => {
    t = await createTestDb();
    siteId = (await t.db.site.create({ data: { seedUrl: "https://www.npr.org/", host: "www.npr.org", name: "NPR" } })).id;
  });
  afterAll(async () => { await t.cleanup(); });

  /** What the page thread hands the worker for the NPR article: its extraction and decision, no template. */
  function processed(url: string) {
    const html = body.toString("utf8");
    const result = processPage({ finalUrl: url, html, classify: null, template: null });
    return { result, entries: null, templateVersionBefore: 0, usedTemplateVersion: null };
  }
  const input = (url: string) => ({
    siteId, url, finalUrl: url, status: 200, contentType: "text/html; charset=utf-8", body, processed: processed(url),
  });

  /** Make every story INSERT fail, as a crash or a lost connection at that point would. */
  async function failStoryInserts(on: boolean): Promise<void> {
    if (t.engine === "sqlite") {
      await t.db.$executeRawUnsafe(on
        ? `CREATE TRIGGER "test_fail_story" BEFORE INSERT ON "Story" BEGIN SELECT RAISE(ABORT, 'injected failure'); END`
        : `DROP TRIGGER "test_fail_story"`);
    } else if (on) {
      await t.db.$executeRawUnsafe(`CREATE FUNCTION test_fail_story() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RAISE EXCEPTION ''injected failure''; END'`);
      await t.db.$executeRawUnsafe(`CREATE TRIGGER "test_fail_story" BEFORE INSERT ON "Story" FOR EACH ROW EXECUTE FUNCTION test_fail_story()`);
    } else {
      await t.db.$executeRawUnsafe(`DROP TRIGGER "test_fail_story" ON "Story"`);
      await t.db.$executeRawUnsafe(`DROP FUNCTION test_fail_story()`);
    }
  }

  it("leaves no article, entity, story or outcome when the story's write fails, and stores all of them when retried", async () => {
    const url = `https://www.npr.org${nprArticle.path}`;
    await failStoryInserts(true);
    const err = await ingestPage(t.db, input(url), { classify: null }).catch((e: unknown) => e);
    await failStoryInserts(false);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message) + String((err as { cause?: Error }).cause?.message ?? "")).toMatch(/injected failure/);
    expect((await t.db.page.findUniqueOrThrow({ where: { url } })).outcome).toBeNull();
    expect(await t.db.article.count()).toBe(0);
    expect(await t.db.articleEntity.count()).toBe(0);
    expect(await t.db.entity.count()).toBe(0);
    expect(await t.db.story.count()).toBe(0);

    const res = await ingestPage(t.db, input(url), { classify: null });
    expect(res.outcome).toBe("article");
    const article = await t.db.article.findUniqueOrThrow({ where: { id: res.articleId } });
    expect(article.pageId).toBe(res.pageId);
    expect(article.storyId).not.toBeNull();
    expect(await t.db.articleEntity.count({ where: { articleId: article.id } })).toBeGreaterThan(0);
    expect((await t.db.page.findUniqueOrThrow({ where: { id: res.pageId } })).outcome).toBe("article");
  });
});

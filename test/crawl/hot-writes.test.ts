// The worker's per-URL writes are raw SQL (lib/db/frontier.ts settleUrl/recordFetchAttempt,
// lib/db/pages.ts savePage/setPageOutcome, lib/db/articles.ts saveArticle/findArticleByPage): they must read back through the ORM exactly as the ORM
// calls they replaced wrote them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gunzipSync } from "node:zlib";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { enqueueUrls, leaseUrls, recordFetchAttempt, settleUrl } from "../../lib/db/frontier.ts";
import { savePage, setPageOutcome } from "../../lib/db/pages.ts";
import { findArticleByPage, saveArticle } from "../../lib/db/articles.ts";
import type { ArticleDraft } from "../../lib/pipeline/process.ts";

let t: TestDb;
let siteId: number;
beforeAll(async () => {
  t = await createTestDb();
  siteId = (await t.db.site.create({ data: { seedUrl: "https://a.example/", host: "a.example", name: "a" } })).id;
});
afterAll(async () => t.cleanup());

describe("raw hot-path writes", () => {
  it("settleUrl sets only the given columns, releases the lease, and refuses a lost lease", async () => {
    await enqueueUrls(t.db, [{ url: "https://a.example/feed", siteId, depth: 0, kind: "feed" }]);
    const [row] = await leaseUrls(t.db, { owner: "w1", limit: 1, leaseMs: 60_000 });
    const next = new Date(Date.now() + 3_600_000);
    const now = new Date();
    expect(await settleUrl(t.db, row!.id, "someone-else", { state: "done" })).toBe(false);
    expect(await settleUrl(t.db, row!.id, "w1", {
      state: "queued", nextCheckAt: next, recheckIntervalSec: 3600, attempts: 0, etag: '"v2"', lastModified: null, lastStatus: 200, lastErrorKey: null, fetched: true,
    }, now)).toBe(true);
    const r = await t.db.frontierUrl.findUniqueOrThrow({ where: { id: row!.id } });
    expect(r).toMatchObject({ state: "queued", leaseOwner: null, leaseExpiresAt: null, recheckIntervalSec: 3600, attempts: 0, etag: '"v2"', lastModified: null, lastStatus: 200, lastErrorKey: null });
    expect(r.nextCheckAt.getTime()).toBe(next.getTime());
    expect(r.lastFetchedAt?.getTime()).toBe(now.getTime());
    // settled rows are not leased any more: a second settle is refused
    expect(await settleUrl(t.db, row!.id, "w1", { state: "failed", lastErrorKey: "x" })).toBe(false);
    expect((await t.db.frontierUrl.findUniqueOrThrow({ where: { id: row!.id } })).etag).toBe('"v2"');
  });

  it("recordFetchAttempt stores one row readable by the ORM", async () => {
    const at = new Date();
    await recordFetchAttempt(t.db, { siteId, url: "https://a.example/x", status: null, errorKey: "timeout_read", ms: 12.6, bytes: 0 }, at);
    const a = await t.db.fetchAttempt.findFirstOrThrow({ where: { url: "https://a.example/x" } });
    expect(a).toMatchObject({ siteId, status: null, errorKey: "timeout_read", ms: 13, bytes: 0 });
    expect(a.at.getTime()).toBe(at.getTime());
  });

  it("savePage inserts, then refreshes the same row and clears its outcome", async () => {
    const body = Buffer.from("<html><body><p>first version</p></body></html>");
    const first = await savePage(t.db, { siteId, url: "https://a.example/p", finalUrl: "https://a.example/p", status: 200, contentType: "text/html", body, charset: "utf-8", charsetSource: "header" });
    await setPageOutcome(t.db, first.id, "article", "because");
    const p1 = await t.db.page.findUniqueOrThrow({ where: { id: first.id } });
    expect(p1).toMatchObject({ outcome: "article", outcomeReason: "because", charset: "utf-8", size: body.length, status: 200 });
    expect(gunzipSync(p1.rawBody).toString()).toBe(body.toString());
    const body2 = Buffer.from("<html><body><p>second version, longer</p></body></html>");
    const second = await savePage(t.db, { siteId, url: "https://a.example/p", finalUrl: "https://a.example/p2", status: 203, contentType: null, body: body2 });
    expect(second.id).toBe(first.id);
    const p2 = await t.db.page.findUniqueOrThrow({ where: { id: first.id } });
    expect(p2).toMatchObject({ outcome: null, outcomeReason: null, finalUrl: "https://a.example/p2", status: 203, contentType: null, charset: null, size: body2.length });
    expect(gunzipSync(p2.rawBody).toString()).toBe(body2.toString());
    expect(p2.contentHash).not.toBe(p1.contentHash);
    expect(await t.db.page.count()).toBe(1);
  });

  it("savePage stores the server's gzip stream as it came, and compresses the body when there is none", async () => {
    const { gzipSync } = await import("node:zlib");
    const body = Buffer.from("<html><body><p>sent compressed</p></body></html>");
    const gz = gzipSync(body, { level: 9 });
    const page = await savePage(t.db, { siteId, url: "https://a.example/gz", finalUrl: "https://a.example/gz", status: 200, contentType: "text/html", body, gzipBody: gz });
    const row = await t.db.page.findUniqueOrThrow({ where: { id: page.id } });
    expect(Buffer.from(row.rawBody)).toEqual(gz);
    expect(gunzipSync(row.rawBody).toString()).toBe(body.toString());
    expect(row.size).toBe(body.length);
  });

  it("saveArticle inserts every draft field, then replaces them in place and clears the duplicate link", async () => {
    const page = await savePage(t.db, { siteId, url: "https://a.example/art", finalUrl: "https://a.example/art", status: 200, contentType: "text/html", body: Buffer.from("<p>x</p>") });
    expect(await findArticleByPage(t.db, page.id)).toBeNull();
    const draft: ArticleDraft = {
      url: "https://a.example/art", title: "Title", text: "Body text", html: "<p>Body text</p>", lead: "Body", author: "A. Writer",
      publishedAt: new Date("2024-05-01T10:00:00Z"), modifiedAt: null, lang: "en", imageUrl: null, siteName: "A", method: "density",
      methodReason: "why", textLength: 9, isNews: false, newsScore: 0.25, decisionReason: "not news", modelVersionId: null,
      contentHash: "c".repeat(64), simhash: "0123456789abcdef",
    };
    const created = new Date("2024-05-02T00:00:00Z");
    const first = await saveArticle(t.db, page.id, siteId, draft, created);
    const a1 = await t.db.article.findUniqueOrThrow({ where: { id: first.id } });
    expect(a1).toMatchObject({ ...draft, pageId: page.id, siteId, duplicateOfId: null, storyId: null });
    expect(a1.createdAt.getTime()).toBe(created.getTime());
    const story = await t.db.story.create({ data: { headline: "s", firstSeenAt: created, lastSeenAt: created } });
    await t.db.article.update({ where: { id: first.id }, data: { storyId: story.id, duplicateOfId: first.id, duplicateKind: "near" } });
    expect(await findArticleByPage(t.db, page.id)).toEqual({ id: first.id, storyId: story.id, contentHash: draft.contentHash });
    const second = await saveArticle(t.db, page.id, siteId, { ...draft, title: "New title", isNews: true, publishedAt: null, newsScore: null });
    expect(second.id).toBe(first.id);
    const a2 = await t.db.article.findUniqueOrThrow({ where: { id: first.id } });
    expect(a2).toMatchObject({ title: "New title", isNews: true, publishedAt: null, newsScore: null, duplicateOfId: null, duplicateKind: null, storyId: story.id });
    expect(a2.createdAt.getTime()).toBe(created.getTime());
  });
});

// Sites → site, "URL patterns" (issue 15 item 3): the learnt patterns with their counts as the site
// page reads them (getSiteEvidenceView), and the one-action "not news" mark through the real route
// handler (POST /api/sites/:id/patterns, admin session + CSRF, as the page's form posts it): the
// pattern's stored articles leave News at once, the pattern's next pages are decided by the mark, and
// bad input gets a clear error and changes nothing. Real SQLite through Prisma.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf.ts";
import { currentPasswordTag, sessionSecret } from "../../lib/auth/guard.ts";
import { createSessionToken } from "../../lib/auth/session.ts";
import { closeDb, getDb } from "../../lib/db/client.ts";
import { createAdminSession } from "../../lib/db/sessions.ts";
import { getSiteEvidence, getSiteEvidenceView, saveSiteEvidence } from "../../lib/db/site-evidence.ts";
import { listNews } from "../../lib/db/news.ts";
import { addClassifiedPage, applySiteEvidence, newSiteEvidence, urlPatterns } from "../../lib/classify/site-evidence.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { seedArticle, seedSite } from "./seed.ts";

let t: TestDb;
let token: string;
let csrf: string;
let siteId: number;
const host = "tv.example";
const videoUrls = [1, 2, 3].map((n) => `https://${host}/video/clip-of-the-day-${n}000${n}`);
const storyUrls = [1, 2, 3].map((n) => `https://${host}/politics/minister-resigns-over-budget-${n}000${n}`);
const videoArticles: number[] = [];
const storyArticles: number[] = [];

beforeAll(async () => {
  t = await createTestDb();
  process.env.DATABASE_URL = t.url;
  process.env.ADMIN_PASSWORD ??= "patterns-test-password";
  const db = await getDb();
  const secret = sessionSecret()!;
  const s = createSessionToken(secret);
  await createAdminSession(db, { nonce: s.session.nonce, passwordTag: currentPasswordTag(secret), expiresAt: new Date(s.session.expiresAt) });
  token = s.token;
  csrf = csrfTokenFor(secret, s.session);
  siteId = await seedSite(db, host);
  // Stored articles at those URLs, all on News (the model took the video pages for news).
  for (const [urls, ids] of [[videoUrls, videoArticles], [storyUrls, storyArticles]] as const) {
    for (const url of urls) {
      const id = await seedArticle(db, { host, title: `Page ${url}`, text: `Text of ${url}.` });
      const article = await db.article.update({ where: { id }, data: { url } });
      await db.page.update({ where: { id: article.pageId }, data: { url, finalUrl: url } });
      ids.push(id);
    }
  }
  // What the crawler learnt from pages it was sure about (source b).
  let state = newSiteEvidence();
  for (const url of [...videoUrls, ...storyUrls]) state = addClassifiedPage(state, url, 0.95);
  await saveSiteEvidence(db, siteId, state);
});
afterAll(async () => {
  await closeDb();
  await t.cleanup();
});

const routeUrl = () => `http://lede.test:3000/api/sites/${siteId}/patterns`;
const headers = (extra: Record<string, string> = {}) => ({ host: "lede.test:3000", origin: "http://lede.test:3000", cookie: `lede_session=${token}`, ...extra });
const ctx = (id = siteId) => ({ params: Promise.resolve({ id: String(id) }) });
async function post(body: Record<string, string>, opts: { form?: boolean; id?: number; csrf?: boolean } = {}): Promise<Response> {
  const { POST } = await import("../../app/api/sites/[id]/patterns/route.ts");
  const form = opts.form ?? true;
  const init = form
    ? { method: "POST", headers: headers({ "content-type": "application/x-www-form-urlencoded" }), body: new URLSearchParams({ ...body, ...(opts.csrf === false ? {} : { _csrf: csrf }) }).toString() }
    : { method: "POST", headers: headers({ "content-type": "application/json", ...(opts.csrf === false ? {} : { "x-csrf-token": csrf }) }), body: JSON.stringify(body) };
  return POST(new Request(routeUrl(), init), ctx(opts.id));
}

const videoPattern = () => urlPatterns(videoUrls[0]!)[1];

describe("the site page's learnt URL patterns", () => {
  it("lists each pattern with its news/other counts and a stored page it covers", async () => {
    const view = await getSiteEvidenceView(await getDb(), siteId);
    expect(view?.pages).toBe(6);
    const video = view!.patterns.find((p) => p.pattern === videoPattern());
    expect(video).toMatchObject({ news: 3, other: 0, notNews: false });
    expect(videoUrls).toContain(video!.example);
    const story = view!.patterns.find((p) => p.pattern === urlPatterns(storyUrls[0]!)[1]);
    expect(story).toMatchObject({ news: 3, other: 0, notNews: false });
  });
});

describe("POST /api/sites/:id/patterns: one action marks a pattern not news", () => {
  it("refuses without a CSRF token, an unknown pattern and an unknown site, and changes nothing", async () => {
    const before = await getSiteEvidence(await getDb(), siteId);
    expect((await post({ pattern: videoPattern() }, { form: false, csrf: false })).status).toBe(403);
    const unknown = await post({ pattern: "nowhere/ d9 x" }, { form: false });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).message).toMatch(/no learnt URL pattern "nowhere\/ d9 x"/);
    const form = await post({ pattern: "nowhere/ d9 x", back: `/sites/${siteId}` });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe(`/sites/${siteId}?pattern_error=unknown_pattern`);
    expect((await post({ pattern: videoPattern() }, { id: siteId + 999 })).status).toBe(404);
    expect(await getSiteEvidence(await getDb(), siteId)).toEqual(before);
  });

  it("takes the pattern's stored articles off News at once, with the reason, and leaves the others", async () => {
    const db = await getDb();
    const shown = new Set((await listNews(db, { limit: 100 })).map((c) => c.id));
    for (const id of [...videoArticles, ...storyArticles]) expect(shown.has(`a${id}`)).toBe(true);
    const res = await post({ pattern: videoPattern(), notNews: "true", back: `/sites/${siteId}` });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/sites/${siteId}?pattern_marked=3`);
    for (const id of videoArticles) {
      const a = await db.article.findUniqueOrThrow({ where: { id }, include: { page: true } });
      expect(a.isNews).toBe(false);
      expect(a.decisionReason).toBe(`URL pattern "${videoPattern()}" marked not news by an admin`);
      expect(a.page.outcome).toBe("not_news");
    }
    for (const id of storyArticles) expect((await db.article.findUniqueOrThrow({ where: { id } })).isNews).toBe(true);
    const cards = new Set((await listNews(db, { limit: 100 })).map((c) => c.id));
    for (const id of videoArticles) expect(cards.has(`a${id}`)).toBe(false);
    for (const id of storyArticles) expect(cards.has(`a${id}`)).toBe(true);
    const view = await getSiteEvidenceView(db, siteId);
    expect(view!.patterns.find((p) => p.pattern === videoPattern())?.notNews).toBe(true);
  });

  it("decides the pattern's next pages whatever the model says; the JSON answer lifts the mark again", async () => {
    const db = await getDb();
    const state = await getSiteEvidence(db, siteId);
    const next = applySiteEvidence(state, `https://${host}/video/another-clip-of-the-week-90009`, 0.97);
    expect(next.forced).toBe(true);
    expect(next.score).toBeLessThan(0.5);
    expect(next.reason).toMatch(/marked not news by an admin/);
    const lifted = await post({ pattern: videoPattern(), notNews: "false" } as Record<string, string>, { form: false });
    expect(lifted.status).toBe(200);
    expect(await lifted.json()).toMatchObject({ ok: true, notNews: false, articlesChanged: 0 });
    const after = applySiteEvidence(await getSiteEvidence(db, siteId), `https://${host}/video/another-clip-of-the-week-90009`, 0.97);
    expect(after.forced).toBe(false);
  });
});

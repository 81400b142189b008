import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { getQualityReport, readMetrics } from "../../lib/db/quality.ts";
import { listRecentPages, listSiteStatus } from "../../lib/db/sites-view.ts";
import { buildTemplatePreview, sanitizePreview } from "../../lib/api/template-preview.ts";
import { buildAtomFeed } from "../../lib/api/atom.ts";
import { newTemplate, pageEntries, updateTemplate } from "../../lib/extract/template.ts";
import { seedArticle, seedSite } from "./seed.ts";

let t: TestDb;
let siteId: number;

beforeAll(async () => {
  t = await createTestDb();
  siteId = await seedSite(t.db, "q.example");
  await seedArticle(t.db, { host: "q.example", title: "Short", text: "x".repeat(300) });
  await seedArticle(t.db, { host: "q.example", title: "Long", text: "y".repeat(5000) });
  const now = new Date();
  await t.db.fetchAttempt.createMany({
    data: [
      { siteId, url: "https://q.example/1", status: 200, ms: 10, bytes: 1000, at: now },
      { siteId, url: "https://q.example/2", status: null, errorKey: "timeout", ms: 10, at: now },
      { siteId, url: "https://q.example/3", status: 503, errorKey: "http_5xx", ms: 10, at: now },
      { siteId, url: "https://q.example/4", status: null, errorKey: "timeout", ms: 10, at: new Date(now.getTime() - 30 * 86_400_000) },
    ],
  });
  await t.db.frontierUrl.create({ data: { url: "https://q.example/next", siteId, state: "queued", nextCheckAt: new Date(now.getTime() + 60_000) } });
  await t.db.modelVersion.create({ data: { kind: "mlp", active: true, params: "{}", trainingSize: 100, metrics: JSON.stringify({ cv: { accuracy: 0.95, precision: 0.96, recall: 0.97, f1: 0.965 } }) } });
});
afterAll(async () => t.cleanup());

describe("quality report", () => {
  it("counts methods, length buckets, charset sources, model metrics and hourly crawl errors", async () => {
    const q = await getQualityReport(t.db);
    expect(q.methodMix).toEqual([{ name: "density", count: 2 }]);
    expect(q.textLengths.find((b) => b.name === "250–499")?.count).toBe(1);
    expect(q.textLengths.find((b) => b.name === "4,000–7,999")?.count).toBe(1);
    expect(q.encodingSources).toEqual([{ name: "header", count: 2 }]);
    expect(q.models).toMatchObject([{ kind: "mlp", active: true, accuracy: 0.95, f1: 0.965 }]);
    const fetches = q.throughput.reduce((s, r) => s + r.fetches, 0);
    expect(fetches).toBe(3); // the 30-day-old attempt is outside the window
    expect(q.errorKeys.sort()).toEqual(["http_5xx", "timeout"]);
  });

  it("reads metrics at the top level too, and survives junk", () => {
    expect(readMetrics(JSON.stringify({ accuracy: 0.9, heldOut: { accuracy: 0.8 } }))).toMatchObject({ accuracy: 0.9, heldOutAccuracy: 0.8 });
    expect(readMetrics("not json")).toMatchObject({ accuracy: null });
  });
});

describe("site status", () => {
  it("reports pages, articles, recent errors by key, queue and next check", async () => {
    const [s] = await listSiteStatus(t.db, { siteId });
    expect(s).toMatchObject({ pages: 2, articles: 2, frontier: { queued: 1 }, errors: [{ key: "http_5xx", count: 1 }, { key: "timeout", count: 1 }].sort((a, b) => a.key.localeCompare(b.key)) });
    expect(s.nextCheckAt).not.toBeNull();
    expect((await listRecentPages(t.db, siteId)).map((p) => p.outcome)).toEqual(["article", "article"]);
  });
});

describe("template preview", () => {
  const page = (body: string) => `<html><body><nav><a href="/">Home</a> <a href="/about">About us</a></nav>${body}<footer>© Example</footer></body></html>`;

  it("greys out template text, highlights content, and strips scripts, handlers and javascript: links", () => {
    let tpl = newTemplate();
    for (const b of ["<p>One</p>", "<p>Two</p>", "<p>Three</p>"]) tpl = updateTemplate(tpl, pageEntries(page(b)));
    const doc = buildTemplatePreview(tpl, page(`<p onclick="alert(1)">Fresh <a href="javascript:alert(2)">news</a></p><script>alert(3)</script><img src=x onerror=alert(4)>`));
    expect(doc).toMatch(/<span class="lede-tpl">Home<\/span>/);
    expect(doc).toMatch(/<span class="lede-content">Fresh <\/span>/);
    expect(doc).not.toMatch(/onclick|onerror|javascript:|<script>alert|<img/i);
    expect(doc).toMatch(/Content-Security-Policy/);
  });

  it("keeps only the two mark classes", () => {
    expect(sanitizePreview(`<span class="lede-tpl evil">a</span><span class="x">b</span>`)).toBe(`<span class="lede-tpl">a</span><span>b</span>`);
  });
});

describe("Atom feed", () => {
  it("escapes headlines and links stories and articles", () => {
    const xml = buildAtomFeed([{
      id: "s1", storyId: 1, headline: `Quake <script>alert("x")</script> & aftershocks`, lastSeenAt: "2026-11-30T10:00:00.000Z", firstSeenAt: "2026-11-30T08:00:00.000Z",
      articleCount: 1, sourceCount: 1, entities: [{ key: "place:lisbon", name: "Lisbon", type: "PLACE" }],
      articles: [{ id: 7, title: "t", url: "https://a.example/x?a=1&b=2", siteName: "A", publishedAt: null, createdAt: "2026-11-30T08:00:00.000Z", lead: "Lead" }],
    }], { baseUrl: "http://lede.local" });
    expect(xml).toContain(`<title type="text">Quake &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; aftershocks</title>`);
    expect(xml).toContain(`href="http://lede.local/stories/1"`);
    expect(xml).toContain(`href="https://a.example/x?a=1&amp;b=2"`);
    expect(xml).toContain(`<updated>2026-11-30T10:00:00.000Z</updated>`);
    expect(xml).not.toContain("<script>");
  });
});

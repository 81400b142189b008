// Templates in production (issue #21), on real replayed pages crawled by the real worker into a real
// SQLite file: a site's first pages are extracted without a template when it has too few pages, and
// re-extracted once the template exists (stored text changes, story follows), within the catch-up's CPU
// budget while a crawl runs (the budget's minute is moved by hand: work is counted, not time); a
// redesign mid-crawl restarts the template from the new pages and re-extracts only those.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { runWorker } from "../../lib/crawl/worker.ts";
import { addSite } from "../../lib/db/sites.ts";
import { enqueueUrls } from "../../lib/db/frontier.ts";
import { getSiteTemplate } from "../../lib/db/templates.ts";
import { countTemplateBacklog } from "../../lib/db/template-pages.ts";
import { normalizeUrl } from "../../lib/url/normalize.ts";
import { CpuBudget, catchUpTemplates } from "../../lib/pipeline/catch-up.ts";
import { defaultReplayDir, startReplayWeb, type ReplayPage, type ReplayWeb } from "../../lib/replay/server.ts";
import { isTemplateReady } from "../../lib/extract/template.ts";

const HOST = "store.steampowered.com";
const fixtures = join(import.meta.dirname, "..", "fixtures", "replay-templates");
const steam = JSON.parse(readFileSync(join(fixtures, "manifest.json"), "utf8")) as ReplayPage[];
const npr = (JSON.parse(readFileSync(join(defaultReplayDir, "manifest.json"), "utf8")) as ReplayPage[]).filter((p) => p.host === "www.npr.org");

/** A replay folder serving `pages` (files from `from`) under HOST. */
function serve(root: string, pages: { page: ReplayPage; from: string; path?: string }[]): string {
  const dir = mkdtempSync(join(root, "web-"));
  mkdirSync(join(dir, "files"));
  const manifest = pages.map(({ page, from, path }, i) => {
    const file = `files/${i}.html.gz`;
    copyFileSync(join(from, page.file), join(dir, file));
    return { host: HOST, path: path ?? page.path, file, title: page.title };
  });
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  return dir;
}

async function crawl(db: TestDb["db"], web: ReplayWeb, siteId: number, budget: CpuBudget): Promise<void> {
  await runWorker({
    db, signal: new AbortController().signal, siteIds: [siteId], exitWhenIdle: true, hostMap: web.hostMap, allowPrivateNetwork: true,
    concurrency: 2, idleMs: 20, maxAttempts: 1, classify: null, templateCatchUp: { budget },
  });
}

const pageByPath = (db: TestDb["db"], path: string) =>
  db.page.findFirstOrThrow({ where: { url: { endsWith: path } }, select: { id: true, outcome: true, templateVersion: true, article: { select: { id: true, text: true, storyId: true } } } });

describe("pages catch up with their site's template", () => {
  let t: TestDb;
  let root: string;
  let siteId: number;
  let minute = 0;
  const budget = new CpuBudget(1, () => minute * 60_000 + 1);
  beforeAll(async () => {
    t = await createTestDb();
    root = mkdtempSync(join(tmpdir(), "lede-tplcatch-"));
    siteId = (await addSite(t.db, { seedUrl: `http://${HOST}/`, crawlDelayMs: 0, maxDepth: 1, allowPrivateNetwork: true })).id;
  });
  afterAll(async () => {
    await t.cleanup();
    rmSync(root, { recursive: true, force: true });
  });

  it("extracts a site's pages without a template while it has too few, re-extracts them once it exists (text changes, story follows), within the CPU budget", async () => {
    // 1. one product page (and the replay's index at "/"): two pages, fewer than a template needs
    let web = await startReplayWeb({ dir: serve(root, [{ page: steam[0]!, from: fixtures }]) });
    await crawl(t.db, web, siteId, budget);
    await web.close();
    const first = await pageByPath(t.db, steam[0]!.path);
    expect(first.outcome).toBe("article");
    expect(first.templateVersion).toBeNull();
    expect(first.article?.storyId).not.toBeNull();
    const before = first.article!;
    expect((await getSiteTemplate(t.db, siteId))?.template.pages.length).toBe(2);

    // 2. two more pages of the site arrive: the template exists; the first page is stale. The budget
    //    (1 CPU ms a minute) lets one re-extraction start per minute, however the crawl runs.
    web = await startReplayWeb({ dir: serve(root, steam.map((page) => ({ page, from: fixtures }))) });
    await enqueueUrls(t.db, steam.slice(1).map((p) => ({ url: normalizeUrl(`http://${HOST}${p.path}`)!, siteId, depth: 1, kind: "page" as const })));
    await crawl(t.db, web, siteId, budget);
    await web.close();
    const template = (await getSiteTemplate(t.db, siteId))!.template;
    expect(isTemplateReady(template)).toBe(true);
    // the pages that arrived with the template were extracted with it (a later page may have moved its version since)
    for (const p of steam.slice(1)) expect((await pageByPath(t.db, p.path)).templateVersion).toBeGreaterThanOrEqual(1);
    const during = budget.ledger.get(0)?.pages ?? 0;
    expect(during).toBeLessThanOrEqual(1);
    // same minute: the budget is spent once one page has been re-extracted (classify: null as in the
    // crawl: every page is news, so the story follows the text, not a model's view of a product page)
    await catchUpTemplates(t.db, { budget, classify: null });
    await catchUpTemplates(t.db, { budget, classify: null });
    expect(budget.ledger.get(0)!.pages).toBe(1);
    const backlog = await countTemplateBacklog(t.db, siteId);
    expect(backlog.stale).toBeGreaterThan(0);
    // each later minute, one more, until none is left
    for (minute = 1; (await countTemplateBacklog(t.db, siteId)).stale > 0 && minute < 10; minute++) {
      await catchUpTemplates(t.db, { budget, classify: null });
      expect(budget.ledger.get(minute)!.pages).toBe(1);
    }
    expect((await countTemplateBacklog(t.db, siteId)).stale).toBe(0);

    const after = await pageByPath(t.db, steam[0]!.path);
    expect(after.templateVersion).toBe(template.version);
    expect(after.article!.id).toBe(before.id);
    expect(after.article!.text).not.toBe(before.text);
    expect(after.article!.text.length).toBeLessThan(before.text.length);
    // its story was chosen again from the new text: it stayed, or the story it left (now empty) was folded into the new one
    const story = await t.db.story.findUniqueOrThrow({ where: { id: after.article!.storyId! } });
    expect(story.mergedIntoId).toBeNull();
    if (after.article!.storyId !== before.storyId) {
      expect((await t.db.story.findUniqueOrThrow({ where: { id: before.storyId! } })).mergedIntoId).toBe(story.id);
    }
    const entities = await t.db.articleEntity.count({ where: { articleId: before.id } });
    expect(entities).toBeGreaterThan(0);
  });

  it("detects a redesign mid-crawl: the template restarts from the new pages, which are re-extracted; the old design's pages are left", async () => {
    const old = (await getSiteTemplate(t.db, siteId))!.template;
    const oldPages = await Promise.all(steam.map((p) => pageByPath(t.db, p.path)));
    // the site now serves another design (NPR's pages) under new paths
    const redesigned = npr.map((page) => ({ page, from: defaultReplayDir, path: `/redesign${page.path}` }));
    const web = await startReplayWeb({ dir: serve(root, redesigned) });
    await enqueueUrls(t.db, redesigned.map((r) => ({ url: normalizeUrl(`http://${HOST}${r.path}`)!, siteId, depth: 1, kind: "page" as const })));
    await crawl(t.db, web, siteId, new CpuBudget(Number.POSITIVE_INFINITY));
    await web.close();
    await catchUpTemplates(t.db, { budget: new CpuBudget(Number.POSITIVE_INFINITY) });

    const now = (await getSiteTemplate(t.db, siteId))!.template;
    expect(now.redesigns).toHaveLength(1);
    expect(now.redesigns[0]!.overlap).toBeLessThan(0.3);
    expect(now.pages).toHaveLength(npr.length);
    expect(now.version).toBeGreaterThan(old.version);
    const newPages = await Promise.all(redesigned.map((r) => pageByPath(t.db, r.path)));
    expect(now.epochStart).toBe(Math.min(...newPages.map((p) => p.id)));
    // the new design's pages are extracted with the new template; the old design's pages keep theirs
    for (const p of newPages) expect(p.templateVersion).toBe(now.version);
    for (const [i, p] of (await Promise.all(steam.map((s) => pageByPath(t.db, s.path)))).entries()) {
      expect(p.templateVersion).toBe(oldPages[i]!.templateVersion);
      expect(p.article?.text).toBe(oldPages[i]!.article?.text);
    }
    // none of the old design's entries is template any more
    const oldKeys = new Set(old.versionKeys);
    expect(now.versionKeys.filter((k) => oldKeys.has(k))).toEqual([]);
    expect((await countTemplateBacklog(t.db, siteId)).stale).toBe(0);
  });
});

describe("a template before the first extraction", () => {
  let t: TestDb;
  let root: string;
  beforeAll(async () => {
    t = await createTestDb();
    root = mkdtempSync(join(tmpdir(), "lede-tplfirst-"));
  });
  afterAll(async () => {
    await t.cleanup();
    rmSync(root, { recursive: true, force: true });
  });

  it("holds a new site's first pages back until its template is ready, then extracts them with it", async () => {
    const siteId = (await addSite(t.db, { seedUrl: `http://${HOST}/`, crawlDelayMs: 0, maxDepth: 1, allowPrivateNetwork: true })).id;
    const web = await startReplayWeb({ dir: serve(root, steam.map((page) => ({ page, from: fixtures }))) });
    // no re-extraction budget: what is stored comes from the first extraction alone
    await crawl(t.db, web, siteId, new CpuBudget(0));
    await web.close();
    const template = (await getSiteTemplate(t.db, siteId))!.template;
    expect(template.pages).toHaveLength(steam.length + 1);
    const pages = await t.db.page.findMany({ where: { siteId }, select: { url: true, outcome: true, templateVersion: true } });
    expect(pages).toHaveLength(steam.length + 1);
    // every page, the first ones included, was extracted with a template: none without, none left waiting
    for (const p of pages) {
      expect(p.outcome).not.toBe("awaiting_template");
      expect(p.templateVersion).not.toBeNull();
    }
    expect((await countTemplateBacklog(t.db, siteId)).awaiting).toBe(0);
  });
});

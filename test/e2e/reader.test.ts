// The reader flows in Chromium against a running Lede (npm start's start.mjs), on a database filled
// through the real pipeline (ingestPage: extraction, dedup, story grouping) before the start:
//   - the review loop closes (#15 item 4): an admin's "not news" takes a page off the News page a
//     reader has open within one refresh, off its story's card, the feeds, search and the JSON API;
//     "news" brings it back;
//   - paging (#18 item 6): 44 cards, "Older stories" and back, and search pages;
//   - reading state (#18 item 10): a story saved with the `s` key survives a reload and lists on
//     /saved; Enter opens the selected card, which is then dimmed as seen; hide and mute.
// Screenshots at 1280 and 390 px go to test/artifacts/reader-*.png.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { launchChromium, logIn, screenshotPath, startLede, waitForKeys, type RunningLede } from "./helpers.ts";
import { migrateDatabase } from "../../lib/db/migrate.ts";
import { openDb } from "../../lib/db/client.ts";
import { ingestPage } from "../../lib/pipeline/ingest.ts";
import { FILLER_WORD, fillerPage, quakePages } from "../helpers/news-pages.ts";

/** Unrelated filler stories: with the quake story and the budget story, more than a page of 30 cards. */
const FILLERS = 42;
/** The News page refreshes every 5 s (app/(news)/news-feed.tsx REFRESH_MS); one refresh plus the request's time. */
const ONE_REFRESH_MS = 5_000 + 4_000;
const WIDTHS = [1280, 390] as const;

let lede: RunningLede;
let browser: BrowserContext;
const ids: Record<string, { pageId: number; articleId: number }> = {};

async function seed(url: string): Promise<void> {
  migrateDatabase(url);
  const db = openDb(url);
  try {
    const site = async (host: string) => (await db.site.upsert({ where: { seedUrl: `https://${host}/` }, create: { seedUrl: `https://${host}/`, host, name: host, status: "paused" }, update: {} })).id;
    const ingest = async (host: string, path: string, body: Buffer) => {
      const siteId = await site(host);
      const u = `https://${host}${path}`;
      const r = await ingestPage(db, { siteId, url: u, finalUrl: u, status: 200, contentType: "text/html; charset=utf-8", body }, { classify: null, templates: false });
      if (r.outcome !== "article") throw new Error(`${u}: ${r.outcome} (${r.reason})`);
      return { pageId: r.pageId, articleId: r.articleId! };
    };
    for (let n = 1; n <= FILLERS; n++) ids[`filler${n}`] = await ingest(n % 2 ? "filler-a.example" : "filler-b.example", `/reports/${n}`, fillerPage(n).body);
    ids.budget = await ingest("herald.example", "/2026/12/01/harbour-budget", quakePages.budget);
    ids.herald = await ingest("herald.example", "/2026/12/01/lisbon-quake", quakePages.herald);
    ids.courier = await ingest("courier.example", "/world/lisbon-earthquake-alfama", quakePages.courier);
    ids.gallery = await ingest("photos.example", "/galleries/lisbon-quake", quakePages.gallery);
  } finally {
    await db.$disconnect();
  }
}

/** The card on the News page that holds an article title. */
const cardWith = (page: Page, title: string) => page.getByTestId("story").filter({ hasText: title });

/** Screenshots of the first screen at each width (a list of 30 cards as one full page would be 6,000 px tall), or of the whole page. */
async function shoot(page: Page, name: string, opts: { fullPage?: boolean; scrollTo?: string } = {}): Promise<void> {
  const at = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width >= 1000 ? 900 : 844 });
    if (opts.scrollTo) await page.evaluate((sel) => document.querySelector(sel)?.scrollIntoView({ block: "end" }), opts.scrollTo);
    await page.screenshot({ path: screenshotPath(`reader-${name}-${width}`), fullPage: opts.fullPage ?? false });
  }
  if (at) await page.setViewportSize(at);
}

beforeAll(async () => {
  const url = `file:${join(mkdtempSync(join(tmpdir(), "lede-reader-")), "lede.db")}`;
  await seed(url);
  lede = await startLede({ DATABASE_URL: url });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  if (lede && lede.proc.exitCode === null) await lede.stop();
});

describe("the review loop in the browser", () => {
  it("'not news' takes a page off the open News page within one refresh, off the feeds, search and the API; 'news' brings it back", async () => {
    const gallery = "Photos: Lisbon earthquake in Alfama";
    const reader = await browser.newPage();
    await reader.goto(`${lede.url}/`);
    const quake = cardWith(reader, "Earthquake shakes Lisbon");
    await quake.waitFor();
    await expect(quake.innerText()).resolves.toMatch(/3 sources · 3 articles/);
    await expect(quake.innerText()).resolves.toContain(gallery);

    const admin = await browser.newPage();
    await logIn(admin, lede.url, "/sites");
    await admin.goto(`${lede.url}/articles/${ids.gallery!.articleId}`);
    await admin.getByRole("button", { name: /^Not news/ }).click();
    await admin.getByTestId("label-saved").waitFor();
    await admin.getByTestId("label-override").waitFor({ state: "attached" }); // inside the folded "How Lede read this page"

    // The reader did nothing: the open page drops the photo page within one refresh.
    await reader.waitForFunction((t) => {
      const card = [...document.querySelectorAll("[data-testid=story]")].find((c) => c.textContent?.includes("Earthquake shakes Lisbon"));
      return !!card && !card.textContent!.includes(t) && /2 sources · 2 articles/.test(card.textContent!);
    }, gallery, { timeout: ONE_REFRESH_MS });
    await shoot(reader, "label-removed");

    const feed = await (await fetch(`${lede.url}/feed.xml`)).text();
    expect(feed).toContain("courier.example");
    expect(feed).toContain("herald.example");
    expect(feed).not.toContain("photos.example");
    const jsonFeed = await (await fetch(`${lede.url}/feed.json`)).text();
    expect(jsonFeed).not.toContain(`/articles/${ids.gallery!.articleId}`);
    expect((await (await fetch(`${lede.url}/api/articles?q=pictures`)).json()).articles).toEqual([]);
    const news = await (await fetch(`${lede.url}/api/news?limit=100`)).json();
    expect(news.stories.flatMap((s: { articles: { id: number }[] }) => s.articles.map((a) => a.id))).not.toContain(ids.gallery!.articleId);
    const storyId = news.stories.find((s: { headline: string; storyId: number | null }) => s.storyId && /Lisbon/.test(s.headline)).storyId;
    const story = (await (await fetch(`${lede.url}/api/stories/${storyId}`)).json()).story;
    expect([story.articleCount, story.sourceCount]).toEqual([2, 2]);
    await reader.goto(`${lede.url}/?q=pictures`);
    await reader.getByRole("heading", { name: /No articles match/ }).waitFor();

    await admin.getByRole("button", { name: /^News/ }).click();
    await admin.waitForURL(/labelled=/);
    await reader.goto(`${lede.url}/`);
    await cardWith(reader, "Earthquake shakes Lisbon").waitFor();
    await expect(cardWith(reader, "Earthquake shakes Lisbon").innerText()).resolves.toContain(gallery);
    await expect(cardWith(reader, "Earthquake shakes Lisbon").innerText()).resolves.toMatch(/3 sources · 3 articles/);
    expect(await (await fetch(`${lede.url}/feed.xml`)).text()).toContain("photos.example");
    expect((await (await fetch(`${lede.url}/api/articles?q=pictures`)).json()).articles.map((a: { id: number }) => a.id)).toEqual([ids.gallery!.articleId]);
    await admin.close();
    await reader.close();
  });
});

describe("paging", () => {
  it("shows 30 cards, then the older ones, and back; search pages too", async () => {
    const page = await browser.newPage();
    await page.goto(`${lede.url}/`);
    await page.getByTestId("news-list").waitFor();
    expect(await page.getByTestId("story").count()).toBe(30);
    const firstPage = await page.getByTestId("story").allInnerTexts();
    await shoot(page, "paging");
    await shoot(page, "paging-bottom", { scrollTo: "[data-testid=pager]" });
    await page.getByTestId("older-page").click();
    await page.waitForURL(/before=/);
    await page.getByTestId("newer-page").waitFor();
    const older = await page.getByTestId("story").allInnerTexts();
    expect(older).toHaveLength(FILLERS + 2 - 30);
    expect(older.some((t) => firstPage.includes(t))).toBe(false);
    expect(await page.getByTestId("older-page").count()).toBe(0);
    // the oldest cards: the first filler ingested, and the budget story (dated by its URL, 2026-12-01; within
    // the page, cards are in card order: dated news of a day above its undated cards, lib/present/card-order.ts)
    expect(older.some((t) => t.includes(fillerPage(1).title))).toBe(true);
    expect(older.some((t) => /harbour budget/.test(t))).toBe(true);
    await shoot(page, "paging-older", { scrollTo: "[data-testid=pager]" });
    await page.getByTestId("newer-page").click();
    await page.waitForURL((u) => !u.search.includes("before="));
    expect(await page.getByTestId("story").count()).toBe(30);

    await page.goto(`${lede.url}/?q=${FILLER_WORD}`);
    await page.getByTestId("search-results").waitFor();
    expect(await page.getByTestId("search-results").locator("li").count()).toBe(30);
    await page.getByTestId("older-page").click();
    await page.waitForURL(/page=2/);
    expect(await page.getByTestId("search-results").locator("li").count()).toBe(FILLERS - 30);
    await page.close();
  });
});

describe("reading state in the browser", () => {
  it("saves a story with the s key, and it survives a reload and lists on /saved", async () => {
    const page = await browser.newPage();
    await page.goto(`${lede.url}/`);
    await page.getByTestId("news-list").waitFor();
    await waitForKeys(page);
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    const selected = page.locator("[data-card-id].selected");
    const cardId = (await selected.getAttribute("data-card-id"))!;
    const headline = await selected.locator("h2").innerText();
    await page.keyboard.press("s");
    const card = page.locator(`[data-card-id="${cardId}"]`);
    await expect(card.getByTestId("save").getAttribute("aria-pressed")).resolves.toBe("true");
    await page.getByTestId("saved-link").filter({ hasText: "(1)" }).waitFor();

    await page.reload();
    await page.locator(`[data-card-id="${cardId}"][data-saved=true]`).waitFor();
    await expect(page.locator(`[data-card-id="${cardId}"]`).getByTestId("save").innerText()).resolves.toBe("Saved");
    await page.getByTestId("saved-link").click();
    await page.waitForURL(/\/saved$/);
    await page.getByTestId("saved-story").filter({ hasText: headline }).waitFor();
    await page.reload();
    await page.getByTestId("saved-story").filter({ hasText: headline }).waitFor();
    await shoot(page, "saved", { fullPage: true });
    await page.close();
  });

  it("Enter opens the selected card, which is then dimmed as seen; h hides a card, a source can be muted", async () => {
    const page = await browser.newPage();
    await page.goto(`${lede.url}/`);
    await page.getByTestId("news-list").waitFor();
    await waitForKeys(page);
    await page.keyboard.press("j");
    const cardId = (await page.locator("[data-card-id].selected").getAttribute("data-card-id"))!;
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/(stories|articles)\/\d+/);
    await page.goBack();
    await page.locator(`[data-card-id="${cardId}"][data-seen=true]`).waitFor();
    await expect(page.locator(`[data-card-id="${cardId}"]`).evaluate((el) => el.classList.contains("seen"))).resolves.toBe(true);

    await page.reload();
    await page.locator(`[data-card-id="${cardId}"][data-seen=true]`).waitFor();
    await waitForKeys(page);
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    const target = (await page.locator("[data-card-id].selected").getAttribute("data-card-id"))!;
    expect(target).not.toBe(cardId);
    await page.keyboard.press("h");
    await page.locator(`[data-card-id="${target}"]`).waitFor({ state: "detached" });
    await page.getByTestId("unhide").waitFor();
    // the selection moved to the next card, so j/k/h go on from there
    expect(await page.locator("[data-card-id].selected").count()).toBe(1);

    const filler = cardWith(page, "filler-a.example").first();
    const source = (await filler.getByTestId("mute").innerText()).replace(/^Mute /, "");
    const before = await page.getByTestId("story").filter({ hasText: source }).count();
    expect(before).toBeGreaterThan(1);
    await filler.getByTestId("mute").click();
    await page.getByTestId("muted").filter({ hasText: source }).waitFor();
    await expect(page.getByTestId("story").filter({ hasText: source }).count()).resolves.toBe(0);
    await shoot(page, "reading-state");
    await page.reload();
    await page.getByTestId("muted").filter({ hasText: source }).waitFor();
    await page.getByTestId("muted").getByRole("button", { name: `${source} ✕` }).click();
    await page.getByTestId("unhide").click();
    await page.locator(`[data-card-id="${target}"]`).waitFor();
    await page.close();
  });
});

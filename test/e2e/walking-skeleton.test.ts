// The foundation's promise, end to end: an admin adds a site on the Sites page, and its articles
// appear on the News page by themselves — against the replay web, in a real Chromium.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { startReplayWeb, type ReplayWeb } from "../../lib/replay/server.ts";
import { descendants, isAlive, launchChromium, logIn, screenshotPath, startLede, waitForNews, type RunningLede } from "./helpers.ts";

describe("walking skeleton", () => {
  let web: ReplayWeb;
  let lede: RunningLede;
  let browser: BrowserContext;

  beforeAll(async () => {
    web = await startReplayWeb();
    lede = await startLede({ HOST_MAP: web.hostMap, ALLOW_PRIVATE_NETWORK: "true" }, { viaNpm: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    if (lede && lede.proc.exitCode === null) await lede.stop();
    await web?.close();
  });

  it("shows an added site's articles on the News page without a reload", async () => {
    const page = await browser.newPage();
    await page.goto(`${lede.url}/`);
    await expect(page.getByTestId("news-empty").isVisible()).resolves.toBe(true);
    // A marker on the window object survives only if the page is never reloaded.
    await page.evaluate(() => ((window as unknown as { ledeMarker: number }).ledeMarker = 42));

    const admin = await browser.newPage();
    await logIn(admin, lede.url, "/sites");
    await admin.getByLabel("Site address").fill("not a url at all");
    await admin.getByRole("button", { name: "Add site" }).click();
    await admin.getByText(/Enter an http\(s\) address/).waitFor();
    await admin.getByLabel("Site address").fill(web.seedUrl("www.npr.org"));
    await admin.getByRole("button", { name: "Add site" }).click();
    await admin.getByText(/Added npr\.org/).waitFor();
    await admin.getByTestId("sites-table").getByText(web.seedUrl("www.npr.org")).waitFor();
    await admin.screenshot({ path: screenshotPath("sites"), fullPage: true });

    await page.getByTestId("story").first().waitFor({ timeout: 90_000 });
    await waitForNews(page, /Plumbers are training as substitute teachers/i);
    expect(await page.evaluate(() => (window as unknown as { ledeMarker?: number }).ledeMarker)).toBe(42);
    await page.screenshot({ path: screenshotPath("news"), fullPage: true });

    await page.getByText(/Plumbers are training as substitute teachers/i).first().click();
    await page.waitForURL(/\/(stories|articles)\//);
    // A grouped article's card opens its story; the story page links the article's reader view.
    if (page.url().includes("/stories/")) await page.getByTestId("story-article").getByText(/Plumbers are training/i).first().click();
    await page.locator(".reader").waitFor();
    expect((await page.locator(".reader").innerText()).length).toBeGreaterThan(1000);
    await page.screenshot({ path: screenshotPath("article"), fullPage: true });
  });

  it("stops the server and the worker on SIGTERM to npm start, leaving no process behind", async () => {
    const pids = descendants(lede.proc.pid!);
    expect(pids.length).toBeGreaterThanOrEqual(2);
    const code = await lede.stop();
    expect(code).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(pids.filter(isAlive)).toEqual([]);
  });
});

// Admin and reader flows of issue 18 in Debian's Chromium against a running Lede (npm start) and
// the replay web with the demo newspapers: the same site added twice, a failing site's error and
// "Retry now", deleting a site after its confirmation, the current page marked in the navigation,
// no admin-only links for readers, the dark theme, and every page within a 390 px phone screen.
// Screenshots at 1280 and 390 px go to test/artifacts/ (ux-*.png).
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { launchChromium, logIn, screenshotPath, startLede, type RunningLede } from "./helpers.ts";
import { startReplayWeb, type ReplayWeb } from "../../lib/replay/server.ts";
import { buildDemoNews } from "../../lib/replay/demo-news.ts";

/** A port on 127.0.0.1 that nothing listens on: connections are refused. */
async function closedPort(): Promise<number> {
  return new Promise((ok) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => ok(port));
    });
  });
}

async function noHorizontalOverflow(page: Page): Promise<{ scroll: number; client: number }> {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
}

describe("sites, failures, looks (issue 18)", () => {
  let web: ReplayWeb;
  let lede: RunningLede;
  let browser: BrowserContext;
  let admin: Page;
  const REFUSED = "refused.example";

  beforeAll(async () => {
    web = await startReplayWeb({ generated: buildDemoNews() });
    const refusedPort = await closedPort();
    lede = await startLede({ HOST_MAP: `${web.hostMap},${REFUSED}=127.0.0.1:${refusedPort}`, LEDE_CORPUS: "/nonexistent-corpus" });
    browser = await launchChromium();
    admin = await browser.newPage();
    await logIn(admin, lede.url, "/sites");
  });
  afterAll(async () => {
    await browser?.close();
    if (lede && lede.proc.exitCode === null) await lede.stop();
    await web?.close();
  });

  it("refuses the same site twice with a link to it, and offers a section to the existing site", async () => {
    await admin.goto(`${lede.url}/sites`);
    const add = async (url: string) => {
      await admin.getByLabel("Site address").fill(url);
      await admin.locator("label.check input[name=allowPrivateNetwork]").check();
      await admin.getByRole("button", { name: "Add site" }).click();
    };
    await add("http://dailyledger.example/");
    await admin.getByText(/Added dailyledger\.example/).waitFor();
    await add("http://www.dailyledger.example/index.html?utm_source=x#top");
    const exists = admin.getByTestId("site-exists");
    await exists.waitFor();
    await expect(exists.innerText()).resolves.toMatch(/Already added: dailyledger\.example/);
    expect(await exists.getByRole("link").getAttribute("href")).toMatch(/^\/sites\/\d+$/);
    await admin.screenshot({ path: screenshotPath("ux-site-already-added-1280"), fullPage: true });
    await add("http://dailyledger.example/2026/");
    await admin.getByTestId("add-section").click();
    await admin.getByText(/Added http:\/\/dailyledger\.example\/2026\/ to/).waitFor();
    await admin.reload();
    expect(await admin.getByTestId("site-row").count()).toBe(1);
    // The other demo newspapers, for the News page below.
    for (const host of ["morningwire.example", "harbourtimes.example"]) {
      await add(`http://${host}/`);
      await admin.getByText(new RegExp(`Added ${host.replace(".", "\\.")}`)).waitFor();
    }
  });

  it("shows a failing site's error key and next retry, and retries it now", async () => {
    await admin.goto(`${lede.url}/sites`);
    await admin.getByLabel("Site address").fill(`http://${REFUSED}/`);
    await admin.locator("label.check input[name=allowPrivateNetwork]").check();
    await admin.getByRole("button", { name: "Add site" }).click();
    await admin.getByText(/Added refused\.example/).waitFor();
    const deadline = Date.now() + 60_000;
    const row = () => admin.getByTestId("site-row").filter({ hasText: REFUSED });
    for (;;) {
      await admin.reload();
      if (await row().getByTestId("seed-failure").isVisible().catch(() => false)) break;
      if (Date.now() > deadline) throw new Error("the refused site never showed its failure");
      await admin.waitForTimeout(1000);
    }
    await expect(row().getByTestId("site-state").innerText()).resolves.toBe("failing");
    await expect(row().getByTestId("seed-failure").innerText()).resolves.toMatch(/(?:connection_refused|robots_unreachable)[\s\S]*next retry \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    await admin.screenshot({ path: screenshotPath("ux-site-failing-1280"), fullPage: true });
    await row().getByRole("link").first().click();
    await admin.waitForURL(/\/sites\/\d+$/);
    const sitePage = admin.url();
    await admin.getByTestId("seed-failure").waitFor();
    await Promise.all([admin.waitForEvent("framenavigated"), admin.getByTestId("site-retry").click()]);
    await admin.waitForLoadState();
    expect(admin.url()).toBe(sitePage);
    // Retried at once: it fails again (nothing listens), with one attempt, and says so again.
    await admin.getByTestId("seed-failure").waitFor();
    await admin.screenshot({ path: screenshotPath("ux-site-retry-1280"), fullPage: true });
  });

  it("deletes a site after a confirmation that says what goes and what stays", async () => {
    await admin.goto(`${lede.url}/sites`);
    await admin.getByTestId("site-row").filter({ hasText: REFUSED }).getByRole("link").first().click();
    await admin.getByTestId("site-delete").click();
    const impact = admin.getByTestId("delete-impact");
    await impact.waitFor();
    await expect(impact.innerText()).resolves.toMatch(/stored pages?[\s\S]*articles?[\s\S]*stor(y|ies) made only of this site[\s\S]*shared with other sites stay/);
    await admin.screenshot({ path: screenshotPath("ux-site-delete-confirm-1280"), fullPage: true });
    await admin.getByTestId("confirm-delete").click();
    await admin.getByTestId("delete-result").waitFor();
    expect(await admin.getByTestId("site-row").filter({ hasText: REFUSED }).count()).toBe(0);
    const api = await (await fetch(`${lede.url}/api/sites`)).json();
    expect(api.sites.map((s: { host: string }) => s.host)).not.toContain(REFUSED);
  });

  it("marks the current page in the navigation; readers see no admin-only links", async () => {
    await admin.goto(`${lede.url}/sites`);
    expect(await admin.locator('nav a[aria-current="page"]').innerText()).toBe("Sites");
    const reader = await (await launchChromium()).newPage();
    await reader.goto(`${lede.url}/`);
    const links = await reader.locator("nav[aria-label=Main] a").allInnerTexts();
    expect(links).toContain("News");
    expect(links).not.toContain("Sites");
    expect(links).not.toContain("Review");
    expect(await reader.locator('nav a[aria-current="page"]').innerText()).toBe("News");
    await reader.context().close();
  });

  it("shows multi-source demo stories, follows the system's dark theme, and fits a 390 px screen", async () => {
    // The demo newspapers report the same events: a story with several sources appears.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { stories } = await (await fetch(`${lede.url}/api/news`)).json();
      if (stories.some((s: { sourceCount: number }) => s.sourceCount >= 2)) break;
      if (Date.now() > deadline) throw new Error("no multi-source story within 120 s");
      await new Promise((r) => setTimeout(r, 2000));
    }
    const { stories } = await (await fetch(`${lede.url}/api/news`)).json();
    const articleId = stories[0].articles[0].id;
    const siteId = (await (await fetch(`${lede.url}/api/sites`)).json()).sites[0].id;
    const pages: [string, string][] = [["news", "/"], ["sites", "/sites"], ["site", `/sites/${siteId}`], ["quality", "/quality"], ["article", `/articles/${articleId}`], ["review", "/review"]];
    for (const scheme of ["light", "dark"] as const) {
      await admin.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 390]) {
        await admin.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        for (const [name, path] of pages) {
          await admin.goto(`${lede.url}${path}`);
          await admin.waitForLoadState("networkidle").catch(() => {});
          if (width === 390) {
            const o = await noHorizontalOverflow(admin);
            expect(o.scroll, `${name} at 390 px (${scheme})`).toBeLessThanOrEqual(o.client);
          }
          if (scheme === "dark" || width === 390) await admin.screenshot({ path: screenshotPath(`ux-${name}-${scheme}-${width}`), fullPage: true });
        }
      }
      const bg = await admin.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      const [r, g, b] = (bg.match(/\d+/g) ?? []).map(Number);
      if (scheme === "dark") expect(r + g + b, bg).toBeLessThan(150);
      else expect(r + g + b, bg).toBeGreaterThan(600);
    }
    // On a phone the article starts on the first screen: its first paragraph's top is above the fold.
    await admin.emulateMedia({ colorScheme: "light" });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`${lede.url}/articles/${articleId}`);
    const top = await admin.locator(".reader p").first().evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(844);
  });
});

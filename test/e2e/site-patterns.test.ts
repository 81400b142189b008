// Sites → site, "URL patterns and page templates" end to end, in Debian's Chromium against a running
// Lede (npm start): a small local news site is crawled; the site page lists the URL patterns and the
// page template its articles taught the site (with their counts); the admin marks the articles' URL
// pattern "not news" with the row's button, the stored articles leave News at once, and Undo lifts the mark.
// Then on a 390 px phone: every main page fits the screen (no horizontal scrolling, details opened), and the
// patterns table reflows so its "Mark not news" / "Undo" buttons are on screen, big enough and work by keyboard.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { launchChromium, logIn, screenshotPath, startLede, waitForNews, type RunningLede } from "./helpers.ts";
import { urlPatterns, TEMPLATE_PATTERN_PREFIX } from "../../lib/classify/site-evidence.ts";

const ARTICLES = 8;
const WORDS = ("council harbour storm budget railway minister river school festival election court museum police bridge " +
  "village senate energy summit hospital airport treaty border climate market").split(" ");

const day = (n: number) => String(10 + n).padStart(2, "0");
const articlePath = (n: number) => `/news/2026/11/${day(n)}/story-${n}.html`;

function sentence(n: number, k: number): string {
  const s = Array.from({ length: 14 + (k % 7) }, (_, i) => WORDS[(n * 7 + k * 3 + i * 5) % WORDS.length]).join(" ");
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

function articlePage(n: number): string {
  const title = `Pattern Post story ${n}: the ${WORDS[n % WORDS.length]} decision`;
  const ld = JSON.stringify({ "@context": "https://schema.org", "@type": "NewsArticle", headline: title, datePublished: `2026-11-${day(n)}T08:00:00Z`, author: { "@type": "Person", name: "A. Reporter" } });
  const paras = Array.from({ length: 9 }, (_, k) => `<p>${sentence(n, k)} ${sentence(n, k + 1)} The ${WORDS[(n + k) % WORDS.length]} report was published on Monday, officials said.</p>`).join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta property="og:type" content="article"><meta property="article:published_time" content="2026-11-${day(n)}T08:00:00Z">
<script type="application/ld+json">${ld}</script></head>
<body><header><nav><a href="/">Pattern Post</a> <a href="/privacy">Privacy</a></nav></header>
<main id="content"><article class="story"><h1>${title}</h1>
<p class="byline">By A. Reporter, <time datetime="2026-11-${day(n)}">November ${10 + n}, 2026</time></p>
${paras}
<p><a href="${articlePath((n % ARTICLES) + 1)}">Next story</a></p>
</article></main><footer><p>© Pattern Post · <a href="/privacy">Privacy</a></p></footer></body></html>`;
}

async function startNewsSite(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const send = (status: number, body: string, type = "text/html; charset=utf-8") => { res.writeHead(status, { "content-type": type }); res.end(body); };
    if (path === "/robots.txt") return send(200, "User-agent: *\nAllow: /\n", "text/plain");
    if (path === "/") {
      const links = Array.from({ length: ARTICLES }, (_, i) => `<li><a href="${articlePath(i + 1)}">Story ${i + 1}</a></li>`).join("");
      return send(200, `<!doctype html><html><head><title>Pattern Post</title></head><body><h1>Pattern Post</h1><ul>${links}</ul><p><a href="/privacy">Privacy</a></p></body></html>`);
    }
    if (path === "/privacy") return send(200, `<!doctype html><html><head><title>Privacy · Pattern Post</title></head><body><h1>Privacy policy</h1><p>How we handle cookies, data protection and your privacy; contact the imprint address.</p></body></html>`);
    const m = /^\/news\/2026\/11\/\d\d\/story-(\d+)\.html$/.exec(path);
    if (m && path === articlePath(Number(m[1])) && Number(m[1]) >= 1 && Number(m[1]) <= ARTICLES) return send(200, articlePage(Number(m[1])));
    return send(404, "not found", "text/plain");
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, server };
}

describe("site page: learnt patterns and the 'mark this pattern not news' action", () => {
  let lede: RunningLede;
  let site: { url: string; server: Server };
  let browser: BrowserContext;
  let admin: Page;
  let siteId: number;
  // the articles' finer URL pattern, as lib/classify/site-evidence.ts names it
  const articlePattern = urlPatterns(`http://x${articlePath(1)}`)[1];

  beforeAll(async () => {
    site = await startNewsSite();
    lede = await startLede({ ALLOW_PRIVATE_NETWORK: "true", LEDE_CORPUS: "/nonexistent-corpus" });
    browser = await launchChromium();
    admin = await browser.newPage();
    await logIn(admin, lede.url, "/sites");
    const session = (await browser.cookies(lede.url)).find((c) => c.name === "lede_session")!;
    const csrf = (await admin.locator("input[name=_csrf]").first().getAttribute("value"))!;
    const res = await fetch(`${lede.url}/api/sites`, {
      method: "POST", headers: { cookie: `lede_session=${session.value}`, "x-csrf-token": csrf, "content-type": "application/json" },
      body: JSON.stringify({ seedUrl: site.url, name: "Pattern Post", crawlDelayMs: 0 }),
    });
    expect(res.status).toBe(201);
    siteId = (await res.json()).site.id;
  });
  afterAll(async () => {
    await browser?.close();
    if (lede && lede.proc.exitCode === null) await lede.stop();
    await new Promise((ok) => site?.server.close(ok));
  });

  it("lists the URL patterns and the page template the site's articles taught it, with their counts", async () => {
    const reader = await browser.newPage();
    await reader.goto(`${lede.url}/`);
    await waitForNews(reader, /Pattern Post story \d/, 120_000);
    await reader.close();
    // A worker stores what its pages taught a site every 5 s and whenever it goes idle: reload until the articles' row is there.
    const row = admin.locator(`[data-testid=url-patterns] tr[data-pattern="${articlePattern}"]`);
    const deadline = Date.now() + 90_000;
    for (;;) {
      await admin.goto(`${lede.url}/sites/${siteId}`);
      const news = (await row.count()) > 0 ? Number((await row.locator("td").nth(1).innerText()).trim()) : 0;
      if (news >= 3) break;
      if (Date.now() > deadline) throw new Error(`the articles' pattern ${articlePattern} did not reach 3 news pages on the site page`);
      await admin.waitForTimeout(1000);
    }
    const table = admin.getByTestId("url-patterns");
    await expect(table.getByRole("heading", { name: "URL patterns and page templates" }).isVisible()).resolves.toBe(true);
    await expect(row.locator("td").nth(2).innerText()).resolves.toBe("0");
    // the example link is one of the site's stored article URLs
    await expect(row.locator("td").nth(3).locator("a").getAttribute("href")).resolves.toMatch(/\/news\/2026\/11\/\d\d\/story-\d+\.html$/);
    // the articles' template: the content's tag path, counted like a URL pattern
    const template = table.locator(`tr[data-pattern^="${TEMPLATE_PATTERN_PREFIX}"]`).filter({ hasText: "article.story" });
    await expect(template.count()).resolves.toBe(1);
    expect(Number(await template.locator("td").nth(1).innerText())).toBeGreaterThanOrEqual(3);
    await admin.screenshot({ path: screenshotPath("site-patterns"), fullPage: true });
  });

  it("marks the articles' URL pattern not news: the stored articles leave News at once, and Undo lifts the mark", async () => {
    const row = admin.locator(`[data-testid=url-patterns] tr[data-pattern="${articlePattern}"]`);
    await row.getByRole("button", { name: "Mark not news" }).click();
    await admin.waitForURL((u) => u.pathname === `/sites/${siteId}` && u.searchParams.has("pattern_marked"));
    const status = await admin.getByRole("status").filter({ hasText: "Pattern marked not news" }).innerText();
    const taken = Number(/(\d+) stored articles taken off News/.exec(status)?.[1]);
    expect(taken).toBeGreaterThanOrEqual(3);
    await row.locator(".badge.not_news").waitFor();
    await expect(row.getByRole("button", { name: "Undo" }).isVisible()).resolves.toBe(true);

    // News no longer lists the site's articles (they were all of that pattern)
    const reader = await browser.newPage();
    await reader.goto(`${lede.url}/`);
    await expect(reader.getByText(/Pattern Post story \d/).count()).resolves.toBe(0);
    await reader.close();

    await row.getByRole("button", { name: "Undo" }).click();
    await admin.waitForURL((u) => u.pathname === `/sites/${siteId}` && u.searchParams.has("pattern_unmarked"));
    await admin.getByRole("status").filter({ hasText: "Mark lifted" }).waitFor();
    await admin.locator(`[data-testid=url-patterns] tr[data-pattern="${articlePattern}"] button`, { hasText: "Mark not news" }).waitFor();
    await expect(admin.locator(`[data-testid=url-patterns] tr[data-pattern="${articlePattern}"] .badge.not_news`).count()).resolves.toBe(0);
  });

  it("fits a 390 px phone: no main page scrolls sideways; the patterns table's buttons are on screen and work by keyboard", async () => {
    const PHONE = { width: 390, height: 844 };
    /** WCAG 2.5.8's minimum target size, in CSS px. */
    const MIN_TARGET_PX = 24;
    // The marked articles stay off News after Undo (until re-processed or labelled): take the pages from the site page.
    await admin.goto(`${lede.url}/sites/${siteId}`);
    const article = (await admin.locator("[data-testid=recent-pages] a[href^='/articles/']").first().getAttribute("href"))!;
    expect(article).toMatch(/^\/articles\/\d+$/);
    await admin.goto(`${lede.url}${article}`);
    const story = (await admin.locator(".crumbs a[href^='/stories/']").count()) ? await admin.locator(".crumbs a[href^='/stories/']").getAttribute("href") : null;
    const entity = (await admin.locator("a.chip[href^='/?entity=']").count()) ? await admin.locator("a.chip[href^='/?entity=']").first().getAttribute("href") : null;
    const pages: [string, string][] = [
      ["news", "/"], ["search", "/?q=council"], ["site filter", `/?site=${siteId}`], ["article", article],
      ...(story ? [["story", story] as [string, string]] : []),
      ...(entity ? [["entity filter", entity] as [string, string]] : []),
      ["saved", "/saved"], ["sites", "/sites"], ["site", `/sites/${siteId}`], ["delete", `/sites/${siteId}/delete`],
      ["review", "/review"], ["quality", "/quality"], ["not found", "/no-such-page"], ["bad id", "/articles/abc"],
    ];
    const overflow = async (page: Page) => page.evaluate(() => {
      // folded sections too: what a user opens must fit as well
      for (const d of Array.from(document.querySelectorAll("details"))) d.open = true;
      return { scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth };
    });
    await admin.setViewportSize(PHONE);
    for (const [name, path] of pages) {
      await admin.goto(`${lede.url}${path}`);
      const o = await overflow(admin);
      expect(o.scroll, `${name} (${path}) at 390 px`).toBeLessThanOrEqual(o.client);
    }
    const reader = await (await launchChromium()).newPage();
    await reader.setViewportSize(PHONE);
    for (const path of ["/", "/login"]) {
      await reader.goto(`${lede.url}${path}`);
      const o = await overflow(reader);
      expect(o.scroll, `${path} for a reader at 390 px`).toBeLessThanOrEqual(o.client);
    }
    await reader.context().close();

    // The patterns table on the phone: each row's button inside the screen, at least 24 px, pressed with the keyboard.
    await admin.goto(`${lede.url}/sites/${siteId}`);
    const row = () => admin.locator(`[data-testid=url-patterns] tr[data-pattern="${articlePattern}"]`);
    const onScreen = async (name: string) => {
      const button = row().getByRole("button", { name });
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(PHONE.width);
      expect(box.height).toBeGreaterThanOrEqual(MIN_TARGET_PX);
      // the pattern itself is readable beside it: not broken into a column a few letters wide
      expect((await row().locator("td.path").boundingBox())!.width).toBeGreaterThan(PHONE.width / 2);
      return button;
    };
    await admin.locator("[data-testid=url-patterns]").screenshot({ path: screenshotPath("site-patterns-390") });
    await (await onScreen("Mark not news")).focus();
    await admin.keyboard.press("Enter");
    await admin.waitForURL((u) => u.pathname === `/sites/${siteId}` && u.searchParams.has("pattern_marked"));
    await row().locator(".badge.not_news").waitFor();
    await (await onScreen("Undo")).focus();
    await admin.keyboard.press("Enter");
    await admin.waitForURL((u) => u.pathname === `/sites/${siteId}` && u.searchParams.has("pattern_unmarked"));
    await row().getByRole("button", { name: "Mark not news" }).waitFor();
    await expect(row().locator(".badge.not_news").count()).resolves.toBe(0);
  });
});

// The dashboard end to end, in Debian's Chromium against a running Lede (npm start): readers browse
// without logging in (news, search, story, article, feed, quality, keyboard), admins log in, add and
// pause sites, see the template view, label pages (buttons and keys) and retrain. A local "hostile"
// site serves articles full of script tags, on* handlers and javascript: links: they must render
// harmlessly. Screenshots go to test/artifacts/.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { launchChromium, logIn, screenshotPath, startLede, waitForKeys, waitForNews, type RunningLede } from "./helpers.ts";

/** Article pages on the hostile site: enough labelled pages (with the not-news ones) to retrain on labels alone. */
const ARTICLES = 18;
const NOT_NEWS = ["privacy", "contact", "imprint", "terms", "about", "cookies"];

const WORDS = ("council harbour storm budget railway minister river school festival election court museum police bridge " +
  "village senate energy summit hospital airport treaty border climate market").split(" ");

function random(seed: number): () => number {
  let s = (seed * 2654435761) >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function sentence(rand: () => number, n: number): string {
  const s = Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");
  return `${s[0].toUpperCase()}${s.slice(1)}.`;
}

/** Article URLs carry a date, as news URLs do. */
function articlePath(n: number): string {
  return `/news/2026/11/${String(10 + (n % 18)).padStart(2, "0")}/story-${n}.html`;
}

function articlePage(n: number): string {
  const rand = random(n + 1);
  const title = `Hostile Herald story ${n}: ${WORDS[n % WORDS.length]} news`;
  const paras = Array.from({ length: 8 }, (_, i) => `<p>${sentence(rand, 18 + i)} ${sentence(rand, 14)} The ${WORDS[(n + i) % WORDS.length]} report was published on Monday.</p>`).join("\n");
  const ld = JSON.stringify({ "@context": "https://schema.org", "@type": "NewsArticle", headline: title, datePublished: `2026-11-${String(10 + (n % 18)).padStart(2, "0")}T08:00:00Z` });
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<meta property="og:type" content="article"><script type="application/ld+json">${ld}</script><script>window.__xss = "head";</script></head>
<body><header><nav><a href="/">Hostile Herald</a> <a href="/privacy">Privacy</a> <a href="/contact">Contact</a></nav></header>
<main><article><h1>${title}</h1>
<p class="byline">By A. Reporter, <time datetime="2026-11-${String(10 + (n % 18)).padStart(2, "0")}">November ${10 + (n % 18)}, 2026</time></p>
<script>window.__xss = "inline";</script>
<p onclick="window.__xss='onclick'" onmouseover="window.__xss='hover'">${sentence(rand, 25)} <a href="javascript:window.__xss='link'">Read more</a>
<a href="JaVaScRiPt:window.__xss='link2'">and more</a> <img src="/x.png" onerror="window.__xss='img'" alt="photo"></p>
<svg onload="window.__xss='svg'"><circle r="1"/></svg><iframe src="javascript:window.__xss='iframe'"></iframe>
<form action="javascript:window.__xss='form'"><input value="x" onfocus="window.__xss='focus'" autofocus></form>
${paras}
<p><a href="${articlePath((n % ARTICLES) + 1)}">Next story</a></p>
</article></main><footer><p>© Hostile Herald · <a href="/privacy">Privacy</a></p></footer></body></html>`;
}

function otherPage(name: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${name} · Hostile Herald</title></head><body>
<nav><a href="/">Hostile Herald</a></nav><h1>${name[0].toUpperCase()}${name.slice(1)}</h1>
<p>This ${name} page explains our ${name} policy, cookies, terms of use, data protection and how to contact the imprint address.</p>
<p>Contact: herald@example.org · Impressum · Datenschutz · Privacy · Terms · Cookie settings.</p></body></html>`;
}

async function startHostileSite(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const send = (status: number, body: string, type = "text/html; charset=utf-8") => { res.writeHead(status, { "content-type": type }); res.end(body); };
    if (path === "/robots.txt") return send(200, "User-agent: *\nAllow: /\n", "text/plain");
    if (path === "/") {
      const links = Array.from({ length: ARTICLES }, (_, i) => `<li><a href="${articlePath(i + 1)}">Story ${i + 1}</a></li>`).join("");
      return send(200, `<!doctype html><html><head><title>Hostile Herald</title></head><body><h1>Hostile Herald</h1><ul>${links}</ul>
        <p>${NOT_NEWS.map((n) => `<a href="/${n}">${n}</a>`).join(" ")}</p></body></html>`);
    }
    const m = /^\/news\/2026\/11\/\d\d\/story-(\d+)\.html$/.exec(path);
    if (m && Number(m[1]) >= 1 && Number(m[1]) <= ARTICLES && path === articlePath(Number(m[1]))) return send(200, articlePage(Number(m[1])));
    if (NOT_NEWS.includes(path.slice(1))) return send(200, otherPage(path.slice(1)));
    return send(404, "not found", "text/plain");
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, server };
}

describe("dashboard", () => {
  let lede: RunningLede;
  let hostile: { url: string; server: Server };
  let browser: BrowserContext;
  let admin: Page;
  let siteId: number;
  let csrf: string;
  let cookie: string;

  async function api(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${lede.url}${path}`, { ...init, headers: { cookie, "x-csrf-token": csrf, "content-type": "application/json", ...(init.headers ?? {}) } });
  }

  beforeAll(async () => {
    hostile = await startHostileSite();
    // No corpus: retraining uses the admin labels alone (tests never read the shared corpus).
    lede = await startLede({ ALLOW_PRIVATE_NETWORK: "true", LEDE_CORPUS: "/nonexistent-corpus" });
    browser = await launchChromium();
    admin = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    if (lede && lede.proc.exitCode === null) await lede.stop();
    await new Promise((ok) => hostile?.server.close(ok));
  });

  it("keeps readers out of admin pages and refuses mutations without a session or CSRF token", async () => {
    const res = await fetch(`${lede.url}/sites`, { redirect: "manual" });
    expect([303, 307, 302]).toContain(res.status);
    expect(res.headers.get("location")).toMatch(/\/login\?next=%2Fsites/);
    const noSession = await fetch(`${lede.url}/api/sites`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seedUrl: hostile.url }) });
    expect(noSession.status).toBe(401);

    const page = await browser.newPage();
    await page.goto(`${lede.url}/login`);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByTestId("login-error").waitFor();
    await page.close();

    await logIn(admin, lede.url, "/sites");
    const cookies = await browser.cookies(lede.url);
    const session = cookies.find((c) => c.name === "lede_session")!;
    expect(session.httpOnly).toBe(true);
    cookie = `lede_session=${session.value}`;
    csrf = (await admin.locator("input[name=_csrf]").first().getAttribute("value"))!;
    const noToken = await fetch(`${lede.url}/api/sites`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ seedUrl: hostile.url }) });
    expect(noToken.status).toBe(403);
    const crossSite = await fetch(`${lede.url}/api/sites`, {
      method: "POST", headers: { cookie, "x-csrf-token": csrf, origin: "https://evil.example", "content-type": "application/json" }, body: JSON.stringify({ seedUrl: hostile.url }),
    });
    expect(crossSite.status).toBe(403);
  });

  it("adds a site (form validation, SSRF check), crawls it, and pauses and resumes it", async () => {
    // Through the API with the page's token: crawl delay 0 so the test's small site is read in seconds.
    const res = await api("/api/sites", { method: "POST", body: JSON.stringify({ seedUrl: hostile.url, name: "Hostile Herald", crawlDelayMs: 0 }) });
    expect(res.status).toBe(201);
    siteId = (await res.json()).site.id;
    const dup = await api("/api/sites", { method: "POST", body: JSON.stringify({ seedUrl: hostile.url }) });
    expect(dup.status).toBe(409);

    const deadline = Date.now() + 120_000;
    for (;;) {
      const body = await (await fetch(`${lede.url}/api/sites/${siteId}`)).json();
      if (body.site.pages >= ARTICLES + NOT_NEWS.length) break;
      if (Date.now() > deadline) throw new Error(`crawl incomplete: ${JSON.stringify(body.site)}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    await admin.goto(`${lede.url}/sites`);
    const row = admin.getByTestId("site-row").filter({ hasText: "Hostile Herald" });
    await row.getByTestId("site-pause").click();
    await admin.getByTestId("site-row").filter({ hasText: "Hostile Herald" }).locator(".badge.paused").waitFor();
    await admin.getByTestId("site-row").filter({ hasText: "Hostile Herald" }).getByTestId("site-resume").click();
    await admin.getByTestId("site-row").filter({ hasText: "Hostile Herald" }).locator(".badge.crawling").waitFor();
    // OPML import through the form: one site already there, one unresolvable; both reported, none added.
    const opml = `<?xml version="1.0"?><opml version="2.0"><body><outline text="Herald" htmlUrl="${hostile.url}"/>` +
      `<outline text="Nowhere" xmlUrl="http://nowhere.invalid/feed.xml"/></body></opml>`;
    await admin.locator("details.opml summary").click();
    await admin.locator("input[name=file]").setInputFiles({ name: "feeds.opml", mimeType: "text/xml", buffer: Buffer.from(opml) });
    await admin.getByRole("button", { name: "Import" }).click();
    await expect(admin.getByTestId("import-result").innerText()).resolves.toMatch(/Imported 0 site\(s\); skipped 2/);
    await admin.screenshot({ path: screenshotPath("dashboard-sites"), fullPage: true });
  });

  it("renders hostile article HTML harmlessly in the reader view and the template view", async () => {
    const { recentPages } = await (await fetch(`${lede.url}/api/sites/${siteId}`)).json();
    const art = recentPages.find((p: { articleId: number | null; url: string }) => p.articleId && /\/story-\d+\.html$/.test(p.url));
    expect(art).toBeTruthy();
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (d) => { dialogs.push(d.message()); void d.dismiss(); });
    await page.goto(`${lede.url}/articles/${art.articleId}`);
    await page.locator(".reader").waitFor();
    await page.locator(".reader p").first().hover().catch(() => {});
    await page.locator(".reader p").first().click().catch(() => {});
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    const reader = await page.locator(".reader").innerHTML();
    expect(reader).not.toMatch(/<script|<iframe|<svg|<form|\son\w+=|javascript:/i);
    expect((await page.locator(".reader").innerText()).length).toBeGreaterThan(300);
    // How Lede read the page is folded away below the article; opened, it says.
    await page.getByTestId("article-facts").locator("summary").click();
    await expect(page.getByTestId("article-facts").innerText()).resolves.toMatch(/Extraction[\s\S]*Classification/);
    expect(await page.getByTestId("original-link").getAttribute("href")).toBe(art.url);
    expect(dialogs).toEqual([]);
    await page.screenshot({ path: screenshotPath("dashboard-xss-article"), fullPage: true });

    await admin.goto(`${lede.url}/sites/${siteId}`);
    await admin.getByTestId("recent-pages").waitFor();
    // the template view: its version and last change, what waits for (re-)extraction, the redesigns seen (issue #21)
    const view = await admin.getByTestId("template-view").innerText();
    expect(view).toMatch(/version \d+, last changed/);
    expect(await admin.getByTestId("template-backlog").innerText()).toMatch(/Waiting for \(re-\)extraction: \d+ pages?/);
    expect(await admin.getByTestId("template-redesigns").innerText()).toMatch(/No redesign seen|Redesigns seen: \d+/);
    const frame = admin.getByTestId("template-preview");
    if (await frame.count()) {
      expect(await frame.getAttribute("sandbox")).toBe("");
      expect(await frame.getAttribute("srcdoc")).not.toMatch(/<script|\son\w+=|javascript:/i);
    }
    expect(await admin.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    await admin.screenshot({ path: screenshotPath("dashboard-site-detail"), fullPage: true });
    await page.close();
  });

  it("lets readers browse news, search, open a story or article, read the feed and the JSON API, with the keyboard", async () => {
    const page = await browser.newPage();
    await page.goto(`${lede.url}/`);
    await waitForNews(page, /Hostile Herald story/);
    await waitForKeys(page);
    await page.keyboard.press("?");
    await page.getByTestId("keyboard-help").waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await page.keyboard.press("j");
    await expect(page.locator("[data-nav-item].selected").count()).resolves.toBe(1);
    await page.keyboard.press("o");
    await page.waitForURL(/\/(stories|articles)\/\d+/);
    await page.screenshot({ path: screenshotPath("dashboard-opened"), fullPage: true });

    await page.goto(`${lede.url}/?q=harbour`);
    await page.getByTestId("search-results").waitFor();
    expect(await page.getByTestId("search-results").locator("li").count()).toBeGreaterThan(0);
    await expect(page.getByTestId("search-results").locator("mark").first().innerText()).resolves.toMatch(/harbour/i);
    await page.screenshot({ path: screenshotPath("dashboard-search"), fullPage: true });

    const stories = await (await fetch(`${lede.url}/api/news`)).json();
    const storyCard = stories.stories.find((s: { storyId: number | null }) => s.storyId);
    if (storyCard) {
      await page.goto(`${lede.url}/stories/${storyCard.storyId}`);
      await page.getByTestId("timeline").waitFor();
      await page.screenshot({ path: screenshotPath("dashboard-story"), fullPage: true });
      expect((await (await fetch(`${lede.url}/api/stories/${storyCard.storyId}`)).json()).story.articles.length).toBeGreaterThan(0);
    }
    const articles = await (await fetch(`${lede.url}/api/articles?q=harbour`)).json();
    expect(articles.articles.length).toBeGreaterThan(0);

    const feed = await fetch(`${lede.url}/feed.xml`);
    expect(feed.headers.get("content-type")).toMatch(/application\/atom\+xml/);
    const xml = await feed.text();
    expect(xml).toMatch(/<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    expect(xml).toMatch(/<entry>/);
    expect(xml).not.toMatch(/<script/i);

    // Reading works without client JavaScript: the server-rendered HTML already holds the stories.
    const html = await (await fetch(`${lede.url}/`)).text();
    expect(html).toMatch(/Hostile Herald story/);
    await page.goto(`${lede.url}/quality`);
    await page.getByTestId("quality-page").locator("svg").first().waitFor();
    await page.screenshot({ path: screenshotPath("dashboard-quality"), fullPage: true });
    await page.close();
  });

  it("labels pages with buttons and keys, retrains, and shows the new metrics beside the previous ones", async () => {
    const { recentPages } = await (await fetch(`${lede.url}/api/sites/${siteId}`)).json();
    const withArticles = (recentPages as { articleId: number | null }[]).filter((p) => p.articleId);
    // A button on the reader view, then the "x" key on another article.
    await admin.goto(`${lede.url}/articles/${withArticles[0].articleId}`);
    await admin.getByRole("button", { name: /^News/ }).click();
    await admin.getByTestId("label-saved").waitFor();
    await admin.goto(`${lede.url}/articles/${withArticles[1].articleId}`);
    await admin.locator(".reader").waitFor();
    await waitForKeys(admin);
    await admin.keyboard.press("x");
    await admin.waitForURL(/labelled=/);
    await admin.getByTestId("label-saved").waitFor();
    const labels = (await (await fetch(`${lede.url}/api/labels`, { headers: { cookie } })).json()).labels as { isNews: boolean }[];
    expect(labels.map((l) => l.isNews)).toEqual([false, true]);
    // Enough labels of both kinds to train on labels alone: every crawled page, by what it is.
    for (const p of recentPages as { id: number; url: string }[]) {
      const isNews = /\/story-\d+\.html$/.test(p.url);
      if (isNews || NOT_NEWS.some((n) => p.url.endsWith(`/${n}`))) {
        expect((await api("/api/labels", { method: "POST", body: JSON.stringify({ pageId: p.id, isNews }) })).status).toBe(201);
      }
    }
    await admin.goto(`${lede.url}/review`);
    await admin.getByRole("heading", { name: "Review" }).waitFor();
    const items = admin.getByTestId("review-item");
    if (await items.count()) {
      await items.first().getByRole("button", { name: /^News/ }).click();
      await admin.getByTestId("label-saved").waitFor();
      if (await admin.getByTestId("review-item").count()) {
        await waitForKeys(admin);
        await admin.keyboard.press("j");
        await admin.keyboard.press("x");
        await admin.waitForURL(/labelled=/);
      }
    }
    for (let run = 0; run < 2; run++) {
      // The click waits for the form's navigation, which lasts as long as the training run (the shipped
      // base set plus the labels): give it the same 120 s as the wait for its result, not the 30 s default.
      await admin.getByTestId("retrain").click({ timeout: 120_000 });
      await admin.waitForURL(/retrained=\d+/, { timeout: 120_000 });
      await admin.getByTestId("metrics-compare").waitFor();
    }
    // The second run is shown beside the first.
    expect(await admin.getByTestId("metrics-compare").innerText()).toMatch(/Previous #\d+[\s\S]*New #\d+[\s\S]*Accuracy[\s\S]*%/);
    await admin.screenshot({ path: screenshotPath("dashboard-review"), fullPage: true });

    const exported = await (await fetch(`${lede.url}/api/labels/export`, { headers: { cookie } })).text();
    expect(exported.trim().split("\n").length).toBeGreaterThanOrEqual(ARTICLES);
    const reimport = await api("/api/labels/import", { method: "POST", body: JSON.stringify({ jsonl: exported }) });
    expect((await reimport.json()).duplicates).toBeGreaterThanOrEqual(ARTICLES);
  });
});

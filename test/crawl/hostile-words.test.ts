// Words that are also Object.prototype's keys, through every text path of the crawl into a real SQLite
// database: decoding (the lang attribute picks legacy charsets), extraction and metadata (named
// entities in meta values), the classifier's tokens, fingerprints, entities, story terms, profiles,
// the story index and the merge pass. Before the tables were prototype-free, "constructor" failed
// story grouping with `NOT NULL constraint failed: StoryTerm.weight` (issue 19, item 2).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWorker } from "../../lib/crawl/worker.ts";
import { addSite } from "../../lib/db/sites.ts";
import { mergeStories } from "../../lib/db/stories.ts";
import { getPageClassifier } from "../../lib/pipeline/context.ts";
import type { PageClassifier } from "../../lib/pipeline/process.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { startHttp, type TestServer } from "../http/servers.ts";

const WORDS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf"];
const HOST = "words.example";

/** An article about the words, in title, meta values, JSON-LD, headings, capitalised names and text. */
function article(n: number, lang: string): string {
  const para = (i: number) => `<p>The ${WORDS.join(" ")} release number ${n} was reviewed by Constructor Hasownproperty and ` +
    `Tostring Valueof of the Constructor Guild in __proto__ City on Monday, the first of ${["March", "May", "June"][i % 3]}. ` +
    `Critics said constructor, toString and hasOwnProperty now behave; __proto__ stays a plain word. Paragraph ${i}.</p>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="windows-1252">
<title>Constructor __proto__ toString hasOwnProperty: the release ${n}</title>
<meta name="description" content="constructor &amp;constructor; &constructor; &__proto__; &tostring; &hasownproperty;">
<meta name="author" content="Constructor Hasownproperty">
<meta property="og:site_name" content="__proto__">
<script type="application/ld+json">{"@type":"NewsArticle","headline":"Constructor __proto__ toString hasOwnProperty: the release ${n}","__proto__":{"author":"x"},"constructor":"y","author":{"name":"toString"}}</script>
</head><body><nav><a href="/">constructor</a> <a href="/a">__proto__</a> <a href="/b">toString</a> <a href="/c">hasOwnProperty</a></nav>
<article><h1>Constructor __proto__ toString hasOwnProperty: the release ${n}</h1>
${[0, 1, 2, 3, 4, 5].map(para).join("\n")}
<p>Caf\u00e9 r\u00e9sum\u00e9 na\u00efve ${n}: ${WORDS.join(", ")}.</p></article></body></html>`;
}

describe("prototype words through the whole pipeline", () => {
  let t: TestDb;
  let web: TestServer;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestDb();
    web = await startHttp((req, res) => {
      const path = req.url ?? "/";
      const send = (type: string, body: string | Buffer) => { res.writeHead(200, { "content-type": type }); res.end(body); };
      if (path === "/robots.txt") return send("text/plain", "User-agent: *\nAllow: /\n");
      if (path === "/") return send("text/html", `<!doctype html><title>constructor</title><a href="/a">constructor</a> <a href="/b">__proto__</a> <a href="/c">toString</a>`);
      // /a and /b: one story in UTF-8; /c: windows-1252 bytes without a charset header, lang="constructor"
      if (path === "/a") return send("text/html; charset=utf-8", article(1, "__proto__"));
      if (path === "/b") return send("text/html; charset=utf-8", article(2, "toString"));
      if (path === "/c") return send("text/html", Buffer.from(article(3, "constructor"), "latin1"));
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    });
    siteId = (await addSite(t.db, { seedUrl: `http://${HOST}/`, maxDepth: 1, crawlDelayMs: 0, allowPrivateNetwork: true })).id;
  });
  afterAll(async () => {
    await web.close();
    await t.cleanup();
  });

  it("crawls, classifies, groups and merges pages full of them without a failure", async () => {
    // The shipped classifier reads every page (its token tables); its verdict is kept, the article counts as news.
    const real = await getPageClassifier(t.db);
    const classify: PageClassifier = (page) => ({ ...real(page), isNews: true });
    await runWorker({
      db: t.db, signal: new AbortController().signal, siteIds: [siteId], exitWhenIdle: true, hostMap: `${HOST}=127.0.0.1:${web.port}`,
      allowPrivateNetwork: true, concurrency: 1, idleMs: 20, maxAttempts: 1, classify,
    });
    const rows = await t.db.frontierUrl.findMany({ where: { siteId, kind: { in: ["seed", "page"] } }, select: { url: true, state: true, lastErrorKey: true } });
    expect(rows.map((r) => r.url).sort()).toEqual(["/", "/a", "/b", "/c"].map((p) => `http://${HOST}${p}`));
    for (const r of rows) expect(r.lastErrorKey, r.url).toBeNull();
    // (the probes for /sitemap.xml and the common feed paths answer 404)
    const attempts = await t.db.fetchAttempt.findMany({ where: { siteId, errorKey: { not: null } }, select: { url: true, errorKey: true } });
    expect(attempts.filter((a) => a.errorKey !== "http_404"), JSON.stringify(attempts)).toEqual([]);

    const articles = await t.db.article.findMany({ where: { siteId }, select: { url: true, title: true, text: true, storyId: true, lang: true, author: true } });
    expect(articles.length).toBe(3);
    for (const a of articles) {
      expect(a.title).toContain("__proto__");
      expect(a.text).toContain("hasOwnProperty");
      expect(a.text, a.url).toMatch(/Café résumé naïve \d/);
      expect(a.text).not.toMatch(/native code|function Object|\[object/);
      expect(a.storyId).not.toBeNull();
    }
    const entities = await t.db.entity.findMany({ select: { key: true } });
    for (const e of entities) expect(e.key).not.toMatch(/native code|function/);

    const stories = await t.db.story.findMany({ select: { id: true, profile: true } });
    expect(stories.length).toBeGreaterThan(0);
    for (const s of stories) {
      const profile = JSON.parse(s.profile) as { terms: Record<string, unknown>; centroid: Record<string, unknown> };
      for (const table of [profile.terms, profile.centroid]) for (const [term, w] of Object.entries(table)) expect(typeof w, term).toBe("number");
      expect(Object.keys(profile.terms)).toContain("constructor");
      expect(s.profile).not.toMatch(/native code/);
    }
    const terms = await t.db.storyTerm.findMany({ select: { term: true, weight: true } });
    expect(terms.map((x) => x.term)).toContain("constructor");
    for (const x of terms) expect(Number.isFinite(x.weight), x.term).toBe(true);
    // The merge pass reads every profile back from its JSON.
    await expect(mergeStories(t.db)).resolves.toBeGreaterThanOrEqual(0);
  });
});

// Atom and JSON Feed for any News view (#18 item 12): top stories, a site, an entity, a search; with
// ETag and Last-Modified, and 304 on If-None-Match / If-Modified-Since. Route handlers on a real SQLite file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XMLParser } from "fast-xml-parser";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { seedArticle, seedSite, seedStory } from "./seed.ts";
import { etagOf, isNotModified } from "../../lib/api/conditional.ts";
import { viewSearch } from "../../lib/api/feed-view.ts";

let t: TestDb;
let siteA: number;
let quakeStory: number;
const now = Date.parse("2026-12-01T12:00:00.000Z");
const hour = 3_600_000;

type Handler = (req: Request) => Promise<Response>;
let atom: Handler;
let json: Handler;

beforeAll(async () => {
  t = await createTestDb();
  process.env.DATABASE_URL = t.url;
  const db = t.db;
  const lisbon = await db.entity.create({ data: { key: "place:lisbon", name: "Lisbon", type: "PLACE" } });
  quakeStory = await seedStory(db, { headline: "Earthquake in Lisbon", lastSeenAt: new Date(now - hour), entityKeys: ["place:lisbon"], articleCount: 1 });
  const q = await seedArticle(db, { host: "a.example", title: "Quake hits Lisbon", text: "A quake hit Lisbon and the harbour.", storyId: quakeStory, createdAt: new Date(now - hour) });
  await db.articleEntity.create({ data: { articleId: q, entityId: lisbon.id } });
  const budget = await seedStory(db, { headline: "Budget passes", lastSeenAt: new Date(now - 2 * hour) });
  await seedArticle(db, { host: "b.example", title: "Parliament passes the budget", text: "The harbour budget passed.", storyId: budget, createdAt: new Date(now - 2 * hour) });
  siteA = await seedSite(db, "a.example");
  atom = (await import("../../app/feed.xml/route.ts")).GET;
  json = (await import("../../app/feed.json/route.ts")).GET;
});
afterAll(async () => t.cleanup());

const get = (h: Handler, path: string, headers: Record<string, string> = {}) => h(new Request(`http://lede.test${path}`, { headers }));
const parseAtom = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", isArray: (n) => n === "entry" || n === "link" }).parse(xml).feed;

describe("feeds of every News view", () => {
  it("Atom and JSON Feed of the top stories say the same", async () => {
    const a = await get(atom, "/feed.xml");
    const j = await get(json, "/feed.json");
    expect(a.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    expect(j.headers.get("content-type")).toMatch(/^application\/feed\+json/);
    const feed = parseAtom(await a.text());
    const jf = await j.json();
    expect(jf.version).toBe("https://jsonfeed.org/version/1.1");
    expect(jf.feed_url).toBe("http://lede.test/feed.json");
    expect(feed.entry.map((e: { title: { "#text": string } }) => e.title["#text"])).toEqual(["Earthquake in Lisbon", "Budget passes"]);
    expect(jf.items.map((i: { title: string }) => i.title)).toEqual(["Earthquake in Lisbon", "Budget passes"]);
    expect(jf.items[0]).toMatchObject({ id: `http://lede.test/stories/${quakeStory}`, url: `http://lede.test/stories/${quakeStory}`, tags: ["Lisbon"], date_modified: new Date(now - hour).toISOString() });
    expect(jf.items[0].external_url).toMatch(/^https:\/\/a\.example\/news\//);
  });

  it("a site, an entity and a search each have their own feed, titled and linked to their view", async () => {
    const site = parseAtom(await (await get(atom, `/feed.xml?site=${siteA}`)).text());
    expect(site.title).toBe("Lede: a.example");
    expect(site.entry).toHaveLength(1);
    expect(site.link.map((l: Record<string, string>) => l["@_href"])).toEqual([`http://lede.test/feed.xml?site=${siteA}`, `http://lede.test/?site=${siteA}`]);
    const entity = await (await get(json, "/feed.json?entity=place%3Alisbon")).json();
    expect(entity.title).toBe("Lede: mentioning lisbon");
    expect(entity.items.map((i: { title: string }) => i.title)).toEqual(["Earthquake in Lisbon"]);
    const search = await (await get(json, "/feed.json?q=budget")).json();
    expect(search.title).toBe("Lede: search “budget”");
    expect(search.items.map((i: { title: string }) => i.title)).toEqual(["Parliament passes the budget"]);
    expect(search.items[0].url).toMatch(/^http:\/\/lede\.test\/articles\/\d+$/);
    expect(search.items[0].summary).toContain("budget");
    const searchAtom = parseAtom(await (await get(atom, "/feed.xml?q=harbour")).text());
    expect(searchAtom.entry).toHaveLength(2);
    expect((await get(atom, "/feed.xml?lang=not a language")).status).toBe(400);
  });

  it("answers 304 to If-None-Match and If-Modified-Since, and 200 with a new ETag once the view changes", async () => {
    for (const [h, path] of [[atom, "/feed.xml"], [json, "/feed.json?site=" + siteA]] as const) {
      const first = await get(h, path);
      const etag = first.headers.get("etag")!;
      const lastModified = first.headers.get("last-modified")!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      expect(new Date(lastModified).toISOString()).toBe(new Date(now - hour).toISOString());
      const byTag = await get(h, path, { "if-none-match": etag });
      expect(byTag.status).toBe(304);
      expect(await byTag.text()).toBe("");
      expect(byTag.headers.get("etag")).toBe(etag);
      expect((await get(h, path, { "if-none-match": `"other", W/${etag}` })).status).toBe(304);
      expect((await get(h, path, { "if-modified-since": lastModified })).status).toBe(304);
      expect((await get(h, path, { "if-modified-since": new Date(now - 2 * hour).toUTCString() })).status).toBe(200);
      expect((await get(h, path, { "if-none-match": `"stale"`, "if-modified-since": lastModified })).status).toBe(200);
    }
    const before = await get(atom, "/feed.xml");
    await seedArticle(t.db, { host: "a.example", title: "Aftershock in Lisbon", text: "An aftershock.", createdAt: new Date(now) });
    const after = await get(atom, "/feed.xml", { "if-none-match": before.headers.get("etag")!, "if-modified-since": before.headers.get("last-modified")! });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("Aftershock in Lisbon");
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  });
});

describe("conditional requests", () => {
  it("compares tags weakly and dates by whole seconds", () => {
    const tag = etagOf("body");
    expect(etagOf("body")).toBe(tag);
    expect(etagOf("body2")).not.toBe(tag);
    const at = new Date("2026-12-01T10:00:00.900Z");
    const req = (h: Record<string, string>) => new Request("http://x/", { headers: h });
    expect(isNotModified(req({ "if-none-match": "*" }), tag, at)).toBe(true);
    expect(isNotModified(req({ "if-modified-since": "Tue, 01 Dec 2026 10:00:00 GMT" }), tag, at)).toBe(true);
    expect(isNotModified(req({ "if-modified-since": "Tue, 01 Dec 2026 09:59:59 GMT" }), tag, at)).toBe(false);
    expect(isNotModified(req({ "if-modified-since": "not a date" }), tag, at)).toBe(false);
    expect(isNotModified(req({}), tag, at)).toBe(false);
  });

  it("gives one view one query string", () => {
    expect(viewSearch({ entity: "place:lisbon", site: 3, q: "quake" })).toBe("?q=quake&site=3&entity=place%3Alisbon");
    expect(viewSearch({})).toBe("");
  });
});

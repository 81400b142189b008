// `lede crawl` as a user runs it: a separate process, a real SQLite file, the replay web.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startReplayWeb, type ReplayWeb } from "../../lib/replay/server.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";

const run = promisify(execFile);
const lede = join(import.meta.dirname, "..", "..", "bin", "lede.mjs");
let t: TestDb;
let web: ReplayWeb;

beforeAll(async () => {
  t = await createTestDb();
  web = await startReplayWeb();
});
afterAll(async () => {
  await web.close();
  await t.cleanup();
});

const env = (extra: Record<string, string> = {}) => ({ ...process.env, DATABASE_URL: t.url, LOG_LEVEL: "silent", ALLOW_PRIVATE_NETWORK: "false", ...extra });

it("refuses a seed on a private address with a clear message and a non-zero exit", async () => {
  const err = await run(process.execPath, [lede, "crawl", "--seed", "http://0x7f.1/"], { env: env() }).catch((e) => e);
  expect(err.code).toBe(2);
  expect(err.stderr).toMatch(/refusing http:\/\/0x7f\.1\/.*ALLOW_PRIVATE_NETWORK/s);
  expect(await t.db.site.count()).toBe(0);
}, 30_000);

it("crawls a site into the database with --allow-private and reports progress on stderr", async () => {
  const host = "docs.python.org";
  const { stderr } = await run(process.execPath, [lede, "crawl", "--seed", web.seedUrl(host), "--allow-private", "--max-pages", "20", "--delay-ms", "0"], {
    env: env({ HOST_MAP: web.hostMap }),
    timeout: 50_000,
  });
  expect(stderr).toMatch(new RegExp(`lede crawl ${host.replace(/\./g, "\\.")}: \\d+ pages`));
  const site = await t.db.site.findFirstOrThrow({ where: { host } });
  expect(site.maxPages).toBe(20);
  const pages = await t.db.page.findMany({ where: { siteId: site.id }, select: { url: true } });
  for (const p of web.pages.filter((x) => x.host === host)) expect(pages.map((x) => x.url)).toContain(`http://${host}${p.path}`);
}, 60_000);

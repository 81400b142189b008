import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { readWarc } from "../../lib/warc/reader.ts";
import { parseHttpResponse, warcDigest } from "../../lib/warc/record.ts";
import { WarcWriter } from "../../lib/warc/writer.ts";
import { importWarc } from "../../lib/warc/import.ts";
import { exportWarc } from "../../lib/warc/export.ts";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";

const FIXTURE = join(import.meta.dirname, "..", "fixtures", "warc", "warcfile.warc.gz");
let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), "lede-warc-")); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function collect(path: string, types?: string[]) {
  const out = [];
  for await (const r of readWarc(path, { types })) out.push(r);
  return out;
}

describe("readWarc on a real Common Crawl excerpt", () => {
  it("streams all 50 records with their types, URIs and dates", async () => {
    const all = await collect(FIXTURE);
    expect(all.length).toBe(50);
    const count = (t: string) => all.filter((r) => r.type === t).length;
    expect([count("warcinfo"), count("request"), count("response"), count("metadata")]).toEqual([1, 17, 16, 16]);
    expect(all[0].version).toBe("1.0");
    const responses = all.filter((r) => r.type === "response");
    expect(responses[0].targetUri).toBe("http://003338.cn/l41/481397.html");
    expect(responses[0].date?.toISOString()).toBe("2020-08-08T17:27:41.000Z");
  });
  it("parses the HTTP message and its charset survives into decodeHtml", async () => {
    const responses = await collect(FIXTURE, ["response"]);
    expect(responses.length).toBe(16);
    const spb = responses.find((r) => r.targetUri === "http://01spb.ru/company/")!;
    const http = parseHttpResponse(spb.block)!;
    expect(http.status).toBe(200);
    expect(http.headers["content-type"]).toBe("text/html; charset=windows-1251");
    // the record's payload digest matches the parsed body
    expect(warcDigest(http.body)).toBe(spb.headers["warc-payload-digest"]);
    const decoded = decodeHtml(http.body, http.headers["content-type"]);
    expect(decoded).toMatchObject({ charset: "windows-1251", source: "header" });
    expect(decoded.text).toMatch(/[А-Яа-я]{4,}/);
  });
});

describe("WarcWriter", () => {
  for (const version of ["1.0", "1.1"] as const) {
    for (const ext of [".warc.gz", ".warc"]) {
      it(`writes WARC/${version} response records (${ext}) that read back exactly`, async () => {
        const file = join(dir, `rt-${version}${ext}`);
        const w = new WarcWriter(file, { version });
        await w.writeWarcinfo({ software: "test" });
        const bodies = [Buffer.from("<html><body>Grüße aus Köln</body></html>"), Buffer.from("<p>two</p>"), Buffer.alloc(0)];
        for (const [i, body] of bodies.entries()) {
          await w.writeResponse({ url: `https://ex.com/${i}`, date: new Date("2024-05-01T10:00:00.123Z"), status: 200, contentType: "text/html; charset=utf-8", body });
        }
        await w.close();
        const back = await collect(file);
        expect(back.map((r) => r.type)).toEqual(["warcinfo", "response", "response", "response"]);
        expect(back.every((r) => r.version === version)).toBe(true);
        for (const [i, body] of bodies.entries()) {
          const r = back[i + 1];
          expect(r.targetUri).toBe(`https://ex.com/${i}`);
          expect(r.headers["warc-block-digest"]).toBe(warcDigest(r.block));
          const http = parseHttpResponse(r.block)!;
          expect(http.body.equals(body)).toBe(true);
          expect(http.headers["content-type"]).toBe("text/html; charset=utf-8");
          expect(r.date?.toISOString()).toBe(version === "1.1" ? "2024-05-01T10:00:00.123Z" : "2024-05-01T10:00:00.000Z");
        }
        if (ext === ".warc.gz") {
          // gzip per record: every record is its own member, so the file has one member per record
          const raw = readFileSync(file);
          let members = 0;
          for (let i = 0; i < raw.length - 2; i++) if (raw[i] === 0x1f && raw[i + 1] === 0x8b && raw[i + 2] === 0x08) members++;
          expect(members).toBeGreaterThanOrEqual(4);
          expect(gunzipSync(raw).toString("latin1").match(/^WARC\/\d\.\d\r$/gm)?.length).toBe(4);
        }
      });
    }
  }
});

describe("WARC import and export through the database", () => {
  let t: TestDb;
  beforeAll(async () => { t = await createTestDb(); });
  afterAll(async () => { await t?.cleanup(); });

  it("imports the HTML responses of a real WARC, then exports them as a WARC with the same bodies", async () => {
    const stats = await importWarc(t.db, FIXTURE);
    expect(stats.responses).toBe(16);
    expect(stats.ingested + Object.values(stats.skipped).reduce((a, b) => a + b, 0)).toBe(16);
    expect(stats.ingested).toBeGreaterThanOrEqual(14);
    expect(Object.values(stats.outcomes).reduce((a, b) => a + b, 0)).toBe(stats.ingested);
    const pages = await t.db.page.findMany({ select: { url: true, charset: true, charsetSource: true, site: { select: { status: true } } } });
    expect(pages.length).toBe(stats.ingested);
    expect(pages.every((p) => p.site.status === "paused")).toBe(true); // importing never starts a crawl
    expect(await t.db.frontierUrl.count()).toBe(0);
    expect(pages.find((p) => p.url === "http://01spb.ru/company/")).toMatchObject({ charset: "windows-1251", charsetSource: "header" });

    const out = join(dir, "export.warc.gz");
    const written = await exportWarc(t.db, out, { version: "1.1" });
    expect(written).toBe(stats.ingested);
    const original = new Map<string, Buffer>();
    for (const r of await collect(FIXTURE, ["response"])) original.set(r.targetUri!, parseHttpResponse(r.block)!.body);
    const exported = await collect(out, ["response"]);
    expect(exported.length).toBe(written);
    for (const r of exported) {
      const http = parseHttpResponse(r.block)!;
      expect(http.status).toBe(200);
      expect(http.body.equals(original.get(r.targetUri!)!)).toBe(true);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import zlib from "node:zlib";
import type http from "node:http";
import { fetchUrl, type FetchOptions } from "../../lib/http/fetch.ts";
import { FetchError, ThrottledError } from "../../lib/http/errors.ts";
import { readHostMap } from "../../lib/http/hostmap.ts";
import { startHttp, startSilent, type TestServer } from "./servers.ts";

const UA = "LedeTest/1.0 (+https://example.org/contact)";
const base: FetchOptions = { userAgent: UA, allowPrivateNetwork: true, connectTimeoutMs: 2000, readTimeoutMs: 2000, totalTimeoutMs: 10_000 };
const HTML = "<!doctype html><html><head><title>t</title></head><body><p>Hello news</p></body></html>";
const MiB = 1024 * 1024;

async function failure(p: Promise<unknown>): Promise<FetchError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(FetchError);
    return err as FetchError;
  }
  throw new Error("expected the fetch to fail");
}

let srv: TestServer;
let bombGzip: Buffer, bombDeflate: Buffer, bombBr: Buffer;
let infiniteSent = 0;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  const zeros = Buffer.alloc(64 * MiB);
  bombGzip = zlib.gzipSync(zeros, { level: 9 });
  bombDeflate = zlib.deflateSync(zeros, { level: 9 });
  bombBr = zlib.brotliCompressSync(zeros, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
  srv = await startHttp((req, res) => {
    seen.push(req.headers);
    const path = req.url ?? "/";
    const m = /^\/redirect\/(\d+)$/.exec(path);
    if (path === "/page") return res.writeHead(200, { "content-type": "text/html; charset=utf-8", etag: '"v1"' }).end(HTML);
    if (path === "/cond") {
      if (req.headers["if-none-match"] === '"v1"') return res.writeHead(304, { etag: '"v1"' }).end();
      return res.writeHead(200, { "content-type": "text/html", etag: '"v1"' }).end(HTML);
    }
    if (m) return res.writeHead(302, { location: `/redirect/${Number(m[1]) + 1}` }).end();
    if (path === "/hop1") return res.writeHead(301, { location: "/hop2" }).end();
    if (path === "/hop2") return res.writeHead(307, { location: `http://127.0.0.1:${srv.port}/page#frag` }).end();
    if (path === "/loop-a") return res.writeHead(302, { location: "/loop-b" }).end();
    if (path === "/loop-b") return res.writeHead(302, { location: "/loop-a" }).end();
    if (path === "/to-other-loopback") return res.writeHead(302, { location: `http://127.0.0.2:${srv.port}/page` }).end();
    if (path === "/to-ftp") return res.writeHead(302, { location: "ftp://example.org/x" }).end();
    if (path === "/gzip") return res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(zlib.gzipSync(HTML));
    if (path === "/gzip-cut") {
      // A server that cuts its gzip stream: the decoder ends quietly, the received bytes are not a whole stream.
      const gz = zlib.gzipSync(HTML.repeat(50));
      return res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(gz.subarray(0, gz.length - 12));
    }
    if (path === "/br") return res.writeHead(200, { "content-type": "text/html", "content-encoding": "br" }).end(zlib.brotliCompressSync(HTML));
    if (path === "/raw-deflate") return res.writeHead(200, { "content-type": "text/html", "content-encoding": "deflate" }).end(zlib.deflateRawSync(HTML));
    if (path === "/bomb-gzip") return res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(bombGzip);
    if (path === "/bomb-deflate") return res.writeHead(200, { "content-type": "text/html", "content-encoding": "deflate" }).end(bombDeflate);
    if (path === "/bomb-br") return res.writeHead(200, { "content-type": "text/html", "content-encoding": "br" }).end(bombBr);
    if (path === "/2gb-declared") return res.writeHead(200, { "content-type": "text/html", "content-length": String(2 * 1024 * MiB) }).end();
    if (path === "/2gb-chunked") {
      // Streams "2 GB" with back-pressure; stops when the client goes away.
      res.writeHead(200, { "content-type": "text/html" });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (infiniteSent < 2 * 1024 * MiB) {
          infiniteSent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("close", () => res.removeAllListeners("drain"));
      return pump();
    }
    if (path === "/pdf-as-html") return res.writeHead(200, { "content-type": "text/html" }).end(Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"), Buffer.alloc(4096, 0x20)]));
    if (path === "/png") return res.writeHead(200, { "content-type": "image/png" }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    if (path === "/octet-html") return res.writeHead(200, { "content-type": "application/octet-stream" }).end(HTML);
    if (path === "/plain-text") return res.writeHead(200, { "content-type": "text/plain" }).end("just some words, no markup ".repeat(40));
    if (path === "/empty") return res.writeHead(200, { "content-type": "text/html" }).end();
    if (path === "/blank") return res.writeHead(200, { "content-type": "text/html" }).end("  \n\t ");
    if (path === "/malformed") return res.writeHead(200, { "content-type": "text/html" }).end("<html><body><div><p>unclosed <b>tags <a href='x'>link</div></table></html><<>>");
    if (path === "/429") return res.writeHead(429, { "retry-after": "120" }).end("slow down");
    if (path === "/429-bare") return res.writeHead(429).end();
    if (path === "/503-date") return res.writeHead(503, { "retry-after": new Date(Date.now() + 30_000).toUTCString() }).end();
    if (path === "/503") return res.writeHead(503).end();
    if (path === "/404") return res.writeHead(404).end("nope");
    if (path === "/410") return res.writeHead(410).end();
    if (path === "/418") return res.writeHead(418).end();
    if (path === "/trickle") {
      res.writeHead(200, { "content-type": "text/html" });
      const t = setInterval(() => res.write("<p>x</p>"), 50);
      res.on("close", () => clearInterval(t));
      return;
    }
    if (path === "/headers-then-silence") return void res.writeHead(200, { "content-type": "text/html" }).write("<html>");
    res.writeHead(404).end();
  });
});
afterAll(async () => { await srv?.close(); });

describe("fetchUrl: ordinary responses", () => {
  it("fetches a page with our User-Agent and reports status, headers and timing", async () => {
    const r = await fetchUrl(`${srv.origin}/page`, base);
    expect(r.status).toBe(200);
    expect(r.body.toString()).toBe(HTML);
    expect(r.contentType).toBe("text/html; charset=utf-8");
    expect(r.headers.etag).toBe('"v1"');
    expect(r.finalUrl).toBe(`${srv.origin}/page`);
    expect(r.redirects).toEqual([]);
    expect(r.notModified).toBe(false);
    expect(r.ms).toBeGreaterThanOrEqual(0);
    expect(seen.at(-1)!["user-agent"]).toBe(UA);
    expect(seen.at(-1)!["accept-encoding"]).toContain("gzip");
  });
  it("connects through the host map with the original Host header", async () => {
    const hostMap = readHostMap(`news.example=127.0.0.1:${srv.port}`);
    const r = await fetchUrl("http://news.example/page", { ...base, hostMap });
    expect(r.body.toString()).toBe(HTML);
    expect(r.finalUrl).toBe("http://news.example/page");
    expect(seen.at(-1)!.host).toBe("news.example");
  });
  it("sends conditional headers and reports 304 as notModified", async () => {
    const r = await fetchUrl(`${srv.origin}/cond`, { ...base, etag: '"v1"', lastModified: "Tue, 01 Oct 2024 10:00:00 GMT" });
    expect(r.status).toBe(304);
    expect(r.notModified).toBe(true);
    expect(r.body.length).toBe(0);
    expect(seen.at(-1)!["if-modified-since"]).toBe("Tue, 01 Oct 2024 10:00:00 GMT");
    const fresh = await fetchUrl(`${srv.origin}/cond`, { ...base, etag: '"v0"' });
    expect(fresh.status).toBe(200);
  });
  it("decompresses gzip, br and raw deflate", async () => {
    for (const p of ["/gzip", "/br", "/raw-deflate"]) {
      const r = await fetchUrl(`${srv.origin}${p}`, base);
      expect(r.body.toString()).toBe(HTML);
      expect(r.rawBytes).toBeLessThan(HTML.length + 30);
    }
  });
  it("keeps a complete gzip stream as received for the raw archive, and nothing else", async () => {
    const gz = await fetchUrl(`${srv.origin}/gzip`, base);
    expect(gz.gzipBody).toEqual(zlib.gzipSync(HTML));
    expect(zlib.gunzipSync(gz.gzipBody!).toString()).toBe(HTML);
    const cut = await fetchUrl(`${srv.origin}/gzip-cut`, base);
    expect(cut.body.length).toBeGreaterThan(0);
    expect(cut.gzipBody).toBeNull();
    for (const p of ["/br", "/raw-deflate", "/page"]) expect((await fetchUrl(`${srv.origin}${p}`, base)).gzipBody).toBeNull();
  });
  it("returns malformed HTML as it is (parsing copes later)", async () => {
    const r = await fetchUrl(`${srv.origin}/malformed`, { ...base, requireHtml: true });
    expect(r.body.toString()).toContain("unclosed");
  });
});

describe("fetchUrl: redirects", () => {
  it("follows redirects, reports every hop and drops fragments", async () => {
    const r = await fetchUrl(`${srv.origin}/hop1`, base);
    expect(r.redirects).toEqual([`${srv.origin}/hop2`, `${srv.origin}/page`]);
    expect(r.finalUrl).toBe(`${srv.origin}/page`);
    expect(r.url).toBe(`${srv.origin}/hop1`);
  });
  it("stops a server that redirects forever", async () => {
    const e = await failure(fetchUrl(`${srv.origin}/redirect/0`, { ...base, maxRedirects: 5 }));
    expect(e.key).toBe("too_many_redirects");
    expect(e.retryable).toBe(false);
  });
  it("detects a redirect loop", async () => {
    expect((await failure(fetchUrl(`${srv.origin}/loop-a`, base))).key).toBe("redirect_loop");
  });
  it("refuses a redirect to a non-http scheme", async () => {
    expect((await failure(fetchUrl(`${srv.origin}/to-ftp`, base))).key).toBe("invalid_url");
  });
});

describe("fetchUrl: SSRF guard", () => {
  it("refuses loopback in every spelling unless private networks are allowed", async () => {
    const strict = { ...base, allowPrivateNetwork: false };
    for (const u of [`${srv.origin}/page`, `http://2130706433:${srv.port}/page`, `http://0x7f.1:${srv.port}/page`, `http://0177.0.0.1:${srv.port}/page`, `http://[::1]:${srv.port}/page`, `http://[::ffff:127.0.0.1]:${srv.port}/page`, `http://[::127.0.0.1]:${srv.port}/page`]) {
      const e = await failure(fetchUrl(u, strict));
      expect(e.key).toBe("ssrf_blocked");
    }
  });
  it("judges the resolved address of a host name (localhost) at connect time", async () => {
    const e = await failure(fetchUrl(`http://localhost:${srv.port}/page`, { ...base, allowPrivateNetwork: false }));
    expect(e.key).toBe("ssrf_blocked");
    expect(e.message).toMatch(/loopback/);
  });
  it("applies to host-map targets too", async () => {
    const hostMap = readHostMap(`news.example=127.0.0.1:${srv.port}`);
    expect((await failure(fetchUrl("http://news.example/page", { ...base, hostMap, allowPrivateNetwork: false }))).key).toBe("ssrf_blocked");
  });
  it("checks every redirect hop", async () => {
    const only127001 = (a: string) => a === "127.0.0.1";
    expect((await fetchUrl(`${srv.origin}/page`, { ...base, allowPrivateNetwork: only127001 })).status).toBe(200);
    const e = await failure(fetchUrl(`${srv.origin}/to-other-loopback`, { ...base, allowPrivateNetwork: only127001 }));
    expect(e.key).toBe("ssrf_blocked");
    expect(e.message).toContain("127.0.0.2");
  });
});

describe("fetchUrl: limits", () => {
  it("times out reading from a server that accepts and never answers", async () => {
    const silent = await startSilent();
    try {
      const e = await failure(fetchUrl(`${silent.origin}/`, { ...base, readTimeoutMs: 300 }));
      expect(e.key).toBe("timeout_read");
      expect(e.retryable).toBe(true);
      // Over TLS the handshake never completes: that is the connect phase.
      const tls = await failure(fetchUrl(`https://127.0.0.1:${silent.port}/`, { ...base, connectTimeoutMs: 300 }));
      expect(tls.key).toBe("timeout_connect");
    } finally {
      await silent.close();
    }
  });
  it("times out a body that stalls after the headers", async () => {
    expect((await failure(fetchUrl(`${srv.origin}/headers-then-silence`, { ...base, readTimeoutMs: 300 }))).key).toBe("timeout_read");
  });
  it("enforces the total timeout on a server that trickles forever", async () => {
    const e = await failure(fetchUrl(`${srv.origin}/trickle`, { ...base, readTimeoutMs: 1000, totalTimeoutMs: 600 }));
    expect(e.key).toBe("timeout_total");
  });
  it("refuses a declared 2 GB body at once and stops a streamed one at the cap", async () => {
    expect((await failure(fetchUrl(`${srv.origin}/2gb-declared`, { ...base, maxBodyBytes: MiB }))).key).toBe("body_too_large");
    const e = await failure(fetchUrl(`${srv.origin}/2gb-chunked`, { ...base, maxBodyBytes: MiB }));
    expect(e.key).toBe("body_too_large");
    await new Promise((r) => setTimeout(r, 200));
    expect(infiniteSent).toBeLessThan(64 * MiB); // the connection was closed, not drained
  });
  it("stops gzip, deflate and brotli bombs at the cap after decompression", async () => {
    for (const p of ["/bomb-gzip", "/bomb-deflate", "/bomb-br"]) {
      const e = await failure(fetchUrl(`${srv.origin}${p}`, { ...base, maxBodyBytes: 2 * MiB }));
      expect(e.key).toBe("body_too_large");
    }
    expect(bombGzip.length).toBeLessThan(2 * MiB); // the cap is on decompressed bytes, not on the wire
  });
  it("aborts on the caller's signal", async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    expect((await failure(fetchUrl(`${srv.origin}/trickle`, { ...base, signal: ac.signal }))).key).toBe("aborted");
  });
  it("reports a refused connection", async () => {
    const gone = await startSilent();
    await gone.close();
    expect((await failure(fetchUrl(`${gone.origin}/`, base))).key).toBe("connection_refused");
  });
});

describe("fetchUrl: content checks with requireHtml", () => {
  const html = { ...base, requireHtml: true };
  it("sniffs a PDF served as text/html", async () => {
    expect((await failure(fetchUrl(`${srv.origin}/pdf-as-html`, html))).key).toBe("binary_content");
  });
  it("refuses non-HTML by Content-Type and by content", async () => {
    expect((await failure(fetchUrl(`${srv.origin}/png`, html))).key).toBe("not_html");
    expect((await failure(fetchUrl(`${srv.origin}/plain-text`, html))).key).toBe("not_html");
    expect((await fetchUrl(`${srv.origin}/octet-html`, html)).body.toString()).toBe(HTML);
    // without requireHtml anything is returned (feeds, sitemaps, robots.txt)
    expect((await fetchUrl(`${srv.origin}/png`, base)).contentType).toBe("image/png");
  });
  it("refuses empty and blank bodies", async () => {
    expect((await failure(fetchUrl(`${srv.origin}/empty`, html))).key).toBe("empty_body");
    expect((await failure(fetchUrl(`${srv.origin}/blank`, html))).key).toBe("empty_body");
  });
});

describe("fetchUrl: HTTP errors and throttling", () => {
  it("turns 429 and 503 + Retry-After into ThrottledError that costs no attempt", async () => {
    const e = await failure(fetchUrl(`${srv.origin}/429`, base));
    expect(e).toBeInstanceOf(ThrottledError);
    expect(e.key).toBe("throttled");
    expect((e as ThrottledError).retryAfterMs).toBe(120_000);
    expect(e.retryable).toBe(true);
    expect(e.costsAttempt).toBe(false);
    const bare = (await failure(fetchUrl(`${srv.origin}/429-bare`, base))) as ThrottledError;
    expect(bare.retryAfterMs).toBeNull();
    const dated = (await failure(fetchUrl(`${srv.origin}/503-date`, base))) as ThrottledError;
    expect(dated.key).toBe("throttled");
    expect(dated.retryAfterMs).toBeGreaterThan(20_000);
    expect(dated.retryAfterMs).toBeLessThanOrEqual(30_000);
  });
  it("gives stable keys to other statuses", async () => {
    const e503 = await failure(fetchUrl(`${srv.origin}/503`, base));
    expect([e503.key, e503.retryable]).toEqual(["http_5xx", true]);
    const e404 = await failure(fetchUrl(`${srv.origin}/404`, base));
    expect([e404.key, e404.retryable]).toEqual(["http_404", false]);
    expect((await failure(fetchUrl(`${srv.origin}/410`, base))).key).toBe("http_410");
    expect((await failure(fetchUrl(`${srv.origin}/418`, base))).key).toBe("http_4xx");
  });
});

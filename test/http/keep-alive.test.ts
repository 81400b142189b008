// Keep-alive: consecutive fetches from one host share a TCP connection, the read timeout still holds
// on a reused connection, and a connection opened while private networks were allowed never serves
// a fetch that forbids them (the SSRF guard judges addresses when connecting).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchUrl, type FetchOptions } from "../../lib/http/fetch.ts";
import { FetchError } from "../../lib/http/errors.ts";
import { startHttp, type TestServer } from "./servers.ts";

const base: FetchOptions = { userAgent: "LedeTest/1.0 (+https://example.org/contact)", allowPrivateNetwork: true, connectTimeoutMs: 2000, readTimeoutMs: 2000, totalTimeoutMs: 10_000 };
const HTML = "<!doctype html><html><head><title>t</title></head><body><p>Hello news</p></body></html>";

let srv: TestServer;
const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);

beforeAll(async () => {
  process.on("warning", onWarning);
  srv = await startHttp((req, res) => {
    if (req.url === "/stall") {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<!doctype html><html><body>");
      return; // never ends
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`${HTML}<!-- ${req.url} -->`);
  });
});
afterAll(async () => {
  process.off("warning", onWarning);
  await srv.close();
});

describe("keep-alive connections", () => {
  it("reuses one connection for consecutive fetches from one host, with no listener build-up", async () => {
    const seen = new Set<string>(); // client ports: one per TCP connection
    const tracking = await startHttp((req, res) => {
      seen.add(`${req.socket.remotePort}`);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`${HTML}<!-- ${req.url} -->`);
    });
    try {
      for (let i = 0; i < 20; i++) {
        const res = await fetchUrl(`${tracking.origin}/p/${i}`, base);
        expect(res.body.toString()).toContain(`<!-- /p/${i} -->`);
      }
      expect(seen.size).toBe(1);
      expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      await tracking.close();
    }
  });

  it("still times out a stalled read on a reused connection", async () => {
    await fetchUrl(`${srv.origin}/first`, base);
    let err: unknown = null;
    try {
      await fetchUrl(`${srv.origin}/stall`, { ...base, readTimeoutMs: 300 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).key).toBe("timeout_read");
    // and the next fetch works (the stalled connection was dropped, not reused)
    expect((await fetchUrl(`${srv.origin}/after`, base)).body.toString()).toContain("<!-- /after -->");
  });

  it("never lends a connection opened with private networks allowed to a fetch that forbids them", async () => {
    const url = `http://localhost:${srv.port}/page`;
    expect((await fetchUrl(url, base)).status).toBe(200);
    let err: unknown = null;
    try {
      await fetchUrl(url, { ...base, allowPrivateNetwork: false });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).key).toBe("ssrf_blocked");
  });
});

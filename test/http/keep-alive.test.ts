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

  it("retries once on a fresh connection when the server dropped the kept-alive one (idle-timeout race)", async () => {
    const perSocket = new WeakMap<object, number>();
    let dropped = 0;
    const racy = await startHttp((req, res) => {
      const n = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, n);
      // the second request on a connection finds it closed, as when the server's idle timer fired
      if (n === 2) { dropped++; req.socket.destroy(); return; }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`${HTML}<!-- ${req.url} -->`);
    });
    try {
      expect((await fetchUrl(`${racy.origin}/one`, base)).body.toString()).toContain("<!-- /one -->");
      expect((await fetchUrl(`${racy.origin}/two`, base)).body.toString()).toContain("<!-- /two -->");
      expect(dropped).toBe(1);
    } finally {
      await racy.close();
    }
  });

  it("does not retry a reset on a new connection (a predicate policy never pools)", async () => {
    const resets = await startHttp((req) => { req.socket.destroy(); });
    try {
      let err: unknown = null;
      try {
        await fetchUrl(`${resets.origin}/x`, { ...base, allowPrivateNetwork: (a) => a === "127.0.0.1" });
      } catch (e) {
        err = e;
      }
      expect((err as FetchError).key).toBe("connection_reset");
    } finally {
      await resets.close();
    }
  });
});

// A hostile client against a real Lede (`scripts/start.mjs` on 127.0.0.1, built app): body limits
// on every route, streaming label imports, the login throttle, revoked sessions, open redirects,
// the CSP's shape, the image proxy's refusals, and a crashed web server coming back by itself.
import { createHash, createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cmdline, descendants, E2E_ADMIN_PASSWORD, isAlive, startLede, webServerPid, type RunningLede } from "./helpers.ts";
import { authHeaders, login, openSession, sendBody, type Session } from "../helpers/hostile-client.ts";

const MiB = 1024 * 1024;

/** A tiny valid PNG (1×1). */
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082", "hex");

function startImageServer(): Promise<{ server: Server; url: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    if (req.url === "/ok.png") { res.writeHead(200, { "content-type": "image/png" }); res.end(PNG); return; }
    if (req.url === "/big.png") { res.writeHead(200, { "content-type": "image/png" }); res.write(PNG); res.end(Buffer.alloc(6 * MiB)); return; }
    if (req.url === "/page.html") { res.writeHead(200, { "content-type": "text/html" }); res.end("<html><body>tracking</body></html>"); return; }
    if (req.url === "/fake.png") { res.writeHead(200, { "content-type": "image/png" }); res.end("<html><script>alert(1)</script></html>"); return; }
    if (req.url === "/icon.svg") { res.writeHead(200, { "content-type": "image/svg+xml" }); res.end('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'); return; }
    res.writeHead(404); res.end();
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, hits: () => hits })));
}

describe("hostile client", () => {
  let lede: RunningLede;
  let admin: Session;

  beforeAll(async () => {
    lede = await startLede({ ALLOW_PRIVATE_NETWORK: "false", LOG_LEVEL: "info" });
    admin = await openSession(lede.url, E2E_ADMIN_PASSWORD, "admin-main");
  });
  afterAll(async () => {
    if (lede && lede.proc.exitCode === null) await lede.stop();
  });

  describe("body limits", () => {
    const routes = ["/api/auth/login", "/api/auth/logout", "/api/sites", "/api/sites/1", "/api/sites/import", "/api/labels", "/api/labels/import", "/api/models/retrain"];

    it("refuses a declared 100 MB body on every route with 413 before it is sent", async () => {
      for (const path of routes) {
        const r = await sendBody(`${lede.url}${path}`, { totalBytes: 100 * MiB, declare: true, headers: { "x-forwarded-for": `body-${path}` } });
        expect({ path, status: r.status }).toEqual({ path, status: 413 });
        expect(JSON.parse(r.body)).toMatchObject({ error: "body_too_large" });
        expect(r.bytesSent).toBeLessThan(100 * MiB);
      }
    });

    // The client goes on writing after the answer (keepSending), as a hostile one would: what it
    // could push is what the server read plus what the kernel's socket buffers held before the
    // server closed the connection (lib/web/front.ts). Before the front, a body to a page was read
    // to its end (100 MB), and a refused body was read on to keep the connection alive.
    /** What a client may push past a refusal: socket buffers on both sides of a loopback connection, not the body. */
    const PUSHED_BOUND = 24 * MiB;

    it("refuses an anonymous chunked 100 MB body at once (no session), and an admin's past the route's limit; both connections close", async () => {
      const anon = await sendBody(`${lede.url}/api/sites`, { totalBytes: 100 * MiB, keepSending: true });
      expect(anon.status).toBe(401);
      expect(anon.headers.connection).toBe("close");
      expect(anon.bytesSent).toBeLessThan(PUSHED_BOUND);
      const mine = await sendBody(`${lede.url}/api/sites`, { totalBytes: 100 * MiB, headers: authHeaders(admin), keepSending: true });
      expect(mine.status).toBe(413);
      expect(JSON.parse(mine.body).message).toMatch(/limited to 64 KiB/);
      expect(mine.headers.connection).toBe("close");
      expect(mine.bytesSent).toBeLessThan(PUSHED_BOUND);
      expect((await fetch(`${lede.url}/api/sites`, { headers: { cookie: admin.cookie } })).status).toBe(200);
    });

    it("refuses a body sent to a page (pages take none) before reading it, and still answers the next request", async () => {
      const r = await sendBody(`${lede.url}/`, { totalBytes: 100 * MiB, keepSending: true });
      expect(r.status).toBe(405);
      expect(JSON.parse(r.body)).toMatchObject({ error: "method_not_allowed" });
      expect(r.headers.connection).toBe("close");
      expect(r.bytesSent).toBeLessThan(PUSHED_BOUND);
      const page = await fetch(`${lede.url}/`);
      expect(page.status).toBe(200);
      await page.arrayBuffer();
    });

    it("refuses a body on a read (GET with a body) with 413", async () => {
      const r = await sendBody(`${lede.url}/api/news`, { totalBytes: 10 * MiB, method: "GET", headers: { "transfer-encoding": "chunked" }, keepSending: true });
      expect(r.status).toBe(413);
      expect(r.bytesSent).toBeLessThan(PUSHED_BOUND);
    });

    it("says the label import limit in its error", async () => {
      const r = await sendBody(`${lede.url}/api/labels/import`, { totalBytes: 100 * MiB, declare: true, headers: authHeaders(admin, { "content-type": "application/x-ndjson" }) });
      expect(r.status).toBe(413);
      expect(JSON.parse(r.body).message).toMatch(/label imports are limited to 64 MiB .*nothing was imported; split the file/);
      const json = await sendBody(`${lede.url}/api/labels/import`, { totalBytes: 10 * MiB, declare: true, headers: authHeaders(admin) });
      expect(JSON.parse(json.body).message).toMatch(/JSON label imports are limited to 1 MiB.*application\/x-ndjson/);
    });

    /** Poll a label import job until it ends. */
    async function importJobEnd(id: string): Promise<Record<string, unknown>> {
      for (let i = 0; i < 1200; i++) {
        const res = await fetch(`${lede.url}/api/labels/import/${id}`, { headers: { cookie: admin.cookie } });
        expect(res.status).toBe(200);
        const s = await res.json() as Record<string, unknown>;
        if (s.state !== "running") return s;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`import job ${id} did not end`);
    }

    // The issue's 3 MB file blocked the server for 13 s; 30 MB runs in bench:faults:web.
    it("takes a 3 MB JSONL import as a job run by its own process while the server keeps answering", async () => {
      const line = (i: number) => `${JSON.stringify({ url: `https://labels.example/${i}/${"x".repeat(60)}`, isNews: i % 2 === 0, note: "bulk" })}\n`;
      const perChunk = 2000;
      const chunkOf = (k: number) => Buffer.from(Array.from({ length: perChunk }, (_, j) => line(k * perChunk + j)).join(""));
      const chunkBytes = chunkOf(0).length;
      const chunks = Math.ceil((3 * MiB) / chunkBytes);
      let answeredMeanwhile = 0;
      let importing = true;
      const probe = (async () => {
        while (importing) {
          const res = await fetch(`${lede.url}/api/news`);
          if (res.ok && importing) answeredMeanwhile++;
          await new Promise((r) => setTimeout(r, 200));
        }
      })();
      const r = await sendBody(`${lede.url}/api/labels/import`, {
        totalBytes: chunks * chunkBytes, chunkBytes, fill: chunkOf, headers: authHeaders(admin, { "content-type": "application/x-ndjson" }),
      });
      expect(r.status).toBe(202);
      const accepted = JSON.parse(r.body);
      expect(accepted).toMatchObject({ state: "running", status: `/api/labels/import/${accepted.job}` });
      expect(accepted.bytes).toBeGreaterThanOrEqual(3 * MiB);
      const end = await importJobEnd(accepted.job);
      importing = false;
      await probe;
      expect(end).toMatchObject({ state: "done", imported: chunks * perChunk, invalidCount: 0, lines: chunks * perChunk });
      expect(end.pid).toBeUndefined();
      expect(answeredMeanwhile).toBeGreaterThan(0);
      // the job's status needs a session
      expect((await fetch(`${lede.url}${accepted.status}`)).status).toBe(401);
    });

    it("imports an uploaded JSONL file through the review form (multipart, _csrf first) as a job the review page shows, reporting bad lines", async () => {
      const fd = new FormData();
      fd.set("_csrf", admin.csrf);
      fd.set("file", new Blob([`{"url":"https://up.example/1","isNews":true}\nnot json\n${"z".repeat(70_000)}\n`]), "labels.jsonl");
      const res = await fetch(`${lede.url}/api/labels/import`, { method: "POST", headers: { cookie: admin.cookie }, body: fd, redirect: "manual" });
      expect(res.status).toBe(303);
      const location = res.headers.get("location")!;
      expect(location).toMatch(/^\/review\?import=[0-9a-f]{16}$/);
      const end = await importJobEnd(location.split("=")[1]!);
      expect(end).toMatchObject({ state: "done", imported: 1, invalidCount: 2 });
      const review = await fetch(`${lede.url}${location}`, { headers: { cookie: admin.cookie } });
      const page = (await review.text()).replace(/<!-- -->/g, "");
      expect({ status: review.status, log: review.status === 200 ? "" : lede.output().slice(-3000) }).toEqual({ status: 200, log: "" });
      expect(page).toContain("Imported 1 labels (0 already known, 2 invalid lines)");
      expect(page).toContain("line 2: not JSON");
    });
  });

  describe("logins and sessions", () => {
    it("throttles 25 parallel wrong passwords from one client, logs them, and leaves other clients alone", async () => {
      const answers = await Promise.all(Array.from({ length: 25 }, () => login(lede.url, "wrong-password", "guesser")));
      const statuses = answers.map((r) => r.status);
      // counted in the web front, one at a time as they arrive: exactly the bucket's 5 reach the route
      expect(statuses.filter((s) => s === 401).length).toBe(5);
      expect(statuses.filter((s) => s === 429).length).toBe(20);
      expect(Number(answers.find((r) => r.status === 429)!.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await login(lede.url, E2E_ADMIN_PASSWORD, "guesser")).status).toBe(429); // locked, even with the right password
      expect((await login(lede.url, E2E_ADMIN_PASSWORD, "someone-else")).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(lede.output()).toMatch(/admin login failed/);
      expect(lede.output()).toMatch(/too many attempts/);
      // the front's "counted already" header cannot be forged: 6 attempts carrying it still meet the throttle
      const forged = await Promise.all(Array.from({ length: 6 }, () => fetch(`${lede.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "forger", "x-lede-login-counted": "x" }, body: '{"password":"no"}' })));
      expect(forged.map((r) => r.status).filter((s) => s === 429).length).toBe(1);
    });

    it("ends a copied session on logout, and every session on 'log out everywhere'", async () => {
      const a = await openSession(lede.url, E2E_ADMIN_PASSWORD, "session-a");
      const copy = { ...a };
      const out = await fetch(`${lede.url}/api/auth/logout`, { method: "POST", headers: authHeaders(a, { "content-type": "application/json" }), body: "{}" });
      expect(out.status).toBe(200);
      expect((await fetch(`${lede.url}/api/labels`, { headers: { cookie: copy.cookie } })).status).toBe(401);

      const b = await openSession(lede.url, E2E_ADMIN_PASSWORD, "session-b");
      const c = await openSession(lede.url, E2E_ADMIN_PASSWORD, "session-c");
      expect((await fetch(`${lede.url}/api/labels`, { headers: { cookie: c.cookie } })).status).toBe(200);
      const all = await fetch(`${lede.url}/api/auth/logout`, { method: "POST", headers: authHeaders(b, { "content-type": "application/json" }), body: '{"everywhere":true}' });
      expect(await all.json()).toMatchObject({ everywhere: true });
      expect((await fetch(`${lede.url}/api/labels`, { headers: { cookie: c.cookie } })).status).toBe(401);
      expect((await fetch(`${lede.url}/api/labels`, { headers: { cookie: admin.cookie } })).status).toBe(401);
      admin = await openSession(lede.url, E2E_ADMIN_PASSWORD, "admin-main-2");
    });

    it("keeps its session secret in the data folder, random, not derived from the password", () => {
      const secret = readFileSync(join(lede.dataDir, "session-secret"), "utf8").trim();
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect(secret).not.toBe(createHmac("sha256", "lede-session-secret/1").update(E2E_ADMIN_PASSWORD).digest("base64url"));
    });
  });

  describe("open redirects", () => {
    it("keeps a logged-in admin on Lede whatever `next` says, and a newline is no 500", async () => {
      for (const next of ["%2F%09%2Fother-host%2Fx", "%2F%0A%2Fother-host%2Fx", "%2F%5C%2Fother-host", "%2F.%2F%2Fother-host%2Fx", "https%3A%2F%2Fother-host%2F", "%2Fsites%0D%0ASet-Cookie%3A%20x%3D1"]) {
        const res = await fetch(`${lede.url}/login?next=${next}`, { headers: { cookie: admin.cookie }, redirect: "manual" });
        expect({ next, status: res.status }).toEqual({ next, status: 307 });
        const location = res.headers.get("location")!;
        expect(new URL(location, lede.url).origin).toBe(lede.url);
        expect(res.headers.get("set-cookie") ?? "").not.toMatch(/x=1/);
      }
    });

    it("sends a form login to its own origin only", async () => {
      const body = new URLSearchParams({ password: E2E_ADMIN_PASSWORD, next: "/\t/other-host/x" });
      const res = await fetch(`${lede.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "form-login" }, body, redirect: "manual" });
      expect(res.status).toBe(303);
      expect(new URL(res.headers.get("location")!, lede.url).origin).toBe(lede.url);
    });

    it("believes X-Forwarded-Host only behind a configured proxy (TRUST_PROXY is off here)", async () => {
      const res = await fetch(`${lede.url}/api/sites`, {
        method: "POST", headers: authHeaders(admin, { "content-type": "application/json", origin: "https://evil.example", "x-forwarded-host": "evil.example" }), body: '{"seedUrl":"https://example.org/"}',
      });
      expect(res.status).toBe(403);
    });
  });

  describe("content security policy", () => {
    it("gives pages a fresh script nonce, no inline scripts without it, and images from Lede only", async () => {
      const csp = async () => {
        const res = await fetch(`${lede.url}/`);
        return { header: res.headers.get("content-security-policy") ?? "", html: await res.text() };
      };
      const a = await csp();
      const b = await csp();
      const directive = (h: string, name: string) => h.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? "";
      const scriptSrc = directive(a.header, "script-src");
      expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
      expect(scriptSrc).not.toMatch(/unsafe-inline/);
      expect(directive(a.header, "img-src")).not.toMatch(/http:|https:/);
      expect(directive(a.header, "object-src")).toBe("object-src 'none'");
      expect(a.header).not.toBe(b.header);
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1];
      const scripts = [...a.html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
      const api = await fetch(`${lede.url}/api/news`);
      expect(api.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    });
  });

  describe("image proxy", () => {
    let images: Awaited<ReturnType<typeof startImageServer>>;
    let secret: string;
    const src = (url: string, allowPrivate: boolean) => {
      const s = createHmac("sha256", secret).update(`img|${allowPrivate ? 1 : 0}|${url}`).digest("base64url");
      return `${lede.url}/api/img?${new URLSearchParams({ u: url, p: allowPrivate ? "1" : "0", s })}`;
    };
    beforeAll(async () => {
      images = await startImageServer();
      secret = readFileSync(join(lede.dataDir, "session-secret"), "utf8").trim();
    });
    afterAll(() => new Promise<void>((ok) => images.server.close(() => ok())));

    it("fetches only addresses Lede signed, and private addresses only for sites that allow them", async () => {
      const unsigned = await fetch(`${lede.url}/api/img?u=${encodeURIComponent(`${images.url}/ok.png`)}&p=1&s=forged`);
      expect(unsigned.status).toBe(403);
      const strict = await fetch(src(`${images.url}/ok.png`, false));
      expect(strict.status).toBe(403);
      expect(await strict.json()).toMatchObject({ error: "ssrf_blocked" });
      for (const meta of ["http://169.254.169.254/latest/meta-data", "http://[::ffff:127.0.0.1]/ok.png", "http://0x7f000001/ok.png"]) {
        expect((await fetch(src(meta, false))).status).toBe(403);
      }
      const ok = await fetch(src(`${images.url}/ok.png`, true));
      expect(ok.status).toBe(200);
      expect(ok.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await ok.arrayBuffer()).equals(PNG)).toBe(true);
    });

    it("refuses oversize images, non-images and SVG", async () => {
      const big = await fetch(src(`${images.url}/big.png`, true));
      expect(big.status).toBe(413);
      for (const path of ["/page.html", "/fake.png", "/icon.svg"]) {
        const res = await fetch(src(`${images.url}${path}`, true));
        expect({ path, status: res.status }).toEqual({ path, status: 415 });
        expect(await res.json()).toMatchObject({ error: "not_image" });
      }
    });

    it("serves what it fetched again without the publisher (offline)", async () => {
      const before = images.hits();
      await new Promise<void>((ok) => images.server.close(() => ok()));
      const again = await fetch(src(`${images.url}/ok.png`, true));
      expect(again.status).toBe(200);
      expect(createHash("sha256").update(Buffer.from(await again.arrayBuffer())).digest("hex")).toBe(createHash("sha256").update(PNG).digest("hex"));
      expect(images.hits()).toBe(before);
      images.server.listen(0, "127.0.0.1"); // for afterAll's close
    });
  });

  describe("a fresh trial: connections, headers, paging values, search syntax", () => {
    /** A raw request on its own socket: the status line the server answers, or "closed". */
    function rawRequest(head: string): Promise<string> {
      return new Promise((ok) => {
        const { port } = new URL(lede.url);
        const sock = connect(Number(port), "127.0.0.1", () => sock.end(head));
        let got = "";
        sock.setEncoding("latin1");
        sock.on("data", (d: string) => { got += d; });
        sock.on("error", () => ok(got.split("\r\n")[0] || "closed"));
        sock.on("close", () => ok(got.split("\r\n")[0] || "closed"));
      });
    }

    it("keeps answering while 300 connections trickle their headers (slowloris) and 300 more sit idle", async () => {
      const { port } = new URL(lede.url);
      const socks: Socket[] = [];
      for (let i = 0; i < 600; i++) {
        const sock = connect(Number(port), "127.0.0.1");
        sock.on("error", () => {});
        if (i % 2 === 0) sock.write(`GET /?slow=${i} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
        socks.push(sock);
      }
      const trickle = setInterval(() => { for (let i = 0; i < socks.length; i += 2) socks[i]!.write(`X-Slow-${Date.now()}: 1\r\n`); }, 1000);
      try {
        await new Promise((r) => setTimeout(r, 3000));
        for (let i = 0; i < 3; i++) {
          const t0 = Date.now();
          const res = await fetch(`${lede.url}/api/news`);
          expect(res.status).toBe(200);
          expect(Date.now() - t0).toBeLessThan(5000);
        }
      } finally {
        clearInterval(trickle);
        for (const sock of socks) sock.destroy();
      }
    });

    it("refuses huge headers, cookies and query strings with 431, and keeps answering", async () => {
      expect(await rawRequest(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(64 * 1024)}\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 431/);
      expect(await rawRequest(`GET /api/news HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: lede_session=${"b".repeat(1024 * 1024)}\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 431|^closed$/);
      expect(await rawRequest(`GET /api/articles?q=${"c".repeat(1024 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 431|^closed$/);
      expect(await rawRequest(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n${Array.from({ length: 3000 }, (_, i) => `X-H${i}: 1\r\n`).join("")}Connection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 431/);
      expect((await fetch(`${lede.url}/api/news`)).status).toBe(200);
    });

    it("answers huge, negative and malformed limits and cursors with a clear 400, never a 500", async () => {
      const bad = [
        "/api/news?limit=99999999999999999999", "/api/news?limit=1e309", "/api/news?limit=-1", "/api/news?limit=NaN",
        "/api/news?before=%00%00", `/api/news?before=${"A".repeat(80)}`, "/api/news?before=eyJ0IjoiMjAyNi0wMS0wMSIsImlkIjotMX0",
        "/api/news?site=-5", "/api/news?site=1e400", "/api/news?lang=%27%20OR%201%3D1", `/api/news?entity=${"e".repeat(300)}`,
        "/api/articles?limit=100000000", "/api/articles?page=-1", "/api/articles?before=-1", "/api/articles?q=x&page=1e400", `/api/articles?q=${"q".repeat(201)}`,
      ];
      const answers = [];
      for (const path of bad) {
        const res = await fetch(`${lede.url}${path}`);
        const body = await res.text();
        answers.push({ path, status: res.status, error: /"error":"invalid_input"/.test(body) });
      }
      expect(answers).toEqual(bad.map((path) => ({ path, status: 400, error: true })));
      const feeds = [`/api/news?before=${"A".repeat(100_000)}`, "/api/articles?q=a&page=99999999999", "/feed.xml?limit=99999999999999999999", `/feed.xml?before=${"A".repeat(100_000)}`, "/feed.json?before=%00", "/feed.json?limit=-1", "/api/stories?limit=1e309", "/api/stories?before=%00", "/api/articles/99999999999999999999", "/api/articles/-1", "/api/stories/1e309"];
      const feedAnswers = [];
      for (const path of feeds) feedAnswers.push({ path, status: (await fetch(`${lede.url}${path}`)).status });
      expect(feedAnswers.filter((a) => a.status >= 500)).toEqual([]);
    });

    it("treats search syntax as words (FTS5 operators, quotes, NEAR(, column filters) on the page, the API and the feeds", async () => {
      const queries = ['NEAR(a b', '"', '""""', 'a OR b NOT c', 'title:x', '^start', '*', 'a AND (b', "{a b}:c", "' OR 1=1 --", "\\", "\u0000", "x".repeat(200), Array.from({ length: 100 }, (_, i) => `w${i}`).join(" ").slice(0, 200)];
      for (const q of queries) {
        for (const path of [`/api/articles?q=${encodeURIComponent(q)}`, `/?q=${encodeURIComponent(q)}`, `/feed.xml?q=${encodeURIComponent(q)}`, `/feed.json?q=${encodeURIComponent(q)}`]) {
          const t0 = Date.now();
          const res = await fetch(`${lede.url}${path}`);
          expect({ path, status: res.status }).toEqual({ path, status: 200 });
          await res.arrayBuffer();
          expect(Date.now() - t0).toBeLessThan(5000);
        }
      }
    });

    it("sends nosniff, a same-origin referrer policy and frame-ancestors on pages, API answers and feeds", async () => {
      for (const path of ["/", "/login", "/api/news", "/feed.xml", "/feed.json", "/api/img?u=x&p=0&s=y", "/nope-404"]) {
        const res = await fetch(`${lede.url}${path}`);
        await res.arrayBuffer();
        expect({ path, nosniff: res.headers.get("x-content-type-options") }).toEqual({ path, nosniff: "nosniff" });
        expect({ path, referrer: res.headers.get("referrer-policy") }).toEqual({ path, referrer: "same-origin" });
        expect({ path, frames: /frame-ancestors '(none|self)'/.test(res.headers.get("content-security-policy") ?? "") }).toEqual({ path, frames: true });
      }
    });
  });

  describe("a crashed process", () => {
    it("restarts the web server after kill -9 while the worker keeps running", async () => {
      const pids = descendants(lede.proc.pid!);
      const web = webServerPid(lede.proc.pid!);
      const worker = pids.find((p) => /workers\/crawl\.ts/.test(cmdline(p)))!;
      expect(web).toBeDefined();
      expect(worker).toBeDefined();
      process.kill(web!, "SIGKILL");
      const deadline = Date.now() + 60_000;
      let back = false;
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 500));
        try { back = (await fetch(`${lede.url}/api/news`)).ok; } catch { back = false; }
        if (back && !isAlive(web!)) break;
      }
      expect(back).toBe(true);
      expect(isAlive(worker)).toBe(true);
      expect(lede.output()).toMatch(/web exited \(SIGKILL\); restarting it in 1 s/);
      expect(lede.proc.exitCode).toBeNull();
    });
  });
});

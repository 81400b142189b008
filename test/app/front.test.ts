// The web front (lib/web/front.ts): its table against the route files, its decisions, and on a
// real HTTP server with a reader as eager as Next.js's, that a refused body stops being read.
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Socket } from "node:net";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimits, routeBodies, routeBodyFor } from "../../lib/api/body.ts";
import { admit, createFront, LINGER_MS, type RequestHead } from "../../lib/web/front.ts";
import { COUNTED_HEADER, countedMark, LoginThrottle } from "../../lib/auth/throttle.ts";
import { sendBody } from "../helpers/hostile-client.ts";

const MiB = 1024 * 1024;
const root = resolve(import.meta.dirname, "../..");
const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

/** app/api route files and the methods with a body each exports (`export const POST`, `export { DELETE as POST }`). */
function routeFiles(): { path: string; methods: string[] }[] {
  const out: { path: string; methods: string[] }[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === "route.ts") {
        const src = readFileSync(p, "utf8");
        const methods = BODY_METHODS.filter((m) => new RegExp(`export (const|async function) ${m}\\b|as ${m}\\s*\\}`).test(src));
        out.push({ path: `/${relative(join(root, "app"), dir)}`, methods });
      }
    }
  };
  walk(join(root, "app", "api"));
  return out;
}

const head = (h: Partial<RequestHead>): RequestHead => ({ method: "POST", pathname: "/", contentLength: undefined, contentType: undefined, transferEncoding: undefined, cookie: undefined, ...h });
const validIf = (token: string) => (t: string | undefined) => t === token;

describe("the body table (lib/api/body.ts routeBodies)", () => {
  it("names exactly the routes and methods that take a body", () => {
    const files = routeFiles().filter((f) => f.methods.length > 0).map((f) => ({ path: f.path, methods: [...f.methods].sort() }));
    const table = routeBodies.map((r) => ({ path: r.path, methods: [...r.methods].sort() }));
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    expect(table.sort(byPath)).toEqual(files.sort(byPath));
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  it("matches `[id]` to one path segment only", () => {
    expect(routeBodyFor("/api/sites/12")?.path).toBe("/api/sites/[id]");
    expect(routeBodyFor("/api/sites/12/retry")?.path).toBe("/api/sites/[id]/retry");
    expect(routeBodyFor("/api/sites/12/x/retry")).toBeNull();
    expect(routeBodyFor("/api/sites/import")?.path).toBe("/api/sites/import");
    expect(routeBodyFor("/api/news")).toBeNull();
    expect(routeBodyFor("/")).toBeNull();
  });
});

describe("admit", () => {
  it("refuses a POST to a page or a read-only API with 405, whatever its body", () => {
    expect(admit(head({ pathname: "/", transferEncoding: "chunked" }), validIf("t"))).toMatchObject({ ok: false, status: 405, error: "method_not_allowed", allow: "GET, HEAD" });
    expect(admit(head({ pathname: "/api/news" }), validIf("t"))).toMatchObject({ ok: false, status: 405 });
    expect(admit(head({ method: "PUT", pathname: "/api/sites" }), validIf("t"))).toMatchObject({ ok: false, status: 405, allow: "POST" });
  });

  it("refuses a body on a read with 413 and lets a read without one through", () => {
    expect(admit(head({ method: "GET", pathname: "/", contentLength: "10" }), validIf("t"))).toMatchObject({ ok: false, status: 413 });
    expect(admit(head({ method: "GET", pathname: "/api/news", transferEncoding: "chunked" }), validIf("t"))).toMatchObject({ ok: false, status: 413 });
    expect(admit(head({ method: "GET", pathname: "/", contentLength: "0" }), validIf("t"))).toEqual({ ok: true, limitBytes: 0 });
  });

  it("refuses a declared length over the route's limit with the route's own message", () => {
    const r = admit(head({ pathname: "/api/labels/import", contentType: "application/x-ndjson", contentLength: String(100 * MiB), cookie: "lede_session=t" }), validIf("t"));
    expect(r).toMatchObject({ ok: false, status: 413, error: "body_too_large" });
    expect(r.ok === false && r.message).toMatch(/label imports are limited to 64 MiB .*nothing was imported/);
    expect(admit(head({ pathname: "/api/auth/login", contentLength: String(bodyLimits.loginBytes + 1) }), validIf("t"))).toMatchObject({ status: 413 });
    // a label import's limit depends on its type: JSON is held whole, JSONL streams to a file
    const json = admit(head({ pathname: "/api/labels/import", contentType: "application/json", contentLength: String(2 * MiB), cookie: "lede_session=t" }), validIf("t"));
    expect(json.ok === false && json.message).toMatch(/JSON label imports are limited to 1 MiB/);
    expect(admit(head({ pathname: "/api/labels/import", contentType: "multipart/form-data; boundary=x", transferEncoding: "chunked", cookie: "lede_session=t" }), validIf("t"))).toEqual({ ok: true, limitBytes: bodyLimits.labelsStreamBytes });
  });

  it("refuses a body to a session route without a valid session cookie, before any of it is read", () => {
    expect(admit(head({ pathname: "/api/sites", transferEncoding: "chunked" }), validIf("t"))).toMatchObject({ ok: false, status: 401, error: "unauthorized" });
    expect(admit(head({ pathname: "/api/sites", cookie: "lede_session=forged" }), validIf("t"))).toMatchObject({ ok: false, status: 401 });
    expect(admit(head({ method: "PATCH", pathname: "/api/sites/3", cookie: "a=b; lede_session=t" }), validIf("t"))).toEqual({ ok: true, limitBytes: bodyLimits.mutationBytes });
    // the login form is the one body anyone may send
    expect(admit(head({ pathname: "/api/auth/login", transferEncoding: "chunked" }), validIf("t"))).toEqual({ ok: true, limitBytes: bodyLimits.loginBytes, loginAttempt: true });
  });
});

describe("the front on a real server", () => {
  let server: Server;
  let base: string;
  /** the server side's socket of each request, by its URL (each case sends to its own) */
  const sockets = new Map<string, Socket>();
  /** body bytes the handler (standing in for Next.js) received, per request path */
  const received = new Map<string, number>();

  beforeAll(async () => {
    // Like Next.js: the body is read as fast as it comes whether or not the route wants it, and the
    // route answers after its own checks (413 past the limit, as lib/api/body.ts does).
    const eager = async (req: IncomingMessage, res: import("node:http").ServerResponse) => {
      let n = 0;
      for await (const c of req) {
        n += (c as Buffer).length;
        received.set(req.url!, n);
        if (n > bodyLimits.mutationBytes && !res.headersSent) {
          res.writeHead(413, { "content-type": "application/json" });
          res.end('{"error":"body_too_large"}');
        }
      }
      received.set(req.url!, n);
      if (!res.headersSent) { res.writeHead(200); res.end("ok"); }
    };
    server = createServer(createFront(eager, (t) => t === "good"));
    server.prependListener("request", (req: IncomingMessage) => sockets.set(req.url!, req.socket));
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  /** Send 100 MB chunked to `path`, going on after the answer; the answer, and what the server's socket read once closed. */
  async function push(path: string, headers: Record<string, string> = {}) {
    const answer = await sendBody(`${base}${path}`, { totalBytes: 100 * MiB, headers, keepSending: true });
    const socket = sockets.get(path)!;
    if (!socket.destroyed) await new Promise((ok) => socket.once("close", ok));
    return { ...answer, serverRead: socket.bytesRead };
  }

  /** What a refused 100 MB body may cost: the chunks in flight when the answer went out, not the body. */
  const READ_BOUND = 2 * MiB;

  it("answers 405 to a 100 MB body to a page, closes the connection and reads almost none of it", async () => {
    const r = await push("/");
    expect(r.status).toBe(405);
    expect(r.bytesSent).toBeLessThan(50 * MiB);
    expect(r.serverRead).toBeLessThan(READ_BOUND);
    expect(r.headers.connection).toBe("close");
    expect(JSON.parse(r.body)).toMatchObject({ error: "method_not_allowed" });
    expect(received.has("/")).toBe(false);
  });

  it("answers 401 to an anonymous 100 MB body to a session route before reading it", async () => {
    const r = await push("/api/sites");
    expect(r.status).toBe(401);
    expect(r.serverRead).toBeLessThan(READ_BOUND);
    expect(r.headers.connection).toBe("close");
  });

  it("cuts an admin's 100 MB body just past the route's limit: the route answers 413 and the rest is never read", async () => {
    const r = await push("/api/sites?x=1", { cookie: "lede_session=good" });
    expect(r.status).toBe(413);
    expect(received.get("/api/sites?x=1")).toBeLessThanOrEqual(bodyLimits.mutationBytes + 256 * 1024);
    expect(r.serverRead).toBeLessThan(READ_BOUND);
    expect(r.headers.connection).toBe("close");
  });

  it("lets a client that ignores the answer and the FIN read the whole answer, then drops it after LINGER_MS", async () => {
    const { connect } = await import("node:net");
    const port = (server.address() as { port: number }).port;
    const sock = connect(port, "127.0.0.1");
    sock.allowHalfOpen = true; // a hostile client: the server's FIN does not stop it writing
    let answer = "";
    sock.on("data", (c) => (answer += c));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const t0 = Date.now();
    const closed = new Promise<number>((ok) => sock.on("close", () => ok(Date.now() - t0)));
    sock.on("error", () => {});
    sock.write("POST /raw HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n");
    const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    const pump = () => { while (!sock.destroyed && sock.write(framed)); if (!sock.destroyed) sock.once("drain", pump); };
    pump();
    const ms = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 405 [\s\S]*connection: close[\s\S]*method_not_allowed/i);
    expect(ms).toBeGreaterThanOrEqual(LINGER_MS - 100);
    expect(ms).toBeLessThan(LINGER_MS + 5000);
    expect(sockets.get("/raw")!.bytesRead).toBeLessThan(READ_BOUND);
  });

  it("passes a body under the limit whole, keeps the connection, and still answers afterwards", async () => {
    const r = await sendBody(`${base}/api/sites`, { totalBytes: 10_000, chunkBytes: 1000, headers: { cookie: "lede_session=good" } });
    expect(r.status).toBe(200);
    expect(received.get("/api/sites")).toBe(10_000);
    expect(r.headers.connection).not.toBe("close");
    const res = await fetch(`${base}/api/news`);
    expect(res.status).toBe(200);
  });
});

describe("the front's login throttle", () => {
  let server: Server;
  let base: string;
  /** the COUNTED_HEADER value of each login that reached the route */
  const reached: (string | undefined)[] = [];
  const throttle = new LoginThrottle({ perClient: { capacity: 2, refillMs: 60_000 }, global: { capacity: 100, refillMs: 60_000 }, maxClients: 10 });

  beforeAll(async () => {
    server = createServer(createFront((req, res) => {
      reached.push(req.headers[COUNTED_HEADER] as string | undefined);
      req.resume();
      req.on("end", () => { res.writeHead(401); res.end("{}"); });
    }, () => false, throttle));
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  const attempt = (client: string, headers: Record<string, string> = {}, body = '{"password":"x"}') =>
    fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": client, ...headers }, body });

  it("counts parallel attempts before Next.js sees them: the refused ones never reach the route", async () => {
    reached.length = 0;
    const answers = await Promise.all(Array.from({ length: 6 }, () => attempt("guesser", { [COUNTED_HEADER]: "forged" })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 429, 429, 429, 429]);
    expect(Number(answers.find((r) => r.status === 429)!.headers.get("retry-after"))).toBeGreaterThan(0);
    // the two that reached the route carry this process's mark, not the client's forged header
    expect(reached).toEqual([countedMark(), countedMark()]);
    // another client still has its own attempts
    expect((await attempt("someone-else")).status).toBe(401);
  });

  it("sends a refused login form back to the login page, and leaves a cross-origin attempt uncounted for the route's 403", async () => {
    const form = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "guesser" }, body: "password=x", redirect: "manual" });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/login?error=throttled");
    reached.length = 0;
    const foreign = await attempt("guesser", { origin: "http://evil.example" });
    expect(foreign.status).toBe(401); // the stand-in route; the real one answers 403
    expect(reached).toEqual([undefined]);
  });
});

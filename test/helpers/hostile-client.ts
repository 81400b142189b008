// A hostile HTTP client for Lede's web server: huge and endless bodies written chunk by chunk
// (stopping as soon as the server answers), logins, sessions and CSRF tokens read off pages.
// Shared by test/e2e/hostile-client.test.ts and scripts/bench/faults-web.ts.
import http from "node:http";
import { readFileSync } from "node:fs";

export interface BodyAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** bytes of the body written before the server answered */
  bytesSent: number;
}

/**
 * POST `totalBytes` of filler to `url` in `chunkBytes` chunks, declared with a Content-Length
 * (`declare`) or chunked. Writing stops when the answer arrives, so "refused early" shows as
 * bytesSent < totalBytes — unless `keepSending`: then, as a hostile client would, it goes on
 * writing after the answer until the server closes the connection or the body is all sent, and
 * bytesSent says how much the server let it push.
 */
export function sendBody(url: string, opts: { totalBytes: number; chunkBytes?: number; declare?: boolean; headers?: Record<string, string>; method?: string; fill?: (i: number) => Buffer; keepSending?: boolean }): Promise<BodyAnswer> {
  const chunkBytes = opts.chunkBytes ?? 256 * 1024;
  const filler = Buffer.alloc(chunkBytes, 0x61);
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    let answer: Omit<BodyAnswer, "bytesSent"> | null = null;
    let writing = true;
    const finish = () => { if (answer && !writing) { resolve({ ...answer, bytesSent }); req.destroy(); } };
    const req = http.request(url, {
      method: opts.method ?? "POST",
      headers: { "content-type": "application/json", ...(opts.declare ? { "content-length": String(opts.totalBytes) } : {}), ...opts.headers },
    }, (res) => {
      answered = true;
      if (!opts.keepSending) writing = false;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => { answer = { status: res.statusCode!, headers: res.headers, body }; finish(); });
      res.on("error", reject);
    });
    const stopWriting = () => { writing = false; finish(); };
    req.on("error", (err) => { if (!answered) reject(err); else stopWriting(); });
    req.on("close", stopWriting);
    let i = 0;
    const pump = () => {
      const more = () => writing && (opts.keepSending || !answered) && bytesSent < opts.totalBytes;
      while (more()) {
        const chunk = opts.fill ? opts.fill(i++) : filler.subarray(0, Math.min(chunkBytes, opts.totalBytes - bytesSent));
        bytesSent += chunk.length;
        if (!req.write(chunk)) { req.once("drain", pump); return; }
      }
      if (writing && bytesSent >= opts.totalBytes) {
        req.end();
        if (opts.keepSending) stopWriting();
      }
    };
    pump();
  });
}

export interface Session {
  cookie: string;
  csrf: string;
}

/** Log in with the JSON API; `client` sets X-Forwarded-For, so each caller gets its own throttle bucket. */
export async function login(base: string, password: string, client = "hostile-test"): Promise<Response> {
  return fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": client }, body: JSON.stringify({ password }) });
}

/** A logged-in session: the cookie from the login, the CSRF token from a page's form. */
export async function openSession(base: string, password: string, client = "hostile-test"): Promise<Session> {
  const res = await login(base, password, client);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const page = await (await fetch(`${base}/sites`, { headers: { cookie } })).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
  if (!csrf) throw new Error("no CSRF token on /sites");
  return { cookie, csrf };
}

export function authHeaders(s: Session, extra: Record<string, string> = {}): Record<string, string> {
  return { cookie: s.cookie, "x-csrf-token": s.csrf, ...extra };
}

/** Resident and peak memory of a process, bytes (/proc/<pid>/status). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8") as string;
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

// Shared by the end-to-end tests: start Lede as `npm start` does, and drive Debian's Chromium.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

export const root = resolve(import.meta.dirname, "..", "..");
export const artifactsDir = join(root, "test", "artifacts");

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => ok(port));
    });
    srv.on("error", fail);
  });
}

/** Every descendant pid of `pid`, read from /proc. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch { /* process ended while we looked */ }
  }
  const out: number[] = [];
  const walk = (p: number) => { for (const c of children.get(p) ?? []) { out.push(c); walk(c); } };
  walk(pid);
  return out;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/\) Z /.test(stat); // a zombie has exited
  } catch {
    return false;
  }
}

/** A process's command line, NUL-separated ("" once it has ended). */
export function cmdline(pid: number): string {
  try { return readFileSync(`/proc/${pid}/cmdline`, "utf8"); } catch { return ""; }
}

/** The web server process `npm start` runs (scripts/web.mjs, a direct child of scripts/start.mjs), or undefined. */
export function webServerPid(startPid: number): number | undefined {
  const parent = (pid: number) => { try { const s = readFileSync(`/proc/${pid}/stat`, "utf8"); return Number(s.slice(s.lastIndexOf(")") + 2).split(" ")[1]); } catch { return -1; } };
  return descendants(startPid).find((p) => parent(p) === startPid && /scripts\/web\.mjs/.test(cmdline(p)));
}

export interface RunningLede {
  url: string;
  proc: ChildProcess;
  dataDir: string;
  output: () => string;
  stop(): Promise<number | null>;
}

/**
 * Start Lede on a fresh database and wait until it answers: `node scripts/start.mjs`, or with
 * `viaNpm` the real `npm start` (so signals go through npm as they do for a user).
 */
export async function startLede(env: Record<string, string>, opts: { viaNpm?: boolean } = {}): Promise<RunningLede> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "lede-e2e-"));
  let log = "";
  // The e2e run builds once before the tests (scripts/test.mjs); start.mjs must not rebuild per test
  // file because a colleague touched a source file meanwhile.
  const noBuild = existsSync(join(root, ".next", "BUILD_ID")) ? ["--no-build"] : [];
  const [cmd, args] = opts.viaNpm
    ? ["npm", ["start", "--silent", "--", ...noBuild]]
    : [process.execPath, [join(root, "scripts", "start.mjs"), ...noBuild]];
  const proc = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${join(dataDir, "lede.db")}`,
      ADMIN_PASSWORD: "e2e-admin-password", LOG_LEVEL: "warn", WORKER_IDLE_MS: "200", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (c) => (log += c));
  proc.stderr!.on("data", (c) => (log += c));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`Lede exited early (${proc.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/api/news`);
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`Lede did not answer within 150 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url, proc, dataDir, output: () => log,
    stop: () => new Promise((ok) => {
      if (proc.exitCode !== null) return ok(proc.exitCode);
      proc.once("exit", (code) => ok(code));
      proc.kill("SIGTERM");
    }),
  };
}

export async function launchChromium(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "chrome-")), {
    executablePath: process.env.LEDE_CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1200, height: 900 },
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

export function screenshotPath(name: string): string {
  mkdirSync(artifactsDir, { recursive: true });
  return join(artifactsDir, `${name}.png`);
}

export const E2E_ADMIN_PASSWORD = "e2e-admin-password";

/** Log a browser page in as admin through the login form; it lands on `next`. */
export async function logIn(page: import("playwright-core").Page, baseUrl: string, next = "/sites"): Promise<void> {
  await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((u) => u.pathname === next.split("?")[0]);
}

/** Wait for text on the News page, showing held-back arrivals ("N new stories") when they appear. */
export async function waitForNews(page: import("playwright-core").Page, text: RegExp, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.getByText(text).first().isVisible().catch(() => false)) return;
    const banner = page.getByTestId("new-stories");
    if (await banner.isVisible().catch(() => false)) await banner.click();
    if (Date.now() > deadline) throw new Error(`${text} did not appear on the News page within ${timeoutMs} ms`);
    await page.waitForTimeout(500);
  }
}

/**
 * Waits until the page's keyboard shortcuts are live: the server-rendered page is visible before React
 * hydrates it, and a key pressed before then does nothing (app/keyboard-help.tsx marks <html data-keys>).
 */
export async function waitForKeys(page: import("playwright-core").Page): Promise<void> {
  await page.locator("html[data-keys=ready]").waitFor({ state: "attached" });
}

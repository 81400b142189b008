import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { mkdtempSync, existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import Database from "better-sqlite3";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { spawn } from "node:child_process";
import { commandSummaries } from "../cli/help.mjs";

const lede = join(import.meta.dirname, "..", "bin", "lede.mjs");

describe("lede command", () => {
  it("lists its commands and rejects unknown ones", () => {
    const help = spawnSync(process.execPath, [lede, "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/migrate/);
    const bad = spawnSync(process.execPath, [lede, "frobnicate"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown command "frobnicate"/);
  });

  it("migrate creates every table in a new SQLite file", () => {
    const dir = mkdtempSync(join(tmpdir(), "lede-cli-"));
    const file = join(dir, "sub", "lede.db");
    const res = spawnSync(process.execPath, [lede, "migrate"], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: `file:${file}` },
    });
    expect(res.status, res.stderr).toBe(0);
    expect(existsSync(file)).toBe(true);
    const tables = new Database(file).prepare("select name from sqlite_master where type='table'").all() as { name: string }[];
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["Site", "FrontierUrl", "Page", "Article", "Story"]));
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers --help from the command files' summaries (no TypeScript loaded), the same as the commands declare", async () => {
    const summaries = commandSummaries() as [string, string][];
    expect(summaries.length).toBeGreaterThan(5);
    for (const [name, summary] of summaries) {
      const mod = (await import(join(import.meta.dirname, "..", "cli", "commands", `${name}.ts`))) as { summary: string };
      expect(summary, name).toBe(mod.summary);
    }
    const help = spawnSync(process.execPath, [lede, "--help"], { encoding: "utf8" });
    for (const [name, summary] of summaries) expect(help.stdout).toContain(`  ${name.padEnd(12)} ${summary}`);
  }, 60_000);

  it("crawl on a database that was never migrated migrates it first and says so", async () => {
    const server = createServer((req, res) => {
      if (req.url === "/") return res.writeHead(200, { "content-type": "text/html" }).end(`<html><head><title>Home</title></head><body><p>${"Words on a page. ".repeat(50)}</p></body></html>`);
      res.writeHead(404, { "content-type": "text/html" }).end("no");
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
    const port = (server.address() as AddressInfo).port;
    const dir = mkdtempSync(join(tmpdir(), "lede-cli-"));
    const file = join(dir, "fresh.db");
    try {
      const child = spawn(process.execPath, [lede, "crawl", "--seed", `http://127.0.0.1:${port}/`, "--max-pages", "1", "--allow-private"], {
        env: { ...process.env, DATABASE_URL: `file:${file}`, LOG_LEVEL: "silent" },
      });
      let stderr = "";
      child.stderr.on("data", (c) => (stderr += c));
      const code = await new Promise<number | null>((ok) => child.on("exit", ok));
      expect(code, stderr).toBe(0);
      expect(stderr).toMatch(/missing \d+ migrations?; applying them/);
      expect(stderr).not.toMatch(/PrismaClient|no such table/i);
      const pages = new Database(file).prepare(`SELECT COUNT(*) AS n FROM "Page"`).get() as { n: number };
      expect(pages.n).toBe(1);
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

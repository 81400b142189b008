import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { mkdtempSync, existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import Database from "better-sqlite3";

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
});

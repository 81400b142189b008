// Label imports as jobs (lib/api/label-import-job.ts): a spooled file is imported by a real
// `lede labels import --progress` child process on a real SQLite database; its status advances,
// reports bad lines, ends "done"; a killed importer is reported as failed with the labels stored so
// far kept; one import runs at a time; job ids are checked before they touch the file system.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import {
  importJobsDir, ImportJobNotFoundError, ImportRunningError, newImportJob, readImportJob, startImportJob, type ImportJobStatus,
} from "../../lib/api/label-import-job.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  process.env.DATABASE_URL = t.url; // the job directory and the importer's database
});
afterAll(async () => t.cleanup());

const line = (i: number, extra: Record<string, unknown> = {}, host = "jobs.example") => `${JSON.stringify({ url: `https://${host}/${i}`, isNews: i % 2 === 0, ...extra })}\n`;

async function until(id: string, done: (s: ImportJobStatus) => boolean, timeoutMs = 90_000): Promise<ImportJobStatus> {
  const t0 = Date.now();
  for (;;) {
    const s = readImportJob(id);
    if (done(s)) return s;
    if (Date.now() - t0 > timeoutMs) throw new Error(`job ${id} still ${s.state} after ${timeoutMs} ms: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("label import jobs", () => {
  it("keeps its jobs beside the database", () => {
    expect(importJobsDir()).toBe(join(t.dir, "label-imports"));
  });

  it("imports a spooled file in a child process, reports its bad lines, and removes the upload", async () => {
    const job = newImportJob();
    const body = Array.from({ length: 1500 }, (_, i) => line(i)).join("") + "not json\n" + line(7, { isNews: "yes" }) + `${"z".repeat(70_000)}\n`;
    writeFileSync(job.file, body);
    const first = startImportJob(job);
    expect(first).toMatchObject({ state: "running", bytes: Buffer.byteLength(body), lines: 0 });
    const s = await until(job.id, (x) => x.state !== "running");
    expect(s).toMatchObject({ state: "done", imported: 1500, duplicates: 0, invalidCount: 3, lines: 1503, bytesRead: Buffer.byteLength(body) });
    expect(s.invalid.map((b) => b.line)).toEqual([1501, 1502, 1503]);
    expect(s.invalid[0]!.reason).toBe("not JSON");
    expect(s.invalid[1]!.reason).toMatch(/isNews/);
    expect(s.invalid[2]!.reason).toMatch(/70000 bytes is longer than a label can be/);
    expect(await t.db.label.count({ where: { url: { startsWith: "https://jobs.example/" } } })).toBe(1500);
    // the server side removes the upload when the child exits, which may come a while after its last write
    // on a loaded machine: poll for it rather than guess a delay
    const { existsSync } = await import("node:fs");
    for (let waited = 0; existsSync(job.file) && waited < 20_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(job.file)).toBe(false);
  });

  it("runs one import at a time, and a killed importer is a failed job that keeps what it stored", async () => {
    const job = newImportJob();
    writeFileSync(job.file, Array.from({ length: 60_000 }, (_, i) => line(i, { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString() }, "killed.example")).join(""));
    const started = startImportJob(job);
    expect(() => newImportJob()).toThrow(ImportRunningError);
    const advancing = await until(job.id, (x) => x.imported > 0);
    expect(advancing.state).toBe("running");
    process.kill(started.pid!, "SIGKILL");
    const s = await until(job.id, (x) => x.state !== "running");
    expect(s.state).toBe("failed");
    expect(s.error).toMatch(/signal SIGKILL|the importer is gone/);
    const stored = await t.db.label.count({ where: { url: { startsWith: "https://killed.example/" } } });
    expect(stored).toBeGreaterThanOrEqual(advancing.imported);
    expect(stored).toBeLessThan(60_000);
    // the same file again: the labels with a time already stored are skipped, the rest are added
    const again = newImportJob();
    writeFileSync(again.file, Array.from({ length: 60_000 }, (_, i) => line(i, { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString() }, "killed.example")).join(""));
    startImportJob(again);
    const s2 = await until(again.id, (x) => x.state !== "running", 180_000);
    expect(s2).toMatchObject({ state: "done", imported: 60_000 - stored, duplicates: stored, invalidCount: 0 });
  }, 240_000);

  it("refuses job ids that are not its own (no path in an id)", () => {
    for (const id of ["../../etc/passwd", "0123456789abcdeg", "", "0123456789abcdef0", "%2e%2e"]) {
      expect(() => readImportJob(id)).toThrow(ImportJobNotFoundError);
    }
    expect(() => readImportJob("0123456789abcdef")).toThrow(/no label import job/);
  });
});

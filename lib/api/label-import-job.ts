// Label imports as jobs outside the web server. The route spools an upload to a job directory and
// hands the file to `lede labels import FILE --progress STATUS` in a short-lived child process with
// its own heap limit: parsing, validating and inserting ~300k labels allocates far more garbage than
// the upload's size (Prisma's per-batch queries; the web server's heap grew 143–192 MiB for 3–30 MB
// files), and a separate process gives that memory back to the system when it ends. The child
// writes its progress to the job's status file after each batch, so the admin sees it advance, a
// page reload finds it again, and a crashed or killed import says so instead of hanging.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { getEnv, sqlitePath } from "../config.ts";
import type { ImportResult } from "../db/labels.ts";

/** One import at a time: each child holds a database connection and up to IMPORT_HEAP_MB of heap. */
const MAX_RUNNING_IMPORTS = 1;
/**
 * The child's V8 heap limit (MiB): an import holds one 400-line batch at a time; the rest is the
 * CLI's code (Prisma, the label pipeline). A file it cannot fit fails alone, with that reason.
 */
export const IMPORT_HEAP_MB = 128;
/** Finished jobs kept (their status files, a few KiB each); older ones are removed when a job starts. */
const KEEP_JOBS = 20;
const JOB_ID = /^[0-9a-f]{16}$/;

export type ImportState = "running" | "done" | "failed";

export interface ImportJobStatus extends ImportResult {
  id: string;
  state: ImportState;
  /** bytes of the spooled file, and how far the importer has read it */
  bytes: number;
  bytesRead: number;
  /** lines read so far */
  lines: number;
  startedAt: string;
  updatedAt: string;
  /** why a failed job failed (the importer's error, a crash, the heap limit, an interruption) */
  error?: string;
  /** the importer's process id while it runs */
  pid?: number;
}

export class ImportRunningError extends Error {
  readonly key = "import_running";
  constructor(readonly jobId: string) {
    super(`a label import is running (job ${jobId}); wait until it finishes, then import the next file`);
  }
}

export class ImportJobNotFoundError extends Error {
  readonly key = "not_found";
  constructor(id: string) {
    super(`no label import job ${JSON.stringify(id.slice(0, 40))}`);
  }
}

/** Where jobs live: beside the SQLite file (as the session secret), else in ./data. */
export function importJobsDir(databaseUrl = getEnv().DATABASE_URL): string {
  const db = sqlitePath(databaseUrl);
  return join(db ? dirname(db) : resolve("data"), "label-imports");
}

export interface ImportJob {
  id: string;
  dir: string;
  /** the uploaded JSONL, removed when the import ends */
  file: string;
  status: string;
}

function jobPaths(id: string, root = importJobsDir()): ImportJob {
  const dir = join(root, id);
  return { id, dir, file: join(dir, "labels.jsonl"), status: join(dir, "status.json") };
}

/** Write a status atomically (a reader never sees half a file). */
export function writeImportStatus(file: string, status: ImportJobStatus): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(status));
  renameSync(tmp, file);
}

function readStatusFile(file: string): ImportJobStatus | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as ImportJobStatus;
  } catch {
    return null;
  }
}

function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const running = new Map<string, number>(); // job id → child pid, in this server process

/** A new job directory for an upload; refused while another import runs. */
export function newImportJob(): ImportJob {
  const root = importJobsDir();
  for (const [id, pid] of running) {
    // an importer that wrote its end state is finished, even before its process has exited
    if (!alive(pid) || readStatusFile(jobPaths(id, root).status)?.state !== "running") running.delete(id);
  }
  if (running.size >= MAX_RUNNING_IMPORTS) throw new ImportRunningError([...running.keys()][0]!);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  pruneJobs(root);
  const job = jobPaths(randomBytes(8).toString("hex"), root);
  mkdirSync(job.dir, { mode: 0o700 });
  return job;
}

/** Remove all but the newest KEEP_JOBS finished jobs. */
function pruneJobs(root: string): void {
  const jobs = readdirSync(root).filter((d) => JOB_ID.test(d)).map((id) => ({ id, mtime: statSync(join(root, id)).mtimeMs }));
  jobs.sort((a, b) => b.mtime - a.mtime);
  for (const old of jobs.slice(KEEP_JOBS)) {
    const s = readStatusFile(jobPaths(old.id, root).status);
    if (s?.state === "running" && alive(s.pid)) continue;
    rmSync(join(root, old.id), { recursive: true, force: true });
  }
}

/** Drop a job whose upload was refused (too large, bad CSRF): nothing was imported. */
export function discardImportJob(job: ImportJob): void {
  rmSync(job.dir, { recursive: true, force: true });
}

/**
 * Start importing a spooled file:
 *   1. write the job's first status (running, 0 lines);
 *   2. spawn the CLI importer with its heap limit, on the server's database;
 *   3. when it exits, remove the upload, and mark the job failed with the reason unless it finished.
 */
export function startImportJob(job: ImportJob): ImportJobStatus {
  const now = new Date().toISOString();
  const bytes = existsSync(job.file) ? statSync(job.file).size : 0;
  const status: ImportJobStatus = {
    id: job.id, state: "running", bytes, bytesRead: 0, lines: 0, imported: 0, duplicates: 0, invalid: [], invalidCount: 0, startedAt: now, updatedAt: now,
  };
  writeImportStatus(job.status, status);
  const child = spawn(process.execPath, [
    `--max-old-space-size=${IMPORT_HEAP_MB}`, join(process.cwd(), "bin", "lede.mjs"), "labels", "import", job.file, "--progress", job.status,
  ], { cwd: process.cwd(), env: { ...process.env, DOTENV_CONFIG_QUIET: "true" }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (d: string) => { stderr = (stderr + d).slice(-4000); });
  status.pid = child.pid;
  writeImportStatus(job.status, status);
  running.set(job.id, child.pid ?? 0);
  const finish = (code: number | null, signal: NodeJS.Signals | null, err?: Error) => {
    running.delete(job.id);
    rmSync(job.file, { force: true });
    const last = readStatusFile(job.status) ?? status;
    if (last.state === "done") return;
    const outOfMemory = /heap out of memory|Allocation failed/i.test(stderr);
    const why = err ? `the importer could not start: ${err.message}`
      : outOfMemory ? `the importer ran out of its ${IMPORT_HEAP_MB} MiB heap; split the file and import the parts`
      : last.state === "failed" && last.error ? last.error
      : `the importer stopped (${signal ? `signal ${signal}` : `exit code ${code}`}) after ${last.lines} lines${lastLine(stderr)}`;
    try {
      writeImportStatus(job.status, { ...last, state: "failed", error: why, pid: undefined, updatedAt: new Date().toISOString() });
    } catch {
      // the job directory is gone (pruned, or the data directory removed): nobody can ask for it
    }
  };
  child.on("error", (err) => finish(null, null, err));
  child.on("exit", (code, signal) => finish(code, signal));
  return status;
}

function lastLine(stderr: string): string {
  const line = stderr.trim().split("\n").filter((l) => !/^\s+at /.test(l)).pop();
  return line ? `: ${line.slice(0, 300)}` : "";
}

/** A job's status; a job still "running" whose importer is gone (the server restarted, kill -9) is reported as failed. */
export function readImportJob(id: string): ImportJobStatus {
  if (!JOB_ID.test(id)) throw new ImportJobNotFoundError(id);
  const s = readStatusFile(jobPaths(id).status);
  if (!s) throw new ImportJobNotFoundError(id);
  if (s.state === "running" && !alive(s.pid)) {
    return { ...s, state: "failed", error: `the importer is gone (the server restarted or it was killed) after ${s.lines} lines; the labels stored so far are kept, and importing the file again skips those with a time` };
  }
  return s;
}

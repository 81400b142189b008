// A throw-away PostgreSQL cluster for the tests: initdb in a temporary directory, started on a free
// loopback port as a non-root user (the server refuses to run as root), stopped and removed afterwards.
// The server binaries come from Debian's postgresql package (/usr/lib/postgresql/<version>/bin).
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export class PostgresMissingError extends Error {
  readonly key = "postgres_missing";
}

/** The newest installed server's bin directory, or null. */
export function findPostgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => /^\d+$/.test(v) && existsSync(join(base, v, "bin", "pg_ctl"))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0]!, "bin") : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** uid/gid to run the server as: ourselves when not root, else the `postgres` (or `nobody`) user. */
function serverUser(): { uid: number; gid: number; name: string } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ["postgres", "nobody"]) {
    const res = spawnSync("id", ["-u", name], { encoding: "utf8" });
    if (res.status === 0) {
      const gid = Number(spawnSync("id", ["-g", name], { encoding: "utf8" }).stdout.trim());
      return { uid: Number(res.stdout.trim()), gid, name };
    }
  }
  throw new PostgresMissingError("running as root and no non-root user (postgres, nobody) to run PostgreSQL as");
}

export interface Cluster {
  url: string;
  stop(): void;
}

/** ms the server gets to start (initdb done): a cold start on a busy 2-core machine takes 1–3 s. */
const START_TIMEOUT_S = 60;

export async function startCluster(): Promise<Cluster> {
  const bin = findPostgresBin();
  if (!bin) {
    throw new PostgresMissingError(
      "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin. Install Debian's package " +
      "(sudo apt-get install -y postgresql) or set LEDE_TEST_PG_URL=postgresql://user@host:port/db to a server the tests may create databases on.",
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "lede-pg-"));
  chmodSync(dir, 0o755);
  const user = serverUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, "data");
  const port = await freePort();
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  execFileSync(join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale"], { ...as, stdio: "pipe" });
  // Durability off: a throw-away cluster; fsync would only slow the tests on a shared disk.
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  execFileSync(join(bin, "pg_ctl"), ["-D", data, "-o", opts, "-l", join(dir, "server.log"), "-w", "-t", String(START_TIMEOUT_S), "start"], { ...as, stdio: "pipe" });
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      spawnSync(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"], { ...as, stdio: "pipe" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

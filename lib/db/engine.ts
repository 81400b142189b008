// Which database engine a URL or an open client speaks. Lede runs on SQLite (file: URLs, the default)
// and on PostgreSQL (postgresql:// or postgres:// URLs); engine-specific SQL lives behind one small
// interface per concern in lib/db (frontier leases, search, host slots, singletons), chosen by engineOf.
import type { Db } from "./client.ts";

export type Engine = "sqlite" | "postgresql";

export class UnsupportedDatabaseUrlError extends Error {
  readonly key = "unsupported_database_url";
}

/** A DATABASE_URL fit to print: the password hidden. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:…@");
}

/** The engine behind a DATABASE_URL; throws for anything but file: and postgres(ql):// URLs. */
export function engineOfUrl(url: string): Engine {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgresql";
  throw new UnsupportedDatabaseUrlError(`DATABASE_URL must be a file: URL (SQLite) or a postgresql:// URL, not ${redactUrl(url)}`);
}

/** The engine of a client or of a transaction client (both carry the generated client's provider). */
export function engineOf(db: Db): Engine {
  const provider = (db as unknown as { _activeProvider?: string })._activeProvider;
  return provider === "postgresql" ? "postgresql" : "sqlite";
}

// Statements sent to the database and statement texts parsed for them, counted in this process when
// LEDE_COUNT_STATEMENTS=1 (bench:crawl reports them per page). Off by default: nothing is wrapped then.
// SQLite: every run of a better-sqlite3 statement (run/get/all/iterate, and exec) is a statement, and
// every prepare() a parse — whoever runs it (Prisma's adapter, lib/db/direct.ts, a PRAGMA).
// PostgreSQL: lib/db/pg-adapter.ts counts each query its client sends, and a parse unless the query's
// named statement was already parsed on that connection.
import Database from "better-sqlite3";

export const COUNT_STATEMENTS = process.env.LEDE_COUNT_STATEMENTS === "1";

export interface StatementCount {
  statements: number;
  parses: number;
}

const counts: StatementCount = { statements: 0, parses: 0 };

/** Counts so far in this process (zeros unless LEDE_COUNT_STATEMENTS=1). */
export function statementCount(): StatementCount {
  return { ...counts };
}

/** Count one statement, and its parse when `parsed`. */
export function countStatement(parsed: boolean): void {
  counts.statements++;
  if (parsed) counts.parses++;
}

type Fn = (this: unknown, ...args: unknown[]) => unknown;

function wrap(proto: Record<string, unknown>, name: string, before: () => void): void {
  const original = proto[name] as Fn;
  proto[name] = function (this: unknown, ...args: unknown[]) {
    before();
    return original.apply(this, args);
  };
}

// Before any connection is opened (the adapter binds prepare() when it connects: lib/db/transaction-gate.ts).
if (COUNT_STATEMENTS) {
  const probe = new Database(":memory:");
  const statementProto = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<string, unknown>;
  probe.close();
  const dbProto = Database.prototype as unknown as Record<string, unknown>;
  wrap(dbProto, "prepare", () => counts.parses++);
  wrap(dbProto, "exec", () => countStatement(true));
  for (const name of ["run", "get", "all", "iterate"]) wrap(statementProto, name, () => counts.statements++);
}

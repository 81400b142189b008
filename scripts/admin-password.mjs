// ADMIN_PASSWORD from the environment, or one generated at first start, stored beside the
// database (mode 0600) and printed once.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export function adminPasswordFile(databaseUrl) {
  const dbFile = databaseUrl.startsWith("file:") ? resolve(databaseUrl.slice(5)) : resolve("data", "lede.db");
  return join(dirname(dbFile), "admin-password");
}

export function ensureAdminPassword(env, say) {
  if (env.ADMIN_PASSWORD) return;
  const file = adminPasswordFile(env.DATABASE_URL);
  if (existsSync(file)) {
    env.ADMIN_PASSWORD = readFileSync(file, "utf8").trim();
    return;
  }
  const password = randomBytes(12).toString("base64url");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  env.ADMIN_PASSWORD = password;
  say(`generated an admin password (shown once; stored in ${file}): ${password}`);
}

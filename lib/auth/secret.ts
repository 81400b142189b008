// The secret that signs session cookies and image-proxy addresses: SESSION_SECRET when set, else
// 32 random bytes generated at first use and kept beside the database (data/session-secret, mode
// 0600), like the generated admin password. It is never derived from the admin password, so a
// leaked cookie says nothing about the password.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { getEnv, sqlitePath } from "../config.ts";

/** bytes of randomness in a generated secret (256 bits, HMAC-SHA256's key size). */
const SECRET_BYTES = 32;
/** characters a stored secret must have to be used (a truncated file is regenerated, not trusted). */
const MIN_SECRET_CHARS = 32;

/** Where the generated secret lives: beside the SQLite file, else in ./data. */
export function sessionSecretFile(databaseUrl = getEnv().DATABASE_URL): string {
  const db = sqlitePath(databaseUrl);
  return join(db ? dirname(db) : resolve("data"), "session-secret");
}

/** Read the stored secret, generating it on first use (an exclusive create: two processes agree on one). */
export function loadOrCreateSecret(file: string): string {
  const read = () => {
    try {
      const s = readFileSync(file, "utf8").trim();
      return s.length >= MIN_SECRET_CHARS ? s : null;
    } catch {
      return null;
    }
  };
  const existing = read();
  if (existing) return existing;
  const secret = randomBytes(SECRET_BYTES).toString("base64url");
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const other = read();
    if (other) return other;
    writeFileSync(file, `${secret}\n`, { mode: 0o600 }); // a file too short to trust: replace it
    return secret;
  }
}

let cached: { key: string; secret: string } | undefined;

/** SESSION_SECRET, else the stored (or newly generated) secret. */
export function serverSecret(): string {
  const env = getEnv();
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = sessionSecretFile(env.DATABASE_URL);
  if (cached?.key !== file) cached = { key: file, secret: loadOrCreateSecret(file) };
  return cached.secret;
}

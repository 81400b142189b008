// Cookie header parsing and Set-Cookie strings for the session cookie.
import { SESSION_COOKIE, SESSION_TTL_MS } from "./session.ts";

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    try {
      out[name] ??= decodeURIComponent(part.slice(i + 1).trim());
    } catch { /* ignore undecodable cookie */ }
  }
  return out;
}

/** HttpOnly so scripts cannot read it; SameSite=Lax so cross-site POSTs do not carry it. */
export function sessionCookie(token: string, opts: { secure: boolean }): string {
  return [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${Math.floor(SESSION_TTL_MS / 1000)}`, opts.secure ? "Secure" : ""]
    .filter(Boolean).join("; ");
}

export function clearSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}

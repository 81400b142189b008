import { NextResponse } from "next/server";
import { z } from "zod";
import { handle } from "@/lib/api/respond.ts";
import { routeLimits } from "@/lib/api/body.ts";
import { readBody, redirectTo, requestOrigin, safeLocalPath } from "@/lib/api/mutation.ts";
import { checkSameOrigin } from "@/lib/auth/csrf.ts";
import { CsrfError, currentPasswordTag, sessionSecret } from "@/lib/auth/guard.ts";
import { checkPassword } from "@/lib/auth/password.ts";
import { createSessionToken } from "@/lib/auth/session.ts";
import { sessionCookie } from "@/lib/auth/cookies.ts";
import { clientKey, countedByFront, logThrottled, processLoginThrottle, THROTTLED_LOCATION, TooManyAttemptsError } from "@/lib/auth/throttle.ts";
import { getDb } from "@/lib/db/client.ts";
import { createAdminSession, pruneAdminSessions } from "@/lib/db/sessions.ts";
import { getEnv } from "@/lib/config.ts";
import { log } from "@/lib/log.ts";

export const dynamic = "force-dynamic";

/** ms added to every failed attempt: slows password guessing to a crawl at no cost to a real admin. */
const FAILED_LOGIN_DELAY_MS = 400;
/** ms after which ended sessions' rows are deleted (kept a while so "why was I logged out" can be read). */
const ENDED_SESSION_KEEP_MS = 30 * 24 * 3600 * 1000;

const loginSchema = z.object({ password: z.string().max(1000).default(""), next: z.string().optional() });

/** One throttle per server process, shared with the web front (lib/auth/throttle.ts). */
const throttle = processLoginThrottle();

export const POST = handle(async (req: Request) => {
  // No session yet, so no token: login CSRF is stopped by the same-origin check.
  const origin = checkSameOrigin(req.headers);
  if (!origin.ok) throw new CsrfError(origin.reason);
  const env = getEnv();
  const client = clientKey(req.headers, env.TRUST_PROXY);
  const form = req.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded") ?? false;
  // Under `npm start` the web front has taken the attempt (and answered a refused one) already.
  if (!countedByFront(req.headers)) {
    try {
      throttle.take(client);
    } catch (err) {
      if (!(err instanceof TooManyAttemptsError)) throw err;
      logThrottled(client, err);
      if (form) return redirectTo(req, THROTTLED_LOCATION);
      throw err;
    }
  }
  const { input } = await readBody(req, routeLimits.login);
  const { password, next } = loginSchema.parse(input);
  const secret = sessionSecret();
  const target = safeLocalPath(next, "/sites");
  if (!secret || !checkPassword(env.ADMIN_PASSWORD, password)) {
    log.warn({ client, reason: secret ? "wrong_password" : "no_admin_password" }, "admin login failed");
    await new Promise((r) => setTimeout(r, FAILED_LOGIN_DELAY_MS));
    if (form) return redirectTo(req, `/login?error=1&next=${encodeURIComponent(target)}`);
    return NextResponse.json({ error: "unauthorized", message: "Wrong password." }, { status: 401 });
  }
  throttle.succeeded(client);
  const { token, session } = createSessionToken(secret);
  const db = await getDb();
  await createAdminSession(db, { nonce: session.nonce, passwordTag: currentPasswordTag(secret), expiresAt: new Date(session.expiresAt), userAgent: req.headers.get("user-agent") });
  await pruneAdminSessions(db, new Date(Date.now() - ENDED_SESSION_KEEP_MS));
  log.info({ client }, "admin logged in");
  const res = form ? redirectTo(req, target) : NextResponse.json({ ok: true });
  res.headers.append("set-cookie", sessionCookie(token, { secure: requestOrigin(req).startsWith("https:") }));
  return res;
});

import { NextResponse } from "next/server";
import { z } from "zod";
import { handle } from "@/lib/api/respond.ts";
import { readBody, redirectTo, requestOrigin, safeLocalPath } from "@/lib/api/mutation.ts";
import { checkSameOrigin } from "@/lib/auth/csrf.ts";
import { CsrfError, sessionSecret } from "@/lib/auth/guard.ts";
import { checkPassword } from "@/lib/auth/password.ts";
import { createSessionToken } from "@/lib/auth/session.ts";
import { sessionCookie } from "@/lib/auth/cookies.ts";
import { getEnv } from "@/lib/config.ts";

export const dynamic = "force-dynamic";

/** ms added to every failed attempt: slows password guessing to a crawl at no cost to a real admin. */
const FAILED_LOGIN_DELAY_MS = 400;

const loginSchema = z.object({ password: z.string().max(1000).default(""), next: z.string().optional() });

export const POST = handle(async (req: Request) => {
  // No session yet, so no token: login CSRF is stopped by the same-origin check.
  const origin = checkSameOrigin(req.headers);
  if (!origin.ok) throw new CsrfError(origin.reason);
  const { input, form } = await readBody(req);
  const { password, next } = loginSchema.parse(input);
  const secret = sessionSecret();
  const target = safeLocalPath(next, "/sites");
  if (!secret || !checkPassword(getEnv().ADMIN_PASSWORD, password)) {
    await new Promise((r) => setTimeout(r, FAILED_LOGIN_DELAY_MS));
    if (form) return redirectTo(req, `/login?error=1&next=${encodeURIComponent(target)}`);
    return NextResponse.json({ error: "unauthorized", message: "Wrong password." }, { status: 401 });
  }
  const { token } = createSessionToken(secret);
  const res = form ? redirectTo(req, target) : NextResponse.json({ ok: true });
  res.headers.append("set-cookie", sessionCookie(token, { secure: requestOrigin(req).startsWith("https:") }));
  return res;
});

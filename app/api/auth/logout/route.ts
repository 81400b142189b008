import { NextResponse } from "next/server";
import { handle } from "@/lib/api/respond.ts";
import { readMutation, redirectTo } from "@/lib/api/mutation.ts";
import { clearSessionCookie } from "@/lib/auth/cookies.ts";
import { getDb } from "@/lib/db/client.ts";
import { revokeAdminSession, revokeAllAdminSessions } from "@/lib/db/sessions.ts";
import { log } from "@/lib/log.ts";

export const dynamic = "force-dynamic";

/** Log out (admin): this session ends on the server; with `everywhere`, every open session does. */
export const POST = handle(async (req: Request) => {
  const { admin, input, form } = await readMutation(req);
  const everywhere = input.everywhere === true || input.everywhere === "true" || input.everywhere === "1";
  const db = await getDb();
  if (everywhere) log.info({ sessions: await revokeAllAdminSessions(db, "logout_everywhere") }, "admin logged out everywhere");
  else await revokeAdminSession(db, admin.session.nonce, "logout");
  const res = form ? redirectTo(req, "/") : NextResponse.json({ ok: true, everywhere });
  res.headers.append("set-cookie", clearSessionCookie());
  return res;
});

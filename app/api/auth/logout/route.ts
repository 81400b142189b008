import { NextResponse } from "next/server";
import { handle } from "@/lib/api/respond.ts";
import { readMutation, redirectTo } from "@/lib/api/mutation.ts";
import { clearSessionCookie } from "@/lib/auth/cookies.ts";

export const dynamic = "force-dynamic";

export const POST = handle(async (req: Request) => {
  const { form } = await readMutation(req);
  const res = form ? redirectTo(req, "/") : NextResponse.json({ ok: true });
  res.headers.append("set-cookie", clearSessionCookie());
  return res;
});

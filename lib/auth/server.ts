// The admin session as seen by server components (pages and layouts), from the request cookies.
import { cookies } from "next/headers";
import { adminFromToken, type AdminContext } from "./guard.ts";
import { SESSION_COOKIE } from "./session.ts";

export async function getAdmin(): Promise<AdminContext | null> {
  return adminFromToken((await cookies()).get(SESSION_COOKIE)?.value);
}

// The admin session as seen by server components (pages and layouts), from the request cookies.
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { adminFromToken, type AdminContext } from "./guard.ts";
import { SESSION_COOKIE } from "./session.ts";

export async function getAdmin(): Promise<AdminContext | null> {
  return adminFromToken((await cookies()).get(SESSION_COOKIE)?.value);
}

/** Admin pages call this first: readers are sent to the login page, and come back after it. */
export async function requireAdminPage(path: string): Promise<AdminContext> {
  const admin = await getAdmin();
  if (!admin) redirect(`/login?next=${encodeURIComponent(path)}`);
  return admin;
}

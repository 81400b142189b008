import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getAdmin } from "@/lib/auth/server.ts";
import { safeLocalPath } from "@/lib/api/mutation.ts";
import { sessionSecret } from "@/lib/auth/guard.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Log in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const next = safeLocalPath(sp.next, "/sites");
  if (await getAdmin()) redirect(next);
  const configured = sessionSecret() !== null;
  return (
    <section className="narrow">
      <h1>Admin log in</h1>
      <p className="muted">Readers need no account. Admins add sites, label pages and retrain the classifier.</p>
      {!configured ? (
        <p className="error" role="alert">No admin password is configured. Start Lede with <code>npm start</code> (it generates one) or set ADMIN_PASSWORD.</p>
      ) : null}
      {sp.error === "throttled" ? <p className="error" role="alert" data-testid="login-error">Too many login attempts; wait a minute and try again.</p>
        : sp.error ? <p className="error" role="alert" data-testid="login-error">Wrong password.</p> : null}
      <form method="post" action="/api/auth/login" className="stack" aria-label="Log in">
        <input type="hidden" name="next" value={next} />
        <label>
          Password
          <input type="password" name="password" autoComplete="current-password" required autoFocus />
        </label>
        <button type="submit">Log in</button>
      </form>
    </section>
  );
}

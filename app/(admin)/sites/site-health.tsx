// How a site is doing, said plainly: a failing seed shows its error key, its attempts and the next
// retry (the back-off), with a "Retry now" button (a plain form post, works without JavaScript).
import type { SiteStatus } from "@/lib/db/sites-view.ts";

function when(iso: string | null): string {
  return iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "—";
}

/** paused | failing (a seed's last fetch failed) | crawling (pages fetched) | waiting (nothing fetched yet). */
export function siteState(s: Pick<SiteStatus, "status" | "seeds" | "pages">): "paused" | "failing" | "crawling" | "waiting" {
  if (s.status === "paused") return "paused";
  if (s.seeds.some((f) => f.lastErrorKey)) return "failing";
  return s.pages > 0 ? "crawling" : "waiting";
}

export function RetryButton({ siteId, csrfToken, back }: { siteId: number; csrfToken: string; back: string }) {
  return (
    <form method="post" action={`/api/sites/${siteId}/retry`} className="inline-form">
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="small" data-testid="site-retry">Retry now</button>
    </form>
  );
}

/** The failing seeds of a site, one line each; nothing when all is well. */
export function SeedFailures({ site, csrfToken, back }: { site: SiteStatus; csrfToken: string; back: string }) {
  const failing = site.seeds.filter((f) => f.lastErrorKey);
  if (failing.length === 0) return null;
  return (
    <div className="failing" role="status" data-testid="seed-failure">
      {failing.map((f) => (
        <p key={f.url}>
          <span className="chip err">{f.lastErrorKey}</span>{" "}
          <span className="muted">{f.url}{f.lastStatus ? ` answered HTTP ${f.lastStatus}` : " could not be fetched"} ·{" "}
            {f.attempts > 0 ? `${f.attempts} attempt${f.attempts === 1 ? "" : "s"} · ` : ""}
            {f.nextCheckAt ? <>next retry {when(f.nextCheckAt)}</> : f.state === "leased" ? "being fetched now" : "no retry scheduled"}</span>
        </p>
      ))}
      <RetryButton siteId={site.id} csrfToken={csrfToken} back={back} />
    </div>
  );
}

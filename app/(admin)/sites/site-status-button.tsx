// Pause or resume a site: a plain form post (works without JavaScript), answered with a redirect back.
export function SiteStatusButton({ siteId, status, csrfToken, back = "/sites" }: { siteId: number; status: string; csrfToken: string; back?: string }) {
  const next = status === "paused" ? "active" : "paused";
  return (
    <form method="post" action={`/api/sites/${siteId}`} className="inline-form">
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="status" value={next} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="small" data-testid={`site-${next === "paused" ? "pause" : "resume"}`}>{next === "paused" ? "Pause" : "Resume"}</button>
    </form>
  );
}

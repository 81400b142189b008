import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { listSiteStatus, ERROR_WINDOW_DAYS } from "@/lib/db/sites-view.ts";
import { requireAdminPage } from "@/lib/auth/server.ts";
import { AddSiteForm } from "./add-site-form";
import { SiteStatusButton } from "./site-status-button";
import { SeedFailures, siteState } from "./site-health";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sites" };

const problemsSchema = z.array(z.object({ outline: z.string().max(300), reason: z.string().max(500) })).max(50);

/** The import's problems from the redirect's query (anything unreadable shows nothing). */
function readProblems(raw: string | undefined): { outline: string; reason: string }[] {
  if (!raw) return [];
  try {
    const parsed = problemsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function when(iso: string | null): string {
  return iso ? iso.slice(0, 16).replace("T", " ") : "—";
}

export default async function SitesPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const admin = await requireAdminPage("/sites");
  const sp = await searchParams;
  const sites = await listSiteStatus(await getDb());
  const problems = readProblems(sp.problems);
  return (
    <>
      <h1>Sites</h1>
      <AddSiteForm />
      <details className="card opml">
        <summary>Import or export sites (OPML)</summary>
        <form method="post" action="/api/sites/import" encType="multipart/form-data" aria-label="Import OPML" className="inline">
          <input type="hidden" name="_csrf" value={admin.csrfToken} />
          <label>
            OPML file (exported from a feed reader)
            <input type="file" name="file" accept=".opml,.xml,text/xml,application/xml" required />
          </label>
          <button type="submit">Import</button>
        </form>
        <p className="muted"><a href="/api/sites/export" download data-testid="opml-export">Export the sites as OPML</a></p>
      </details>
      {sp.deleted ? <p className="ok" role="status" data-testid="delete-result">The site was deleted, with its pages and articles.</p> : null}
      {sp.imported ? <p className="ok" role="status" data-testid="import-result">Imported {sp.imported} site(s); skipped {sp.skipped ?? 0}.</p> : null}
      {problems.length ? (
        <ul className="error" data-testid="import-problems" aria-label="Outlines not imported">
          {problems.map((p, i) => <li key={i}><strong>{p.outline}</strong>: {p.reason}</li>)}
        </ul>
      ) : null}
      {sites.length === 0 ? (
        <p className="empty">No sites yet. Add a news site&apos;s address above; Lede reads its robots.txt, feeds and sitemaps and starts crawling.</p>
      ) : (
        <div className="scroll">
          <table data-testid="sites-table">
            <caption className="muted">Errors are failures (network, server errors, limits) over the last {ERROR_WINDOW_DAYS} days; dead links are counted apart as “not found”. Times are UTC.</caption>
            <thead>
              <tr><th scope="col">Site</th><th scope="col">Status</th><th scope="col">Pages</th><th scope="col">Articles</th>
                <th scope="col" className="wide">Queue</th><th scope="col">Errors</th><th scope="col" className="wide">Next check</th><th scope="col" className="wide">robots.txt</th></tr>
            </thead>
            <tbody>
              {sites.map((s) => (
                <tr key={s.id} data-nav-item data-testid="site-row">
                  <td className="name"><Link href={`/sites/${s.id}`}><strong>{s.name}</strong></Link><br /><span className="muted url">{s.seedUrl}</span></td>
                  <td>
                    <span className={`badge ${siteState(s)}`} data-testid="site-state">{siteState(s)}</span>
                    <SiteStatusButton siteId={s.id} status={s.status} csrfToken={admin.csrfToken} />
                    <SeedFailures site={s} csrfToken={admin.csrfToken} back="/sites" />
                  </td>
                  <td>{s.pages}</td>
                  <td>{s.articles}</td>
                  <td className="muted wide">{Object.entries(s.frontier).map(([k, v]) => `${k} ${v}`).join(", ") || "—"}</td>
                  <td>{s.errors.length === 0 && s.notFound === 0 ? "—" : null}
                    {s.errors.map((e) => <span key={e.key} className="chip err">{e.key} × {e.count}</span>)}
                    {s.notFound ? <span className="chip" data-testid="not-found">not found × {s.notFound}</span> : null}</td>
                  <td className="wide">{s.status === "paused" ? "paused" : when(s.nextCheckAt)}{s.hostBackoffUntil && s.hostBackoffUntil > new Date().toISOString() ? <><br /><span className="muted">backing off until {when(s.hostBackoffUntil)}</span></> : null}</td>
                  <td className="wide">{s.robotsState ?? "not fetched yet"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

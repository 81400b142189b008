import type { Metadata } from "next";
import { getDb } from "@/lib/db/client.ts";
import { listSites } from "@/lib/db/sites.ts";
import { AddSiteForm } from "./add-site-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sites" };

export default async function SitesPage() {
  const sites = await listSites(await getDb());
  return (
    <>
      <h1>Sites</h1>
      <AddSiteForm />
      {sites.length === 0 ? (
        <p className="empty">No sites yet. Add a news site's address above; Lede reads its robots.txt, feeds and sitemaps and starts crawling.</p>
      ) : (
        <table data-testid="sites-table">
          <thead><tr><th>Site</th><th>Status</th><th>Pages</th><th>Articles</th><th>Last error</th></tr></thead>
          <tbody>
            {sites.map((s) => (
              <tr key={s.id}>
                <td><strong>{s.name}</strong><br /><span className="muted">{s.seedUrl}</span></td>
                <td>{s.status}</td>
                <td>{s._count.pages}</td>
                <td>{s._count.articles}</td>
                <td>{s.lastErrorKey ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { describeSiteDeletion, getCrawlSite } from "@/lib/db/sites.ts";
import { requireAdminPage } from "@/lib/auth/server.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Delete site" };

function n(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
}

/** The confirmation before a site is deleted: what goes with it, and what stays. */
export default async function DeleteSitePage({ params }: { params: Promise<{ id: string }> }) {
  const raw = (await params).id;
  const admin = await requireAdminPage(`/sites/${encodeURIComponent(raw)}/delete`);
  const id = z.coerce.number().int().positive().safeParse(raw);
  if (!id.success) notFound();
  const db = await getDb();
  const [site, impact] = await Promise.all([getCrawlSite(db, id.data), describeSiteDeletion(db, id.data)]);
  if (!site || !impact) notFound();
  return (
    <div className="narrow-wide">
      <p className="muted crumbs"><Link href={`/sites/${site.id}`}>← {site.name}</Link></p>
      <h1>Delete {site.name}?</h1>
      <div className="card" data-testid="delete-impact">
        <p>Deleting <strong>{site.name}</strong> ({site.seedUrl}) stops its crawl and removes, for good:</p>
        <ul>
          <li>{n(impact.pages, "stored page")} and {n(impact.frontierUrls, "queued or visited address", "queued or visited addresses")};</li>
          <li>{n(impact.articles, "article")} (they leave News, search and the feeds);</li>
          <li>{n(impact.storiesRemoved, "story", "stories")} made only of this site&apos;s articles;</li>
          <li>its template and its fetch log.</li>
        </ul>
        <p>{n(impact.storiesKept, "story", "stories")} shared with other sites stay, without this site&apos;s articles.
          {impact.labels ? ` ${n(impact.labels, "review label")} stay too: they are kept by address and keep teaching the classifier.` : ""}</p>
        <p className="muted">To stop crawling but keep everything, pause the site instead.</p>
        <form method="post" action={`/api/sites/${site.id}/delete`} className="inline-form">
          <input type="hidden" name="_csrf" value={admin.csrfToken} />
          <button type="submit" className="danger" data-testid="confirm-delete">Delete {site.name}</button>
        </form>{" "}
        <Link href={`/sites/${site.id}`}>Cancel</Link>
      </div>
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { findSamplePageId, listRecentPages, listSiteStatus } from "@/lib/db/sites-view.ts";
import { getSiteTemplate } from "@/lib/db/templates.ts";
import { countTemplateBacklog } from "@/lib/db/template-pages.ts";
import { getSiteEvidenceView } from "@/lib/db/site-evidence.ts";
import { loadStoredPage } from "@/lib/db/pages.ts";
import { decodeHtml } from "@/lib/encoding/decode.ts";
import { describeTemplate } from "@/lib/extract/template.ts";
import { buildTemplatePreview } from "@/lib/api/template-preview.ts";
import { getAdmin, requireAdminPage } from "@/lib/auth/server.ts";
import { SiteStatusButton } from "../site-status-button";
import { SeedFailures, siteState } from "../site-health";
import { getCrawlSite } from "@/lib/db/sites.ts";

export const dynamic = "force-dynamic";
/** The tab names the site (and says so when there is no such site). */
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const id = z.coerce.number().int().positive().safeParse((await params).id);
  const admin = await getAdmin();
  const site = id.success && admin ? await getCrawlSite(await getDb(), id.data) : null;
  return { title: site ? `${site.name} · Sites` : admin ? "Page not found" : "Site" };
}

/** Template entries listed; the rest are summarised by count. */
const TEMPLATE_ENTRIES_SHOWN = 60;

function when(iso: string | null): string {
  return iso ? iso.slice(0, 16).replace("T", " ") : "—";
}

const fmtCount = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export default async function SitePage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const raw = (await params).id;
  const sp = await searchParams;
  const admin = await requireAdminPage(`/sites/${encodeURIComponent(raw)}`);
  const id = z.coerce.number().int().positive().safeParse(raw);
  if (!id.success) notFound();
  const db = await getDb();
  const [[site], pages, row, sampleId, settings, backlog, evidence] = await Promise.all([
    listSiteStatus(db, { siteId: id.data }), listRecentPages(db, id.data), getSiteTemplate(db, id.data), findSamplePageId(db, id.data),
    getCrawlSite(db, id.data), countTemplateBacklog(db, id.data), getSiteEvidenceView(db, id.data),
  ]);
  if (!site || !settings) notFound();
  const back = `/sites/${site.id}`;
  const template = row?.template ?? null;
  const description = template ? describeTemplate(template) : null;
  let preview: { html: string; url: string } | null = null;
  if (template && sampleId) {
    const page = await loadStoredPage(db, sampleId);
    if (page) preview = { html: buildTemplatePreview(template, decodeHtml(page.body, page.contentType).text), url: page.url };
  }
  const builtFrom = description ? pages.slice(0, description.windowPages) : [];
  return (
    <>
      <p className="muted crumbs"><Link href="/sites">← Sites</Link></p>
      <h1>{site.name}</h1>
      <p className="muted">{site.seedUrl} · <span className={`badge ${siteState(site)}`} data-testid="site-state">{siteState(site)}</span> · robots.txt: {site.robotsState ?? "not fetched yet"}
        {site.robotsFetchedAt ? ` (${when(site.robotsFetchedAt)})` : ""}</p>
      <SiteStatusButton siteId={site.id} status={site.status} csrfToken={admin.csrfToken} back={back} />
      <SeedFailures site={site} csrfToken={admin.csrfToken} back={back} />
      <dl className="facts">
        <div><dt>Pages</dt><dd>{site.pages}</dd></div>
        <div><dt>Articles</dt><dd>{site.articles}</dd></div>
        <div><dt>Queue</dt><dd>{Object.entries(site.frontier).map(([k, v]) => `${k} ${v}`).join(", ") || "—"}</dd></div>
        <div><dt>Next check</dt><dd>{when(site.nextCheckAt)}</dd></div>
        <div><dt>Failures</dt><dd data-testid="site-errors">{site.errors.length ? site.errors.map((e) => `${e.key} × ${e.count}`).join(", ") : "—"}</dd></div>
        <div><dt>Not found</dt><dd data-testid="site-not-found">{site.notFound ? `${site.notFound} dead link${site.notFound === 1 ? "" : "s"}` : "—"}</dd></div>
        <div><dt>Seeds</dt><dd>{site.seeds.map((f) => <span key={f.url} className="seed">{f.url}<br /></span>)}</dd></div>
      </dl>

      <details className="card" data-testid="site-edit">
        <summary>Edit site: name, scope, limits, delay</summary>
        <form method="post" action={`/api/sites/${site.id}`} className="stack" aria-label="Edit site">
          <input type="hidden" name="_csrf" value={admin.csrfToken} />
          <input type="hidden" name="back" value={back} />
          <label>Name<input name="name" defaultValue={settings.name} required maxLength={120} /></label>
          <label>Status
            <select name="status" defaultValue={settings.status}><option value="active">active</option><option value="paused">paused</option></select>
          </label>
          <label>Only URLs matching (regular expression, empty: the whole site)<input name="includePattern" defaultValue={settings.includePattern ?? ""} /></label>
          <label>Never URLs matching (regular expression)<input name="excludePattern" defaultValue={settings.excludePattern ?? ""} /></label>
          <label>Page limit (pages fetched, all time)<input name="maxPages" type="number" min={1} max={100000} defaultValue={settings.maxPages} /></label>
          <label>Link depth from the seed<input name="maxDepth" type="number" min={0} max={20} defaultValue={settings.maxDepth} /></label>
          <label>Delay between requests (ms)<input name="crawlDelayMs" type="number" min={0} max={600000} defaultValue={settings.crawlDelayMs} /></label>
          <input type="hidden" name="allowPrivateNetwork" value="false" />
          <label className="check"><input type="checkbox" name="allowPrivateNetwork" defaultChecked={settings.allowPrivateNetwork} /> Allow private networks for this site</label>
          <button type="submit" data-testid="site-save">Save</button>
        </form>
        <form method="post" action={`/api/sites/${site.id}/sections`} className="inline" aria-label="Add a section">
          <input type="hidden" name="_csrf" value={admin.csrfToken} />
          <label>Add a section of this site (crawled as one more seed)<input name="url" placeholder={`${site.seedUrl.replace(/\/$/, "")}/section/`} required /></label>
          <button type="submit">Add section</button>
        </form>
      </details>
      <p><Link href={`/sites/${site.id}/delete`} className="danger" data-testid="site-delete">Delete this site…</Link></p>

      <section aria-labelledby="tpl-title" data-testid="template-view">
        <h2 id="tpl-title" className="sub">Template</h2>
        {!row || !description ? (
          <p className="empty">No template yet: it is learnt from the site&apos;s pages as they are crawled.
            {backlog.awaiting ? ` ${backlog.awaiting} page${backlog.awaiting === 1 ? " is" : "s are"} held back until it is ready.` : ""}</p>
        ) : (
          <>
            <p className="muted">
              {description.entries.length} entries from {description.windowPages} recent pages ({description.pageCount} seen in all) ·
              mode {description.mode}{description.mode === "ratio" ? ` (on ≥ ${Math.round(description.minRatio * 100)} % of pages)` : ""} ·
              {description.ready ? " in use" : " not in use yet (too few pages)"} · version {description.version}, last changed{" "}
              {when(description.changedAt)} UTC · stored {when(row.updatedAt.toISOString())} UTC
            </p>
            <p className="muted" data-testid="template-backlog">
              Waiting for (re-)extraction: {backlog.stale} page{backlog.stale === 1 ? "" : "s"} extracted with an older version of the template
              {backlog.awaiting ? `, ${backlog.awaiting} held back until the template is ready` : ""}.
            </p>
            <p className="muted" data-testid="template-redesigns">
              {description.redesigns.length === 0 ? "No redesign seen." : `Redesigns seen: ${description.redesigns.length}`}
            </p>
            {description.redesigns.length ? (
              <ul>{description.redesigns.map((r, i) => (
                <li key={i}>{when(r.at)} UTC, at page {r.pageCount}: the latest pages held {Math.round(r.overlap * 100)} % of the template; it restarted from them</li>
              ))}</ul>
            ) : null}
            <details>
              <summary>Template entries</summary>
              <table>
                <thead><tr><th scope="col">Tag path</th><th scope="col">Text</th><th scope="col">On pages</th></tr></thead>
                <tbody>
                  {description.entries.slice(0, TEMPLATE_ENTRIES_SHOWN).map((e, i) => (
                    <tr key={i}><td className="path">{e.path}</td><td>{e.text}</td><td>{Math.round(e.ratio * 100)} %</td></tr>
                  ))}
                </tbody>
              </table>
              {description.entries.length > TEMPLATE_ENTRIES_SHOWN ? <p className="muted">… and {description.entries.length - TEMPLATE_ENTRIES_SHOWN} more.</p> : null}
            </details>
            <details>
              <summary>Pages that built it</summary>
              <ul className="urls">{builtFrom.map((p) => <li key={p.id}><a href={p.url} rel="noopener noreferrer nofollow">{p.url}</a> <span className="muted">{when(p.fetchedAt)}</span></li>)}</ul>
            </details>
            {preview ? (
              <figure className="preview">
                <figcaption>
                  <a href={preview.url} rel="noopener noreferrer nofollow">{preview.url}</a> with the template <span className="lede-tpl">greyed out</span> and
                  the content <span className="lede-content">highlighted</span>.
                </figcaption>
                {/* sandbox with no permissions: no scripts, no forms, no same-origin access */}
                <iframe sandbox="" srcDoc={preview.html} title="Page marked with its template" data-testid="template-preview" />
              </figure>
            ) : null}
          </>
        )}
      </section>

      <section aria-labelledby="patterns-title" data-testid="url-patterns">
        <h2 id="patterns-title" className="sub">URL patterns and page templates</h2>
        {sp.pattern_marked !== undefined ? <p className="ok" role="status">Pattern marked not news; {Number(sp.pattern_marked)} stored articles taken off News.</p> : null}
        {sp.pattern_unmarked !== undefined ? <p className="ok" role="status">Mark lifted: the pattern&apos;s pages to come are decided by the evidence again (articles it took off stay off until re-processed or labelled news).</p> : null}
        {sp.pattern_error ? <p className="error" role="alert">That URL pattern is not known for this site.</p> : null}
        {!evidence || evidence.patterns.length === 0 ? (
          <p className="empty">No URL patterns learnt yet: they are counted from the site&apos;s feeds, the pages the classifier is sure about and your labels.</p>
        ) : (
          <>
            <p className="muted">Learnt from {evidence.pages} pages and feed entries. A page whose pattern the site uses for articles gains evidence; one whose pattern it uses for other pages loses it. A &ldquo;template:&rdquo; pattern is where the extractor found the page&apos;s content (its tag path): pages of one template share it.</p>
            <div className="scroll">
              <table className="patterns">
                <thead><tr><th scope="col">Pattern</th><th scope="col">News</th><th scope="col">Other</th><th scope="col">Example</th><th scope="col">Correction</th></tr></thead>
                <tbody>
                  {evidence.patterns.map((p) => (
                    <tr key={p.pattern} data-pattern={p.pattern}>
                      <td className="path">{p.pattern}</td>
                      <td className="num" data-label="News">{fmtCount(p.news)}</td>
                      <td className="num" data-label="Other">{fmtCount(p.other)}</td>
                      <td className="example">{p.example ? <a className="muted" href={p.example} rel="noopener noreferrer nofollow">{p.example}</a> : "—"}</td>
                      <td className="action">
                        <form method="post" action={`/api/sites/${site.id}/patterns`}>
                          <input type="hidden" name="_csrf" value={admin.csrfToken} />
                          <input type="hidden" name="pattern" value={p.pattern} />
                          <input type="hidden" name="notNews" value={p.notNews ? "false" : "true"} />
                          <input type="hidden" name="back" value={`/sites/${site.id}`} />
                          {p.notNews ? <><span className="badge not_news">not news</span> <button type="submit">Undo</button></> : <button type="submit">Mark not news</button>}
                        </form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="pages-title">
        <h2 id="pages-title" className="sub">Recent pages</h2>
        {pages.length === 0 ? <p className="empty">No pages fetched yet.</p> : (
          <div className="scroll">
            <table data-testid="recent-pages" className="recent">
              <thead><tr><th scope="col">Page</th><th scope="col">HTTP</th><th scope="col">Outcome</th><th scope="col">Encoding</th><th scope="col">Fetched (UTC)</th></tr></thead>
              <tbody>
                {pages.map((p) => (
                  <tr key={p.id} data-nav-item>
                    <td>{p.articleId ? <Link href={`/articles/${p.articleId}`}>{p.articleTitle}</Link> : null}<br /><a className="muted" href={p.url} rel="noopener noreferrer nofollow">{p.url}</a></td>
                    <td data-label="HTTP">{p.status}</td>
                    <td><span className={`badge ${p.outcome ?? ""}`}>{p.outcome ?? "pending"}</span>{p.outcomeReason ? <><br /><span className="muted">{p.outcomeReason}</span></> : null}</td>
                    <td data-label="Encoding">{p.charset ?? "—"}{p.charsetSource ? <span className="muted"> ({p.charsetSource})</span> : null}</td>
                    <td data-label="Fetched">{when(p.fetchedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

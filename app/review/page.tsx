import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/lib/db/client.ts";
import { countLabels, listDisagreements, listMisclassified, listUncertainArticles, type ReviewItem } from "@/lib/db/labels.ts";
import { listModelMetrics, type ModelVersionRow } from "@/lib/db/quality.ts";
import { requireAdminPage } from "@/lib/auth/server.ts";
import { readImportJob, type ImportJobStatus } from "@/lib/api/label-import-job.ts";
import { ReviewShortcuts } from "./review-shortcuts";

/** seconds between reloads of the review page while a label import it shows is running */
const IMPORT_REFRESH_SECONDS = 2;

function importJob(id: string | undefined): ImportJobStatus | { error: string } | null {
  if (!id) return null;
  try {
    return readImportJob(id);
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** A label import job as it stands: advancing (the page reloads itself), finished, or failed and why. */
function ImportProgress({ job }: { job: ImportJobStatus | { error: string } }) {
  if (!("state" in job)) return <p className="error" role="alert" data-testid="import-job">Label import: {job.error}.</p>;
  const counts = `${job.imported} labels stored, ${job.duplicates} already known, ${job.invalidCount} invalid lines`;
  const bad = job.invalid.length ? (
    <ul className="muted">{job.invalid.slice(0, 10).map((b) => <li key={b.line}>line {b.line}: {b.reason}</li>)}</ul>
  ) : null;
  if (job.state === "running") {
    const pct = job.bytes ? Math.min(100, Math.round((100 * job.bytesRead) / job.bytes)) : 0;
    return (
      <div role="status" data-testid="import-job" data-state="running">
        <meta httpEquiv="refresh" content={String(IMPORT_REFRESH_SECONDS)} />
        <p className="muted">Importing labels: {pct}% of the file read, {job.lines} lines; {counts} so far. This page reloads itself until it is done.</p>
        <progress max={100} value={pct} />
        {bad}
      </div>
    );
  }
  if (job.state === "failed") {
    return <div role="alert" data-testid="import-job" data-state="failed"><p className="error">Label import failed: {job.error} ({counts}).</p>{bad}</div>;
  }
  return <div role="status" data-testid="import-job" data-state="done"><p className="ok">Imported {job.imported} labels ({job.duplicates} already known, {job.invalidCount} invalid lines).</p>{bad}</div>;
}

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review" };

/** Pages shown per queue: a sitting's worth of labelling. */
const QUEUE_SIZE = 15;
/** Characters of extracted text shown per page: enough to judge, short enough to scan. */
const TEXT_PREVIEW_CHARS = 1500;
const SHORTCUTS: [string, string][] = [["n", "label the selected page news"], ["x", "label the selected page not news"]];

function pct(v: number | null): string {
  return v === null ? "—" : `${(v * 100).toFixed(1)} %`;
}

function Item({ item, csrf }: { item: ReviewItem; csrf: string }) {
  return (
    <li className="card review-item" data-nav-item data-testid="review-item">
      <h3><Link href={`/articles/${item.articleId}`}>{item.title || "(no title)"}</Link></h3>
      <p className="muted">
        {item.siteName ?? ""} · model says <strong>{item.isNews ? "news" : "not news"}</strong>
        {item.newsScore !== null ? ` (score ${(item.newsScore * 100).toFixed(0)} %)` : ""}
        {item.decisionReason ? ` — ${item.decisionReason}` : ""}
        {item.label ? <> · admin said <strong>{item.label.isNews ? "news" : "not news"}</strong> ({item.label.source})</> : null}
        {" · "}<a href={item.url} rel="noopener noreferrer nofollow">original</a>
      </p>
      <div className="text">{item.text.slice(0, TEXT_PREVIEW_CHARS)}{item.text.length > TEXT_PREVIEW_CHARS ? "…" : ""}</div>
      <form method="post" action="/api/labels" className="actions" data-label-form>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="pageId" value={item.pageId} />
        <input type="hidden" name="back" value="/review" />
        <button type="submit" name="isNews" value="true" data-label="news">News <kbd>n</kbd></button>
        <button type="submit" name="isNews" value="false" data-label="not-news" className="secondary">Not news <kbd>x</kbd></button>
      </form>
    </li>
  );
}

function MetricsCompare({ current, previous }: { current: ModelVersionRow; previous: ModelVersionRow | undefined }) {
  const rows: [string, keyof ModelVersionRow][] = [["Accuracy", "accuracy"], ["Precision", "precision"], ["Recall", "recall"], ["F1", "f1"]];
  return (
    <table className="metrics-compare" data-testid="metrics-compare">
      <caption className="muted">10-fold cross-validation</caption>
      <thead><tr><th scope="col">Metric</th>{previous ? <th scope="col">Previous #{previous.id}</th> : null}<th scope="col">New #{current.id}</th></tr></thead>
      <tbody>
        {rows.map(([name, k]) => (
          <tr key={k}><th scope="row">{name}</th>{previous ? <td>{pct(previous[k] as number | null)}</td> : null}<td>{pct(current[k] as number | null)}</td></tr>
        ))}
        <tr><th scope="row">Trained on</th>{previous ? <td>{previous.trainingSize}</td> : null}<td>{current.trainingSize}</td></tr>
      </tbody>
    </table>
  );
}

export default async function ReviewPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const admin = await requireAdminPage("/review");
  const sp = await searchParams;
  const db = await getDb();
  const [uncertain, disagreements, misclassified, counts, models] = await Promise.all([
    listUncertainArticles(db, { limit: QUEUE_SIZE }), listDisagreements(db, { limit: QUEUE_SIZE }),
    listMisclassified(db, { limit: 50 }), countLabels(db), listModelMetrics(db),
  ]);
  const retrainedId = Number(sp.retrained);
  const current = models.find((m) => m.id === retrainedId) ?? models.find((m) => m.active);
  const previous = current ? [...models].reverse().find((m) => m.id < current.id) : undefined;
  return (
    <div data-shortcuts={JSON.stringify(SHORTCUTS)}>
      <ReviewShortcuts />
      <h1>Review</h1>
      <p className="muted">{counts.total} labels on {counts.urls} pages ({counts.news} news). Labels are kept for good and feed the next training run.</p>
      {sp.labelled ? <p className="ok" role="status" data-testid="label-saved">Label saved.</p> : null}
      {sp.retrain_error ? <p className="error" role="alert" data-testid="retrain-error">{sp.retrain_error === "too_few_samples" ? (sp.need_news !== undefined ? `Retraining needs ${Number(sp.need_news)} more news and ${Number(sp.need_not_news ?? 0)} more not-news labels (no shipped base set was found).` : "Retraining needs more labelled pages of both kinds.") : sp.retrain_error === "busy" ? "A training run is already going on." : `Retraining failed (${sp.retrain_error}); see the server log.`}</p> : null}
      {sp.import ? <ImportProgress job={importJob(sp.import)!} /> : null}
      {sp.imported !== undefined ? <p className="ok" role="status">Imported {sp.imported} labels ({sp.duplicates ?? 0} already known, {sp.invalid ?? 0} invalid lines).</p> : null}

      <section className="card" aria-labelledby="model-title">
        <h2 id="model-title" className="sub">Classifier</h2>
        {current ? <MetricsCompare current={current} previous={previous} /> : <p className="muted">No trained model version yet; the shipped default model is in use.</p>}
        <form method="post" action="/api/models/retrain" className="actions">
          <input type="hidden" name="_csrf" value={admin.csrfToken} />
          <button type="submit" data-testid="retrain">Retrain</button>
          <span className="muted">Trains on the base set shipped with Lede (WCXB, news-site pages) and every admin label; takes a while.</span>
        </form>
        <p className="muted">
          <a href="/api/labels/export" download="lede-labels.jsonl">Export labels (JSONL)</a>
        </p>
        <form method="post" action="/api/labels/import" encType="multipart/form-data" className="inline" aria-label="Import labels">
          <input type="hidden" name="_csrf" value={admin.csrfToken} />
          <label>Import labels (JSONL)<input type="file" name="file" accept=".jsonl,application/jsonl,application/x-ndjson,text/plain" required /></label>
          <button type="submit" className="secondary">Import</button>
        </form>
      </section>

      <section aria-labelledby="uncertain-title">
        <h2 id="uncertain-title" className="sub">Least certain</h2>
        {uncertain.length === 0 ? <p className="empty">Nothing to review: every scored page is labelled.</p> : (
          <ol className="cards" data-testid="queue-uncertain">{uncertain.map((i) => <Item key={i.articleId} item={i} csrf={admin.csrfToken} />)}</ol>
        )}
      </section>
      <section aria-labelledby="disagree-title">
        <h2 id="disagree-title" className="sub">Where an admin disagreed</h2>
        {disagreements.length === 0 ? <p className="empty">No disagreements.</p> : (
          <ol className="cards" data-testid="queue-disagreements">{disagreements.map((i) => <Item key={i.articleId} item={i} csrf={admin.csrfToken} />)}</ol>
        )}
      </section>
      <section aria-labelledby="mis-title">
        <h2 id="mis-title" className="sub">Misclassified pages</h2>
        <p className="muted">{misclassified.labelled} labelled pages: {misclassified.falsePositives} wrongly called news, {misclassified.falseNegatives} wrongly called not news.</p>
        {misclassified.items.length === 0 ? null : (
          <div className="scroll"><table data-testid="misclassified">
            <thead><tr><th scope="col">Page</th><th scope="col">Model</th><th scope="col">Admin</th><th scope="col">Reason</th></tr></thead>
            <tbody>{misclassified.items.map((i) => (
              <tr key={i.articleId}><td><Link href={`/articles/${i.articleId}`}>{i.title || i.url}</Link></td>
                <td>{i.isNews ? "news" : "not news"} {i.newsScore !== null ? `(${(i.newsScore * 100).toFixed(0)} %)` : ""}</td>
                <td>{i.label ? (i.label.isNews ? "news" : "not news") : "—"}</td><td className="muted">{i.decisionReason ?? ""}</td></tr>
            ))}</tbody>
          </table></div>
        )}
      </section>
    </div>
  );
}

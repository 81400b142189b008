import type { Metadata } from "next";
import { getDb } from "@/lib/db/client.ts";
import { getQualityReport, THROUGHPUT_HOURS, type CountRow } from "@/lib/db/quality.ts";
import { CountChart, ModelChart, ThroughputChart } from "./charts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Quality" };

function pct(v: number | null): string {
  return v === null ? "—" : `${(v * 100).toFixed(1)} %`;
}

function CountTable({ rows, caption }: { rows: CountRow[]; caption: string }) {
  const total = rows.reduce((s, r) => s + r.count, 0);
  return (
    <details>
      <summary>{caption}: data</summary>
      <table>
        <thead><tr><th scope="col">Value</th><th scope="col">Count</th><th scope="col">Share</th></tr></thead>
        <tbody>{rows.map((r) => <tr key={r.name}><td>{r.name}</td><td>{r.count}</td><td>{total ? `${((r.count / total) * 100).toFixed(1)} %` : "—"}</td></tr>)}</tbody>
      </table>
    </details>
  );
}

export default async function QualityPage() {
  const q = await getQualityReport(await getDb());
  const totalFetches = q.throughput.reduce((s, r) => s + r.fetches, 0);
  const totalErrors = q.throughput.reduce((s, r) => s + r.errors, 0);
  const totalNotFound = q.throughput.reduce((s, r) => s + r.notFound, 0);
  return (
    <div data-testid="quality-page">
      <h1>Quality</h1>
      <p className="muted">{q.articles.toLocaleString("en")} articles extracted. Times are UTC.</p>
      <div className="grid2">
        <section className="card" aria-labelledby="q-method">
          <h2 id="q-method" className="sub">Extraction method</h2>
          <CountChart rows={q.methodMix} label="Articles per extraction method" />
          <CountTable rows={q.methodMix} caption="Extraction method" />
        </section>
        <section className="card" aria-labelledby="q-length">
          <h2 id="q-length" className="sub">Text length (characters)</h2>
          <CountChart rows={q.textLengths} label="Articles per text-length bucket" />
          <CountTable rows={q.textLengths} caption="Text length" />
        </section>
        <section className="card" aria-labelledby="q-enc">
          <h2 id="q-enc" className="sub">Where encodings came from</h2>
          <CountChart rows={q.encodingSources} label="Pages per charset source" />
          <CountTable rows={q.encodingSources} caption="Charset source" />
        </section>
        <section className="card" aria-labelledby="q-outcome">
          <h2 id="q-outcome" className="sub">Page outcomes</h2>
          <CountChart rows={q.outcomes} label="Pages per outcome" />
          <CountTable rows={q.outcomes} caption="Page outcome" />
        </section>
      </div>
      <section className="card" aria-labelledby="q-models">
        <h2 id="q-models" className="sub">Classifier: 10-fold cross-validation per model version</h2>
        {q.models.length === 0 ? <p className="empty">No model trained yet (run <code>lede train</code> or Retrain on the Review page).</p> : (
          <>
            <ModelChart rows={q.models} />
            <table data-testid="model-versions">
              <thead><tr><th scope="col">Version</th><th scope="col">Kind</th><th scope="col">Trained on</th><th scope="col">Accuracy</th><th scope="col">Precision</th><th scope="col">Recall</th><th scope="col">F1</th><th scope="col">Held-out acc.</th><th scope="col">Created</th></tr></thead>
              <tbody>{q.models.map((m) => (
                <tr key={m.id}><td>#{m.id}{m.active ? " (active)" : ""}</td><td>{m.kind}</td><td>{m.trainingSize}</td><td>{pct(m.accuracy)}</td><td>{pct(m.precision)}</td>
                  <td>{pct(m.recall)}</td><td>{pct(m.f1)}</td><td>{pct(m.heldOutAccuracy)}</td><td>{m.createdAt.slice(0, 16).replace("T", " ")}</td></tr>
              ))}</tbody>
            </table>
          </>
        )}
      </section>
      <section className="card" aria-labelledby="q-crawl">
        <h2 id="q-crawl" className="sub">Crawl: fetches and errors per hour, last {THROUGHPUT_HOURS} h</h2>
        <p className="muted" data-testid="crawl-summary">{totalFetches} fetches, {totalNotFound} not found (dead links), {totalErrors} failures{q.errorKeys.length ? ` (${q.errorKeys.join(", ")})` : ""}.</p>
        <div className="scroll"><ThroughputChart rows={q.throughput} errorKeys={q.errorKeys} /></div>
        <details>
          <summary>Crawl: data</summary>
          <table>
            <thead><tr><th scope="col">Hour</th><th scope="col">Fetches</th><th scope="col">Not found</th><th scope="col">Failures</th><th scope="col">By key</th><th scope="col">KiB</th></tr></thead>
            <tbody>{q.throughput.filter((r) => r.fetches > 0).map((r) => (
              <tr key={r.hour}><td>{r.hour.replace("T", " ")}h</td><td>{r.fetches}</td><td>{r.notFound}</td><td>{r.errors}</td>
                <td>{Object.entries(r.byKey).map(([k, v]) => `${k} ${v}`).join(", ") || "—"}</td><td>{Math.round(r.bytes / 1024)}</td></tr>
            ))}</tbody>
          </table>
        </details>
      </section>
    </div>
  );
}

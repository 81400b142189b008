// Counters of one worker run, for the progress line and the benchmark.
export interface CrawlStats {
  /** HTTP fetches that returned a response (any status). */
  fetched: number;
  /** Pages handed to the ingest pipeline. */
  pages: number;
  /** Ingest outcomes: article, not_news, duplicate, too_short. */
  outcomes: Record<string, number>;
  /** Fetches or steps that failed, by error key. */
  errors: Record<string, number>;
  /** URLs added to the frontier. */
  enqueued: number;
  /** Discovery documents read (feeds, sitemaps). */
  documents: number;
  notModified: number;
  startedAt: number;
}

export function createStats(): CrawlStats {
  return { fetched: 0, pages: 0, outcomes: {}, errors: {}, enqueued: 0, documents: 0, notModified: 0, startedAt: Date.now() };
}

export function countError(stats: CrawlStats, key: string): void {
  stats.errors[key] = (stats.errors[key] ?? 0) + 1;
}

export function errorTotal(stats: CrawlStats): number {
  return Object.values(stats.errors).reduce((a, b) => a + b, 0);
}

/** "120 pages (80 articles), 3 errors, 410 queued, 14.2 pages/s" */
export function formatProgress(stats: CrawlStats, queued?: number): string {
  const secs = Math.max(0.001, (Date.now() - stats.startedAt) / 1000);
  const parts = [
    `${stats.pages} pages (${stats.outcomes.article ?? 0} articles)`,
    `${stats.documents} feeds/sitemaps`,
    `${errorTotal(stats)} errors`,
  ];
  if (queued !== undefined) parts.push(`${queued} queued`);
  parts.push(`${(stats.pages / secs).toFixed(1)} pages/s`);
  return parts.join(", ");
}

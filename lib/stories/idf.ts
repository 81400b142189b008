// Document frequencies maintained incrementally (every grouped article adds its distinct terms once).

export interface DocumentFrequencySource {
  /** documents seen */
  readonly documents: number;
  df(term: string): number;
}

/** Smoothed IDF: ln((1 + N) / (1 + df)) + 1, as natural's TfIdf and scikit-learn use. */
export function inverseDocumentFrequency(source: DocumentFrequencySource, term: string): number {
  return Math.log((1 + source.documents) / (1 + source.df(term))) + 1;
}

export class DocumentFrequencies implements DocumentFrequencySource {
  documents = 0;
  private readonly counts = new Map<string, number>();

  df(term: string): number {
    return this.counts.get(term) ?? 0;
  }

  /** A copy of the document frequencies. */
  entries(): Map<string, number> {
    return new Map(this.counts);
  }

  /** Replace the counts (loading a saved state). */
  load(documents: number, counts: Map<string, number>): void {
    this.documents = documents;
    this.counts.clear();
    for (const [t, n] of counts) this.counts.set(t, n);
  }

  addDocument(terms: Iterable<string>): void {
    this.documents++;
    for (const t of terms) this.counts.set(t, (this.counts.get(t) ?? 0) + 1);
  }
}

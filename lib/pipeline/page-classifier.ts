// A loaded classifier as the pipeline's PageClassifier: the same wrapper in the worker process and in
// its page thread (lib/crawl/page-thread.ts), so a page gets one verdict and reason wherever it runs.
import type { Classifier } from "../classify/model.ts";
import { classifyPage } from "../classify/classify-page.ts";
import type { PageClassifier } from "./process.ts";

export function pageClassifierFor(classifier: Classifier, modelVersionId: number | null): PageClassifier {
  const source = modelVersionId === null ? "default model" : `model v${modelVersionId}`;
  return ({ html, url, extraction, document }) => {
    const d = classifyPage(classifier, document ? { document, url, extraction } : { html, url, extraction });
    return { isNews: d.isNews, score: d.score, reason: `${d.reason} (${source})`, modelVersionId };
  };
}

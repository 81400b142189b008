// The pure middle of the pipeline: one decoded page + its context → an article draft or a
// rejection reason. No I/O: the caller (ingest.ts) loads the context and persists the result.
import { extractArticle, type ExtractResult } from "../extract/index.ts";
import type { CheerioAPI } from "../extract/dom.ts";
import type { TemplateState } from "../extract/template.ts";
import { observePage, type PageObservation } from "../extract/observe.ts";
import type { DocumentFacts } from "../classify/features.ts";
import { fingerprint } from "../dedup/fingerprint.ts";
import { extractDefaults } from "../config.ts";
import { inStep } from "./errors.ts";
import { timeStage, type StageClock } from "./stage-clock.ts";

/** Characters of the lead shown in lists and used for story similarity: about two sentences. */
const LEAD_CHARS = 400;

export interface PageDecision {
  isNews: boolean;
  score: number | null;
  reason: string;
  modelVersionId?: number | null;
}

/**
 * Decides "news or not?" from the page and its extraction (lib/classify supplies the real one).
 * `document`: the page's DOM facts, read before extraction modified the parsed page (saves a parse).
 */
export type PageClassifier = (page: { html: string; url: string; extraction: ExtractResult; document?: DocumentFacts }) => PageDecision;

export interface ProcessInput {
  /** URL after redirects. */
  finalUrl: string;
  html: string;
  template?: TemplateState | null;
  classify?: PageClassifier | null;
  /**
   * `html` already parsed with parseHtml (lib/extract/dom.ts): the one parse the crawler shares between
   * links, template entries, classifier and extraction. Extraction modifies it; parsed here when absent.
   */
  document?: CheerioAPI;
  /**
   * The page already observed (lib/extract/observe.ts observePage on `document`, with the classifier's
   * facts when classifying): the one read of the untouched page. Observed here from `document` when absent.
   */
  observed?: PageObservation;
  /** CPU time per stage (benchmark). */
  clock?: StageClock;
}

export interface ArticleDraft {
  url: string;
  title: string;
  text: string;
  html: string;
  lead: string;
  author: string | null;
  publishedAt: Date | null;
  modifiedAt: Date | null;
  lang: string | null;
  imageUrl: string | null;
  siteName: string | null;
  method: string;
  methodReason: string;
  textLength: number;
  isNews: boolean;
  newsScore: number | null;
  decisionReason: string;
  modelVersionId: number | null;
  contentHash: string;
  simhash: string;
}

export type ProcessResult =
  | { ok: true; article: ArticleDraft; extraction: ExtractResult }
  | { ok: false; reason: "too_short"; detail: string; extraction: ExtractResult };

function toDate(iso: string | null): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

function leadOf(text: string): string {
  const first = text.split(/\n{2,}/).find((p) => p.trim().length > 60) ?? text;
  return first.length > LEAD_CHARS ? `${first.slice(0, LEAD_CHARS).replace(/\s+\S*$/, "")}…` : first.trim();
}

/** Only http(s) canonical URLs on a real host are trusted; anything else falls back to the final URL. */
function articleUrl(canonical: string | null, finalUrl: string): string {
  if (!canonical) return finalUrl;
  try {
    const u = new URL(canonical, finalUrl);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : finalUrl;
  } catch {
    return finalUrl;
  }
}

/**
 * 1. Observe the untouched parse (when given one; the classifier's DOM facts with it), then extract the
 *    article (template, density, blocks: see lib/extract/orchestrator.ts).
 * 2. Reject pages with too little text to be an article.
 * 3. Classify news / not news (kept either way, with the reason, so an admin can undo it).
 * 4. Fingerprint the text for duplicate detection.
 * What a step throws comes out as a PipelineError keyed by the step (errors.ts).
 */
export function processPage(input: ProcessInput): ProcessResult {
  const { clock } = input;
  // The untouched page read once (lib/extract/observe.ts), the classifier's DOM facts with it, before extraction modifies it.
  const observed = input.observed ?? (input.document
    ? timeStage(clock, "observe", () => inStep("extract_failed", () => observePage(input.document!, input.finalUrl, { facts: !!input.classify })))
    : undefined);
  const document = observed?.facts ?? undefined;
  const extraction = timeStage(clock, "extract", () => inStep("extract_failed", () =>
    extractArticle(input.html, { url: input.finalUrl, template: input.template ?? undefined, observed })));
  const text = extraction.text.trim();
  if (text.length < extractDefaults.minTextChars) {
    return { ok: false, reason: "too_short", detail: `${text.length} characters of text (< ${extractDefaults.minTextChars})`, extraction };
  }
  const decision: PageDecision = input.classify
    ? timeStage(clock, "classify", () => inStep("classify_failed", () => input.classify!({ html: input.html, url: input.finalUrl, extraction, document })))
    : { isNews: true, score: null, reason: "no classifier loaded" };
  const fp = timeStage(clock, "fingerprint", () => inStep("extract_failed", () => fingerprint(text)));
  return {
    ok: true,
    extraction,
    article: {
      url: articleUrl(extraction.canonicalUrl, input.finalUrl),
      title: extraction.title.trim() || input.finalUrl,
      text,
      html: extraction.html,
      lead: leadOf(text),
      author: extraction.author,
      publishedAt: toDate(extraction.publishedAt),
      modifiedAt: toDate(extraction.modifiedAt),
      lang: extraction.lang,
      imageUrl: extraction.imageUrl,
      siteName: extraction.siteName,
      method: extraction.method,
      methodReason: extraction.methodReason,
      textLength: text.length,
      isNews: decision.isNews,
      newsScore: decision.score,
      decisionReason: decision.reason,
      modelVersionId: decision.modelVersionId ?? null,
      contentHash: fp.contentHash,
      simhash: fp.simhash,
    },
  };
}

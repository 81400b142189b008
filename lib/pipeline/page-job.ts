// The CPU part of processing one fetched page as one function over plain data: parse, links and
// feeds, template entries, then process.ts (extraction, classification, fingerprint). The crawler
// runs it in its page thread (lib/crawl/page-thread.ts) under a time budget, or in-process; job and
// result cross the thread boundary by structured clone, so both are plain data. The steps and their
// order are the ones ingest.ts runs for a page it parses itself.
import { parseHtml } from "../extract/dom.ts";
import type { PageEntries, TemplateState } from "../extract/template.ts";
import { observePage } from "../extract/observe.ts";
import { readPageLinks, type PageLink } from "../html/links.ts";
import { inStep, toPipelineError } from "./errors.ts";
import { processPage, type PageClassifier, type ProcessResult } from "./process.ts";
import { timeStage, type StageClock } from "./stage-clock.ts";

/**
 * Links kept from one page: portal front pages link 300-1,500 pages; a page with 100,000 links is a
 * list or an attack, and normalising and scoping them all held the crawl loop for seconds (bench:faults).
 */
export const MAX_LINKS_PER_PAGE = 5_000;
/**
 * Template entries (text nodes) a page may hand its site's template: real pages have 200-3,000; one
 * with 500,000 would make the template's update (on the crawl loop) and its stored state huge, and
 * says nothing about the site's boilerplate. Such a page is extracted but not learnt from.
 */
export const MAX_TEMPLATE_ENTRIES = 20_000;

export interface PageJob {
  html: string;
  /** URL after redirects: links resolve against it. */
  finalUrl: string;
  /** The site's template when it is ready (extraction subtracts it), else null. */
  template: TemplateState | null;
  /** Read the page's template entries (the site's template learns them). */
  entries: boolean;
}

export interface PageJobResult {
  links: PageLink[];
  /** Feed URLs the page advertises (<link rel=alternate>). */
  feeds: string[];
  entries: PageEntries | null;
  /** null when a step failed (`error`). */
  result: ProcessResult | null;
  /** The step that failed, by its PipelineError key; links read before it are still returned. */
  error: { key: string; message: string } | null;
}

export function runPageJob(job: PageJob, classify: PageClassifier | null, clock?: StageClock): PageJobResult {
  const out: PageJobResult = { links: [], feeds: [], entries: null, result: null, error: null };
  try {
    // One parse for links first, then one observation of the untouched page (template entries, classifier
    // facts and what the extraction reads), then extraction (which modifies it).
    const $ = timeStage(clock, "parse", () => inStep("extract_failed", () => parseHtml(job.html)));
    timeStage(clock, "links", () => inStep("extract_failed", () => {
      const read = readPageLinks($, job.finalUrl);
      out.links = read.links.slice(0, MAX_LINKS_PER_PAGE);
      out.feeds = read.feeds.map((f) => f.url);
    }));
    const observed = timeStage(clock, "observe", () => inStep("extract_failed", () => observePage($, job.finalUrl, { entries: job.entries, facts: classify !== null })));
    if (observed.entries) out.entries = observed.entries.entries.length <= MAX_TEMPLATE_ENTRIES ? observed.entries : null;
    out.result = processPage({ finalUrl: job.finalUrl, html: job.html, classify, template: job.template, document: $, observed, clock });
  } catch (err) {
    const e = toPipelineError(err, "pipeline_failed");
    out.error = { key: e.key, message: e.message };
  }
  return out;
}

// The crawler's page thread: runs lib/pipeline/page-job.ts for the worker's main thread, which keeps
// fetching, leasing and writing meanwhile, and ends this thread when a page overruns its budget
// (lib/crawl/page-processor.ts). Messages: {type: "model"} installs a classifier (answered "model-ready"),
// {type: "job"} runs one page (answered "done" with its PageJobResult).
import { parentPort } from "node:worker_threads";
import { Classifier } from "../classify/model.ts";
import { pageClassifierFor } from "../pipeline/page-classifier.ts";
import { unpackTemplate, type PackedTemplate } from "../extract/template.ts";
import { runPageJob, type PageJob } from "../pipeline/page-job.ts";
import type { PageClassifier } from "../pipeline/process.ts";
import { ownThreadId } from "./thread-cpu.ts";

export type ToThread =
  | { type: "model"; key: string; modelVersionId: number | null; params: unknown }
  | { type: "job"; id: number; job: ThreadJob; model: string | null };
/** A PageJob as it crosses to the thread: the template packed (packTemplate), which clones cheaper than its Map and Set. */
export type ThreadJob = Omit<PageJob, "template"> & { template: PackedTemplate | null };
export type FromThread =
  | { type: "ready"; tid: number | null }
  | { type: "model-ready"; key: string; error?: string }
  | { type: "done"; id: number; out: ReturnType<typeof runPageJob> };

const port = parentPort!;
/** Classifiers by key; the main thread sends each one once per thread. */
const classifiers = new Map<string, PageClassifier>();

port.on("message", (msg: ToThread) => {
  if (msg.type === "model") {
    try {
      classifiers.set(msg.key, pageClassifierFor(Classifier.fromJSON(msg.params), msg.modelVersionId));
      port.postMessage({ type: "model-ready", key: msg.key } satisfies FromThread);
    } catch (err) {
      port.postMessage({ type: "model-ready", key: msg.key, error: String(err) } satisfies FromThread);
    }
    return;
  }
  const classify = msg.model === null ? null : classifiers.get(msg.model);
  if (classify === undefined) {
    const out = { links: [], feeds: [], entries: null, result: null, error: { key: "classify_failed", message: `classifier ${msg.model} not loaded in the page thread` } };
    port.postMessage({ type: "done", id: msg.id, out } satisfies FromThread);
    return;
  }
  const job: PageJob = { ...msg.job, template: msg.job.template && unpackTemplate(msg.job.template) };
  port.postMessage({ type: "done", id: msg.id, out: runPageJob(job, classify) } satisfies FromThread);
});
port.postMessage({ type: "ready", tid: ownThreadId() } satisfies FromThread);

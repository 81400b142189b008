// Page processing off the crawl loop: one thread (node:worker_threads) runs each fetched page's CPU
// work (lib/pipeline/page-job.ts) while the main thread keeps leasing, fetching and writing. A page
// gets a budget of the thread's CPU time (Linux: lib/crawl/thread-cpu.ts; wall time elsewhere, and a
// wall cap of a few budgets on a loaded machine): past it the thread is ended (a synchronous loop cannot
// be interrupted any other way), the page fails with page_budget_exceeded (not retried: the same page would take as long
// again) and a new thread takes the next page. A thread that dies (its heap limit, a crash) fails its
// page with page_thread_failed. Pages wait their turn: one hostile page holds the others back by at
// most one budget, and never holds back fetching.
import { Worker } from "node:worker_threads";
import type { Classifier } from "../classify/model.ts";
import { packTemplate } from "../extract/template.ts";
import { FetchError } from "../http/errors.ts";
import type { Logger } from "../log.ts";
import type { PageJob, PageJobResult } from "../pipeline/page-job.ts";
import type { FromThread, ToThread } from "./page-thread.ts";
import { threadCpuMs } from "./thread-cpu.ts";

/** ms a new thread may take to load its modules (tsx, extraction, classifier code) on a busy machine. */
const THREAD_START_MS = 120_000;
/** MB of young-generation heap per page thread. */
const YOUNG_GENERATION_MB = 8;
/** ms a thread may take to parse a classifier's parameters (~1 s CPU). */
const MODEL_LOAD_MS = 60_000;
/** ms between reads of the page thread's CPU clock: a page overruns its budget by at most this much. */
const CPU_POLL_MS = 100;
/**
 * Wall time a page may take, in budgets, when its CPU is counted: a synchronous thread only waits
 * while the machine runs others, so this is the load (runnable threads per core) up to which a page
 * still gets its whole CPU budget; past it the wall clock ends the page, as it does where no
 * per-thread clock exists.
 */
const WALL_BUDGETS_WITH_CPU_CLOCK = 4;

/** The page overran its budget: ended, not retried. */
export class PageBudgetError extends FetchError {
  constructor(budgetMs: number, url?: string, clock: "cpu" | "wall" = "wall") {
    super("page_budget_exceeded", clock === "cpu"
      ? `processing the page used more than its budget of ${budgetMs} ms of CPU; its thread was ended`
      : `processing the page took longer than its budget of ${budgetMs} ms; its thread was ended`, { url, retryable: false });
  }
}

/** The page thread died while processing the page (out of its heap limit, or a crash). */
export class PageThreadError extends FetchError {
  constructor(reason: string, url?: string) {
    super("page_thread_failed", `the page thread died processing the page: ${reason}`, { url, retryable: false });
  }
}

export interface PageModel {
  classifier: Classifier;
  modelVersionId: number | null;
}

export interface PageProcessorOptions {
  /**
   * ms of processing one page may take (lib/config.ts crawlDefaults.pageBudgetMs): CPU time of the page
   * thread where Linux reports it (lib/crawl/thread-cpu.ts), with a wall cap of
   * WALL_BUDGETS_WITH_CPU_CLOCK budgets; wall time elsewhere.
   */
  budgetMs: number;
  /** MB of old-generation heap the thread may use: a page that needs more fails alone. */
  heapMb: number;
  log: Logger;
}

interface Task {
  job: PageJob;
  model: PageModel | null;
  url: string;
  resolve: (r: PageJobResult) => void;
  reject: (e: unknown) => void;
}

const modelKey = (m: PageModel) => (m.modelVersionId === null ? "default" : `v${m.modelVersionId}`);

export class PageProcessor {
  private thread: Worker | null = null;
  /** the thread's kernel id, for its CPU clock (null: not Linux, or not told) */
  private tid: number | null = null;
  private ready: Promise<void> | null = null;
  private loaded = new Set<string>();
  private readonly queue: Task[] = [];
  private running = false;
  private nextId = 1;
  private closed = false;
  /** Pages ended for their budget, threads restarted (for logs and the benchmark). */
  readonly counts = { pages: 0, overBudget: 0, threadFailures: 0 };

  constructor(private readonly opts: PageProcessorOptions) {}

  /** Process one page in the thread; rejects with PageBudgetError / PageThreadError. */
  run(job: PageJob, model: PageModel | null, url: string): Promise<PageJobResult> {
    if (this.closed) return Promise.reject(new FetchError("aborted", "page processor closed", { url }));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, model, url, resolve, reject });
      void this.pump();
    });
  }

  /** End the thread; queued pages are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new FetchError("aborted", "page processor closed", { url: t.url }));
    await this.stopThread();
  }

  /** Pages queued or running here. */
  get load(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  /** When the page running now was handed to the thread (0: none): a later start is likely to end sooner. */
  busySince = 0;

  /** Thread id (changes when a thread is replaced); null when none runs. */
  get threadId(): number | null {
    return this.thread?.threadId ?? null;
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let task = this.queue.shift(); task; task = this.queue.shift()) {
        try {
          task.resolve(await this.runTask(task));
        } catch (err) {
          task.reject(err);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * 1. Start a thread when none runs, and wait for it to load.
   * 2. Hand it the classifier when it does not have this one yet (not counted against the page).
   * 3. Post the page and wait at most the budget: past it, or when the thread dies, end the thread.
   */
  private async runTask(task: Task): Promise<PageJobResult> {
    const thread = await this.startThread(task.url);
    let key: string | null = null;
    if (task.model) {
      key = modelKey(task.model);
      if (!this.loaded.has(key)) {
        const msg: ToThread = { type: "model", key, modelVersionId: task.model.modelVersionId, params: task.model.classifier.toJSON() };
        thread.postMessage(msg);
        const answer = await this.waitFor(thread, (m) => m.type === "model-ready" && m.key === key, MODEL_LOAD_MS, () => new PageThreadError(`no classifier within ${MODEL_LOAD_MS} ms`, task.url), task.url);
        if (answer.type === "model-ready" && answer.error) throw new FetchError("classify_failed", `the page thread cannot load ${key}: ${answer.error}`, { url: task.url, retryable: true });
        this.loaded.add(key);
      }
    }
    const id = this.nextId++;
    // The thread reads only the template's membership: it gets that, packed (template.ts packTemplate).
    const msg: ToThread = { type: "job", id, job: { ...task.job, template: task.job.template && packTemplate(task.job.template) }, model: key };
    this.counts.pages++;
    this.busySince = performance.now();
    thread.postMessage(msg);
    try {
      const budget = this.opts.budgetMs;
      const tid = this.tid;
      const cpuAtStart = tid === null ? null : threadCpuMs(tid);
      const overCpu = tid !== null && cpuAtStart !== null ? () => (threadCpuMs(tid) ?? cpuAtStart) - cpuAtStart >= budget : undefined;
      const done = await this.waitFor(thread, (m) => m.type === "done" && m.id === id, overCpu ? budget * WALL_BUDGETS_WITH_CPU_CLOCK : budget,
        () => new PageBudgetError(budget, task.url, overCpu ? "cpu" : "wall"), task.url, overCpu);
      return (done as Extract<FromThread, { type: "done" }>).out;
    } catch (err) {
      if (err instanceof PageBudgetError) {
        this.counts.overBudget++;
        this.opts.log.warn({ url: task.url, budgetMs: this.opts.budgetMs }, "page over its processing budget: page thread ended");
      }
      throw err;
    } finally {
      this.busySince = 0;
    }
  }

  private startThread(url: string): Promise<Worker> {
    if (this.thread && this.ready) return this.ready.then(() => this.thread!);
    const thread = new Worker(new URL("./page-thread-boot.mjs", import.meta.url), {
      // A small young generation: pages allocate in bursts, and two threads' default semi-spaces cost ~30 MB of RSS.
      resourceLimits: { maxOldGenerationSizeMb: this.opts.heapMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.thread = thread;
    this.loaded = new Set();
    thread.on("error", (err) => this.opts.log.error({ err, threadId: thread.threadId }, "page thread failed"));
    thread.on("exit", () => { if (this.thread === thread) { this.thread = null; this.ready = null; } });
    this.tid = null;
    this.ready = this.waitFor(thread, (m) => m.type === "ready", THREAD_START_MS, () => new PageThreadError(`not started within ${THREAD_START_MS} ms`, url), url)
      .then((m) => { if (this.thread === thread && m.type === "ready") this.tid = m.tid; });
    this.ready.catch(() => undefined);
    return this.ready.then(() => thread);
  }

  private async stopThread(): Promise<void> {
    const t = this.thread;
    this.thread = null;
    this.ready = null;
    if (t) await t.terminate();
  }

  /** The thread's next message that matches; rejects when the thread dies or `ms` pass (and then ends it). */
  private waitFor(thread: Worker, match: (m: FromThread) => boolean, ms: number, onTimeout: () => FetchError, url: string, overCpu?: () => boolean): Promise<FromThread> {
    return new Promise((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        clearInterval(cpuTimer);
        thread.off("message", onMessage);
        thread.off("error", onError);
        thread.off("exit", onExit);
      };
      const fail = (err: FetchError) => {
        cleanup();
        if (this.thread === thread) void this.stopThread();
        reject(err);
      };
      const onMessage = (m: FromThread) => { if (match(m)) { cleanup(); resolve(m); } };
      const onError = (err: Error) => { this.counts.threadFailures++; fail(new PageThreadError(err.message, url)); };
      const onExit = (code: number) => fail(new PageThreadError(`exited with code ${code}`, url));
      const timer = setTimeout(() => fail(onTimeout()), ms);
      const cpuTimer = overCpu ? setInterval(() => { if (overCpu()) fail(onTimeout()); }, CPU_POLL_MS) : undefined;
      thread.on("message", onMessage);
      thread.on("error", onError);
      thread.on("exit", onExit);
    });
  }
}

/**
 * Several page threads (crawlDefaults.pageThreads): a page goes to the thread with the fewest pages,
 * of those the one whose current page started last, so that one slow page holds back no other while
 * another thread is free.
 */
export class PagePool {
  private readonly threads: PageProcessor[];
  constructor(size: number, opts: PageProcessorOptions) {
    this.threads = Array.from({ length: Math.max(1, size) }, () => new PageProcessor(opts));
  }

  run(job: PageJob, model: PageModel | null, url: string): Promise<PageJobResult> {
    const pick = this.threads.reduce((a, b) => (b.load < a.load || (b.load === a.load && b.busySince > a.busySince) ? b : a));
    return pick.run(job, model, url);
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.close()));
  }
}

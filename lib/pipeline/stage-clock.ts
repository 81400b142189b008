// CPU time per pipeline stage, for the crawl benchmark's breakdown (and anyone profiling a worker).
// Measured with process.cpuUsage (user + system CPU of the process), so a busy machine does not
// inflate it the way wall time is inflated. A synchronous stage is measured exactly; an async stage
// (database, fetch) is exact only when one URL is processed at a time, since CPU spent on other URLs
// while it waits would be counted too: the benchmark's stage pass runs with concurrency 1.
//
// Stages nest: a stage run inside another (the story's database writes inside a transaction stage, the
// template's held-back pages inside the transaction that made it ready) is counted once, in the inner
// stage; the outer one gets its own time less its inner stages' (exclusive time). The enclosing stage
// is found through AsyncLocalStorage, so an async stage's inner stages are attributed across awaits.
//
// Gaps (optional, `gaps: true`): CPU spent outside every stage, keyed by the stages before and after it
// ("db: page → observe"), to find what the breakdown leaves as "other".
import { AsyncLocalStorage } from "node:async_hooks";

export interface StageTotal {
  /** CPU milliseconds spent in the stage, less its inner stages. */
  cpuMs: number;
  /** Times the stage ran. */
  count: number;
}

/** A running stage: CPU microseconds its inner stages used so far. */
interface Frame { innerUs: number }

const usOf = (u: NodeJS.CpuUsage) => u.user + u.system;

export class StageClock {
  readonly totals = new Map<string, StageTotal>();
  /** CPU between outermost stages, keyed "previous stage → next stage" (only when constructed with gaps). */
  readonly gaps: Map<string, StageTotal> | null;
  private readonly frames = new AsyncLocalStorage<Frame>();
  /** Outermost stages running (async ones can overlap when several URLs are in flight). */
  private open = 0;
  /** CPU usage and name of the last outermost stage to end (gap recording). */
  private lastEnd: { at: NodeJS.CpuUsage; stage: string } | null = null;

  constructor(opts: { gaps?: boolean } = {}) {
    this.gaps = opts.gaps ? new Map() : null;
  }

  /** Run a synchronous step and add its CPU time to `stage`. */
  time<T>(stage: string, fn: () => T): T {
    const parent = this.frames.getStore();
    const frame: Frame = { innerUs: 0 };
    const start = this.enter(stage, parent);
    try {
      return this.frames.run(frame, fn);
    } finally {
      this.leave(stage, parent, frame, start);
    }
  }

  /** Run an async step and add the CPU time between its start and end to `stage`. */
  async timeAsync<T>(stage: string, fn: () => Promise<T>): Promise<T> {
    const parent = this.frames.getStore();
    const frame: Frame = { innerUs: 0 };
    const start = this.enter(stage, parent);
    try {
      return await this.frames.run(frame, fn);
    } finally {
      this.leave(stage, parent, frame, start);
    }
  }

  private enter(stage: string, parent: Frame | undefined): NodeJS.CpuUsage {
    const start = process.cpuUsage();
    if (!parent && this.open++ === 0 && this.gaps && this.lastEnd) {
      this.addTo(this.gaps, `${this.lastEnd.stage} → ${stage}`, usOf(start) - usOf(this.lastEnd.at));
    }
    return start;
  }

  private leave(stage: string, parent: Frame | undefined, frame: Frame, start: NodeJS.CpuUsage): void {
    const end = process.cpuUsage();
    const used = usOf(end) - usOf(start);
    this.addTo(this.totals, stage, used - frame.innerUs);
    if (parent) parent.innerUs += used;
    else if (--this.open === 0) this.lastEnd = { at: end, stage };
  }

  private addTo(map: Map<string, StageTotal>, key: string, us: number): void {
    const t = map.get(key) ?? { cpuMs: 0, count: 0 };
    t.cpuMs += us / 1000;
    t.count++;
    map.set(key, t);
  }
}

/** Time a synchronous step on an optional clock. */
export function timeStage<T>(clock: StageClock | undefined, stage: string, fn: () => T): T {
  return clock ? clock.time(stage, fn) : fn();
}

/** Time an async step on an optional clock. */
export function timeStageAsync<T>(clock: StageClock | undefined, stage: string, fn: () => Promise<T>): Promise<T> {
  return clock ? clock.timeAsync(stage, fn) : fn();
}

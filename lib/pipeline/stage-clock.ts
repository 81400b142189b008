// CPU time per pipeline stage, for the crawl benchmark's breakdown (and anyone profiling a worker).
// Measured with process.cpuUsage (user + system CPU of the process), so a busy machine does not
// inflate it the way wall time is inflated. A synchronous stage is measured exactly; an async stage
// (database, fetch) is exact only when one URL is processed at a time, since CPU spent on other URLs
// while it waits would be counted too: the benchmark's stage pass runs with concurrency 1.

export interface StageTotal {
  /** CPU milliseconds spent in the stage. */
  cpuMs: number;
  /** Times the stage ran. */
  count: number;
}

export class StageClock {
  readonly totals = new Map<string, StageTotal>();

  /** Run a synchronous step and add its CPU time to `stage`. */
  time<T>(stage: string, fn: () => T): T {
    const start = process.cpuUsage();
    try {
      return fn();
    } finally {
      this.add(stage, process.cpuUsage(start));
    }
  }

  /** Run an async step and add the CPU time between its start and end to `stage`. */
  async timeAsync<T>(stage: string, fn: () => Promise<T>): Promise<T> {
    const start = process.cpuUsage();
    try {
      return await fn();
    } finally {
      this.add(stage, process.cpuUsage(start));
    }
  }

  private add(stage: string, used: NodeJS.CpuUsage): void {
    const t = this.totals.get(stage) ?? { cpuMs: 0, count: 0 };
    t.cpuMs += (used.user + used.system) / 1000;
    t.count++;
    this.totals.set(stage, t);
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

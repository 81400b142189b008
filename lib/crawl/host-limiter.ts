// Per-host politeness inside one worker process: at most `concurrency` requests in flight to a host,
// and at least `delayMs` between the starts of two requests to it. The crawl passes delayMs 0: the
// delay between requests is held across every worker process by the database's host slots
// (lib/crawl/host-slots.ts), and this limiter bounds what one process has in flight.

export interface HostPolicy {
  /** Minimum ms between two request starts: max(site.crawlDelayMs, robots Crawl-delay). */
  delayMs: number;
  /** Requests in flight to this host. */
  concurrency: number;
}

interface HostState {
  inFlight: number;
  /** Earliest time the next request may start (delay after the last start, or a back-off). */
  nextStartAt: number;
  waiters: (() => void)[];
}

export type Release = () => void;

export class HostLimiter {
  private readonly hosts = new Map<string, HostState>();

  private state(host: string): HostState {
    let s = this.hosts.get(host);
    if (!s) {
      s = { inFlight: 0, nextStartAt: 0, waiters: [] };
      this.hosts.set(host, s);
    }
    return s;
  }

  /** Requests waiting or running for `host`. */
  load(host: string): number {
    const s = this.hosts.get(host);
    return s ? s.inFlight + s.waiters.length : 0;
  }

  /** No request to `host` starts before `until` (429/503 Retry-After). */
  blockUntil(host: string, until: number): void {
    const s = this.state(host);
    s.nextStartAt = Math.max(s.nextStartAt, until);
  }

  /**
   * Wait for a slot on `host`, then return the function that frees it. Rejects with the signal's
   * reason when aborted while waiting.
   */
  async acquire(host: string, policy: HostPolicy, signal?: AbortSignal): Promise<Release> {
    const s = this.state(host);
    for (;;) {
      signal?.throwIfAborted();
      const now = Date.now();
      if (s.inFlight < Math.max(1, policy.concurrency) && now >= s.nextStartAt) {
        s.inFlight++;
        s.nextStartAt = now + Math.max(0, policy.delayMs);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          s.inFlight--;
          this.wake(s);
          if (s.inFlight === 0 && s.waiters.length === 0 && Date.now() >= s.nextStartAt) this.hosts.delete(host);
        };
      }
      await this.wait(s, s.inFlight < policy.concurrency ? s.nextStartAt - now : null, signal);
    }
  }

  private wake(s: HostState): void {
    const waiters = s.waiters.splice(0);
    for (const w of waiters) w();
  }

  /** Until a slot frees (a release) or `ms` pass (the delay), whichever is first. */
  private wait(s: HostState, ms: number | null, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | null = null;
      const cleanup = () => {
        if (timer) clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        const i = s.waiters.indexOf(done);
        if (i >= 0) s.waiters.splice(i, 1);
      };
      const done = () => {
        cleanup();
        resolve();
      };
      const onAbort = () => {
        cleanup();
        reject(signal!.reason);
      };
      s.waiters.push(done);
      if (ms !== null) timer = setTimeout(done, Math.max(0, ms));
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }
}

import { describe, expect, it } from "vitest";
import { HostLimiter } from "../../lib/crawl/host-limiter.ts";

describe("HostLimiter", () => {
  it("never lets more than `concurrency` requests to one host run at once, and other hosts run beside them", async () => {
    const limiter = new HostLimiter();
    let running = 0;
    let peak = 0;
    const task = async (host: string) => {
      const release = await limiter.acquire(host, { delayMs: 0, concurrency: 2 });
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      release();
    };
    await Promise.all(Array.from({ length: 10 }, () => task("a.example")));
    expect(peak).toBe(2);
    const order: string[] = [];
    const slow = await limiter.acquire("a.example", { delayMs: 0, concurrency: 1 });
    const other = limiter.acquire("b.example", { delayMs: 0, concurrency: 1 }).then((r) => { order.push("b"); r(); });
    const same = limiter.acquire("a.example", { delayMs: 0, concurrency: 1 }).then((r) => { order.push("a"); r(); });
    await other;
    expect(order).toEqual(["b"]);
    slow();
    await same;
    expect(order).toEqual(["b", "a"]);
  });

  it("keeps the delay between request starts and honours a back-off", async () => {
    const limiter = new HostLimiter();
    const first = await limiter.acquire("h", { delayMs: 40, concurrency: 5 });
    const startedFirst = Date.now();
    first();
    const second = await limiter.acquire("h", { delayMs: 40, concurrency: 5 });
    expect(Date.now() - startedFirst).toBeGreaterThanOrEqual(35);
    second();
    const until = Date.now() + 60;
    limiter.blockUntil("h", until);
    const third = await limiter.acquire("h", { delayMs: 0, concurrency: 5 });
    expect(Date.now()).toBeGreaterThanOrEqual(until - 5);
    third();
  });

  it("rejects a waiting request when the worker stops", async () => {
    const limiter = new HostLimiter();
    const held = await limiter.acquire("h", { delayMs: 0, concurrency: 1 });
    const stop = new AbortController();
    const waiting = limiter.acquire("h", { delayMs: 0, concurrency: 1 }, stop.signal);
    stop.abort(new Error("stopping"));
    await expect(waiting).rejects.toThrow("stopping");
    expect(limiter.load("h")).toBe(1);
    held();
  });
});

// The page budget's clock (lib/crawl/thread-cpu.ts): a thread's own CPU time, read by another thread of
// the process. A thread that spins accrues CPU; a thread that waits does not, however long it waits,
// which is what makes the budget CPU and not wall time on a loaded machine.
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { ownThreadId, threadCpuMs } from "../../lib/crawl/thread-cpu.ts";

/** A thread that reports its id, then spins until it has used `ms` of its own CPU (or sleeps `ms`), then says so. */
function thread(mode: "spin" | "sleep", ms: number): Promise<{ tid: number | null; done: Promise<void>; worker: Worker }> {
  const code = `
    const { parentPort } = require("node:worker_threads");
    const { readlinkSync } = require("node:fs");
    let tid = null;
    try { tid = Number(readlinkSync("/proc/thread-self").split("/").pop()); } catch {}
    parentPort.postMessage({ tid });
    // stay alive until terminated, as a page thread does between pages: a thread with nothing left to
    // do exits at once, and its /proc clock goes with it before the main thread reads it
    setInterval(() => {}, 60_000);
    parentPort.once("message", () => {
      const cpu = () => { const f = require("node:fs").readFileSync("/proc/thread-self/stat", "latin1"); const p = f.slice(f.lastIndexOf(")") + 2).split(" "); return (Number(p[11]) + Number(p[12])) * 10; };
      if (${JSON.stringify(mode)} === "spin") { const end = cpu() + ${ms}; let x = 0; while (cpu() < end) for (let i = 0; i < 100000; i++) x += Math.sqrt(x + i); }
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
      parentPort.postMessage({ done: true });
    });`;
  const worker = new Worker(code, { eval: true });
  return new Promise((ok) => worker.once("message", (m: { tid: number | null }) => {
    const done = new Promise<void>((d) => worker.once("message", () => d()));
    ok({ tid: m.tid, done, worker });
  }));
}

/** ms an ended thread may take to leave /proc after terminate() resolves. */
const THREAD_EXIT_WAIT_MS = 5_000;

describe.runIf(process.platform === "linux")("a thread's CPU clock", () => {
  it("knows its own thread id, distinct from the main thread's", () => {
    const main = ownThreadId();
    expect(main).toBe(process.pid); // the main thread's id is the process id
    expect(threadCpuMs(main!)).toBeGreaterThan(0);
  });

  it("counts a spinning thread's CPU and not a sleeping thread's wall time", async () => {
    const spin = await thread("spin", 300);
    const sleep = await thread("sleep", 600);
    expect(spin.tid).not.toBe(process.pid);
    const spin0 = threadCpuMs(spin.tid!)!;
    const sleep0 = threadCpuMs(sleep.tid!)!;
    spin.worker.postMessage("go");
    sleep.worker.postMessage("go");
    await Promise.all([spin.done, sleep.done]);
    const spun = threadCpuMs(spin.tid!)! - spin0;
    const slept = threadCpuMs(sleep.tid!)! - sleep0;
    await Promise.all([spin.worker.terminate(), sleep.worker.terminate()]);
    // the spinner used 300 ms of CPU by its own clock (however long that took on a loaded machine); the
    // main thread reads the same clock; the sleeper waited 600 ms and used next to none
    expect(spun).toBeGreaterThanOrEqual(300);
    expect(spun).toBeLessThan(1000);
    expect(slept).toBeLessThan(50);
    // A thread that ended has no clock. terminate() resolves when the thread's JavaScript has stopped; the
    // OS thread leaves /proc a moment later, so wait for it (on a loaded machine, up to a few seconds).
    const gone = Date.now() + THREAD_EXIT_WAIT_MS;
    while (threadCpuMs(spin.tid!) !== null && Date.now() < gone) await new Promise((r) => setTimeout(r, 20));
    expect(threadCpuMs(spin.tid!)).toBeNull();
  });

  it("answers null for a thread that is not one of this process's", () => {
    expect(threadCpuMs(2 ** 30)).toBeNull();
  });
});

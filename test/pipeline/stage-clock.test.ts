// The stage clock counts a stage run inside another once: the inner stage gets its time, the outer
// one its own time less the inner's, so the rows add up to the CPU the outermost stages used. CPU
// spent outside every stage shows up as a gap between the stages around it.
import { describe, expect, it } from "vitest";
import { StageClock } from "../../lib/pipeline/stage-clock.ts";

/** Real CPU work: hash rounds until `n` iterations are done. */
function spin(n: number): number {
  let h = 0;
  for (let i = 0; i < n; i++) h = Math.imul(h ^ i, 2654435761) >>> 0;
  return h;
}

const totalMs = (c: StageClock) => [...c.totals.values()].reduce((a, t) => a + t.cpuMs, 0);

describe("StageClock", () => {
  it("attributes nested stages once, sync and across awaits", async () => {
    const clock = new StageClock();
    const cpu0 = process.cpuUsage();
    await clock.timeAsync("outer", async () => {
      spin(2e6);
      clock.time("inner sync", () => spin(2e6));
      await clock.timeAsync("inner async", async () => {
        await new Promise((r) => setImmediate(r));
        spin(2e6);
        clock.time("innermost", () => spin(2e6));
      });
    });
    const used = process.cpuUsage(cpu0);
    const usedMs = (used.user + used.system) / 1000;
    expect([...clock.totals.keys()].sort()).toEqual(["inner async", "inner sync", "innermost", "outer"]);
    for (const t of clock.totals.values()) {
      expect(t.count).toBe(1);
      expect(t.cpuMs).toBeGreaterThanOrEqual(0);
    }
    // Exclusive times add up to the outer stage's whole time, which cannot exceed the CPU the test used.
    expect(totalMs(clock)).toBeLessThanOrEqual(usedMs + 1e-6);
  });

  it("leaves stages that run one after the other apart, and records the CPU between them as a gap", async () => {
    const clock = new StageClock({ gaps: true });
    clock.time("a", () => spin(1e5));
    spin(1e5);
    await clock.timeAsync("b", async () => { clock.time("b inner", () => spin(1e5)); });
    clock.time("a", () => spin(1e5));
    expect(clock.totals.get("a")!.count).toBe(2);
    expect([...clock.gaps!.keys()].sort()).toEqual(["a → b", "b → a"]);
    // a stage nested in another is no gap
    expect([...clock.gaps!.keys()].some((k) => k.includes("b inner"))).toBe(false);
  });
});

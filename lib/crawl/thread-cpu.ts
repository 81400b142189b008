// CPU time of one thread, for the page budget (lib/crawl/page-processor.ts). Node 20 has no per-thread
// CPU clock (process.cpuUsage() counts every thread of the process; process.threadCpuUsage() arrived
// in Node 23.9), but Linux keeps one per thread in /proc: a thread learns its own id from
// /proc/thread-self, and any thread of the process reads /proc/self/task/<tid>/stat (utime + stime).
// Elsewhere both return null and the budget stays wall time.
import { readFileSync, readlinkSync } from "node:fs";

/** /proc counts CPU time in clock ticks of USER_HZ, which Linux fixes at 100 per second for userspace. */
const MS_PER_TICK = 10;

/** The calling thread's kernel id (Linux), else null. Called in the page thread itself. */
export function ownThreadId(): number | null {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** CPU ms (user + system) a thread of this process has used, or null when it cannot be read (gone, not Linux). */
export function threadCpuMs(tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "latin1");
    // fields after the command name, which is in parentheses and may hold spaces: state is field 3, utime 14, stime 15
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * MS_PER_TICK : null;
  } catch {
    return null;
  }
}

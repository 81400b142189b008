// Waiting for a host's shared request slot (lib/db/hosts.ts) before a fetch: the crawl delay between two
// requests to one host holds across every worker process and machine sharing the database. The
// in-process HostLimiter still bounds requests in flight per host; the timing between them is this.
import type { Db } from "../db/client.ts";
import { claimHostSlot } from "../db/hosts.ts";

/** ms added to a wait so that the retry lands after the slot is due (clock granularity, timer lateness). */
const SLOT_WAIT_SLACK_MS = 5;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    signal?.throwIfAborted();
    const done = () => { signal?.removeEventListener("abort", onAbort); resolve(); };
    const onAbort = () => { clearTimeout(timer); reject(signal!.reason); };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/**
 * Resolve once this process holds `host`'s slot (the next one held `delayMs` later); a zero delay
 * needs no slot. Rejects with the signal's reason when aborted while waiting.
 */
export async function waitForHostSlot(db: Db, host: string, delayMs: number, signal?: AbortSignal): Promise<void> {
  if (delayMs <= 0) return;
  for (;;) {
    signal?.throwIfAborted();
    const claim = await claimHostSlot(db, host, delayMs);
    if (claim.claimed) return;
    // Another process holds the slot: wait until it is due (never longer than one delay: the row may move on).
    const wait = Math.min(delayMs, claim.nextFetchAt.getTime() - Date.now()) + SLOT_WAIT_SLACK_MS;
    await sleep(wait, signal);
  }
}

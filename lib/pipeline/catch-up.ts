// Pages catch up with their site's template (issue #21), in the background of a crawl worker:
//   - pages held back for a template that will not come soon (the site's pages ran out, or they waited
//     templateDefaults.awaitTemplateMaxMs) are extracted now, without one;
//   - pages extracted with an older version of their template (or without one) are re-extracted from
//     their stored raw bodies — article, duplicates, entities and story follow (lib/pipeline/ingest.ts) —
//     within a CPU budget per minute (templateDefaults.catchUpCpuMsPerMinute).
// The budget counts work: each re-extraction is charged the process CPU time it took (process.cpuUsage;
// CPU spent meanwhile on other URLs of the same process is charged too, so it errs on the safe side).
import type { Db } from "../db/client.ts";
import { claimStalePage, listSitesDoneWaiting, listStalePages, readArticleText } from "../db/template-pages.ts";
import { templateDefaults } from "../config.ts";
import { log as rootLog } from "../log.ts";
import { releaseAwaitingPages, reprocessPage, type IngestContext } from "./ingest.ts";
import type { PageClassifier } from "./process.ts";

const log = rootLog.child({ c: "template-catch-up" });
const MINUTE_MS = 60_000;

/**
 * CPU milliseconds per clock minute. Work may start while the minute's spending is below the budget;
 * so a minute spends at most the budget plus one page's cost. `now` is injectable (tests move the minute).
 */
export class CpuBudget {
  private minute = -1;
  private spentMs = 0;
  /** Spending per minute started (minute index → CPU ms, page count), most recent REMEMBERED minutes. */
  readonly ledger = new Map<number, { cpuMs: number; pages: number }>();
  constructor(readonly msPerMinute: number = templateDefaults.catchUpCpuMsPerMinute, private readonly now: () => number = Date.now) {}

  private roll(): number {
    const m = Math.floor(this.now() / MINUTE_MS);
    if (m !== this.minute) {
      this.minute = m;
      this.spentMs = 0;
      this.ledger.set(m, { cpuMs: 0, pages: 0 });
      for (const k of this.ledger.keys()) if (k < m - 60) this.ledger.delete(k);
    }
    return m;
  }

  /** True while this minute's spending is below the budget. */
  canSpend(): boolean {
    this.roll();
    return this.spentMs < this.msPerMinute;
  }

  charge(cpuMs: number): void {
    const m = this.roll();
    this.spentMs += cpuMs;
    const row = this.ledger.get(m)!;
    row.cpuMs += cpuMs;
    row.pages++;
  }
}

export interface CatchUpOptions {
  budget: CpuBudget;
  /** Only these sites (`lede crawl --seed`). */
  siteIds?: number[];
  classify?: PageClassifier | null;
  /** Held-back pages older than this are released (default: now − awaitTemplateMaxMs). */
  waitedBefore?: Date;
}

export interface CatchUpResult {
  /** Held-back pages extracted (without a template, or with one that arrived meanwhile). */
  released: number;
  /** Stale pages re-extracted. */
  reextracted: number;
  /** Of those, pages whose stored text changed. */
  changed: number;
}

const cpuMs = (start: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1000;
};

/**
 * One pass:
 * 1. Release the held-back pages of sites done waiting (not budgeted: it is their first extraction).
 * 2. While the budget allows: claim the next stale page (one conditional update), re-extract it, charge its CPU.
 */
export async function catchUpTemplates(db: Db, opts: CatchUpOptions): Promise<CatchUpResult> {
  const out: CatchUpResult = { released: 0, reextracted: 0, changed: 0 };
  const ctx: IngestContext = { classify: opts.classify };
  const waitedBefore = opts.waitedBefore ?? new Date(Date.now() - templateDefaults.awaitTemplateMaxMs);
  for (const siteId of await listSitesDoneWaiting(db, waitedBefore, opts.siteIds)) {
    out.released += (await releaseAwaitingPages(db, siteId, ctx)).length;
  }
  while (opts.budget.canSpend()) {
    const stale = await listStalePages(db, { take: templateDefaults.catchUpBatch, siteIds: opts.siteIds });
    if (stale.length === 0) break;
    let claimedAny = false;
    for (const page of stale) {
      if (!opts.budget.canSpend()) break;
      if (!(await claimStalePage(db, page))) continue;
      claimedAny = true;
      const start = process.cpuUsage();
      const before = await readArticleText(db, page.id);
      try {
        await reprocessPage(db, page.id, { ...ctx, reextract: true }, { learn: false });
        out.reextracted++;
        if (before !== (await readArticleText(db, page.id))) out.changed++;
      } catch (err) {
        // The page keeps its claimed version (it is not retried in a loop); the failure is logged with its key.
        log.error({ err, pageId: page.id }, "re-extraction failed");
      } finally {
        opts.budget.charge(cpuMs(start));
      }
      await new Promise<void>((r) => setImmediate(r));
    }
    if (!claimedAny) break;
  }
  return out;
}

/** Extract every held-back page of these sites now (a one-shot crawl ending: no more pages will come). */
export async function releaseHeldPages(db: Db, siteIds?: number[], classify?: PageClassifier | null): Promise<number> {
  let n = 0;
  for (const siteId of await listSitesDoneWaiting(db, new Date(Date.now() + 1), siteIds)) n += (await releaseAwaitingPages(db, siteId, { classify })).length;
  return n;
}

/** The worker's handle: at most one pass at a time, started by tick(), awaited by stop(). */
export class TemplateCatchUp {
  private running: Promise<void> | null = null;
  private lastAt = 0;
  readonly totals: CatchUpResult = { released: 0, reextracted: 0, changed: 0 };
  constructor(private readonly db: Db, private readonly opts: CatchUpOptions, private readonly everyMs = templateDefaults.catchUpEveryMs) {}

  /** Start a pass unless one is running or the last began less than `everyMs` ago. Never throws. */
  tick(now = Date.now()): void {
    if (this.running || now - this.lastAt < this.everyMs) return;
    this.lastAt = now;
    this.running = catchUpTemplates(this.db, this.opts)
      .then((r) => { this.totals.released += r.released; this.totals.reextracted += r.reextracted; this.totals.changed += r.changed; })
      .catch((err: unknown) => log.error({ err }, "template catch-up pass failed"))
      .finally(() => { this.running = null; });
  }

  /** Wait for the running pass (a worker stopping). */
  async stop(): Promise<void> {
    await this.running;
  }
}

// The dashboard's "Retrain": `lede train` in a child process, so minutes of CPU-bound training never
// stall the web server's event loop, and the CLI and the button train exactly the same way.
import { spawn } from "node:child_process";
import { join } from "node:path";

/** ms a training run may take before it is stopped: WCXB features are cached, but CV is 2 × 10 fits. */
export const TRAINING_TIMEOUT_MS = 15 * 60_000;
/** Characters of the run's output kept for the error message. */
const OUTPUT_TAIL_CHARS = 2000;

export type TrainingOutcome =
  | { ok: true; modelVersionId: number; output: string }
  | { ok: false; reason: "too_few_samples" | "failed" | "timeout" | "busy"; output: string; needed?: { news: number; notNews: number } };

let running = false;

/** Parse `lede train`'s result lines. */
export function readTrainingOutput(code: number | null, output: string): TrainingOutcome {
  const saved = /model version (\d+) saved/.exec(output);
  if (code === 0 && saved) return { ok: true, modelVersionId: Number(saved[1]), output };
  if (/only \d+ samples/.test(output)) {
    const need = /(\d+) more news and (\d+) more not-news labels/.exec(output);
    return { ok: false, reason: "too_few_samples", output, ...(need ? { needed: { news: Number(need[1]), notNews: Number(need[2]) } } : {}) };
  }
  return { ok: false, reason: "failed", output: output.slice(-OUTPUT_TAIL_CHARS) };
}

export async function runTraining(opts: { root?: string; env?: NodeJS.ProcessEnv } = {}): Promise<TrainingOutcome> {
  if (running) return { ok: false, reason: "busy", output: "" };
  running = true;
  try {
    const root = opts.root ?? process.cwd();
    return await new Promise<TrainingOutcome>((resolve) => {
      const child = spawn(process.execPath, [join(root, "bin", "lede.mjs"), "train"], { cwd: root, env: opts.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (c) => (output += c));
      child.stderr.on("data", (c) => (output += c));
      const timer = setTimeout(() => child.kill("SIGTERM"), TRAINING_TIMEOUT_MS);
      child.on("error", (err) => { clearTimeout(timer); resolve({ ok: false, reason: "failed", output: String(err) }); });
      child.on("exit", (code, signal) => {
        clearTimeout(timer);
        resolve(signal ? { ok: false, reason: "timeout", output: output.slice(-OUTPUT_TAIL_CHARS) } : readTrainingOutput(code, output));
      });
    });
  } finally {
    running = false;
  }
}

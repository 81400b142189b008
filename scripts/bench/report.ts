// Shared by every `npm run bench:*`: where the corpus is, what machine this is, and writing one
// benchmark's section of docs/benchmarks.md without touching the others'.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";

export const projectRoot = resolve(import.meta.dirname, "..", "..");

/** ../shared/corpus, or LEDE_CORPUS; null (with a message) when absent. */
export function corpusDir(): string | null {
  const dir = process.env.LEDE_CORPUS ?? resolve(projectRoot, "..", "shared", "corpus");
  if (!existsSync(dir)) {
    process.stderr.write(`corpus not found at ${dir}: set LEDE_CORPUS to the evaluation corpus; skipping.\n`);
    return null;
  }
  return dir;
}

/** "2026-11-30, 2 × Intel Xeon …, 24 GiB, Node v20.20.2" */
export function machineLine(): string {
  const cpu = cpus();
  const date = new Date().toISOString().slice(0, 10);
  return `${date}, ${cpu.length} × ${cpu[0]?.model.trim() ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/**
 * Replace the section of docs/benchmarks.md between `<!-- bench:NAME -->` and
 * `<!-- /bench:NAME -->` (appending it when missing). `markdown` should start with a heading.
 */
export function writeBenchSection(name: string, markdown: string, file = join(projectRoot, "docs", "benchmarks.md")): void {
  mkdirSync(dirname(file), { recursive: true });
  const header = "# Benchmarks\n\nEach section is written by its `npm run bench:*` script; figures are from the machine and date it names.\n";
  const current = existsSync(file) ? readFileSync(file, "utf8") : header;
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const block = `${open}\n${markdown.trim()}\n${close}`;
  const start = current.indexOf(open);
  const end = current.indexOf(close);
  const next = start >= 0 && end > start
    ? current.slice(0, start) + block + current.slice(end + close.length)
    : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}

/** Markdown table from a header row and data rows. */
export function mdTable(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

/**
 * The rows of a table in a benchmark's section as last written whose first cell is a size ("100,000", maybe marked
 * " (earlier run)"), keyed by that size: a run that measures only some sizes carries the other rows over.
 */
export function previousSizeRows(name: string, columns: number, file = join(projectRoot, "docs", "benchmarks.md")): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  if (!existsSync(file)) return rows;
  const doc = readFileSync(file, "utf8");
  const section = doc.slice(doc.indexOf(`<!-- bench:${name} -->`), doc.indexOf(`<!-- /bench:${name} -->`));
  for (const line of section.split("\n")) {
    const cells = line.split("|").slice(1, -1).map((c) => c.trim());
    const size = /^([\d,]+)(?: \(earlier run\))?$/.exec(cells[0] ?? "");
    if (cells.length === columns && size && !rows.has(size[1]!)) rows.set(size[1]!, cells);
  }
  return rows;
}

// A replay-web folder with many pages per host for the crawl tests: the real saved pages of
// test/fixtures/replay, each served under many paths (symlinked, nothing copied).
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const replayDir = resolve(import.meta.dirname, "..", "fixtures", "replay");

interface ManifestPage { host: string; path: string; file: string; title?: string | null; type?: string }

/** A temp folder whose manifest serves `perHost` pages on each of the fixture hosts. */
export function makeReplayDir(perHost: number): { dir: string; pages: ManifestPage[] } {
  const base = JSON.parse(readFileSync(join(replayDir, "manifest.json"), "utf8")) as ManifestPage[];
  const dir = mkdtempSync(join(tmpdir(), "lede-replay-"));
  const pages: ManifestPage[] = [];
  const hosts = [...new Set(base.map((p) => p.host))];
  for (const host of hosts) {
    const own = base.filter((p) => p.host === host);
    for (let i = 0; i < perHost; i++) {
      const src = own[i % own.length]!;
      const file = `f${pages.length}.html.gz`;
      symlinkSync(join(replayDir, src.file), join(dir, file));
      pages.push({ host, path: `/story/${i}`, file, title: `${src.title ?? "page"} ${i}`, type: src.type });
    }
  }
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(pages));
  return { dir, pages };
}

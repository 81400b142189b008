// Images the reader view fetched, kept on disk beside the database (data/images/), so an article
// read once shows its pictures again without asking the publisher, offline too. One file per image
// (named by the SHA-256 of its URL) with its type in a small JSON beside it; the oldest files go
// when the cache is over its size.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { getEnv, sqlitePath } from "../config.ts";

/** bytes of images kept: ~500 large news photos or thousands of thumbnails. */
export const IMAGE_CACHE_MAX_BYTES = 512 * 1024 * 1024;

export interface CachedImage {
  contentType: string;
  body: Buffer;
}

export function imageCacheDir(databaseUrl = getEnv().DATABASE_URL): string {
  const db = sqlitePath(databaseUrl);
  return join(db ? dirname(db) : resolve("data"), "images");
}

const keyOf = (url: string) => createHash("sha256").update(url).digest("hex");

export class ImageCache {
  private total: number | null = null;

  constructor(readonly dir: string, readonly maxBytes = IMAGE_CACHE_MAX_BYTES) {}

  get(url: string): CachedImage | null {
    const k = keyOf(url);
    try {
      const meta = JSON.parse(readFileSync(join(this.dir, `${k}.json`), "utf8")) as { url: string; contentType: string };
      if (meta.url !== url) return null;
      return { contentType: meta.contentType, body: readFileSync(join(this.dir, `${k}.bin`)) };
    } catch {
      return null;
    }
  }

  put(url: string, image: CachedImage): void {
    mkdirSync(this.dir, { recursive: true });
    const k = keyOf(url);
    // write then rename: a reader never sees half an image
    const tmp = join(this.dir, `${k}.${process.pid}.tmp`);
    writeFileSync(tmp, image.body);
    renameSync(tmp, join(this.dir, `${k}.bin`));
    writeFileSync(join(this.dir, `${k}.json`), JSON.stringify({ url, contentType: image.contentType, fetchedAt: new Date().toISOString() }));
    this.total = (this.total ?? this.measure()) + image.body.length;
    if (this.total > this.maxBytes) this.evict();
  }

  private files(): { path: string; size: number; mtimeMs: number }[] {
    try {
      return readdirSync(this.dir).filter((f) => f.endsWith(".bin")).map((f) => {
        const st = statSync(join(this.dir, f));
        return { path: join(this.dir, f), size: st.size, mtimeMs: st.mtimeMs };
      });
    } catch {
      return [];
    }
  }

  private measure(): number {
    return this.files().reduce((n, f) => n + f.size, 0);
  }

  /** Drop the oldest images until the cache is at 90 % of its size. */
  private evict(): void {
    const files = this.files().sort((a, b) => a.mtimeMs - b.mtimeMs);
    let total = files.reduce((n, f) => n + f.size, 0);
    for (const f of files) {
      if (total <= this.maxBytes * 0.9) break;
      rmSync(f.path, { force: true });
      rmSync(f.path.replace(/\.bin$/, ".json"), { force: true });
      total -= f.size;
    }
    this.total = total;
  }
}

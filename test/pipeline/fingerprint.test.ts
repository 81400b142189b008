// The crawl's fingerprint stage computes simhash with 32-bit arithmetic: it must stay bit-for-bit the
// BigInt FNV-1a 64 + murmur-finaliser simhash stored so far, or new articles would stop matching
// stored near-duplicates. Checked against that reference on the real replay pages' text.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { hashContent } from "../../lib/dedup/content-hash.ts";
import { fingerprint } from "../../lib/dedup/fingerprint.ts";
import { normalizeText } from "../../lib/dedup/normalize-text.ts";
import { computeSimhash, hash64 } from "../../lib/dedup/simhash.ts";
import { defaultReplayDir, loadReplayPages } from "../../lib/replay/server.ts";

const MASK64 = (1n << 64n) - 1n;

/** The BigInt implementation the stored simhashes were made with. */
function referenceHash64(s: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < s.length; i++) {
    h ^= BigInt(s.charCodeAt(i));
    h = (h * 0x100000001b3n) & MASK64;
  }
  h ^= h >> 33n;
  h = (h * 0xff51afd7ed558ccdn) & MASK64;
  h ^= h >> 33n;
  h = (h * 0xc4ceb9fe1a85ec53n) & MASK64;
  h ^= h >> 33n;
  return h;
}

function referenceSimhash(text: string): string {
  const norm = normalizeText(text);
  const words = norm ? norm.split(" ") : [];
  const shingles = words.length < 2 ? (words.length ? [words.join(" ")] : []) : words.slice(1).map((w, i) => `${words[i]} ${w}`);
  const counts = new Map<string, number>();
  for (const sh of shingles) counts.set(sh, (counts.get(sh) ?? 0) + 1);
  const acc = new Array<number>(64).fill(0);
  for (const [sh, weight] of counts) {
    const h = referenceHash64(sh);
    for (let b = 0; b < 64; b++) acc[b] += (h >> BigInt(b)) & 1n ? weight : -weight;
  }
  let out = 0n;
  for (let b = 63; b >= 0; b--) out = (out << 1n) | (acc[b]! > 0 ? 1n : 0n);
  return out.toString(16).padStart(16, "0");
}

/** Visible text of the replay fixtures (tags stripped crudely: any text will do). */
const texts = loadReplayPages().map((p) => gunzipSync(readFileSync(join(defaultReplayDir, p.file))).toString("utf8").replace(/<[^>]*>/g, " "));

describe("fingerprint", () => {
  it("hash64 equals the 64-bit BigInt FNV-1a + finaliser on edge cases", () => {
    for (const s of ["", "a", "hello world", "日本語 テキスト", "\uffff\ud83d\ude00", "z".repeat(500)]) expect(hash64(s)).toBe(referenceHash64(s));
  });

  it("simhash and content hash are those of the reference, on real pages and edge cases", () => {
    for (const t of [...texts, "", "one", "two words", "Ünïcödé ελληνικά 한국어 two two two"]) {
      const fp = fingerprint(t);
      expect(fp.simhash).toBe(referenceSimhash(t));
      expect(computeSimhash(t)).toBe(fp.simhash);
      expect(fp.contentHash).toBe(hashContent(t));
    }
  });
});

// A bounded map for a process's memos (resolved hrefs, normalised URLs, URLs already inserted): at most
// `maxEntries` entries, the least recently written or read dropped first, every operation O(1).
//
// Two generations of half the bound each: entries are written into the young one; when it is full it
// becomes the old one and the previous old one is dropped whole; an entry read from the old one is
// written into the young one again. A Map used as a FIFO (deleting `keys().next()` at every insert)
// costs O(holes) per eviction instead: V8 skips the deleted slots at the front of its ordered table one
// by one until it rehashes, 13 µs per insert at 10,000 entries, 22 µs at 20,000 (more than the
// normalising the memo saves).

export class BoundedMap<K, V extends NonNullable<unknown> | null> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly generation: number;

  constructor(maxEntries: number) {
    this.generation = Math.max(1, Math.floor(maxEntries / 2));
  }

  /** The value stored for `key` (undefined when there is none: undefined is no value to store). */
  get(key: K): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined) return v;
    const kept = this.old.get(key);
    if (kept !== undefined) this.set(key, kept);
    return kept;
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  set(key: K, value: V): void {
    if (this.young.size >= this.generation && !this.young.has(key)) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }

  /** Entries held, at most maxEntries (an entry read from the old generation counted in both). */
  get size(): number {
    return this.young.size + this.old.size;
  }
}

// The word lists of the classifier (./features.ts: imprint, shop, forum, call-to-action and byline words)
// counted over a text's letter/digit runs (lib/word-runs.ts). They were one regular expression each, an
// alternation of the list's phrases scanned over the whole text: seven scans of the extracted text and the
// page text per page, the largest part of the classify stage's CPU. A phrase is a sequence of whole words
// with white space between them, so the same hits are found by looking up the runs that may start a
// phrase in a table of the phrases, all lists of a text in one pass.
import { isJsSpace } from "../extract/dom.ts";
import type { WordRuns } from "../word-runs.ts";

/** Whether only white space (JavaScript's \s) lies between run i − 1 and run i. */
function spacedBefore(runs: WordRuns, i: number): boolean {
  for (let j = runs.ends[i - 1]!; j < runs.starts[i]!; j++) if (!isJsSpace(runs.text.charCodeAt(j))) return false;
  return true;
}

const WHOLE_WORD = /^[\p{L}\p{N}]+$/u;

/** A run's sieve key from its length and first and last code units: a run whose key no phrase has starts none. */
const sieveKey = (length: number, first: number, last: number): number => ((length & 15) << 12) | ((first & 63) << 6) | (last & 63);

/**
 * Word lists of phrases (one or more whole words, single spaces between them) and their hits in a text's
 * runs. Per list: what the alternation of its phrases, longest first, with each space matching white space
 * (\s+), finds when a hit must start and end at a word boundary, scanning left to right without overlaps.
 * At a run where several phrases of a list fit, they are prefixes of one another, and the longest (most
 * words) is taken. The lists are counted independently of one another, in one pass over the runs.
 */
export class PhraseLists {
  /** First word → per list that has phrases starting with it: the list and those phrases as word arrays, most words first. */
  private readonly byFirst = new Map<string, { list: number; phrases: string[][] }[]>();
  private readonly sieve = new Uint8Array(1 << 16);

  constructor(readonly lists: readonly (readonly string[])[]) {
    lists.forEach((phrases, list) => {
      for (const phrase of new Set(phrases)) {
        const words = phrase.split(" ");
        if (!words.every((w) => WHOLE_WORD.test(w))) throw new Error(`word list: "${phrase}" is not whole words separated by single spaces`);
        const first = words[0]!;
        const entries = this.byFirst.get(first) ?? [];
        let entry = entries.find((e) => e.list === list);
        if (!entry) entries.push((entry = { list, phrases: [] }));
        entry.phrases.push(words);
        entry.phrases.sort((a, b) => b.length - a.length);
        this.byFirst.set(first, entries);
        this.sieve[sieveKey(first.length, first.charCodeAt(0), first.charCodeAt(first.length - 1))] = 1;
      }
    });
  }

  /** Hits per list, in the lists' order. */
  count(runs: WordRuns): number[] {
    const counts = this.lists.map(() => 0);
    this.scan(runs, (list) => { counts[list]!++; });
    return counts;
  }

  /** The phrases of list `list` found, in text order (repeated as often as they occur). */
  hits(runs: WordRuns, list: number): string[] {
    const out: string[] = [];
    this.scan(runs, (l, words) => { if (l === list) out.push(words.join(" ")); });
    return out;
  }

  private scan(runs: WordRuns, hit: (list: number, words: string[]) => void): void {
    const { text, starts, ends } = runs;
    const n = starts.length;
    /** Per list: the first run a next hit may start at (a hit's runs are not read again by its list). */
    const next = this.lists.map(() => 0);
    for (let i = 0; i < n; i++) {
      const s = starts[i]!, e = ends[i]!;
      if (this.sieve[sieveKey(e - s, text.charCodeAt(s), text.charCodeAt(e - 1))] === 0) continue;
      const entries = this.byFirst.get(runs.words ? runs.words[i]! : text.slice(s, e));
      if (!entries) continue;
      for (const { list, phrases } of entries) {
        if (i < next[list]!) continue;
        for (const phrase of phrases) {
          if (!this.fits(runs, i, phrase)) continue;
          hit(list, phrase);
          next[list] = i + phrase.length;
          break;
        }
      }
    }
  }

  /** Whether the runs from i on, with white space only between them, are the phrase's words (run i is its first). */
  private fits(runs: WordRuns, i: number, phrase: string[]): boolean {
    if (i + phrase.length > runs.starts.length) return false;
    for (let k = 1; k < phrase.length; k++) {
      const j = i + k, word = phrase[k]!;
      if (runs.ends[j]! - runs.starts[j]! !== word.length || !runs.text.startsWith(word, runs.starts[j]!) || !spacedBefore(runs, j)) return false;
    }
    return true;
  }
}

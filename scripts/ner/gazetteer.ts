// Gazetteers for the tagger: lower-cased phrases → the kinds they name.
//   - names seen in eng.train at least MIN_TRAIN_COUNT times with one kind for at least DOMINANT_SHARE of
//     their mentions (a name seen once is already a word feature; the list carries the frequent ones);
//   - country names (countries-list, MIT) as LOC.
import type { LabelledDocument } from "../../lib/entities/conll.ts";
import { spansOf } from "../../lib/entities/conll.ts";

const MIN_TRAIN_COUNT = 2;
const DOMINANT_SHARE = 0.8;
const MAX_WORDS = 5;

export function buildGazetteer(trainDocs: LabelledDocument[], log: (s: string) => void): { phrases: Map<string, string[]>; maxWords: number } {
  const counts = new Map<string, Map<string, number>>();
  for (const doc of trainDocs) for (const s of doc) for (const sp of spansOf(s.tags)) {
    if (sp.end - sp.start > MAX_WORDS) continue;
    const phrase = s.forms.slice(sp.start, sp.end).join(" ").toLowerCase();
    const c = counts.get(phrase) ?? new Map<string, number>();
    c.set(sp.kind, (c.get(sp.kind) ?? 0) + 1);
    counts.set(phrase, c);
  }
  const phrases = new Map<string, string[]>();
  for (const [phrase, c] of counts) {
    const total = [...c.values()].reduce((a, b) => a + b, 0);
    if (total < MIN_TRAIN_COUNT) continue;
    const [kind, n] = [...c].sort((a, b) => b[1] - a[1])[0]!;
    if (n / total >= DOMINANT_SHARE) phrases.set(phrase, [kind]);
  }
  const fromTraining = phrases.size;
  log(`gazetteer: ${fromTraining} phrases from eng.train`);
  let maxWords = 1;
  for (const p of phrases.keys()) maxWords = Math.max(maxWords, p.split(" ").length);
  return { phrases, maxWords };
}

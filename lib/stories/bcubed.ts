// B-cubed precision, recall and F1 (Bagga & Baldwin 1998): per item, the share of its predicted cluster
// that shares its gold cluster (precision) and the share of its gold cluster found in its predicted one
// (recall), averaged over items.

export interface BCubed { precision: number; recall: number; f1: number }

export function scoreBCubed(predicted: Map<string, string | number>, gold: Map<string, string | number>): BCubed {
  const groups = (m: Map<string, string | number>) => {
    const out = new Map<string | number, Set<string>>();
    for (const [item, c] of m) {
      const set = out.get(c) ?? new Set<string>();
      set.add(item);
      out.set(c, set);
    }
    return out;
  };
  const predGroups = groups(predicted);
  const goldGroups = groups(gold);
  let p = 0;
  let r = 0;
  let n = 0;
  for (const [item, g] of gold) {
    const pc = predGroups.get(predicted.get(item)!);
    const gc = goldGroups.get(g)!;
    if (!pc) continue;
    let shared = 0;
    for (const other of pc) if (gold.get(other) === g) shared++;
    p += shared / pc.size;
    r += shared / gc.size;
    n++;
  }
  const precision = n ? p / n : 0;
  const recall = n ? r / n : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

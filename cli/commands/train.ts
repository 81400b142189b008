import { parseArgs } from "node:util";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { getDb, closeDb } from "../../lib/db/client.ts";
import { describeShortfall, findCorpusDir, loadCorpusSamples, metricsRows, retrainModel } from "../../lib/classify/retrain.ts";
import { buildBaseSet, writeBaseSet } from "../../lib/classify/base-set.ts";
import { runTraining } from "../../lib/classify/train.ts";
import { featureCodeHash } from "../../lib/classify/wcxb-dataset.ts";
import { mdTable } from "../../scripts/bench/report.ts";

export const summary = "train the news classifier (corpus or shipped base set + admin labels), save and activate a model version";

const HELP = `Usage: lede train [--corpus DIR] [--kind mlp|logreg] [--seed N] [--folds N] [--no-activate]
       lede train --default [--corpus DIR]

Trains on the evaluation corpus (WCXB dev page types, article = news; the non-article pages of
news sites in page-type; the Fundus articles) or, without it, on the base set shipped in
lib/classify/base-set.json.gz (features and token counts of the same pages), plus every admin label
in the database; prints 10-fold cross-validation, folds grouped by site, for the MLP and the
logistic-regression baseline (both read the page features plus naive-Bayes scores of the text, URL,
title and markup words, fitted inside each fold), saves a new ModelVersion and activates it.
  --corpus DIR    corpus root (default ../shared/corpus or LEDE_CORPUS)
  --kind K        model to deploy: mlp (default) or logreg
  --default       write lib/classify/default-model.json and base-set.json.gz from the corpus alone (no database)
`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      corpus: { type: "string" }, kind: { type: "string", default: "mlp" }, seed: { type: "string", default: "42" },
      folds: { type: "string", default: "10" }, "no-activate": { type: "boolean" }, default: { type: "boolean" }, help: { type: "boolean" },
    },
  });
  if (values.help) { process.stdout.write(HELP); return 0; }
  if (values.kind !== "mlp" && values.kind !== "logreg") { process.stderr.write(`lede train: --kind must be mlp or logreg\n`); return 2; }
  const corpus = values.corpus ? resolve(values.corpus) : findCorpusDir();
  if (!corpus) process.stderr.write("lede train: evaluation corpus not found (set LEDE_CORPUS); training on the shipped base set and the admin labels\n");
  const runOptions = { kind: values.kind, seed: Number(values.seed), folds: Number(values.folds) } as const;
  const onProgress = (done: number, total: number) => { if (done % 100 === 0 || done === total) process.stderr.write(`\rfeatures ${done}/${total}`); if (done === total) process.stderr.write("\n"); };
  const head = ["model", "accuracy", "precision", "recall", "F1"];

  if (values.default) {
    if (!corpus) { process.stderr.write("lede train --default needs the corpus\n"); return 2; }
    const samples = loadCorpusSamples({ corpusDir: corpus, onProgress });
    const trained = runTraining(samples, runOptions);
    const file = join(import.meta.dirname, "..", "..", "lib", "classify", "default-model.json");
    const body = { trainedOn: "WCXB dev (page type article = news), page-type (non-articles of 15 news sites), Fundus (articles of 181 publishers)", featureHash: featureCodeHash(), metrics: trained.metrics, model: trained.classifier.toJSON() };
    writeFileSync(file, JSON.stringify(body) + "\n");
    writeBaseSet(buildBaseSet(samples, featureCodeHash(), runOptions.seed));
    process.stdout.write(`${mdTable(head, metricsRows(trained.metrics))}\n\n${samples.length} samples, ${runOptions.folds}-fold CV; wrote ${file}\n`);
    return 0;
  }

  const db = await getDb();
  try {
    const result = await retrainModel(db, { corpusDir: corpus, onProgress, activate: !values["no-activate"], run: runOptions });
    if (!result.ok) {
      process.stderr.write(`lede train: ${describeShortfall(result.samples, result.shortfall)}; nothing trained${result.baseProblem ? ` (base set ${result.baseProblem})` : ""}\n`);
      return 1;
    }
    const m = result.run.metrics;
    const rows = metricsRows(m);
    const prev = result.previous?.metrics as { cv?: { accuracy: number; precision: number; recall: number; f1: number }; kind?: string } | undefined;
    if (prev?.cv) rows.push([`previous v${result.previous!.id} (${prev.kind ?? "?"})`, ...[prev.cv.accuracy, prev.cv.precision, prev.cv.recall, prev.cv.f1].map((x) => x.toFixed(3))]);
    process.stdout.write(`${mdTable(head, rows)}\n\n${m.trainingSize} samples (${m.positives} news, ${m.labelSamples} from admin labels; base: ${result.base === "shipped" ? "the base set shipped in lib/classify" : result.base}), ${m.folds}-fold CV grouped by site, seed ${m.seed}\n`);
    process.stdout.write(`model version ${result.modelVersionId} saved${values["no-activate"] ? "" : " and activated"}\n`);
    return 0;
  } finally {
    await closeDb();
  }
}

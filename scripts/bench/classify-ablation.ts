// npx tsx scripts/bench/classify-ablation.ts [prefix] [seeds] [mlp|logreg] — does a group of features earn its place? The MLP's site-grouped CV
// (the folds of bench:classify) with every feature and without those whose names start with the prefix, in one run, per kind.
//   defaults: prefix "ex_" (the extraction's findings), seeds "42" (comma-separated), mlp. Needs the corpus (LEDE_CORPUS).
import { loadavg } from "node:os";
import { corpusDir } from "./report.ts";
import { loadAllCorpusSamples, type CorpusSample } from "../../lib/classify/wcxb-dataset.ts";
import { crossValidate } from "../../lib/classify/cross-validate.ts";
import { Classifier, DEFAULT_HIDDEN_UNITS, type ModelKind } from "../../lib/classify/model.ts";
import { DEFAULT_TRAIN_OPTIONS } from "../../lib/classify/trainer.ts";
import { FEATURE_NAMES } from "../../lib/classify/features.ts";
import { countConfusion } from "../../lib/classify/metrics.ts";

const FOLDS = 10;

function main(): number {
  const root = corpusDir();
  if (!root) return 0;
  const prefix = process.argv[2] ?? "ex_";
  const seeds = (process.argv[3] ?? "42").split(",").map(Number);
  const kind = (process.argv[4] ?? "mlp") as ModelKind;
  process.stderr.write(`load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}\n`);
  const samples = loadAllCorpusSamples(root, (c, d, n) => { if (d % 100 === 0) process.stderr.write(`\r${c} ${d}/${n}`); });
  const keep = FEATURE_NAMES.map((n, i) => (n.startsWith(prefix) ? -1 : i)).filter((i) => i >= 0);
  const names = keep.map((i) => FEATURE_NAMES[i]!);
  const without = samples.map((s) => ({ ...s, x: Float64Array.from(keep, (i) => s.x[i]!) }));
  process.stderr.write(`\n${samples.length} pages; ${FEATURE_NAMES.length} features, ${names.length} without "${prefix}*"\n`);
  const cv = (set: readonly CorpusSample[], featureNames: readonly string[], seed: number) =>
    crossValidate(set, (train) => Classifier.fit(train, featureNames, { kind, hidden: DEFAULT_HIDDEN_UNITS, train: { ...DEFAULT_TRAIN_OPTIONS, seed } }).classifier,
      { folds: FOLDS, seed, groups: set.map((s) => s.site) }).scores;
  const kinds = [...new Set(samples.map((s) => `${s.corpus === "wcxb" ? "WCXB" : "news site"}: ${s.kind}`))].sort();
  for (const seed of seeds) {
    const t = Date.now();
    const a = cv(without, names, seed);
    const b = cv(samples, FEATURE_NAMES, seed);
    const acc = (sc: number[], pick: (s: CorpusSample) => boolean) => {
      const idx = samples.map((s, i) => (pick(s) ? i : -1)).filter((i) => i >= 0);
      const m = countConfusion(idx.map((i) => samples[i]!.y), idx.map((i) => sc[i]! >= 0.5));
      return `${m.accuracy.toFixed(3)} (fp ${m.fp}, fn ${m.fn})`;
    };
    process.stdout.write(`seed ${seed} (${((Date.now() - t) / 1000).toFixed(0)} s, load ${loadavg()[0]!.toFixed(1)}):\n`);
    for (const [name, pick] of [["WCXB", (s: CorpusSample) => s.corpus === "wcxb"], ["news site", (s: CorpusSample) => s.corpus !== "wcxb"], ["all", () => true]] as const) {
      process.stdout.write(`  ${name}: without ${acc(a, pick)}  with ${acc(b, pick)}\n`);
    }
    for (const k of kinds) {
      const idx = samples.map((s, i) => (`${s.corpus === "wcxb" ? "WCXB" : "news site"}: ${s.kind}` === k ? i : -1)).filter((i) => i >= 0);
      const asNews = (sc: number[]) => idx.filter((i) => sc[i]! >= 0.5).length;
      process.stdout.write(`  ${k} (${idx.length}, truth ${samples[idx[0]!]!.y ? "news" : "not news"}): as news ${asNews(a)} -> ${asNews(b)}\n`);
    }
  }
  return 0;
}

process.exitCode = main();

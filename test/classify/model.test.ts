import { describe, expect, it } from "vitest";
import { Classifier, type Sample } from "../../lib/classify/model.ts";
import { Mlp } from "../../lib/classify/mlp.ts";
import { LogisticRegression } from "../../lib/classify/logreg.ts";
import { trainModel } from "../../lib/classify/trainer.ts";
import { assignGroupedFolds, assignStratifiedFolds, crossValidate, evaluate, hostGroup, splitHeldOut } from "../../lib/classify/cross-validate.ts";
import { createRandom } from "../../lib/classify/random.ts";

const names = ["a", "b"];

function xorSamples(n: number, seed: number): Sample[] {
  const r = createRandom(seed);
  return Array.from({ length: n }, (_, i) => {
    const a = r() < 0.5 ? 0 : 1;
    const b = r() < 0.5 ? 0 : 1;
    return { id: `xor:${i}`, x: Float64Array.from([a + (r() - 0.5) * 0.2, b + (r() - 0.5) * 0.2]), y: (a ^ b) === 1 };
  });
}

function separableSamples(n: number, seed: number): Sample[] {
  const r = createRandom(seed);
  return Array.from({ length: n }, (_, i) => {
    const x = Float64Array.from([r() * 10 - 5, r() * 10 - 5]);
    return { id: `sep:${i}`, x, y: 2 * x[0]! - x[1]! > 0.5 };
  });
}

describe("MLP and logistic regression", () => {
  it("the MLP learns XOR, which logistic regression cannot", () => {
    const train = xorSamples(400, 1);
    const test = xorSamples(200, 2);
    const mlp = Classifier.fit(train, names, { kind: "mlp", hidden: 8, train: { seed: 3, learningRate: 0.05, l2: 0, patience: 50 } }).classifier;
    const lr = Classifier.fit(train, names, { kind: "logreg", train: { seed: 3 } }).classifier;
    expect(evaluate(mlp, test).accuracy).toBeGreaterThan(0.95);
    expect(evaluate(lr, test).accuracy).toBeLessThan(0.75);
  });

  it("both learn separable data and beat the majority-class baseline", () => {
    const [train, test] = splitHeldOut(separableSamples(600, 5), 0.3, 7);
    const majority = Math.max(test.filter((s) => s.y).length, test.filter((s) => !s.y).length) / test.length;
    for (const kind of ["mlp", "logreg"] as const) {
      const m = evaluate(Classifier.fit(train, names, { kind, train: { seed: 11 } }).classifier, test);
      expect(m.accuracy, kind).toBeGreaterThan(0.95);
      expect(m.accuracy, kind).toBeGreaterThan(majority + 0.3);
    }
  });

  it("is reproducible: same seed, same weights", () => {
    const data = separableSamples(200, 9);
    const a = Classifier.fit(data, names, { kind: "mlp", train: { seed: 4 } }).classifier.toJSON();
    const b = Classifier.fit(data, names, { kind: "mlp", train: { seed: 4 } }).classifier.toJSON();
    const c = Classifier.fit(data, names, { kind: "mlp", train: { seed: 5 } }).classifier.toJSON();
    expect(a.params).toEqual(b.params);
    expect(a.params).not.toEqual(c.params);
  });

  it("early stopping ends training before the epoch cap and restores the best weights", () => {
    const data = separableSamples(300, 12);
    const net = Mlp.initialise(2, 6, 1);
    const report = trainModel(net, data.map((s) => s.x), data.map((s) => (s.y ? 1 : 0)), { maxEpochs: 2000, patience: 10 });
    expect(report.epochs).toBeLessThan(2000);
    expect(report.bestEpoch).toBeLessThanOrEqual(report.epochs);
    expect(report.bestValidationLoss).toBeLessThan(0.3);
  });

  it("gradients match finite differences", () => {
    for (const net of [Mlp.initialise(3, 4, 2), new LogisticRegression(3, [0.3, -0.2, 0.5, 0.1])]) {
      const x = Float64Array.from([0.5, -1.2, 2]);
      const grad = new Float64Array(net.params.length);
      net.accumulateGradient(x, 1, grad);
      const loss = () => -Math.log(net.predict(x));
      for (let k = 0; k < net.params.length; k++) {
        const orig = net.params[k]!;
        net.params[k] = orig + 1e-6; const up = loss();
        net.params[k] = orig - 1e-6; const down = loss();
        net.params[k] = orig;
        expect(grad[k]!).toBeCloseTo((up - down) / 2e-6, 5);
      }
    }
  });
});

describe("serialisation", () => {
  it("round-trips a trained model through JSON with the same scores", () => {
    const data = separableSamples(200, 21);
    for (const kind of ["mlp", "logreg"] as const) {
      const model = Classifier.fit(data, names, { kind, train: { seed: 1 } }).classifier;
      const copy = Classifier.fromJSON(JSON.parse(JSON.stringify(model)));
      expect(copy.kind).toBe(kind);
      expect(copy.featureNames).toEqual(names);
      for (const s of data.slice(0, 20)) expect(copy.score(s)).toBeCloseTo(model.score(s), 5);
    }
  });

  it("scores every input's occlusion in one pass exactly as one forward pass per input does", () => {
    const data = xorSamples(120, 5);
    for (const kind of ["mlp", "logreg"] as const) {
      const model = Classifier.fit(data, names, { kind, hidden: 6, train: { seed: 2 } }).classifier;
      for (const s of data.slice(0, 10)) {
        const inputs = model.inputVector(s);
        const each = model.scoreEachWithout(inputs);
        names.forEach((_, j) => expect(each[j]).toBeCloseTo(model.scoreWithout(inputs, j), 12));
      }
    }
  });

  it("rejects a damaged model", () => {
    const json = Classifier.fit(separableSamples(50, 2), names, { kind: "mlp", hidden: 3 }).classifier.toJSON();
    expect(() => Classifier.fromJSON({ ...json, format: "other" })).toThrow();
    expect(() => Classifier.fromJSON({ ...json, params: json.params.slice(1) })).toThrow(/parameters/);
  });
});

describe("cross-validation", () => {
  it("deals every sample to exactly one fold, each fold with the overall class mix", () => {
    const labels = Array.from({ length: 137 }, (_, i) => i % 3 === 0); // 46 positive, 91 negative
    const folds = assignStratifiedFolds(labels, 10, 42);
    expect(folds).toHaveLength(137);
    for (let f = 0; f < 10; f++) {
      const members = labels.filter((_, i) => folds[i] === f);
      const pos = members.filter(Boolean).length;
      expect(members.length).toBeGreaterThanOrEqual(13);
      expect(members.length).toBeLessThanOrEqual(14);
      expect(pos).toBeGreaterThanOrEqual(4);
      expect(pos).toBeLessThanOrEqual(5);
    }
    expect(assignStratifiedFolds(labels, 10, 42)).toEqual(folds);
    expect(assignStratifiedFolds(labels, 10, 43)).not.toEqual(folds);
  });

  it("keeps every host's pages in one fold and balances fold sizes", () => {
    const urls = Array.from({ length: 120 }, (_, i) => `https://${i % 7 === 0 ? "www." : ""}site${i % 40}.example/page/${i}`);
    const groups = urls.map(hostGroup);
    expect(groups[0]).toBe("site0.example");
    const folds = assignGroupedFolds(groups, 10, 42);
    const foldOf = new Map<string, number>();
    groups.forEach((g, i) => {
      expect(foldOf.get(g) ?? folds[i]).toBe(folds[i]);
      foldOf.set(g, folds[i]!);
    });
    for (let f = 0; f < 10; f++) expect(folds.filter((x) => x === f)).toHaveLength(12); // 40 hosts of 3 pages, 4 per fold
    expect(assignGroupedFolds(groups, 10, 42)).toEqual(folds);
  });

  it("pools out-of-fold predictions over all samples", () => {
    const data = separableSamples(200, 31);
    const cv = crossValidate(data, (train) => Classifier.fit(train, names, { kind: "logreg" }).classifier, { folds: 10, seed: 1 });
    expect(cv.perFold).toHaveLength(10);
    expect(cv.pooled.n).toBe(200);
    expect(cv.perFold.reduce((n, f) => n + f.n, 0)).toBe(200);
    expect(cv.pooled.accuracy).toBeGreaterThan(0.9);
  });
});

// A trained classifier: feature names + scaler + network weights, serialisable as JSON (the
// ModelVersion.params column and lib/classify/default-model.json hold this format).
import { z } from "zod";
import { Mlp } from "./mlp.ts";
import { LogisticRegression } from "./logreg.ts";
import { applyScaler, fitScaler, type Scaler } from "./standardise.ts";
import { trainModel, type TrainOptions, type TrainReport } from "./trainer.ts";

export const MODEL_FORMAT = "lede-classifier/1";

export type ModelKind = "mlp" | "logreg";

export interface Sample {
  /** Stable id: "wcxb:0001" or "label:<url>". */
  id: string;
  x: Float64Array;
  /** true = news article. */
  y: boolean;
}

export const serialisedModelSchema = z.object({
  format: z.literal(MODEL_FORMAT),
  kind: z.enum(["mlp", "logreg"]),
  featureNames: z.array(z.string()),
  scaler: z.object({ mean: z.array(z.number()), std: z.array(z.number()) }),
  hidden: z.number().int().min(0),
  params: z.array(z.number()),
  /** P(news) at or above which a page is news. */
  threshold: z.number().min(0).max(1),
});
export type SerialisedModel = z.infer<typeof serialisedModelSchema>;

export interface FitOptions {
  kind: ModelKind;
  /** Hidden units of the MLP (the brief's 35). */
  hidden: number;
  train: Partial<TrainOptions>;
}

/** The brief's network: all features → 35 sigmoid units → 1. */
export const DEFAULT_HIDDEN_UNITS = 35;
/** A page is news when P(news) ≥ 0.5: classes are near balanced in training, errors cost the same. */
export const DEFAULT_THRESHOLD = 0.5;

/** 7 significant digits: far below any effect on P(news), and the JSON shrinks by half. */
const round = (x: number): number => Number(x.toPrecision(7));

export class Classifier {
  private constructor(
    readonly kind: ModelKind,
    readonly featureNames: readonly string[],
    readonly scaler: Scaler,
    private readonly net: Mlp | LogisticRegression,
    readonly threshold: number,
  ) {}

  /** Standardise on the training rows, initialise from the seed, train with early stopping. */
  static fit(samples: readonly Sample[], featureNames: readonly string[], options: Partial<FitOptions> = {}): { classifier: Classifier; report: TrainReport } {
    const kind = options.kind ?? "mlp";
    const seed = options.train?.seed ?? 42;
    const scaler = fitScaler(samples.map((s) => s.x));
    const xs = samples.map((s) => applyScaler(scaler, s.x));
    const ys = samples.map((s) => (s.y ? 1 : 0));
    const d = featureNames.length;
    const net = kind === "mlp" ? Mlp.initialise(d, options.hidden ?? DEFAULT_HIDDEN_UNITS, seed) : new LogisticRegression(d);
    const report = trainModel(net, xs, ys, options.train);
    return { classifier: new Classifier(kind, featureNames, scaler, net, DEFAULT_THRESHOLD), report };
  }

  static fromJSON(data: unknown): Classifier {
    const m = serialisedModelSchema.parse(data);
    const d = m.featureNames.length;
    if (m.scaler.mean.length !== d || m.scaler.std.length !== d) throw new Error("model scaler does not match its feature names");
    const net = m.kind === "mlp" ? new Mlp(d, m.hidden, m.params) : new LogisticRegression(d, m.params);
    return new Classifier(m.kind, m.featureNames, m.scaler, net, m.threshold);
  }

  /** P(news) for a raw (unstandardised) feature vector. */
  score(x: Float64Array): number {
    return this.net.predict(applyScaler(this.scaler, x));
  }

  /** P(news) with feature j replaced by its training mean: how much j moved the score. */
  scoreWithout(x: Float64Array, j: number): number {
    const copy = x.slice();
    copy[j] = this.scaler.mean[j]!;
    return this.score(copy);
  }

  isNews(score: number): boolean {
    return score >= this.threshold;
  }

  toJSON(): SerialisedModel {
    return {
      format: MODEL_FORMAT,
      kind: this.kind,
      featureNames: [...this.featureNames],
      scaler: { mean: this.scaler.mean.map(round), std: this.scaler.std.map(round) },
      hidden: this.net instanceof Mlp ? this.net.hidden : 0,
      params: Array.from(this.net.params, round),
      threshold: this.threshold,
    };
  }
}

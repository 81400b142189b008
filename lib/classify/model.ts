// A trained classifier: feature names + word-based token scorers + scaler + network weights,
// serialisable as JSON (the ModelVersion.params column and lib/classify/default-model.json hold
// this format). The network reads the structural features followed by one naive-Bayes score per
// token field (./token-scorer.ts), stacked honestly: the training rows' token scores come from
// scorers that never saw those rows (inner cross-fitting).
import { z } from "zod";
import { assignStratifiedFolds } from "./cross-validate.ts";
import { Mlp } from "./mlp.ts";
import { LogisticRegression } from "./logreg.ts";
import { applyScaler, fitScaler, type Scaler } from "./standardise.ts";
import { TOKEN_FIELDS, type PageTokens, type TokenField } from "./tokens.ts";
import { countTokens, serialisedTokenScorerSchema, TokenScorer, type TokenCounts, type TokenScorerOptions } from "./token-scorer.ts";
import { trainModel, type TrainOptions, type TrainReport } from "./trainer.ts";

/**
 * Version 2 added token scorers; version 3 adds the page-markup token field (class/id/itemprop/role
 * words). Older stored models no longer parse and the default model is used instead.
 */
export const MODEL_FORMAT = "lede-classifier/3";

export type ModelKind = "mlp" | "logreg";

export interface Sample {
  /** Stable id: "wcxb:0001" or "label:<url>". */
  id: string;
  /** Structural features (FEATURE_NAMES order for pages). */
  x: Float64Array;
  /** Word tokens per field; models fitted on samples without them have no word-based scores. */
  tokens?: PageTokens;
  /**
   * Instead of tokens: the page's word scores per TOKEN_FIELDS field, already cross-fitted (the shipped
   * base training set, ./base-set.ts, carries these and the token counts, not the pages' words).
   */
  tokenScores?: readonly number[];
  /** The page's site (./cross-validate.ts siteGroup): training folds keep a site's pages together. */
  group?: string;
  /** true = news article. */
  y: boolean;
}

/** What the model scores: a page's structural features and, for word-based models, its tokens. */
export type ScoreInput = Pick<Sample, "x" | "tokens" | "tokenScores">;

export const serialisedModelSchema = z.object({
  format: z.literal(MODEL_FORMAT),
  kind: z.enum(["mlp", "logreg"]),
  featureNames: z.array(z.string()),
  /** Token field → scorer; its score enters the network as input `words_<field>`, after the features. */
  tokenScorers: z.array(z.object({ field: z.enum(TOKEN_FIELDS), scorer: serialisedTokenScorerSchema })),
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
  /** Fit word-based token scores (default: when every sample carries tokens). */
  tokenScores: boolean;
  tokenScorer: Partial<TokenScorerOptions>;
  /** Token presence counts per field of samples that come without tokens (the base set's), added to every scorer. */
  baseCounts?: Partial<Record<TokenField, TokenCounts>>;
}

/** The brief's network: all features → 35 sigmoid units → 1. */
export const DEFAULT_HIDDEN_UNITS = 35;
/** A page is news when P(news) ≥ 0.5: classes are near balanced in training, errors cost the same. */
export const DEFAULT_THRESHOLD = 0.5;
/**
 * Inner folds that produce the training rows' token scores: each row is scored by a scorer fitted
 * on the other 4/5, so the network learns how far an unseen page's word score can be trusted.
 */
export const TOKEN_SCORE_INNER_FOLDS = 5;

/** Input name of a token field's score. */
export const tokenInputName = (field: TokenField): string => `words_${field}`;

/** 7 significant digits: far below any effect on P(news), and the JSON shrinks by half. */
const round = (x: number): number => Number(x.toPrecision(7));

interface FieldScorer { field: TokenField; scorer: TokenScorer }

export class Classifier {
  private constructor(
    readonly kind: ModelKind,
    readonly featureNames: readonly string[],
    private readonly tokenScorers: readonly FieldScorer[],
    readonly scaler: Scaler,
    private readonly net: Mlp | LogisticRegression,
    readonly threshold: number,
  ) {}

  /** Network inputs in order: the features, then `words_<field>` per token scorer. */
  get inputNames(): string[] {
    return [...this.featureNames, ...this.tokenScorers.map((t) => tokenInputName(t.field))];
  }

  get usesTokens(): boolean {
    return this.tokenScorers.length > 0;
  }

  /**
   * 1. token scores for the training rows by inner cross-fitting, and scorers on all rows for later pages;
   * 2. standardise on the training rows, initialise from the seed;
   * 3. train with early stopping.
   */
  static fit(samples: readonly Sample[], featureNames: readonly string[], options: Partial<FitOptions> = {}): { classifier: Classifier; report: TrainReport } {
    const kind = options.kind ?? "mlp";
    const seed = options.train?.seed ?? 42;
    const useTokens = options.tokenScores ?? (samples.length > 0 && samples.every((s) => s.tokens || s.tokenScores));
    const { scorers, trainingScores } = useTokens ? fitTokenScorers(samples, seed, options.tokenScorer ?? {}, options.baseCounts ?? {}) : { scorers: [], trainingScores: [] };
    const rows = samples.map((s, i) => Float64Array.from([...s.x, ...(trainingScores[i] ?? [])]));
    const scaler = fitScaler(rows);
    const xs = rows.map((r) => applyScaler(scaler, r));
    const ys = samples.map((s) => (s.y ? 1 : 0));
    const d = featureNames.length + scorers.length;
    const net = kind === "mlp" ? Mlp.initialise(d, options.hidden ?? DEFAULT_HIDDEN_UNITS, seed) : new LogisticRegression(d);
    const report = trainModel(net, xs, ys, options.train);
    return { classifier: new Classifier(kind, featureNames, scorers, scaler, net, DEFAULT_THRESHOLD), report };
  }

  static fromJSON(data: unknown): Classifier {
    const m = serialisedModelSchema.parse(data);
    const d = m.featureNames.length + m.tokenScorers.length;
    if (m.scaler.mean.length !== d || m.scaler.std.length !== d) throw new Error("model scaler does not match its inputs");
    const net = m.kind === "mlp" ? new Mlp(d, m.hidden, m.params) : new LogisticRegression(d, m.params);
    const scorers = m.tokenScorers.map((t) => ({ field: t.field, scorer: TokenScorer.fromJSON(t.scorer) }));
    return new Classifier(m.kind, m.featureNames, scorers, m.scaler, net, m.threshold);
  }

  /** The network's raw input row: features, then token scores. */
  inputVector(page: ScoreInput): Float64Array {
    const out = new Float64Array(this.featureNames.length + this.tokenScorers.length);
    out.set(page.x.subarray(0, this.featureNames.length));
    this.tokenScorers.forEach((t, k) => {
      const stored = page.tokenScores?.[TOKEN_FIELDS.indexOf(t.field)];
      out[this.featureNames.length + k] = page.tokens ? t.scorer.score(page.tokens[t.field]) : stored ?? this.scaler.mean[this.featureNames.length + k]!;
    });
    return out;
  }

  /** P(news) for a page's features (and tokens). */
  score(page: ScoreInput): number {
    return this.scoreInputs(this.inputVector(page));
  }

  /** P(news) for a raw (unstandardised) input row from `inputVector`. */
  scoreInputs(inputs: Float64Array): number {
    return this.net.predict(applyScaler(this.scaler, inputs));
  }

  /** P(news) with input j replaced by its training mean: how much j moved the score. */
  scoreWithout(inputs: Float64Array, j: number): number {
    const copy = inputs.slice();
    copy[j] = this.scaler.mean[j]!;
    return this.scoreInputs(copy);
  }

  /** P(news) with each input in turn replaced by its training mean (the same as scoreWithout for every j, in one pass). */
  scoreEachWithout(inputs: Float64Array): Float64Array {
    return this.net.predictEachZeroed(applyScaler(this.scaler, inputs));
  }

  /** The page's words in `field` that leaned hardest towards the decision (for reasons). */
  strongestTokens(tokens: PageTokens, field: TokenField, towardsNews: boolean, limit: number): string[] {
    return this.tokenScorers.find((t) => t.field === field)?.scorer.strongestTokens(tokens[field], towardsNews, limit) ?? [];
  }

  isNews(score: number): boolean {
    return score >= this.threshold;
  }

  toJSON(): SerialisedModel {
    return {
      format: MODEL_FORMAT,
      kind: this.kind,
      featureNames: [...this.featureNames],
      tokenScorers: this.tokenScorers.map((t) => ({ field: t.field, scorer: t.scorer.toJSON() })),
      scaler: { mean: this.scaler.mean.map(round), std: this.scaler.std.map(round) },
      hidden: this.net instanceof Mlp ? this.net.hidden : 0,
      params: Array.from(this.net.params, round),
      threshold: this.threshold,
    };
  }
}

/**
 * Honest stacking: each training row's token scores come from scorers fitted on the other inner
 * folds; the returned scorers (for pages scored later) are fitted on every row.
 */
function fitTokenScorers(samples: readonly Sample[], seed: number, options: Partial<TokenScorerOptions>, base: Partial<Record<TokenField, TokenCounts>>): { scorers: FieldScorer[]; trainingScores: number[][] } {
  // Pages with words are cross-fitted here; pages of the base set bring their cross-fitted scores along.
  const withTokens = samples.filter((s) => s.tokens);
  const labels = withTokens.map((s) => s.y);
  const fields = TOKEN_FIELDS;
  const k = Math.min(TOKEN_SCORE_INNER_FOLDS, withTokens.length);
  const fold = k > 1 ? assignStratifiedFolds(labels, k, seed ^ 0x5bd1e995) : withTokens.map(() => 0);
  const scoreOf = new Map<Sample, number[]>();
  for (const s of samples) if (!s.tokens) scoreOf.set(s, fields.map((_, q) => s.tokenScores?.[q] ?? 0));
  for (const s of withTokens) scoreOf.set(s, new Array<number>(fields.length).fill(0));
  for (let f = 0; f < (k > 1 ? k : 0); f++) {
    const inFit = withTokens.map((_, i) => fold[i] !== f);
    fields.forEach((field, q) => {
      const counts = countTokens(withTokens.filter((_, i) => inFit[i]).map((s) => s.tokens![field]), labels.filter((_, i) => inFit[i]), base[field]);
      const scorer = TokenScorer.fromCounts(counts, options);
      withTokens.forEach((s, i) => { if (!inFit[i]) scoreOf.get(s)![q] = scorer.score(s.tokens![field]); });
    });
  }
  const scorers = fields.map((field) => ({ field, scorer: TokenScorer.fromCounts(countTokens(withTokens.map((s) => s.tokens![field]), labels, base[field]), options) }));
  return { scorers, trainingScores: samples.map((s) => scoreOf.get(s)!) };
}

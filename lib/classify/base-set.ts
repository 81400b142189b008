// The base training set shipped inside Lede (lib/classify/base-set.json.gz), so that "Retrain"
// works on any machine: admin labels plus this set train a new model version without the
// evaluation corpus. It holds no pages and no words of pages: per page only its structural feature
// vector, its word scores per field (cross-fitted: each from a scorer that never saw the page), its
// label, site and kind; per token field only the presence counts of tokens seen on at least
// DEFAULT_TOKEN_SCORER_OPTIONS.minPages pages (the sufficient statistics of the naive-Bayes
// scorers). Written by `lede train --default` from WCXB dev, page-type and Fundus.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { z } from "zod";
import { FEATURE_NAMES } from "./features.ts";
import type { Sample } from "./model.ts";
import { countTokens, DEFAULT_TOKEN_SCORER_OPTIONS, TokenScorer, type TokenCounts } from "./token-scorer.ts";
import { TOKEN_FIELDS, type TokenField } from "./tokens.ts";
import { assignStratifiedFolds } from "./cross-validate.ts";

export const BASE_SET_FORMAT = "lede-base-set/1";
export const BASE_SET_PATH = join(import.meta.dirname, "base-set.json.gz");
/** Inner folds of the shipped word scores (as the model's own cross-fitting, model.ts TOKEN_SCORE_INNER_FOLDS). */
const BASE_SCORE_FOLDS = 5;
/** 4 significant digits: features are log counts and ratios; the scaler and the network do not see finer steps. */
const round = (x: number): number => Number(x.toPrecision(4));

const baseSetSchema = z.object({
  format: z.literal(BASE_SET_FORMAT),
  featureNames: z.array(z.string()),
  featureHash: z.string(),
  rows: z.array(z.object({ y: z.boolean(), site: z.string(), kind: z.string(), corpus: z.string(), x: z.array(z.number()), s: z.array(z.number()) })),
  /** Field → tokens and their presence counts on pages that are not news / news. */
  counts: z.record(z.enum(TOKEN_FIELDS), z.object({ tokens: z.array(z.string()), other: z.array(z.number().int()), news: z.array(z.number().int()) })),
});
export type BaseSetFile = z.infer<typeof baseSetSchema>;

export interface BaseSet {
  samples: Sample[];
  counts: Record<TokenField, TokenCounts>;
  kinds: string[];
}

/** Build the shipped form from samples with tokens: cross-fitted word scores per page, counts per field. */
export function buildBaseSet(samples: readonly (Sample & { site: string; kind: string; corpus: string })[], featureHash: string, seed = 42): BaseSetFile {
  const labels = samples.map((s) => s.y);
  const fold = assignStratifiedFolds(labels, BASE_SCORE_FOLDS, seed ^ 0x5bd1e995);
  const scores = samples.map(() => new Array<number>(TOKEN_FIELDS.length).fill(0));
  for (let f = 0; f < BASE_SCORE_FOLDS; f++) {
    TOKEN_FIELDS.forEach((field, q) => {
      const fit = samples.filter((_, i) => fold[i] !== f);
      const scorer = TokenScorer.fit(fit.map((s) => s.tokens![field]), fit.map((s) => s.y));
      samples.forEach((s, i) => { if (fold[i] === f) scores[i]![q] = scorer.score(s.tokens![field]); });
    });
  }
  const counts = {} as BaseSetFile["counts"];
  for (const field of TOKEN_FIELDS) {
    const c = [...countTokens(samples.map((s) => s.tokens![field]), labels)].filter(([, v]) => v[0] + v[1] >= DEFAULT_TOKEN_SCORER_OPTIONS.minPages).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    counts[field] = { tokens: c.map(([t]) => t), other: c.map(([, v]) => v[0]), news: c.map(([, v]) => v[1]) };
  }
  return {
    format: BASE_SET_FORMAT, featureNames: [...FEATURE_NAMES], featureHash,
    rows: samples.map((s, i) => ({ y: s.y, site: s.site, kind: s.kind, corpus: s.corpus, x: Array.from(s.x, round), s: scores[i]!.map(round) })),
    counts,
  };
}

export function writeBaseSet(file: BaseSetFile, path = BASE_SET_PATH): void {
  writeFileSync(path, gzipSync(JSON.stringify(file), { level: 9 }));
}

export type LoadBaseSetResult = { ok: true; set: BaseSet } | { ok: false; reason: "missing" | "unreadable" | "other_features"; detail: string };

/** The shipped base set, when present and made for the current feature table. */
export function loadBaseSet(path = BASE_SET_PATH): LoadBaseSetResult {
  if (!existsSync(path)) return { ok: false, reason: "missing", detail: `${path} not found` };
  let file: BaseSetFile;
  try {
    file = baseSetSchema.parse(JSON.parse(gunzipSync(readFileSync(path)).toString("utf8")));
  } catch (err) {
    return { ok: false, reason: "unreadable", detail: String(err).slice(0, 300) };
  }
  if (file.featureNames.join(",") !== FEATURE_NAMES.join(",")) {
    return { ok: false, reason: "other_features", detail: "the base set was built for another feature table; run `lede train --default` with the corpus" };
  }
  const counts = {} as Record<TokenField, TokenCounts>;
  for (const field of TOKEN_FIELDS) {
    const c = file.counts[field];
    counts[field] = new Map(c ? c.tokens.map((t, i): [string, [number, number]] => [t, [c.other[i]!, c.news[i]!]]) : []);
  }
  const samples = file.rows.map((r, i): Sample => ({ id: `base:${r.corpus}:${i}`, x: Float64Array.from(r.x), tokenScores: r.s, y: r.y, group: r.site }));
  return { ok: true, set: { samples, counts, kinds: file.rows.map((r) => r.kind) } };
}

// Feature standardisation (zero mean, unit variance), fitted on training rows only.

export interface Scaler {
  mean: number[];
  std: number[];
}

/** Below this spread a feature is treated as constant (std 1), so it cannot blow up. */
const MIN_STD = 1e-9;

export function fitScaler(rows: readonly Float64Array[]): Scaler {
  const d = rows[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const std = new Array<number>(d).fill(0);
  for (const r of rows) for (let j = 0; j < d; j++) mean[j]! += r[j]!;
  for (let j = 0; j < d; j++) mean[j]! /= Math.max(rows.length, 1);
  for (const r of rows) for (let j = 0; j < d; j++) std[j]! += (r[j]! - mean[j]!) ** 2;
  for (let j = 0; j < d; j++) {
    const s = Math.sqrt(std[j]! / Math.max(rows.length, 1));
    std[j] = s > MIN_STD ? s : 1;
  }
  return { mean, std };
}

export function applyScaler(scaler: Scaler, row: Float64Array): Float64Array {
  const out = new Float64Array(row.length);
  for (let j = 0; j < row.length; j++) out[j] = (row[j]! - scaler.mean[j]!) / scaler.std[j]!;
  return out;
}

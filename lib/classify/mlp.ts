// The brief's multi-layer perceptron: inputs → one hidden layer of sigmoid units → one sigmoid
// output, P(news). Plain Float64Array arithmetic; trained by ./trainer.ts.
import { sampleNormal, createRandom } from "./random.ts";
import type { Differentiable } from "./trainer.ts";

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export interface MlpWeights {
  inputs: number;
  hidden: number;
  /** Flat: w1 (hidden × inputs, row-major), b1 (hidden), w2 (hidden), b2 (1). */
  params: number[];
}

export class Mlp implements Differentiable {
  readonly params: Float64Array;
  readonly decayMask: Float64Array;
  private readonly h: Float64Array;

  constructor(readonly inputs: number, readonly hidden: number, params?: ArrayLike<number>) {
    const size = hidden * inputs + hidden + hidden + 1;
    this.params = new Float64Array(size);
    if (params) {
      if (params.length !== size) throw new Error(`MLP ${inputs}-${hidden}-1 needs ${size} parameters, got ${params.length}`);
      this.params.set(params);
    }
    this.decayMask = new Float64Array(size);
    this.decayMask.fill(1, 0, hidden * inputs);
    this.decayMask.fill(1, hidden * inputs + hidden, hidden * inputs + 2 * hidden);
    this.h = new Float64Array(hidden);
  }

  /** Xavier/Glorot-style initialisation for sigmoid units, from a seed. */
  static initialise(inputs: number, hidden: number, seed: number): Mlp {
    const net = new Mlp(inputs, hidden);
    const random = createRandom(seed);
    const s1 = Math.sqrt(2 / (inputs + hidden));
    const s2 = Math.sqrt(2 / (hidden + 1));
    for (let k = 0; k < hidden * inputs; k++) net.params[k] = sampleNormal(random) * s1;
    const w2 = hidden * inputs + hidden;
    for (let k = 0; k < hidden; k++) net.params[w2 + k] = sampleNormal(random) * s2;
    return net;
  }

  private forward(x: Float64Array): number {
    const { inputs, hidden, params: p, h } = this;
    const b1 = hidden * inputs;
    const w2 = b1 + hidden;
    let z = p[w2 + hidden]!;
    for (let j = 0; j < hidden; j++) {
      let a = p[b1 + j]!;
      const row = j * inputs;
      for (let i = 0; i < inputs; i++) a += p[row + i]! * x[i]!;
      h[j] = sigmoid(a);
      z += p[w2 + j]! * h[j]!;
    }
    return sigmoid(z);
  }

  predict(x: Float64Array): number {
    return this.forward(x);
  }

  /**
   * P(news) with each input in turn set to 0 (its training mean, standardised): one pass over the
   * weights instead of one forward pass per input (the reason's occlusion was d² × hidden).
   */
  predictEachZeroed(x: Float64Array): Float64Array {
    const { inputs, hidden, params: p } = this;
    const b1 = hidden * inputs;
    const w2 = b1 + hidden;
    const a = new Float64Array(hidden);
    for (let j = 0; j < hidden; j++) {
      let s = p[b1 + j]!;
      const row = j * inputs;
      for (let i = 0; i < inputs; i++) s += p[row + i]! * x[i]!;
      a[j] = s;
    }
    const out = new Float64Array(inputs);
    for (let i = 0; i < inputs; i++) {
      const xi = x[i]!;
      let z = p[w2 + hidden]!;
      for (let j = 0; j < hidden; j++) z += p[w2 + j]! * sigmoid(a[j]! - p[j * inputs + i]! * xi);
      out[i] = sigmoid(z);
    }
    return out;
  }

  accumulateGradient(x: Float64Array, y: number, grad: Float64Array): number {
    const { inputs, hidden, params: p, h } = this;
    const out = this.forward(x);
    const b1 = hidden * inputs;
    const w2 = b1 + hidden;
    const dz = out - y; // d(log loss)/d(output pre-activation) for a sigmoid output
    grad[w2 + hidden]! += dz;
    for (let j = 0; j < hidden; j++) {
      grad[w2 + j]! += dz * h[j]!;
      const da = dz * p[w2 + j]! * h[j]! * (1 - h[j]!);
      grad[b1 + j]! += da;
      const row = j * inputs;
      for (let i = 0; i < inputs; i++) grad[row + i]! += da * x[i]!;
    }
    const eps = 1e-12;
    return -(y * Math.log(Math.max(out, eps)) + (1 - y) * Math.log(Math.max(1 - out, eps)));
  }

  toJSON(): MlpWeights {
    return { inputs: this.inputs, hidden: this.hidden, params: Array.from(this.params) };
  }
}

// Logistic regression, the baseline beside the MLP: P(news) = σ(w·x + b). Trained by ./trainer.ts.
import { sigmoid } from "./mlp.ts";
import type { Differentiable } from "./trainer.ts";

export interface LogRegWeights {
  inputs: number;
  /** Flat: w (inputs), b (1). */
  params: number[];
}

export class LogisticRegression implements Differentiable {
  readonly params: Float64Array;
  readonly decayMask: Float64Array;

  constructor(readonly inputs: number, params?: ArrayLike<number>) {
    this.params = new Float64Array(inputs + 1);
    if (params) {
      if (params.length !== inputs + 1) throw new Error(`logistic regression on ${inputs} inputs needs ${inputs + 1} parameters, got ${params.length}`);
      this.params.set(params);
    }
    this.decayMask = new Float64Array(inputs + 1).fill(1, 0, inputs);
  }

  predict(x: Float64Array): number {
    let z = this.params[this.inputs]!;
    for (let i = 0; i < this.inputs; i++) z += this.params[i]! * x[i]!;
    return sigmoid(z);
  }

  /** P(news) with each input in turn set to 0 (its standardised training mean). */
  predictEachZeroed(x: Float64Array): Float64Array {
    let z = this.params[this.inputs]!;
    for (let i = 0; i < this.inputs; i++) z += this.params[i]! * x[i]!;
    const out = new Float64Array(this.inputs);
    for (let i = 0; i < this.inputs; i++) out[i] = sigmoid(z - this.params[i]! * x[i]!);
    return out;
  }

  accumulateGradient(x: Float64Array, y: number, grad: Float64Array): number {
    const out = this.predict(x);
    const dz = out - y;
    for (let i = 0; i < this.inputs; i++) grad[i]! += dz * x[i]!;
    grad[this.inputs]! += dz;
    const eps = 1e-12;
    return -(y * Math.log(Math.max(out, eps)) + (1 - y) * Math.log(Math.max(1 - out, eps)));
  }

  toJSON(): LogRegWeights {
    return { inputs: this.inputs, params: Array.from(this.params) };
  }
}

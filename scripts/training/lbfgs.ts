// Limited-memory BFGS with a backtracking (Armijo) line search: the optimiser of the topic
// regression and of the calibration. It has no randomness and runs every loop in a fixed order, so
// the same objective and start give bit-identical results, which keeps trained models reproducible.

/** Writes the gradient at x into `gradient` and returns the objective's value there. */
export type Objective = (x: Float64Array, gradient: Float64Array) => number;

export interface MinimizeOptions {
  maxIterations: number;
  /** Pairs of past steps kept for the curvature estimate. */
  memory: number;
  /** Stop once an iteration lowers the objective by less than this share of it. */
  tolerance: number;
}

const DEFAULTS: MinimizeOptions = { maxIterations: 300, memory: 8, tolerance: 1e-9 };

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** The point minimising a smooth convex objective, starting from `start`. */
export function minimize(objective: Objective, start: Float64Array, options: Partial<MinimizeOptions> = {}): Float64Array {
  const { maxIterations, memory, tolerance } = { ...DEFAULTS, ...options };
  const n = start.length;
  const x = Float64Array.from(start);
  const gradient = new Float64Array(n);
  let value = objective(x, gradient);
  const steps: Float64Array[] = [];
  const changes: Float64Array[] = [];
  const rho: number[] = [];
  const alpha = new Float64Array(memory);
  const direction = new Float64Array(n);
  const next = new Float64Array(n);
  const nextGradient = new Float64Array(n);

  for (let iteration = 0; iteration < maxIterations; iteration++) {
    // Two-loop recursion: direction = -H·gradient.
    for (let i = 0; i < n; i++) direction[i] = -gradient[i]!;
    const kept = steps.length;
    for (let j = kept - 1; j >= 0; j--) {
      const a = (alpha[j] = rho[j]! * dot(steps[j]!, direction));
      const change = changes[j]!;
      for (let i = 0; i < n; i++) direction[i]! -= a * change[i]!;
    }
    const scale =
      kept > 0 ? dot(steps[kept - 1]!, changes[kept - 1]!) / dot(changes[kept - 1]!, changes[kept - 1]!) : 1 / Math.max(1, Math.sqrt(dot(gradient, gradient)));
    for (let i = 0; i < n; i++) direction[i]! *= scale;
    for (let j = 0; j < kept; j++) {
      const c = alpha[j]! - rho[j]! * dot(changes[j]!, direction);
      const step = steps[j]!;
      for (let i = 0; i < n; i++) direction[i]! += c * step[i]!;
    }
    let slope = dot(gradient, direction);
    if (!(slope < 0)) {
      // Not a descent direction (curvature estimate gone stale): restart from steepest descent.
      for (let i = 0; i < n; i++) direction[i] = -gradient[i]!;
      slope = dot(gradient, direction);
      steps.length = changes.length = rho.length = 0;
      if (!(slope < 0)) break;
    }
    let length = 1;
    let nextValue = Infinity;
    for (let halvings = 0; halvings < 40; halvings++) {
      for (let i = 0; i < n; i++) next[i] = x[i]! + length * direction[i]!;
      nextValue = objective(next, nextGradient);
      if (nextValue <= value + 1e-4 * length * slope) break;
      length /= 2;
    }
    if (!(nextValue <= value + 1e-4 * length * slope)) break;
    const step = new Float64Array(n);
    const change = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      step[i] = next[i]! - x[i]!;
      change[i] = nextGradient[i]! - gradient[i]!;
    }
    const curvature = dot(step, change);
    if (curvature > 1e-12) {
      if (steps.length === memory) {
        steps.shift();
        changes.shift();
        rho.shift();
      }
      steps.push(step);
      changes.push(change);
      rho.push(1 / curvature);
    }
    const improvement = value - nextValue;
    x.set(next);
    gradient.set(nextGradient);
    value = nextValue;
    if (improvement < tolerance * Math.max(1, Math.abs(value))) break;
  }
  return x;
}

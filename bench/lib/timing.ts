// Timing helpers the benches share.

/** The value at share `p` of the sorted samples (0.5: the median, 0.95: p95). */
export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** `runs` timings of `run` in ms, after one untimed run that warms the caches. */
export async function timed(run: () => Promise<unknown>, runs: number): Promise<number[]> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

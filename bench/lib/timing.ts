// Timing helpers the benches share.
import { spawnSync } from 'node:child_process';
import { packagePath } from '../../src/paths.js';

/** The value at share `p` of the sorted samples (0.5: the median, 0.95: p95). */
export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/**
 * Runs for a p95: of fewer than 20 samples the 95th percentile is the slowest one, a single pause
 * of the machine; of 60 it is the fourth slowest.
 */
export const P95_RUNS = 60;

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

export interface ProcessTimes {
  /** Median wall time in ms, the child's start and exit included. */
  median: number;
  best: number;
  /** Median of the child's own CPU time in ms at its exit event (cpu-at-exit.mjs); NaN when not printed. */
  cpu: number;
  /** Median of the child's peak resident memory in MB at its exit event. */
  rssMb: number;
  /** The last run's standard output. */
  stdout: string;
}

/**
 * `runs` runs of `node [...loader] args` as an installed newsctl runs (the compiled build, not the
 * sources); throws on a failed run.
 */
export function timeProcess(args: string[], runs: number, loader: string[] = []): ProcessTimes {
  const walls: number[] = [];
  const cpus: number[] = [];
  const rss: number[] = [];
  let stdout = '';
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const child = spawnSync(process.execPath, [...loader, '--import', packagePath('bench', 'lib', 'cpu-at-exit.mjs'), ...args], {
      cwd: packagePath(),
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, NEWSCTL_FROM_SOURCE: '' },
    });
    walls.push(performance.now() - start);
    if (child.status !== 0) throw new Error(`${args.join(' ')} exited ${child.status}: ${child.stderr}`);
    cpus.push(Number(/cpu-ms (\d+)/.exec(child.stderr)?.[1] ?? Number.NaN));
    rss.push(Number(/max-rss-kb (\d+)/.exec(child.stderr)?.[1] ?? Number.NaN) / 1024);
    stdout = child.stdout;
  }
  return { median: percentile(walls, 0.5), best: Math.min(...walls), cpu: percentile(cpus, 0.5), rssMb: percentile(rss, 0.5), stdout };
}

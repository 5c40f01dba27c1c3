// How long a command takes when no daemon serves the data folder: the command opens the embedded
// database in its own process, builds the app and calls it (the in-process transport), then exits.
// Beside it, in the same run: Node starting the launcher alone (`newsctl --version`) and PGlite
// opened, asked `select 1` and closed on the same folder — the floors a command stands on.
// Wall time is the parent's (the child's exit included); CPU and peak memory are the child's own at
// its exit event (bench/lib/cpu-at-exit.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { packagePath } from '../src/paths.js';

const RUNS = 5;
const built = spawnSync(process.execPath, [packagePath('scripts', 'build-if-needed.mjs')], { cwd: packagePath(), stdio: 'inherit' });
if (built.status !== 0) throw new Error('the build failed');
const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-bench-commands-'));
const cli = packagePath('bin', 'newsctl.js');

interface Figures {
  wall: number;
  best: number;
  cpu: number;
  rssMb: number;
}

function time(args: string[]): Figures {
  const walls: number[] = [];
  const cpus: number[] = [];
  const rss: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const child = spawnSync(process.execPath, ['--import', packagePath('bench', 'lib', 'cpu-at-exit.mjs'), ...args], {
      cwd: packagePath(),
      encoding: 'utf8',
      env: { ...process.env, NEWSCTL_FROM_SOURCE: '' },
    });
    walls.push(performance.now() - start);
    if (child.status !== 0) throw new Error(`${args.join(' ')} exited ${child.status}: ${child.stderr}`);
    cpus.push(Number(/cpu-ms (\d+)/.exec(child.stderr)?.[1] ?? Number.NaN));
    rss.push(Number(/max-rss-kb (\d+)/.exec(child.stderr)?.[1] ?? Number.NaN) / 1024);
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  return { wall: median(walls), best: Math.min(...walls), cpu: median(cpus), rssMb: median(rss) };
}

try {
  // The folder's database made and migrated once, untimed, as a first command does.
  const first = spawnSync(process.execPath, [cli, 'settings', 'get', 'word-count-settings', '--data-dir', dataDir], { encoding: 'utf8' });
  if (first.status !== 0) throw new Error(`the first command failed: ${first.stderr}`);
  const load = loadavg()[0]!;
  const launcher = time([cli, '--version']);
  const floor = time([packagePath('bench', 'lib', 'pglite-floor.mjs'), join(dataDir, 'pg')]);
  const setting = time([cli, 'settings', 'get', 'word-count-settings', '--data-dir', dataDir]);
  const list = time([cli, 'articles', 'list', '--json', '--data-dir', dataDir]);
  const row = (name: string, f: Figures) =>
    `  ${name.padEnd(48)} ${(f.wall / 1000).toFixed(2)} s (best ${(f.best / 1000).toFixed(2)} s, CPU ${(f.cpu / 1000).toFixed(2)} s, ${Math.round(f.rssMb)} MB)`;
  console.log(`\nA command without a daemon, embedded database (median of ${RUNS} runs; load average ${load.toFixed(1)} on ${availableParallelism()} cores)`);
  console.log(row('newsctl --version (Node and the launcher)', launcher));
  console.log(row('PGlite open, select 1, close (baseline)', floor));
  console.log(row('newsctl settings get word-count-settings', setting));
  console.log(row('newsctl articles list --json', list));
  console.log(
    `  settings get over the baseline: ${(setting.wall / floor.wall).toFixed(2)}× its wall time, +${((setting.wall - floor.wall) / 1000).toFixed(2)} s`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

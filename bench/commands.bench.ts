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
import { type ProcessTimes, timeProcess } from './lib/timing.js';

const RUNS = 5;
const built = spawnSync(process.execPath, [packagePath('scripts', 'build-if-needed.mjs')], { cwd: packagePath(), stdio: 'inherit' });
if (built.status !== 0) throw new Error('the build failed');
const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-bench-commands-'));
const cli = packagePath('bin', 'newsctl.js');

try {
  // The folder's database made and migrated once, untimed, as a first command does.
  const first = spawnSync(process.execPath, [cli, 'settings', 'get', 'word-count-settings', '--data-dir', dataDir], { encoding: 'utf8' });
  if (first.status !== 0) throw new Error(`the first command failed: ${first.stderr}`);
  const load = loadavg()[0]!;
  const launcher = timeProcess([cli, '--version'], RUNS);
  const floor = timeProcess([packagePath('bench', 'lib', 'pglite-floor.mjs'), join(dataDir, 'pg')], RUNS);
  const setting = timeProcess([cli, 'settings', 'get', 'word-count-settings', '--data-dir', dataDir], RUNS);
  const list = timeProcess([cli, 'articles', 'list', '--json', '--data-dir', dataDir], RUNS);
  const row = (name: string, f: ProcessTimes) =>
    `  ${name.padEnd(48)} ${(f.median / 1000).toFixed(2)} s (best ${(f.best / 1000).toFixed(2)} s, CPU ${(f.cpu / 1000).toFixed(2)} s, ${Math.round(f.rssMb)} MB)`;
  console.log(`\nA command without a daemon, embedded database (median of ${RUNS} runs; load average ${load.toFixed(1)} on ${availableParallelism()} cores)`);
  console.log(row('newsctl --version (Node and the launcher)', launcher));
  console.log(row('PGlite open, select 1, close (baseline)', floor));
  console.log(row('newsctl settings get word-count-settings', setting));
  console.log(row('newsctl articles list --json', list));
  console.log(
    `  settings get over the baseline: ${(setting.median / floor.median).toFixed(2)}× its wall time, +${((setting.median - floor.median) / 1000).toFixed(2)} s`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// `node scripts/test-under-load.mjs [vitest args…]`: the test suite on a machine kept busy, as CI's
// shared machines are. Starts CPU load (stress-ng --cpu N, or `yes` processes where stress-ng is
// missing) for as long as the suite runs, prints the load average at its start and end, and stops
// the load whatever happens. NEWSCTL_LOAD_WORKERS sets N (default 4, on a 2-core machine a load
// average near 6). DATABASE_URL chooses the database as for `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const workers = Number(process.env.NEWSCTL_LOAD_WORKERS ?? 4);
const haveStress = spawnSync('sh', ['-c', 'command -v stress-ng'], { stdio: 'ignore' }).status === 0;
const load = haveStress
  ? [spawn('stress-ng', ['--cpu', String(workers), '--timeout', '3h', '--quiet'], { stdio: 'ignore' })]
  : Array.from({ length: workers }, () => spawn('sh', ['-c', 'exec yes > /dev/null'], { stdio: 'ignore' }));
const stopLoad = () => {
  for (const child of load) child.kill('SIGKILL');
};
process.on('exit', stopLoad);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const show = (when) =>
  console.log(
    `load average at ${when}: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} (${workers} ${haveStress ? 'stress-ng' : 'yes'} workers)`,
  );
// Let the load build before measuring it.
await new Promise((resolve) => setTimeout(resolve, 30_000));
show('the start');
const run = spawnSync('node', ['scripts/test.mjs', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env: process.env });
show('the end');
stopLoad();
process.exit(run.status ?? 1);

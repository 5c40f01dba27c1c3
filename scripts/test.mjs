// `npm test`: typecheck, build the web app the browser tests load, then run every test with vitest.
// Storage tests use the embedded database, or PostgreSQL when DATABASE_URL is set.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const run = (command, args, env = process.env) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

console.log(`newsctl tests on ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database'}`);
// .ci/run typechecks once before its two passes and says so (NEWSCTL_TYPECHECKED).
if (process.env.NEWSCTL_TYPECHECKED !== '1') {
  run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  if (existsSync(`${root}/web/tsconfig.json`)) run('npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit']);
}
run('node', ['scripts/build-if-needed.mjs']);
// The build is current now: child processes (the CLI, daemons) run it instead of compiling the
// sources through tsx at each start, as an installed newsctl does (NEWSCTL_TEST_COMPILED; vitest run
// by hand, without this script, keeps running them from the sources).
const env = { ...process.env, NEWSCTL_TEST_COMPILED: '1' };
if (!existsSync(env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.warn('warning: Chromium not found at /usr/bin/chromium: browser tests are skipped (apt-get install -y chromium)');
  env.NEWSCTL_SKIP_BROWSER_TESTS = '1';
}
run('npx', ['vitest', 'run', ...process.argv.slice(2)], env);

// `npm start` builds what is missing or older than its sources: the compiled daemon (dist/) and the
// web app (web/dist/). A fresh clone builds both once; later starts skip straight to serving.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(join(root, p)));
  return newest;
}

function build(name, output, sources, script) {
  const target = join(root, output);
  const stale = !existsSync(target) || statSync(target).mtimeMs < newestMtime(sources);
  if (!stale) return;
  console.log(`Building the ${name} (npm run ${script})...`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building the ${name} failed.`);
    process.exit(result.status ?? 1);
  }
}

build('daemon', 'dist/bin/newsctl.js', ['src', 'bin', 'jobs', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'], 'build:server');
build('web app', 'web/dist/index.html', ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'package-lock.json'], 'build:web');

// The browser tests run against the built app; rebuild it when a source is newer than the build.
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const WEB_ROOT = join(REPO_ROOT, 'web');
export const WEB_DIST = join(WEB_ROOT, 'dist');
const LOCK = join(tmpdir(), 'newsctl-web-build.lock');

async function newestSource(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestSource(join(path, entry)));
  return newest;
}

async function isFresh(): Promise<boolean> {
  const built = await stat(join(WEB_DIST, 'index.html')).catch(() => null);
  if (!built) return false;
  const sources = Math.max(
    await newestSource(join(WEB_ROOT, 'src')),
    await newestSource(join(WEB_ROOT, 'index.html')),
    await newestSource(join(WEB_ROOT, 'vite.config.ts')),
  );
  return built.mtimeMs >= sources;
}

/** Builds web/dist unless it is newer than every source; test files in parallel build it once. */
export async function ensureWebBuild(): Promise<void> {
  for (;;) {
    if (await isFresh()) return;
    try {
      await mkdir(LOCK);
    } catch {
      const lock = await stat(LOCK).catch(() => null);
      // A lock left by a killed run must not block every later one.
      if (lock && Date.now() - lock.mtimeMs > 120_000) await rm(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (await isFresh()) return;
      const vite = join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
      const build = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        // vitest sets NODE_ENV=test, and Vite would then bundle React's development build.
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
      return;
    } finally {
      await rm(LOCK, { recursive: true, force: true });
    }
  }
}

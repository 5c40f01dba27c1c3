import { defineConfig } from 'vitest/config';
import { sharableTests, storageFreeTests } from './scripts/storage-free-tests.js';
import { TEST_NODE_FLAGS } from './test/helpers/node-flags.js';

const usingPostgres = Boolean(process.env.DATABASE_URL);
const bothPasses = process.env.NEWSCTL_CI_BOTH_PASSES === '1';

// The files that never touch storage (scripts/storage-free-tests.ts), the browser suites aside.
const storageFree = storageFreeTests(import.meta.dirname).filter((file) => !file.startsWith('test/e2e/browser/'));
// The storage files that leave no state behind, and share a worker's modules (see `storage-shared`).
const storageShared = sharableTests(import.meta.dirname).filter((file) => !storageFree.includes(file));

const common = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  execArgv: TEST_NODE_FLAGS,
  // Every JSON answer compared with what its service built (src/server/answer-schemas.ts).
  env: { NEWSCTL_CHECK_ANSWERS: '1' },
} as const;

/**
 * Storage test files. scripts/test.mjs sets NEWSCTL_SKIP_BROWSER_TESTS when Chromium is missing (and
 * says so). The browser suites and the audio renders run in one pass each, not again on the other
 * database (decisions.md "CI"): they read and write what every other suite does on both, and running
 * them twice is most of what would make CI outgrow its 30 minutes. The browser suites run on the
 * embedded database (a fresh install's); the audio renders on PostgreSQL when .ci/run runs both
 * passes side by side, which keeps the two about as long as each other, and on the embedded database
 * in an `npm test` of its own. The two-daemon render kill needs PostgreSQL.
 */
function storageProject(name: string, include: string[], isolate: boolean, others: string[] = []) {
  return {
    test: {
      ...common,
      name,
      include,
      isolate,
      exclude: [
        '**/node_modules/**',
        ...others,
        ...(process.env.NEWSCTL_SKIP_BROWSER_TESTS === '1' || usingPostgres ? ['test/e2e/browser/**'] : []),
        ...((usingPostgres ? !bothPasses : bothPasses)
          ? ['test/api/audio-*.test.ts', 'test/cli/audio.test.ts', 'test/services/newsroom/audio/voices.test.ts']
          : []),
      ],
      // One migrated database image per project and pass (test/global-setup.ts).
      globalSetup: ['test/global-setup.ts'],
    },
  };
}

export default defineConfig({
  test: {
    // Two cores: more workers only thrash (PGlite and Chromium are heavy).
    maxWorkers: 2,
    projects: [
      // Pure code, one module graph per worker: a file's imports are not loaded again for the
      // next (half of these files' CPU was loading them). They hold no state between files: no
      // database, server or process, no mocks, fake timers or changed environment.
      //
      // When .ci/run runs both passes side by side (NEWSCTL_CI_BOTH_PASSES) they run in the
      // PostgreSQL pass only: the passes differ only in the database.
      ...(bothPasses && !usingPostgres ? [] : [{ test: { ...common, name: 'pure', include: storageFree, isolate: false } }]),
      // Storage files in two projects that differ only in isolation: those that leave no state
      // behind share each worker's module graph (the product's modules loaded once per worker, not
      // once per file: 251 s and 307 s of CI's two passes were loading them); the rest get a fresh one each.
      storageProject('storage-shared', storageShared, false),
      storageProject('storage', ['test/**/*.test.ts', 'test/**/*.test.tsx'], true, [...storageFree, ...storageShared]),
    ],
  },
});

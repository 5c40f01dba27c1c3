import { defineConfig } from 'vitest/config';
import { storageFreeTests } from './scripts/storage-free-tests.js';

const usingPostgres = Boolean(process.env.DATABASE_URL);
const bothPasses = process.env.NEWSCTL_CI_BOTH_PASSES === '1';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // scripts/test.mjs sets NEWSCTL_SKIP_BROWSER_TESTS when Chromium is missing (and says so). The
    // browser suites and the audio renders run in one pass each, not again on the other database
    // (decisions.md "CI"): they read and write what every other suite does on both, and running
    // them twice is most of what would make CI outgrow its 30 minutes. The browser suites run on
    // the embedded database (a fresh install's); the audio renders on PostgreSQL when .ci/run runs
    // both passes side by side (NEWSCTL_CI_BOTH_PASSES), which keeps the two about as long as each
    // other, and on the embedded database in an `npm test` of its own. The two-daemon render kill
    // needs PostgreSQL.
    //
    // The files that never touch storage (scripts/storage-free-tests.ts) run in the PostgreSQL pass
    // only when both run side by side: the passes differ only in the database.
    exclude: [
      '**/node_modules/**',
      ...(process.env.NEWSCTL_SKIP_BROWSER_TESTS === '1' || usingPostgres ? ['test/e2e/browser/**'] : []),
      ...((usingPostgres ? !bothPasses : bothPasses)
        ? ['test/api/audio-*.test.ts', 'test/cli/audio.test.ts', 'test/services/newsroom/audio/voices.test.ts']
        : []),
      ...(bothPasses && !usingPostgres ? storageFreeTests(import.meta.dirname).filter((file) => !file.startsWith('test/e2e/browser/')) : []),
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: more workers only thrash (PGlite and Chromium are heavy).
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
    // Every JSON answer compared with what its service built (src/server/answer-schemas.ts).
    env: { NEWSCTL_CHECK_ANSWERS: '1' },
  },
});

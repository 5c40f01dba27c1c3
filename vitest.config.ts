import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // scripts/test.mjs sets NEWSCTL_SKIP_BROWSER_TESTS when Chromium is missing (and says so); the
    // browser suites run in the embedded-database pass only (decisions.md "CI"), not again on PostgreSQL.
    exclude:
      process.env.NEWSCTL_SKIP_BROWSER_TESTS === '1' || process.env.DATABASE_URL ? ['test/e2e/browser/**', '**/node_modules/**'] : ['**/node_modules/**'],
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

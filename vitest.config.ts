import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: more workers only thrash (PGlite and Chromium are heavy).
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
  },
});

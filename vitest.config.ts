import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/scratch-root.ts'],
    setupFiles: ['test/helpers/register-games.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    // Every core: vitest's default leaves one free, which on a 2-core machine runs the files one at a time.
    maxWorkers: '100%',
  },
});

// The tests that guard the engines (src/env), for `npm run mutate:env`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/{tens,block-ten,decade,four-ten}.test.ts',
      'test/{contract,checker,golden,registry,rng,rewards,engines}.test.ts',
      'test/vector*.test.ts',
    ],
    testTimeout: 300_000,
  },
});

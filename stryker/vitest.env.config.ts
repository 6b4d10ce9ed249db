// The tests that guard the engines (src/env), for `npm run mutate:env`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/{tens,block-ten,decade,four-ten}.test.ts',
      'test/{env,contract,checker,golden,registry,rng,rewards,engines}.test.ts',
      // vector.test.ts's long sweep is left out: vector-ends.test.ts checks the same against single envs.
      'test/vector-ends.test.ts',
    ],
    testTimeout: 300_000,
  },
});

// The tests that guard the engines (src/env), for `npm run mutate:env`. Files run quickest
// and sharpest first (the golden playthroughs catch most rule changes at once), so that a
// mutant is killed early: the runner stops at the first failure.
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const ORDER = [
  'env/golden',
  'env/registry',
  'env/rng',
  'env/games/four-ten/hands',
  'env/errors',
  'env/env',
  'env/rejected-inputs',
  'env/checker',
  'env/games/pairing/tens',
  'env/games/pairing/block-ten',
  'env/games/pairing/invariants',
  'env/games/pairing/state',
  'env/games/pairing/legal-reasons',
  'env/vector-ends',
  'env/games/decade/rules',
  'env/games/decade/illegal',
  'env/games/decade/render',
  'env/games/decade/invariants',
  'env/games/decade/engine-view',
  'env/games/decade/legal-reasons',
  'env/games/decade/state',
  'env/games/decade/observation',
  'env/games/four-ten/rules',
  'env/games/four-ten/invariants',
  'env/games/four-ten/illegal',
  'env/games/four-ten/observation',
  'env/games/four-ten/render',
  'env/games/four-ten/state',
  'env/games/four-ten/legal-reasons',
  'env/games/four-ten/engine-view',
  'env/rewards',
  'env/contract',
  'env/engines',
  'env/fuzz',
];
const rank = (spec: TestSpecification) => ORDER.indexOf(/test\/([\w/-]+)\.test\.ts$/.exec(spec.moduleId)?.[1] ?? '');

class QuickFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // vector.test.ts's long sweep is left out: vector-ends.test.ts checks the same against single envs.
    include: ORDER.map((name) => `test/${name}.test.ts`),
    testTimeout: 300_000,
    sequence: { sequencer: QuickFirst },
  },
});

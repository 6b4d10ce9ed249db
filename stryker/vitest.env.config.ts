// The tests that guard the engines (src/env and each game's engine.ts), for `npm run mutate:env`. Files run quickest
// and sharpest first (the golden playthroughs catch most rule changes at once), so that a
// mutant is killed early: the runner stops at the first failure.
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const ORDER = [
  'env/golden',
  'env/registry',
  'env/rng',
  'games/four-ten/engine/hands',
  'env/errors',
  'env/env',
  'env/rejected-inputs',
  'env/checker',
  'games/pairing/tens',
  'games/pairing/block-ten',
  'games/pairing/invariants',
  'games/pairing/state',
  'games/pairing/legal-reasons',
  'env/vector-ends',
  'games/decade/engine/rules',
  'games/decade/engine/illegal',
  'games/decade/engine/render',
  'games/decade/engine/invariants',
  'games/decade/engine/engine-view',
  'games/decade/engine/legal-reasons',
  'games/decade/engine/state',
  'games/decade/engine/observation',
  'games/four-ten/engine/rules',
  'games/four-ten/engine/invariants',
  'games/four-ten/engine/illegal',
  'games/four-ten/engine/observation',
  'games/four-ten/engine/render',
  'games/four-ten/engine/state',
  'games/four-ten/engine/legal-reasons',
  'games/four-ten/engine/engine-view',
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
    setupFiles: ['test/helpers/register-games.ts'],
    testTimeout: 300_000,
    sequence: { sequencer: QuickFirst },
  },
});

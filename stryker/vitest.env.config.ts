// The tests that guard the engines (src/env), for `npm run mutate:env`. Files run quickest
// and sharpest first (the golden playthroughs catch most rule changes at once), so that a
// mutant is killed early: the runner stops at the first failure.
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const ORDER = ['golden', 'registry', 'rng', 'four-ten-hands', 'errors', 'env', 'rejected-inputs', 'checker', 'tens', 'block-ten', 'pairing-invariants', 'pairing-state', 'pairing-reasons', 'vector-ends', 'decade', 'decade-illegal', 'decade-render', 'decade-invariants', 'decade-engine-view', 'decade-legal-reasons', 'decade-state', 'decade-observation', 'four-ten', 'four-ten-invariants', 'four-ten-illegal', 'four-ten-observation', 'four-ten-render', 'four-ten-state', 'four-ten-legal-reasons', 'four-ten-engine-view', 'rewards', 'contract', 'engines', 'fuzz'];
const rank = (spec: TestSpecification) => ORDER.indexOf(/([\w-]+)\.test\.ts$/.exec(spec.moduleId)?.[1] ?? '');

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

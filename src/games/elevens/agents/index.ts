/**
 * Elevens' agents and kit. Only two rule sets have real decisions (engine.ts): Elevens Too
 * (`'reserve-no-refill'`), where the one trap is a card set aside before its set can complete and
 * `patient` is the exact optimum, and Suit Elevens (`'reserve'` with one suit), where the first card
 * set aside chooses the next set's suit. Every agent plays every option set; under the decision-free
 * ones they all play alike.
 *
 * | agent     | fair | idea |
 * |-----------|------|------|
 * | `patient` | yes  | pairs and sets first; a face card aside only when it fits the reserves or its set goes out at once; at a choice of suit, the suit with the most face cards on the grid |
 * | `pimc`    | yes  | at a choice of suit, solves sampled orders of the unseen cards exactly and plays the suit that wins most often |
 * | `oracle`  | NO   | cheats, sees the stock order: the exact optimum of the true deal (solver.ts), the upper bound |
 */
import type { AgentSpec } from '../../../agents/agent.js';
import type { GameKit } from '../../../agents/kit.js';
import { elevensGame, type ElevensOptions } from '../engine.js';
import { OracleAgent } from './oracle.js';
import { PatientAgent } from './patient.js';
import { PimcAgent } from './pimc.js';

const ELEVENS = [elevensGame];

/** Elevens' catalogue entries beyond `random` and `first`. */
export const ELEVENS_AGENTS: AgentSpec[] = [
  {
    name: 'patient',
    description:
      'pairs and sets first; a face card goes aside only when it fits the reserves or its set goes out at once; ' +
      'at a choice of suit, the suit with the most face cards on the grid (the exact optimum in elevens-too)',
    fair: true,
    games: ELEVENS,
    create: () => new PatientAgent(),
  },
  {
    name: 'pimc',
    description:
      "determinized search: at Suit Elevens' choice of suit, solves sampled orders of the unseen cards exactly " +
      'and plays the suit that wins most often',
    fair: true,
    games: ELEVENS,
    create: () => new PimcAgent(),
  },
  {
    name: 'oracle',
    description:
      'CHEATS, sees the stock order: the exact optimum of the true deal. The upper bound for the fair agents, ' +
      'not a fair agent',
    fair: false,
    games: ELEVENS,
    create: () => new OracleAgent(),
  },
];

/**
 * What tengym knows of Elevens beyond its rules: `patient` the simple baseline, `pimc` the search;
 * hints from `patient` under `'reserve-no-refill'`, where it is exact, else from `pimc`. (Under the
 * decision-free rules hints rank nothing: `sameOutcome`.)
 */
export const ELEVENS_KIT: GameKit = {
  agents: ELEVENS_AGENTS,
  simpleBaseline: 'patient',
  searches: ['pimc'],
  solver: 'oracle',
  // docs/apps.md, "Winnable and daily deals, and their difficulty".
  difficultyThirds: {
    'elevens-too': {
      deals: 1000,
      seed: 1,
      easy: 9,
      medium: 12,
      command: 'npx tsx research/deal-difficulty.ts --env elevens-too --deals 1000 --seed 1',
    },
    'suit-elevens': {
      deals: 1000,
      seed: 1,
      easy: 3,
      medium: 6,
      command: 'npx tsx research/deal-difficulty.ts --env suit-elevens --deals 1000 --seed 1',
    },
  },
  hintBaseline: (env, baseline) =>
    (env.options as ElevensOptions).faceCards === 'reserve-no-refill'
      ? baseline('patient', 'the exact optimum: a face card goes aside only when its set goes out at once')
      : baseline('pimc', 'a search that plays out many guesses of the unseen cards'),
};

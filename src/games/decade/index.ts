/**
 * The decade family as one game module: its engine (engine.ts, whose doc comment tables the options,
 * actions, observation, rewards and end), its eight ids, and its kit (kit.ts: the agents, the hint
 * sources and the training presets; training/: its own algorithms). It registers itself when imported
 * (src/games/index.ts); the rules for players are rules.md beside this file. Its parts for trained
 * models (learned/: the afterstate features and targets and the search with learned values) are
 * added to the kit by learned/index.ts, which the list of games imports and this module does not.
 *
 * Past 150 code lines on purpose: Decade's engine came before the layouts, and its stacks, loops and
 * picked-up cards going under the stock are more than a line rule declares. Seven Up, a line game
 * declared over the same engine (seven-up/), shows what the next line game needs.
 */
import type * as z from 'zod/mini';
import { type GameModule, registerModule } from '../../agents/modules.js';
import type { CardOutcome } from '../../env/game.js';
import { decadeGame, type decadeOptionsSchema } from './engine.js';
import { DECADE_KIT } from './kit.js';

export type { DecadeOptions } from './engine.js';
import { SEVEN_UP_MODULE } from './seven-up/module.js';

export type { SevenUpOptions } from './seven-up/engine.js';

/**
 * The decade family (Decade, its variants and Ten-Twenty-Thirty) as registered: its engine, its eight
 * ids and its kit.
 */
export const decade: GameModule = registerModule(
  {
    game: decadeGame,
    ids: [
      {
        id: 'decade',
        title: 'Decade',
        description: 'Decade: discard runs of consecutive cards totalling 10, 20 or 30 from a line; forced discards',
      },
      {
        id: 'decade-optional',
        title: 'Decade, discarding optional',
        preset: { discard: 'optional' },
        description: 'Decade, discarding optional: the player may draw instead',
      },
      {
        id: 'decade-open',
        title: 'Decade, dealt open',
        preset: { dealAll: true },
        description: 'Decade with all 52 cards dealt face up in the line at the start (PySolFC plays it so)',
      },
      {
        id: 'decade-max3',
        title: 'Decade, runs of three',
        preset: { maxRun: 3 },
        description: 'Decade, runs of at most three cards',
      },
      {
        id: 'decade-loop',
        title: 'Decade on a loop',
        preset: { loop: true, maxRun: 3 },
        description: 'Decade on a loop: runs of at most three may wrap and must include the last card',
      },
      {
        id: 'decade-fives',
        title: 'Decade with fives',
        preset: { fives: true },
        description: 'Decade where totals 5, 15, 25 and 35 also discard',
      },
      {
        id: 'decade-stacks',
        title: 'Decade on seven stacks',
        preset: { stacks: 7 },
        description: 'Decade on seven stacks dealt in rotation',
      },
      {
        id: 'ten-twenty-thirty',
        title: 'Ten-Twenty-Thirty',
        preset: { stacks: 7, loop: true, minRun: 3, maxRun: 3, pickedUp: 'deck-bottom' },
        description: 'Ten-Twenty-Thirty: seven piles, three cards from the ends, picked-up cards go under the stock',
      },
    ],
    kit: {
      ...DECADE_KIT,
      algorithms: {
        'expert-iteration': {
          // Node-only and bound to TensorFlow.js: named, and imported by `tengym train` alone.
          module: 'games/decade/training/expert-iteration.js',
          describe: 'expert iteration (a search with learned values, the decade family)',
          fields: [
            [
              'the decade family',
              'depth playDepth maxLeaves tieWeight outcomeWeight bufferSize learningStarts batchSize ' +
                'samplesPerUpdate costLossWeight epsilonStart epsilonEnd epsilonFraction annealLearningRate splitBatch',
            ],
          ],
        },
        distill: {
          module: 'games/decade/training/distill.js',
          describe: 'distillation of a search (the decade family)',
          fields: [
            [
              'the decade family',
              'teacher labelWorkers teacherPlaysStart studentDepth playDepth maxLeaves endgame untilKnown ' +
                'endgamePositions endgameSamples tieWeight bufferSize learningStarts batchSize samplesPerUpdate ' +
                'costLossWeight epsilonStart epsilonEnd epsilonFraction annealLearningRate splitBatch',
            ],
          ],
        },
      },
    },
  },
  { shipped: true },
);

/** Seven Up: this engine with another run rule, a game of its own (seven-up/module.ts), listed after Decade's ids. */
export const sevenUp: GameModule = registerModule(SEVEN_UP_MODULE, { shipped: true });

type DecadeInput = z.input<typeof decadeOptionsSchema>;

/** Decade's ids. */
type DecadeId =
  | 'decade'
  | 'decade-optional'
  | 'decade-open'
  | 'decade-max3'
  | 'decade-loop'
  | 'decade-fives'
  | 'decade-stacks'
  | 'ten-twenty-thirty';

declare module '../../env/registry.js' {
  interface EnvOptionsById extends Record<DecadeId, DecadeInput> {}
  interface OutcomeById extends Record<DecadeId, CardOutcome> {}
}

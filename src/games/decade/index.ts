/**
 * The decade family as one game module: its engine (engine.ts, whose doc comment tables the options,
 * actions, observation, rewards and end), its seven ids, and its kit (kit.ts: the agents, the hint
 * sources and the training presets; learned/: the afterstate features and targets and the search
 * with learned values; training/: its own algorithms). It registers itself when imported
 * (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod/mini';
import { type GameModule, registerModule } from '../../agents/modules.js';
import type { CardOutcome, EnvConfig } from '../../env/game.js';
import { rulesOf } from './agents/position.js';
import { decadeGame, type DecadeOptions, type decadeOptionsSchema } from './engine.js';
import { DECADE_KIT } from './kit.js';
import { DECADE_FEATURES } from './learned/afterstate-features.js';
import { DecadeSearchAgent, positionLayout, type SearchConfig } from './learned/learned-search.js';
import { DECADE_TARGETS } from './learned/targets.js';

export type { DecadeOptions } from './engine.js';

/**
 * The decade family (Decade, its variants and Ten-Twenty-Thirty) as registered: its engine, its seven
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
      afterstate: {
        /** The position features of the afterstate models. */
        features: DECADE_FEATURES,
        /** Their training targets. */
        targets: DECADE_TARGETS,
      },
      heads: {
        // A network valuing the horizon of a search over the next draws (learned/learned-search.ts).
        search: {
          /** The features the search's network reads under these options. */
          layout: (env: EnvConfig) => positionLayout(rulesOf(env.options as DecadeOptions)),
          /** The search agent of a loaded model. */
          agent: (name, network, metadata) =>
            new DecadeSearchAgent(name, network, metadata, metadata.search as SearchConfig),
        },
      },
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

type DecadeInput = z.input<typeof decadeOptionsSchema>;

declare module '../../env/registry.js' {
  interface EnvOptionsById {
    decade: DecadeInput;
    'decade-optional': DecadeInput;
    'decade-max3': DecadeInput;
    'decade-loop': DecadeInput;
    'decade-fives': DecadeInput;
    'decade-stacks': DecadeInput;
    'ten-twenty-thirty': DecadeInput;
  }
  interface OutcomeById {
    decade: CardOutcome;
    'decade-optional': CardOutcome;
    'decade-max3': CardOutcome;
    'decade-loop': CardOutcome;
    'decade-fives': CardOutcome;
    'decade-stacks': CardOutcome;
    'ten-twenty-thirty': CardOutcome;
  }
}

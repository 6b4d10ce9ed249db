/**
 * Four Ten as one game module: its engine (engine.ts, whose doc comment tables the options, actions,
 * observation, rewards and end; hands.ts, its hand arithmetic), its id, and its kit (kit.ts: the
 * baselines, the exact solver of solver/, the hint sources and sentences and the training presets;
 * tie-break.ts; learned/: the afterstate features, the search one turn deeper, the targets). It
 * registers itself when imported (src/games/index.ts); the rules for players are rules.md beside this
 * file (rules by Jeremiah Sanders, CC BY-NC-SA 4.0).
 */
import type * as z from 'zod/mini';
import { type GameModule, registerModule } from '../../agents/modules.js';
import { fourTenGame, type FourTenOutcome, type fourTenOptionsSchema } from './engine.js';

export type { FourTenOptions, FourTenOutcome } from './engine.js';
import { FOUR_TEN_KIT } from './kit.js';
import { FOUR_TEN_FEATURES } from './learned/afterstate-features.js';
import { FOUR_TEN_SEARCH } from './learned/learned-lookahead.js';
import { FOUR_TEN_TARGETS } from './learned/targets.js';
import { fourTenEffort } from './tie-break.js';

/** Four Ten as registered: its engine, its id and its kit. */
export const fourTen: GameModule = registerModule(
  {
    game: fourTenGame,
    ids: [
      {
        id: 'four-ten',
        title: 'Four Ten',
        description:
          'Four Ten (rules by Jeremiah Sanders, CC BY-NC-SA 4.0): build Hand to 10 between Home and Shadow, ' +
          '50 points wins',
      },
    ],
    kit: {
      ...FOUR_TEN_KIT,
      /** Among equal moves, the one that ends the turn soonest is shown first. */
      effort: fourTenEffort,
      afterstate: {
        /** The position features of the afterstate model, with its search one turn deeper. */
        features: { ...FOUR_TEN_FEATURES, search: FOUR_TEN_SEARCH },
        /** Its training targets: the exact pace values, or its own games. */
        targets: FOUR_TEN_TARGETS,
      },
    },
  },
  { shipped: true },
);

declare module '../../env/registry.js' {
  interface EnvOptionsById {
    'four-ten': z.input<typeof fourTenOptionsSchema>;
  }
  interface OutcomeById {
    'four-ten': FourTenOutcome;
  }
}

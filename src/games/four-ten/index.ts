/**
 * Four Ten as one game module: its engine (engine.ts, whose doc comment tables the options, actions,
 * observation, rewards and end; hands.ts, its hand arithmetic), its id, and its kit (kit.ts: the
 * baselines, the exact solver of solver/, the hint sources and sentences and the training presets;
 * tie-break.ts). It registers itself when imported (src/games/index.ts); the rules for players are
 * rules.md beside this file (rules by Jeremiah Sanders, CC BY-NC-SA 4.0). Its parts for trained models
 * (learned/: the afterstate features, the search one turn deeper, the targets) are added to the kit by
 * learned/index.ts, which the list of games imports and this module does not.
 *
 * Past 150 code lines on purpose: Four Ten builds hands toward point targets over rounds, with safeties,
 * which no layout of pairs, sums or runs holds, and its exact solver (solver/) is its own.
 */
import type * as z from 'zod/mini';
import { type GameModule, registerModule } from '../../agents/modules.js';
import { fourTenGame, type FourTenOutcome, type fourTenOptionsSchema } from './engine.js';

export type { FourTenOptions, FourTenOutcome } from './engine.js';
import { FOUR_TEN_KIT } from './kit.js';
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

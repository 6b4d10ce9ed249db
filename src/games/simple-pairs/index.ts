/**
 * Simple Pairs and Simple Carlo as one game module: its engine (engine.ts: same-rank pairs from any two
 * slots of a 3 × 3 or 5 × 5 grid, refilled at once), its two ids and its kit. The game has no real
 * decisions (every legal order of moves reaches the same end), so its kit adds no agent to `random`
 * and `first`. It registers itself when imported (src/games/index.ts); the rules for players are
 * rules.md beside this file.
 */
import type * as z from 'zod';
import type { AgentSpec } from '../../agents/agent.js';
import { type GameModule, registerModule } from '../../agents/modules.js';
import type { CardOutcome } from '../../env/game.js';
import { simplePairsGame, type simplePairsOptionsSchema } from './engine.js';

export type { SimplePairsOptions } from './engine.js';

/** No catalogue entries beyond `random` and `first`: every policy that moves reaches the same end. */
const SIMPLE_PAIRS_AGENTS: AgentSpec[] = [];

/** Simple Pairs and Simple Carlo as registered: their engine, ids and kit. */
export const simplePairs: GameModule = registerModule(
  {
    game: simplePairsGame,
    ids: [
      {
        id: 'simple-pairs',
        title: 'Simple Pairs',
        description: 'Simple Pairs (Jamestown, Pirate Gold): 3×3 grid, remove two cards of a rank; no real decisions',
      },
      {
        id: 'simple-carlo',
        title: 'Simple Carlo',
        preset: { grid: 25 },
        description: 'Simple Carlo: 5×5 grid, remove two cards of a rank from any two slots; no real decisions',
      },
    ],
    kit: { agents: SIMPLE_PAIRS_AGENTS },
  },
  { shipped: true },
);

/** Simple Pairs' ids. */
type SimplePairsId = 'simple-pairs' | 'simple-carlo';

declare module '../../env/registry.js' {
  interface EnvOptionsById extends Record<SimplePairsId, z.input<typeof simplePairsOptionsSchema>> {}
  interface OutcomeById extends Record<SimplePairsId, CardOutcome> {}
}

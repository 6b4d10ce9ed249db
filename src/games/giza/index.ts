/**
 * Giza as one game module: its engine (engine.ts, a declaration over the triangle layout and its piles), its id and
 * its kit: the agents written for a triangle beside open piles without a stock (src/agents/triangle/open.ts),
 * `greedy`, the simple heuristic, and `solver`, the exact solver, fair on this open deal, which ranks hints. It
 * registers itself when imported (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod/mini';
import type { GameKit } from '../../agents/kit.js';
import { shipGame } from '../../agents/modules.js';
import { kingDominates, openTriangleAgents } from '../../agents/triangle/index.js';
import type { CardOutcome } from '../../env/game.js';
import { gizaGame, type gizaOptionsSchema } from './engine.js';

export type { GizaOptions } from './engine.js';

/** What tengym knows of Giza beyond its rules: its agents, and the exact solver as the hint source. */
const GIZA_KIT: GameKit = {
  agents: openTriangleAgents([gizaGame]),
  simpleBaseline: 'greedy',
  searches: ['solver'],
  solver: 'solver',
  // docs/agents.md, "Giza's baseline ladder". Measured on a machine shared with other work: solver took 135 s.
  ladders: {
    giza: {
      deals: 3000,
      seed: 1,
      commands: [
        'tengym eval --env giza --agents random,first,greedy,solver --episodes 3000 --seed 1 --reference greedy',
      ],
      wins: { random: 8, first: 78, greedy: 240, solver: 1077 },
    },
  },
  hintBaseline: (_env, baseline) => baseline('solver', 'the exact solver of the open deal'),
  dominates: kingDominates,
};

/** Giza as registered: its engine, its id and its kit. */
export const giza = shipGame(gizaGame, GIZA_KIT, {
  id: 'giza',
  title: 'Giza',
  description:
    'Giza (PySolFC): Pyramid without a stock, the other 24 cards face up in eight piles of three whose tops ' +
    'are in play; an open game, all 52 cards to win',
});

declare module '../../env/registry.js' {
  interface EnvOptionsById extends Record<'giza', z.input<typeof gizaOptionsSchema>> {}
  interface OutcomeById extends Record<'giza', CardOutcome> {}
}

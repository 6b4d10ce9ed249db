// The oracle's scores: in cards left at the end (a win 0), its moves in the order it has always
// ranked them.
import { describe, expect, it } from 'vitest';
import { OracleAgent } from '../../../../src/games/decade/agents/oracle.js';
import { agentsFor, createAgent } from '../../../../src/agents/index.js';
import type { CardOutcome } from '../../../../src/env/game.js';
import { make } from '../../../../src/env/registry.js';
import { randomPosition } from '../../../helpers/decade.js';

/**
 * Positions (`randomPosition(id, seed, steps, options)`) and the oracle's ranking of them: the
 * actions in the order it gave them when its scores were the solver's values (ties on cards left
 * go to the longer, then older run), each with minus the cards it leaves at the end, 0 for a win.
 */
const RANKED: [
  id: string,
  options: Record<string, unknown>,
  seed: number,
  steps: number,
  ranked: [action: number, score: number][],
][] = [
  [
    'decade',
    {},
    64,
    60,
    [
      [81, -8],
      [69, -9],
    ],
  ],
  [
    'decade',
    {},
    145,
    40,
    [
      [120, -7],
      [132, -7],
    ],
  ],
  [
    'decade',
    { win: 'one-left' },
    140,
    60,
    [
      [54, 0],
      [66, 0],
    ],
  ],
  [
    'decade',
    { maxSteps: 30 },
    32,
    10,
    [
      [41, -3],
      [53, -5],
    ],
  ],
  [
    'decade-loop',
    {},
    20,
    25,
    [
      [132, 0],
      [131, -8],
    ],
  ],
  [
    'decade-loop',
    {},
    80,
    25,
    [
      [145, 0],
      [144, 0],
      [132, -6],
    ],
  ],
  [
    'decade-loop',
    {},
    156,
    60,
    [
      [144, -11],
      [119, -12],
      [145, -12],
    ],
  ],
  [
    'decade-fives',
    {},
    3,
    60,
    [
      [3, 0],
      [15, -1],
    ],
  ],
  [
    'decade-stacks',
    {},
    29,
    10,
    [
      [2, -12],
      [14, -22],
    ],
  ],
  [
    'decade-stacks',
    {},
    94,
    25,
    [
      [28, -22],
      [40, -22],
    ],
  ],
  [
    'ten-twenty-thirty',
    {},
    1007,
    40,
    [
      [54, 0],
      [67, 0],
      [41, -52],
    ],
  ],
  [
    'decade-optional',
    {},
    2,
    60,
    [
      [68, -1],
      [0, -1],
      [80, -8],
    ],
  ],
];

describe('oracle scores', () => {
  it.each(RANKED)(
    '%s %j, seed %i after %i random steps: the same order as ever, each move scored in minus the cards it leaves',
    (id, options, seed, steps, ranked) => {
      const env = randomPosition(id, seed, steps, options);
      const oracle = new OracleAgent();
      const scores = oracle.score(env);
      expect(scores.kind).toBe('value');
      expect(scores.unit).toBe('minus-cards-left');
      expect(scores.actions.map(({ action, score }) => [action, score])).toEqual(ranked);
      expect(oracle.act(env)).toBe(ranked[0][0]);
    },
  );

  it.each([
    ['decade', {}],
    ['decade-fives', {}],
    ['decade-loop', {}],
    ['decade', { win: 'one-left' }],
  ] as [string, Record<string, unknown>][])(
    '%s %j: a move scored −n, followed by the oracle to the end, leaves n cards on the table; 0 is a win',
    (id, options) => {
      let checked = 0;
      let lost = 0;
      for (let seed = 0; checked < 12; seed++) {
        const env = make(id, options);
        env.reset({ seed: 5000 + seed });
        const oracle = new OracleAgent();
        oracle.reset();
        while (env.running && env.legalCount === 1) env.step(env.legal[0]);
        if (!env.running) continue;
        const [second] = oracle.score(env).actions.slice(1);
        // The second-best move, played and followed: the ranking's other scores are cards left too.
        env.step(second.action);
        while (env.running) env.step(oracle.act(env));
        const outcome = env.outcome() as CardOutcome;
        if (second.score === 0) expect({ seed, won: outcome.won }).toEqual({ seed, won: true });
        else
          expect({ seed, won: outcome.won, cardsLeft: outcome.cardsLeft }).toEqual({
            seed,
            won: false,
            cardsLeft: -second.score,
          });
        checked++;
        if (!outcome.won) lost++;
      }
      expect(lost).toBeGreaterThan(0);
    },
  );
});

describe('where the oracle plays', () => {
  it(
    "not on one line with optional discards and 'deck-bottom' (no deal can be won, and its searches could only " +
      'guess, at about a second a decision): said before the first move',
    () => {
      for (const [id, options] of [
        ['decade-optional', { pickedUp: 'deck-bottom' }],
        ['decade', { discard: 'optional', pickedUp: 'deck-bottom', loop: true }],
      ] as const) {
        expect(
          agentsFor(id, options).map((a) => a.name),
          `${id} ${JSON.stringify(options)}`,
        ).not.toContain('oracle');
        expect(() => createAgent('oracle', id, options)).toThrow(
          new RegExp(`unknown agent "oracle" for ${id}; agents for ${id}: random, first, longest, lookahead, pimc$`),
        );
        const env = make(id, options);
        env.reset({ seed: 1 });
        expect(() => new OracleAgent().act(env)).toThrow(
          /agent "oracle" does not play one line with optional discards and pickedUp 'deck-bottom'/,
        );
      }
    },
  );

  it(
    "everywhere else: forced discards with 'deck-bottom', seven " + "stacks with optional discards and 'deck-bottom'",
    () => {
      for (const [id, options] of [
        ['decade', { pickedUp: 'deck-bottom' }],
        ['ten-twenty-thirty', { discard: 'optional' }],
        ['decade-optional', { stacks: 7, pickedUp: 'deck-bottom' }],
        ['decade-optional', {}],
      ] as const) {
        expect(
          agentsFor(id, options).map((a) => a.name),
          `${id} ${JSON.stringify(options)}`,
        ).toContain('oracle');
        const env = make(id, options);
        env.reset({ seed: 1 });
        while (env.running && env.legalCount === 1) env.step(env.legal[0]);
        expect(env.legal.slice(0, env.legalCount)).toContain(createAgent('oracle', id, options).act(env));
      }
    },
  );
});

/**
 * Adding a game: Ten Pairs (test/helpers/ten-pairs.ts) is written in the test folder alone, as one
 * module (its engine, its ids, a kit with an agent of its own and training presets) registered with
 * `registerModule`; with no other file edited it gets the env, the contract checker, `random`,
 * `first` and its own agent, `tengym replay`, hints, a board, its rules and its training presets. A
 * game missing any member the engine contract requires is refused with a message naming it.
 * DEVELOPERS.md's "Adding a game" is this file's recipe.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { agentsFor, createAgent, simpleBaseline } from '../../src/agents/index.js';
import { registerModule } from '../../src/agents/modules.js';
import { loadAlgorithm } from '../../src/train/algorithms/index.js';
import { replay } from '../../src/cli/commands/replay.js';
import { rulesMarkdown, rulesText } from '../../src/cli/rules-document.js';
import { boardCards } from '../../src/env/checker.js';
import { GAME_MEMBERS } from '../../src/env/game.js';
import type { BoardView } from '../../src/env/board.js';
import { boardText } from '../../src/env/defaults.js';
import {
  Env,
  VectorEnv,
  checkEnv,
  createHinter,
  envIds,
  envs,
  isTengymError,
  make,
  plainText,
  registerGame,
  envConfig,
  type AnyGame,
  type TengymError,
} from '../../src/index.js';
import { TEN_PAIRS_DECK, tenPairsGame } from '../helpers/ten-pairs.js';
import { withHistory } from '../helpers/undo.js';

/** Ten Pairs' one heuristic: the first pair there is, else the discard. */
const pairFirst = {
  name: 'pair-first',
  fair: true,
  reset: () => {},
  act: (env: Env) => env.legal[0],
};

registerModule({
  game: tenPairsGame,
  ids: [
    {
      id: 'ten-pairs',
      title: 'Ten Pairs',
      description: 'Ten Pairs: remove two face-up cards that make 10, or discard one to see a new one',
    },
    { id: 'ten-pairs-six', preset: { slots: 6 }, description: 'Ten Pairs with six cards face up' },
  ],
  kit: {
    agents: [
      {
        name: 'pair-first',
        description: 'the first pair there is, else the discard',
        fair: true,
        games: [tenPairsGame],
        create: () => pairFirst,
      },
    ],
    simpleBaseline: 'pair-first',
    presets: { ppo: () => ({ numEnvs: 8, rolloutSteps: 32 }) },
  },
});
const configs = ['ten-pairs', 'ten-pairs-six'].map((id) => envConfig(id));

/** The TengymError `fn` throws. */
function thrownBy(fn: () => unknown): TengymError {
  try {
    fn();
  } catch (e) {
    if (isTengymError(e)) return e;
    throw e;
  }
  throw new Error('nothing was thrown');
}

function playOut(env: Env, choose: (env: Env) => number): void {
  while (env.running) env.step(choose(env));
}

describe('a game registered at run time', () => {
  it('is an env: registered ids, presets, make, reset, step', () => {
    expect(configs.map((c) => [c.id, c.options])).toEqual([
      ['ten-pairs', { slots: 4 }],
      ['ten-pairs-six', { slots: 6 }],
    ]);
    expect(envIds()).toContain('ten-pairs');
    expect(envs().find((e) => e.id === 'ten-pairs-six')).toMatchObject({
      engine: 'ten-pairs',
      actions: 16,
      observationSize: 7,
    });
    const env = make('ten-pairs');
    const { observation } = env.reset({ deck: TEN_PAIRS_DECK.join(' ') });
    expect(Array.from(observation.subarray(0, 4), (x) => Math.round(x * 9))).toEqual([1, 2, 3, 4]);
    expect(observation[4]).toBeCloseTo(16 / 20);
    expect(env.legalActions()).toEqual([6]); // 1 2 3 4 face up: no pair, a discard only
    expect(env.describeAction(6)).toBe('discard 1');
    env.step(6);
    expect(env.render()).toBe('5 2 3 4 · stock 15');
    // Its errors speak of its own engine, not of an option it never had.
    expect(() => withHistory(env).undo()).toThrow(
      'undo: ten-pairs has no undo: the ten-pairs engine has no undoLimit (envs() lists the ids whose options take ' +
        'one)',
    );
  });

  it('passes the contract checker', () => {
    for (const id of ['ten-pairs', 'ten-pairs-six'])
      expect(
        checkEnv(id, {}, { episodes: 100, decks: [TEN_PAIRS_DECK.join(' '), [...TEN_PAIRS_DECK].reverse()] }),
      ).toMatchObject({ episodes: 100, decks: 2 });
  });

  it('has random, first and its own agent in the catalogue, and they play it to the end', () => {
    expect(agentsFor('ten-pairs').map((a) => a.name)).toEqual(['random', 'first', 'pair-first']);
    expect(simpleBaseline(envConfig('ten-pairs'))).toBe('pair-first');
    for (const name of ['random', 'first', 'pair-first']) {
      const env = make('ten-pairs');
      const agent = createAgent(name, 'ten-pairs');
      env.reset({ seed: 4 });
      agent.reset(4);
      playOut(env, (e) => agent.act(e));
      expect(env.terminated).toBe(true);
    }
  });

  it('has its training presets: an algorithm takes them as its defaults for the game', async () => {
    const ppo = await loadAlgorithm('ppo');
    expect(ppo.preset(envConfig('ten-pairs'))).toMatchObject({ numEnvs: 8, rolloutSteps: 32 });
    expect(ppo.preset(envConfig('tens'))).not.toMatchObject({ numEnvs: 8, rolloutSteps: 32 });
  });

  it('replays with `tengym replay`, step by step', () => {
    const lines: string[] = [];
    replay({ env: 'ten-pairs', seed: 7, policy: 'first', 'policy-seed': 0 }, (line) => lines.push(line));
    const parsed = lines.map(
      (l) => JSON.parse(l) as { step?: number; description?: string; info?: { outcome?: unknown } },
    );
    const env = make('ten-pairs');
    env.reset({ seed: 7 });
    playOut(env, (e) => e.legal[0]);
    expect(parsed.length).toBe(env.episodeSteps + 1);
    expect(parsed.at(-1)!.info?.outcome).toEqual(env.outcome());
    expect(parsed.slice(1).every((l) => /^(remove \d \+ \d|discard \d)$/.test(l.description!))).toBe(true);
  });

  it('has hints: every legal move, ranked by first, with the cards it takes', () => {
    const env = make('ten-pairs');
    env.reset({ seed: 2 });
    while (env.legalCount < 2) env.step(env.legal[0]);
    const result = createHinter().hint(env);
    expect(result.sameOutcome).toBe(false);
    expect(result.source).toBe('first (the lowest legal id: tengym has no search for ten-pairs)');
    expect(result.hints.map((h) => h.action)).toEqual(env.legalActions());
    // The cards each hint shows are the slots its move takes, read off the board (ids as the
    // game's doc comment tables them: pairs of slots in lexicographic order, then the discard).
    const slots = env.board().parts[0];
    if (slots.kind !== 'grid') throw new Error('ten-pairs draws its slots as a grid');
    const face = (i: number) => ({ place: 'slot', index: i, code: (slots.cells[i] as { code: string }).code });
    const pairIds: [number, number][] = [];
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) pairIds.push([i, j]);
    for (const h of result.hints) {
      expect(h.text).toBe(env.describeAction(h.action));
      const taken = h.action === pairIds.length ? [0] : pairIds[h.action];
      expect(h.cards).toEqual(taken.map(face));
      if (taken.length === 2) expect(h.text).toBe(`remove ${face(taken[0]).code} + ${face(taken[1]).code}`);
    }
    // The same from a saved state, as `tengym hint` reads it.
    expect(createHinter().hint(env.getState()).hints).toEqual(result.hints);
  });

  it('has a board: parts the page draws, every card a move takes on it, and a prompt', () => {
    const env = make('ten-pairs-six');
    env.reset({ seed: 5 });
    for (let step = 0; env.running; step++) {
      const view = env.board();
      expect(view.parts.map((p) => p.kind)).toEqual(['grid', 'piles']);
      const shown = boardCards(view);
      for (const action of env.legalActions()) {
        for (const c of env.actionCards(action))
          expect(shown.get(`${c.place}:0:${c.index}`), `step ${step} action ${action}`).toBe(c.code);
      }
      expect(env.prompt()).toMatch(/^Remove two cards that make 10/);
      env.step(env.legal[0]);
    }
    expect(env.prompt()).toBe('');
  });

  it('may draw overlapping rows (a pyramid): the checker finds their cards, the text shows the covered ones', () => {
    const card = (index: number, code: string, blocked: boolean) => ({ place: 'peak', index, code, blocked });
    const view: BoardView = {
      style: 'pairing',
      parts: [
        {
          kind: 'overlap',
          rows: [[card(0, 'KS', true)], [card(1, '6H', false), { empty: true, place: 'peak', index: 2 }]],
        },
      ],
    };
    expect([...boardCards(view)]).toEqual([
      ['peak:0:0', 'KS'],
      ['peak:0:1', '6H'],
    ]);
    expect(boardText(view)).toBe('  (KS)\n 6H  -- ');
  });

  it("has rules where it gives them (Game.rules): tengym play's r shows them; without, it says there are none", () => {
    expect(rulesText(make('ten-pairs'))).toBe(
      'No rules for ten-pairs: docs/rules.md of the tengym package has no section for it, and its game gives ' +
        'none (Game.rules, Markdown).',
    );
    const rules =
      '## Ten Pairs\n\nRemove **two cards** that make 10<!-- programs --> (action ids 0 to 14)<!-- /programs -->; ' +
      'the slots refill from the stock.\n';
    registerGame({ ...tenPairsGame, name: 'ten-pairs-ruled', rules } as AnyGame, [
      { id: 'ten-pairs-ruled', description: 'with its rules' },
    ]);
    // A player reads them as a section of docs/rules.md, without the text marked for programs; a program, whole.
    expect(rulesText(make('ten-pairs-ruled'))).toBe(
      'TEN PAIRS\n\nRemove two cards that make 10; the slots refill from the stock.',
    );
    expect(rulesMarkdown(make('ten-pairs-ruled'), true)).toBe(rules);
    expect(plainText(rulesMarkdown(make('ten-pairs-ruled'), true)!)).toContain('that make 10 (action ids 0 to 14);');
    expect(() =>
      registerGame({ ...tenPairsGame, name: 'ten-pairs-odd', rules: 5 } as unknown as AnyGame, [
        { id: 'ten-pairs-odd-rules', description: 'odd' },
      ]),
    ).toThrow(
      "registerGame: game 'ten-pairs-odd': rules, where a game has them, must be its rules as Markdown text, got 5",
    );
  });
});

describe('a game whose options JSON Schema cannot spell', () => {
  it('leaves envs() listing every id, such an option shown as any value', () => {
    // z.custom has no JSON Schema: zod's conversion throws, which took envs() (and `tengym envs`) down for every id.
    const customSchema = z.strictObject({
      slots: z.custom<number>((v) => Number.isInteger(v) && (v as number) >= 2 && (v as number) <= 6).default(4),
    });
    registerGame({ ...tenPairsGame, name: 'ten-pairs-custom', optionsSchema: customSchema } as AnyGame, [
      { id: 'ten-pairs-custom', description: 'Ten Pairs, options checked by a function' },
    ]);
    // An options schema zod cannot convert at all (one from another validation library, with safeParse and shape).
    const foreignSchema = { safeParse: (v: unknown) => tenPairsGame.optionsSchema.safeParse(v), shape: { slots: {} } };
    registerGame({ ...tenPairsGame, name: 'ten-pairs-foreign', optionsSchema: foreignSchema } as unknown as AnyGame, [
      { id: 'ten-pairs-foreign', description: 'Ten Pairs, options checked by another library' },
    ]);
    const list = envs();
    expect(list.map((e) => e.id)).toEqual(
      expect.arrayContaining(['tens', 'ten-pairs', 'ten-pairs-custom', 'ten-pairs-foreign']),
    );
    expect(list.find((e) => e.id === 'ten-pairs-custom')!.optionsSchema).toMatchObject({
      type: 'object',
      properties: { slots: { default: 4 } },
    });
    expect(list.find((e) => e.id === 'ten-pairs-foreign')!.optionsSchema).toEqual({
      type: 'object',
      properties: { slots: { default: 4 } },
    });
    expect(make('ten-pairs-custom' as string, { slots: 6 }).actionSpace.n).toBe(16);
  });
});

describe('a game missing a member is refused, naming it', () => {
  for (const { name, what } of GAME_MEMBERS) {
    it(`without ${name}`, () => {
      const { [name]: _left, ...rest } = tenPairsGame as AnyGame;
      const who = name === 'name' ? 'the game' : "game 'ten-pairs'";
      let error: unknown;
      try {
        registerGame(rest as AnyGame, [{ id: `ten-pairs-without-${name.toLowerCase()}`, description: 'incomplete' }]);
      } catch (e) {
        error = e;
      }
      expect(isTengymError(error)).toBe(true);
      expect((error as Error).message).toBe(`registerGame: ${who} has no ${name}: ${what}`);
      expect(envIds()).not.toContain(`ten-pairs-without-${name.toLowerCase()}`);
    });
  }

  it('and one whose sizes are not whole numbers, naming the member, as new Env and VectorEnv do', () => {
    const cases: [Record<string, () => unknown>, string][] = [
      [
        { numActions: () => undefined },
        'numActions(options) gave undefined, expected the number of action ids, a whole number from 1',
      ],
      [
        { numActions: () => 1.5 },
        'numActions(options) gave 1.5, expected the number of action ids, a whole number from 1',
      ],
      [{ numActions: () => 0 }, 'numActions(options) gave 0, expected the number of action ids, a whole number from 1'],
      [
        { observationSize: () => '5' },
        `observationSize(options) gave "5", expected the observation's length, a whole number from 0`,
      ],
      [
        { observationSize: () => Number.NaN },
        `observationSize(options) gave NaN, expected the observation's length, a whole number from 0`,
      ],
    ];
    for (const [[member, wrong], message] of cases.map(([o, m]) => [Object.entries(o)[0], m] as const)) {
      const game = { ...tenPairsGame, [member]: wrong } as AnyGame;
      const e = thrownBy(() => registerGame(game, [{ id: 'ten-pairs-sized', description: 'sized' }]));
      expect(e.code).toBe('bad-argument');
      expect(e.message).toBe(`registerGame: ten-pairs-sized: the engine's ${message}`);
      expect(envIds()).not.toContain('ten-pairs-sized');
      // The same engine given to an env directly: the member named, not buffers of a wrong size.
      const options: Record<string, unknown> = { ...tenPairsGame.optionsSchema.parse({}) };
      expect(thrownBy(() => new Env('mine', game, options)).message).toBe(`mine: the engine's ${message}`);
      expect(thrownBy(() => new VectorEnv({ id: 'mine', game, options }, 2)).message).toBe(
        `mine: the engine's ${message}`,
      );
    }
  });

  it('and one of the wrong kind, or an id already taken', () => {
    expect(() =>
      registerGame({ ...tenPairsGame, sameOutcome: 'no' } as unknown as AnyGame, [
        { id: 'ten-pairs-odd', description: 'odd' },
      ]),
    ).toThrow(
      "registerGame: game 'ten-pairs': sameOutcome, where a game has it, must be a boolean or a function of " +
        'the options (whether every order of moves reaches the same end), got "no"',
    );
    // A member of the right kind but no use: refused here, not met later as a TypeError or as figures of 0.
    const odd = (change: object) => () =>
      registerGame({ ...tenPairsGame, ...change } as unknown as AnyGame, [{ id: 'ten-pairs-odd', description: 'odd' }]);
    expect(odd({ optionsSchema: {} })).toThrow(
      "registerGame: game 'ten-pairs': optionsSchema must be a zod schema (z.strictObject({ … }), zod 4), got " +
        'an object without safeParse',
    );
    expect(odd({ result: 'cards' })).toThrow(
      /^registerGame: game .ten-pairs.: result must be an object \(.*ResultSpec, CARDS_LEFT_RESULT .*\), got "cards"$/,
    );
    expect(odd({ undoLimit: 3 })).toThrow(
      "registerGame: game 'ten-pairs': undoLimit, where a game has it, must be a function, got 3",
    );
    expect(odd({ stepNote: 'x' })).toThrow(
      `registerGame: game 'ten-pairs': stepNote, where a game has it, must be a function, got "x"`,
    );
    expect(odd({ unwinnable: true })).toThrow(
      "registerGame: game 'ten-pairs': unwinnable, where a game has it, must be a function, got true",
    );
    expect(() => registerGame(tenPairsGame, [{ id: 'ten-pairs', description: 'again' }])).toThrow(
      /"ten-pairs" is already registered/,
    );
    expect(() =>
      registerGame(tenPairsGame, [{ id: 'ten-pairs-big', preset: { slots: 9 }, description: 'too many' }]),
    ).toThrow(/bad preset for ten-pairs-big: .* at slots/);
    // No preset given, an option without a default: the schema is named, not a preset there is none of.
    const noDefault = {
      ...tenPairsGame,
      name: 'ten-pairs-strict',
      optionsSchema: z.strictObject({ slots: z.int().min(4).max(8) }),
    } as unknown as AnyGame;
    expect(() => registerGame(noDefault, [{ id: 'ten-pairs-strict', description: 'no default' }])).toThrow(
      new RegExp(
        String.raw`^registerGame: the options schema of ten-pairs-strict \(no preset given\) does not parse \{\}: ` +
          String.raw`every option needs a default \(\.default\(…\)\), or the preset a value for it: .* at slots$`,
      ),
    );
  });
});

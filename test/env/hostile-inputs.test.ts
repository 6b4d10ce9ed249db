// What a hostile or careless caller can hand the env entry points (make, VectorEnv, agentsFor, createAgent, reset,
// copyFrom, checkEnv): each is refused with a named TengymError that says what is allowed, and
// nothing changes (no env dealt, no copy moved, nothing allocated first).
import { describe, expect, it } from 'vitest';
import { agentsFor, createAgent } from '../../src/agents/index.js';
import { cardCode } from '../../src/env/cards.js';
import { checkEnv } from '../../src/env/checker.js';
import type { Env } from '../../src/env/env.js';
import { TengymError } from '../../src/env/errors.js';
import type { EnvConfig } from '../../src/env/game.js';
import { envConfig, envIds, make } from '../../src/env/registry.js';
import { decksFor } from '../helpers/game-checks.js';
import { COPIES_MEMORY_BUDGET, MAX_COPIES, VectorEnv, copyBytes, maxCopies } from '../../src/env/vector.js';

function thrown(fn: () => unknown): TengymError {
  try {
    fn();
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(TengymError);
    return e as TengymError;
  }
  throw new Error('nothing was thrown');
}

const stateText = (env: Env) => JSON.stringify(env.getState());
const vectorStates = (v: VectorEnv) => v.envs.map(stateText);
const STANDARD_DECK = Array.from({ length: 52 }, (_, c) => cardCode(c));

/** A config from `envConfig` with its options replaced behind its back (a plain object spread, as a caller might). */
function tampered(id: string, change: Record<string, unknown>): EnvConfig {
  const config = envConfig(id);
  return { id: config.id, game: config.game, options: { ...config.options, ...change } };
}

describe('a sparse deck array', () => {
  it.each(envIds())('%s: a deck with a hole is refused by name, the env as it was', (id) => {
    const env = make(id);
    env.reset({ seed: 3 });
    const before = stateText(env);
    // A whole deck of the id's game (its checks.ts's, or a seeded deal's cards), with a hole.
    const whole = decksFor(id, 1)[0];
    const deck = [...whole];
    delete deck[5];
    const e = thrown(() => env.reset({ deck }));
    expect(e.code).toBe('bad-deck');
    expect(e.message).toBe('bad deck: no card at index 5 (a hole in a sparse array); give every card');
    expect(stateText(env)).toBe(before);
    // A whole deck deals, and the env's own state loads back.
    env.reset({ deck: whole });
    make(id).setState(env.getState());
  });

  it('entries that are not card codes, and decks past the bound, are refused by name', () => {
    const env = make('tens');
    expect(thrown(() => env.reset({ deck: [...STANDARD_DECK.slice(0, 51), { code: 'KS' }] as never })).message).toBe(
      'bad deck: index 51 holds {"code":"KS"}, not a card code such as "TH"',
    );
    const long = new Array<string>(2 ** 21).fill('1');
    expect(thrown(() => make('four-ten').reset({ deck: long })).message).toBe(
      'bad deck: 2097152 cards, more than the 1048576 a deck input may hold',
    );
  });
});

describe('make(config) and new VectorEnv(config, n) validate a config they did not make', () => {
  it.each([
    ['decade', { minRun: -5 }, /^bad options for decade: .*minRun/],
    ['decade', { stacks: 99 }, /^bad options for decade: .*stacks/],
    ['decade', { maxSteps: -1 }, /^bad options for decade: .*maxSteps/],
    ['tens', { colour: 'red' }, /^bad options for tens: unknown option "colour"; its options: tableau, /],
    ['four-ten', { handTarget: 0 }, /^bad options for four-ten: .*handTarget/],
  ])('%s with %j', (id, change, message) => {
    const config = tampered(id, change);
    for (const e of [
      thrown(() => make(config)),
      thrown(() => new VectorEnv(config, 4)),
      thrown(() => agentsFor(config)),
      thrown(() => createAgent('random', config)),
    ]) {
      expect(e.code).toBe('bad-options');
      expect(e.message).toMatch(message);
    }
  });

  it('a config from envConfig is taken as it is, and its options cannot be changed afterwards', () => {
    const config = envConfig('decade', { minRun: 3 });
    expect(Object.isFrozen(config.options)).toBe(true);
    expect(() => {
      (config.options as Record<string, unknown>).minRun = -5;
    }).toThrow(TypeError);
    expect(make(config).options).toBe(config.options);
    expect(new VectorEnv(config, 2).envs[1].options).toBe(config.options);
    // An env is a config too.
    const env = make(config);
    expect(make(env).options).toBe(config.options);
  });

  it('a hand-written { id, options } with valid options is validated and taken', () => {
    const env = make({ id: 'decade-stacks', options: { maxSteps: 100 } } as never);
    expect(env.options).toMatchObject({ stacks: 7, maxSteps: 100 });
  });

  it.each([
    [null, /^make takes an env id \(tens, .*\) or a config made by envConfig\(id, options\), got null$/],
    [{}, /^make takes an env id .* got {} whose id is undefined$/],
    [42, /^make takes an env id .* got 42$/],
    [{ id: 7 }, /got {"id":7} whose id is 7$/],
  ])('make(%j) is a bad-argument error', (value, message) => {
    const e = thrown(() => make(value as never));
    expect(e.code).toBe('bad-argument');
    expect(e.message).toMatch(message);
  });

  it('agentsFor and createAgent take what make takes, and refuse the rest by name', () => {
    expect(thrown(() => agentsFor(null as never)).message).toMatch(
      /^agentsFor takes an env id \(tens, .*\) or a config made by envConfig\(id, options\), got null$/,
    );
    expect(thrown(() => createAgent('random', {} as never)).message).toMatch(
      /^createAgent takes an env id .* got {} whose id is undefined$/,
    );
    expect(agentsFor(make('decade')).map((a) => a.name)).toContain('pimc');
    expect(createAgent('longest', envConfig('decade-max3')).name).toBe('longest');
  });

  it('new VectorEnv(null, 4), an unknown id, another engine or a game that is no engine', () => {
    expect(thrown(() => new VectorEnv(null as never, 4)).message).toMatch(/^VectorEnv takes an env id .* got null$/);
    expect(thrown(() => new VectorEnv({ id: 'nope', options: {} } as never, 4)).code).toBe('unknown-env');
    expect(thrown(() => make({ ...envConfig('decade'), game: envConfig('tens').game })).message).toBe(
      `make: the config's engine is tens's, env "decade" is decade's`,
    );
    expect(thrown(() => make({ id: 'mine', game: {} as never, options: {} })).message).toMatch(
      /^make: the config's game is not an engine/,
    );
    expect(thrown(() => new VectorEnv('tens', {}, 2, null as never)).message).toMatch(
      /^VectorEnv's last argument is \{ onEpisode\?/,
    );
  });

  it("options beside a config, or in VectorEnv's last argument, are refused, not dropped", () => {
    const fives = envConfig('decade', { fives: true });
    // As plain JavaScript calls it (TypeScript's overloads refuse it).
    const makeLoose = make as unknown as (config: EnvConfig, options?: unknown) => Env;
    const beside = thrown(() => makeLoose(fives, { fives: false }));
    expect([beside.code, beside.message]).toEqual([
      'bad-argument',
      'make(config) takes no options: a config holds its own, and envConfig(id, options) or make(id, options) ' +
        'sets them; got {"fives":false} beside it',
    ]);
    expect(makeLoose(fives, undefined).options.fives).toBe(true);
    // An id that is missing (a URL parameter absent) beside options is said as a missing id, not as a config.
    expect(thrown(() => makeLoose(undefined as never, {})).message).toMatch(
      /^make takes an env id \(tens, .*\) or a config made by envConfig\(id, options\), got undefined$/,
    );
    expect(thrown(() => new VectorEnv(fives, 4, { fives: false } as never)).message).toBe(
      `VectorEnv's last argument is { onEpisode, onDeal, autoreset, maxEpisodeSteps, illegalAction, deadDeals, ` +
        `finalRows, buffers }: "fives" is not one of its keys (an env ` +
        `option goes in envConfig("decade", options))`,
    );
    expect(thrown(() => new VectorEnv('decade', {}, 4, { fives: true } as never)).message).toBe(
      `VectorEnv's last argument is { onEpisode, onDeal, autoreset, maxEpisodeSteps, illegalAction, deadDeals, ` +
        `finalRows, buffers }: "fives" is not one of its keys (an env ` +
        `option goes in the second argument)`,
    );
  });

  it('JSON.stringify of an env writes its state, of a config its id and options (never the engine)', () => {
    for (const id of envIds()) {
      const env = make(id);
      expect(() => JSON.stringify(env)).toThrow(
        expect.objectContaining({
          code: 'not-reset',
          message: 'JSON.stringify(env): call reset() first (an env is written as its getState())',
        }),
      );
      env.reset({ seed: 5 });
      expect(JSON.parse(JSON.stringify({ env }))).toEqual({ env: env.getState() });
      const config = envConfig(id);
      expect(JSON.parse(JSON.stringify(config))).toEqual({ id, options: config.options });
      // The config the engine took is the same config: make and createAgent still take it.
      expect(make(config).options).toEqual(config.options);
    }
  });
});

describe('the number of copies a VectorEnv holds', () => {
  it('3,000,000 copies are refused at once, the bound named, before anything is allocated', () => {
    const heap = process.memoryUsage().heapUsed;
    const started = performance.now();
    const e = thrown(() => new VectorEnv('tens', {}, 3e6));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(50e6);
    expect(e.code).toBe('bad-argument');
    const most = maxCopies(envConfig('tens'));
    expect(e.message).toBe(
      `numEnvs 3000000: at most ${most} copies of tens fit in one VectorEnv (about ` +
        `${(copyBytes(envConfig('tens')) / 1024).toFixed(1)} ` +
        `KB each, 2 GiB in all); use fewer copies, or several VectorEnvs in separate workers`,
    );
  });

  it.each(envIds())('%s: the bound leaves room for training-sized batches and stays within the budget', (id) => {
    const config = envConfig(id);
    const most = maxCopies(config);
    expect(most).toBeGreaterThanOrEqual(50_000);
    expect(most).toBeLessThanOrEqual(MAX_COPIES);
    expect(most * copyBytes(config)).toBeLessThanOrEqual(COPIES_MEMORY_BUDGET);
  });
  // What a copy really takes, against this estimate: test/env/copy-size.test.ts.
});

describe('VectorEnv copy indices', () => {
  it.each([-1, 4, 1.5, Number.NaN, '0', null])(
    'copy index %s: stepOne and legalCount are bad-argument errors; no copy moves',
    (i) => {
      const v = new VectorEnv('decade', {}, 4);
      v.reset({ seed: 2 });
      const before = vectorStates(v);
      for (const e of [
        thrown(() => v.stepOne(i as never, v.envs[0].legal[0])),
        thrown(() => v.legalCount(i as never)),
      ]) {
        expect(e.code).toBe('bad-argument');
        expect(e.message).toMatch(
          /^VectorEnv\.(stepOne|legalCount)\(.*\): not a copy index; this VectorEnv has copies 0\.\.3$/,
        );
      }
      expect(vectorStates(v)).toEqual(before);
      expect(v.legalCount(3)).toBe(v.envs[3].legalCount);
    },
  );

  it('an illegal or bad action to stepOne names the copy, as step does, and moves nothing', () => {
    const v = new VectorEnv('tens', {}, 3);
    v.reset({ seed: 1 });
    const before = vectorStates(v);
    const illegal = v.envs[2].mask.indexOf(0);
    const e = thrown(() => v.stepOne(2, illegal));
    expect(e.code).toBe('illegal-action');
    expect(e.message).toMatch(
      new RegExp(
        `^VectorEnv\\.stepOne: copy 2: step\\(${illegal}\\): ".*" is not legal: .*\\. Legal now: \\d+ \\(remove `,
      ),
    );
    const bad = thrown(() => v.stepOne(1, -1));
    expect(bad.code).toBe('bad-action');
    expect(bad.message).toBe('VectorEnv.stepOne: copy 1: step(-1): not an action id; tens has ids 0..81');
    expect(vectorStates(v)).toEqual(before);
  });
});

describe('copyFrom', () => {
  it.each([null, undefined, {}, 'tens'])('copyFrom(%j) is a bad-argument error, the env as it was', (other) => {
    const env = make('tens');
    env.reset({ seed: 1 });
    const before = stateText(env);
    const e = thrown(() => env.copyFrom(other as never));
    expect(e.code).toBe('bad-argument');
    expect(e.message).toMatch(/^copyFrom takes an Env \(of the same id and options\), got /);
    expect(stateText(env)).toBe(before);
  });
});

describe('reset options and env options', () => {
  it('VectorEnv.reset takes { seed?, deck? } and nothing else, as Env.reset does; no copy moves', () => {
    const v = new VectorEnv('tens', {}, 3);
    v.reset({ seed: 4 });
    const before = vectorStates(v);
    expect(thrown(() => v.reset('x' as never)).message).toBe('VectorEnv.reset takes { seed?, deck? }, got "x"');
    expect(thrown(() => v.reset(null as never)).message).toBe('VectorEnv.reset takes { seed?, deck? }, got null');
    expect(thrown(() => v.reset({ seed: 1, foo: 2 } as never)).message).toBe(
      'VectorEnv.reset: unknown option "foo" (it takes { seed?, deck? })',
    );
    expect(thrown(() => v.reset({ deck: 42 } as never)).message).toMatch(/^VectorEnv\.reset: bad deck/);
    expect(vectorStates(v)).toEqual(before);
    // The standard deck, in order, deals no legal move in Tens.
    expect(thrown(() => v.reset({ deck: STANDARD_DECK })).message).toMatch(
      /^VectorEnv\.reset: this deck deals no legal move/,
    );
    expect(vectorStates(v)).toEqual(before);
  });

  const nonPlain: [string, () => object, RegExp][] = [
    [
      'a Map',
      () =>
        new Map([
          ['minRun', 3],
          ['seed', 1],
        ]),
      /a Map$/,
    ],
    ['a Date', () => new Date(0), /a Date$/],
    [
      'an object with inherited keys',
      () => Object.create({ minRun: 3, seed: 1 }) as object,
      /an object that inherits its keys$/,
    ],
    ['a class instance', () => new (class Settings {})(), /a Settings$/],
  ];

  it.each(nonPlain)('%s as options is refused, not read as {}', (_name, value, kind) => {
    for (const e of [
      thrown(() => make('decade', value())),
      thrown(() => new VectorEnv('decade', value(), 2)),
      thrown(() => envConfig('decade', value())),
    ]) {
      expect(e.code).toBe('bad-options');
      expect(e.message).toMatch(/^bad options for decade: expected a plain object such as \{\}, got /);
      expect(e.message).toMatch(kind);
    }
  });

  it.each(nonPlain)('%s as reset options is refused, the env as it was', (_name, value, kind) => {
    const env = make('tens');
    env.reset({ seed: 5 });
    const before = stateText(env);
    const e = thrown(() => env.reset(value() as never));
    expect(e.code).toBe('bad-argument');
    expect(e.message).toMatch(/^reset takes \{ seed\?, deck\? \}, got /);
    expect(e.message).toMatch(kind);
    expect(stateText(env)).toBe(before);
    const v = new VectorEnv('tens', {}, 2);
    v.reset({ seed: 5 });
    const vectorBefore = vectorStates(v);
    expect(thrown(() => v.reset(value() as never)).message).toMatch(kind);
    expect(vectorStates(v)).toEqual(vectorBefore);
  });

  it('a state that is not a plain object is refused by setState', () => {
    const env = make('tens');
    env.reset({ seed: 1 });
    const state = env.getState();
    const before = stateText(env);
    expect(thrown(() => env.setState(new Map(Object.entries(state)))).message).toBe(
      'bad state: expected a plain object { env, options, rng, undosUsed, game }, got a Map',
    );
    expect(thrown(() => env.setState({ ...state, options: new Map() })).message).toBe(
      'bad state: expected a plain object of options → at options',
    );
    // Saved JSON passed as its text: said how to load it, not echoed back whole.
    expect(thrown(() => env.setState(JSON.stringify(state) as never)).message).toBe(
      'bad state: expected a plain object { env, options, rng, undosUsed, game }, got a string: ' +
        'JSON.parse(text) turns saved JSON into it',
    );
    expect(stateText(env)).toBe(before);
  });

  it('objects made with Object.create(null) and objects parsed from JSON are plain', () => {
    const options = Object.assign(Object.create(null) as object, { minRun: 3 });
    expect(make('decade', options).options).toMatchObject({ minRun: 3 });
    expect(make('decade', JSON.parse('{"maxRun":3}')).options).toMatchObject({ maxRun: 3 });
  });
});

describe('checkEnv options', () => {
  it.each([
    [{ episodes: -1 }, 'check options: episodes must be an integer from 1 to 1000000, got -1'],
    [{ episodes: 0 }, 'check options: episodes must be an integer from 1 to 1000000, got 0'],
    [{ episodes: 1.5 }, 'check options: episodes must be an integer from 1 to 1000000, got 1.5'],
    [{ episodes: '3' }, 'check options: episodes must be an integer from 1 to 1000000, got "3"'],
    [{ episodes: 1e7 }, 'check options: episodes must be an integer from 1 to 1000000, got 10000000'],
    [{ episode: 3 }, 'check options: unknown option "episode" (they are { episodes?, seed?, decks? })'],
    ['x', 'check options are { episodes?, seed?, decks? }, got "x"'],
    [
      { decks: 'AS 2S' },
      'check options: decks must be an array of at most 10000 decks, each a string or an array of cards as ' +
        'reset({ deck }) takes them, got "AS 2S"',
    ],
    [
      { decks: [5] },
      'check options: decks must be an array of at most 10000 decks, each a string or an array of cards as ' +
        'reset({ deck }) takes them, got [5]',
    ],
  ])('checkEnv("decade", {}, %j) reports no success over no episode', (options, message) => {
    const e = thrown(() => checkEnv('decade', {}, options as never));
    expect(e.code).toBe('bad-argument');
    expect(e.message).toBe(message);
  });

  it('a bad seed is a bad-seed error; one episode checks', () => {
    expect(thrown(() => checkEnv('decade', {}, { seed: -1 })).code).toBe('bad-seed');
    const tooLarge = thrown(() => checkEnv('decade', {}, { seed: Number.MAX_SAFE_INTEGER, episodes: 2 }));
    expect(tooLarge.code).toBe('bad-seed');
    expect(tooLarge.message).toBe(
      `seed ${Number.MAX_SAFE_INTEGER} is too large for check options' 2 episodes: deal i uses seed + i and ` +
        `seeds go up to ${Number.MAX_SAFE_INTEGER}, so the largest seed for 2 deals is ${Number.MAX_SAFE_INTEGER - 1}`,
    );
    expect(checkEnv('decade', {}, { episodes: 1 }).episodes).toBe(1);
    // A deck takes a seed of its own after the episodes' (its random play).
    expect(
      thrown(() => checkEnv('decade', {}, { seed: Number.MAX_SAFE_INTEGER - 1, episodes: 2, decks: ['AS'] })).message,
    ).toMatch(/^seed \d+ is too large for check options' 2 episodes and 1 decks: /);
    // A deck the engine refuses is the caller's mistake, said as such.
    const shortDeck = thrown(() => checkEnv('decade', {}, { episodes: 1, decks: ['AS'] }));
    expect(shortDeck.code).toBe('bad-argument');
    expect(shortDeck.message).toMatch(
      /^check options: decks\[0\] is not a deck decade deals: bad deck: 1 card, a deck has 52 /,
    );
  });
});

describe('a write into env.mask or env.legal (an agent that took them for copies)', () => {
  it.each(envIds())('%s: makes no illegal move legal, and changes no copy the env gives', (id) => {
    const env = make(id);
    env.reset({ seed: 3 });
    const legal = env.legalActions();
    const mask = env.actionMask();
    const illegal = mask.indexOf(0);
    env.mask.fill(1);
    env.legal.fill(illegal);
    expect(env.isLegal(illegal)).toBe(false);
    expect(env.legalActions()).toEqual(legal);
    expect(env.actionMask()).toEqual(mask);
    const before = stateText(env);
    const refused = thrown(() => env.step(illegal));
    expect(refused.code).toBe('illegal-action');
    expect(refused.message).toContain(`Legal now: ${legal[0]} (`);
    expect(stateText(env)).toBe(before);
    // A copy is the game, not the caller's writes; a step rewrites both arrays.
    const copy = env.clone();
    expect(Array.from(copy.mask)).toEqual(Array.from(mask));
    expect(Array.from(copy.legal.subarray(0, copy.legalCount))).toEqual(legal);
    env.step(legal[0]);
    expect(Array.from(env.mask)).toEqual(Array.from(env.actionMask()));
  });
});
